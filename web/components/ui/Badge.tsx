import type { ComponentProps } from 'react';
import { cn } from './cn.ts';

export type BadgeVariant = 'neutral' | 'brand' | 'accent' | 'green' | 'blue' | 'purple' | 'red' | 'amber';

export interface BadgeProps extends ComponentProps<'span'> {
  variant?: BadgeVariant;
}

// Dark text on a pale fill: every pair stays above 4.5:1.
const VARIANTS: Record<BadgeVariant, string> = {
  neutral: 'bg-slate-100 text-slate-700 ring-slate-200',
  brand: 'bg-brand-50 text-brand-800 ring-brand-200',
  accent: 'bg-accent-100 text-accent-800 ring-accent-200',
  green: 'bg-green-50 text-green-800 ring-green-200',
  blue: 'bg-blue-50 text-blue-800 ring-blue-200',
  purple: 'bg-purple-50 text-purple-800 ring-purple-200',
  red: 'bg-red-50 text-red-800 ring-red-200',
  amber: 'bg-amber-50 text-amber-900 ring-amber-200',
};

/** A short label such as 'Free', a difficulty or a status. */
export function Badge({ variant = 'neutral', className, ...props }: BadgeProps) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset',
        VARIANTS[variant],
        className,
      )}
      {...props}
    />
  );
}
