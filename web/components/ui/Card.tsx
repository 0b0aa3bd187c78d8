import type { ComponentProps } from 'react';
import { cn } from './cn.ts';

/** A white surface with a border and soft shadow, holding a header, content and footer. */
export function Card({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      className={cn('flex flex-col rounded-2xl border border-slate-200 bg-white shadow-sm', className)}
      {...props}
    />
  );
}

export function CardHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col gap-1.5 p-5 sm:p-6', className)} {...props} />;
}

export type CardTitleLevel = 'h2' | 'h3' | 'h4';

export interface CardTitleProps extends ComponentProps<'h3'> {
  /** The heading level that fits the page's outline; h3 by default (a card under a section's h2). */
  as?: CardTitleLevel;
}

export function CardTitle({ as: Heading = 'h3', className, ...props }: CardTitleProps) {
  return <Heading className={cn('text-lg font-semibold text-slate-900', className)} {...props} />;
}

export function CardDescription({ className, ...props }: ComponentProps<'p'>) {
  return <p className={cn('text-base text-slate-600', className)} {...props} />;
}

export function CardContent({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('px-5 pb-5 sm:px-6 sm:pb-6', className)} {...props} />;
}

export function CardFooter({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div className={cn('mt-auto flex items-center gap-3 px-5 pb-5 sm:px-6 sm:pb-6', className)} {...props} />
  );
}
