import * as ProgressPrimitive from '@radix-ui/react-progress';
import { cn } from './cn.ts';

export type ProgressTone = 'blue' | 'green' | 'brand';

export interface ProgressBarProps {
  /** Percent complete; anything outside 0–100 (or not a number) is clamped. */
  value: number;
  /** The accessible name, e.g. 'Chapter progress'. */
  label: string;
  /** Blue while under way, green when a goal is met (spec/learner.md §4); brand by default. */
  tone?: ProgressTone;
  size?: 'sm' | 'md';
  className?: string;
}

const TONES: Record<ProgressTone, string> = {
  blue: 'bg-blue-600',
  green: 'bg-green-600',
  brand: 'bg-brand-600',
};

/** A clamped percentage, so a bad figure never breaks the bar. */
export function clampPercent(value: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.min(100, Math.max(0, value));
}

/** A horizontal progress bar (role="progressbar", aria-valuenow 0–100). */
export function ProgressBar({ value, label, tone = 'brand', size = 'md', className }: ProgressBarProps) {
  const percent = clampPercent(value);
  return (
    <ProgressPrimitive.Root
      value={percent}
      max={100}
      aria-label={label}
      getValueLabel={(current) => `${Math.round(current)}%`}
      className={cn(
        'relative w-full overflow-hidden rounded-full bg-slate-200',
        size === 'sm' ? 'h-1.5' : 'h-2.5',
        className,
      )}
    >
      <ProgressPrimitive.Indicator
        className={cn('h-full rounded-full transition-[width] duration-300', TONES[tone])}
        style={{ width: `${percent}%` }}
      />
    </ProgressPrimitive.Root>
  );
}
