import type { ComponentProps } from 'react';
import { cn } from './cn.ts';

export type SpinnerSize = 'sm' | 'md' | 'lg';

export interface SpinnerProps extends Omit<ComponentProps<'span'>, 'children'> {
  /** What is loading, read by screen readers (and shown when `showLabel` is set). */
  label?: string;
  /** Show the label beside the spinner, not only to screen readers. */
  showLabel?: boolean;
  size?: SpinnerSize;
  /**
   * Draw the spinner only, hidden from assistive technology: for use inside a control that already says it is
   * busy (a loading Button sets aria-busy), where a second live region would be noise.
   */
  decorative?: boolean;
}

const SIZES: Record<SpinnerSize, string> = {
  sm: 'size-4',
  md: 'size-6',
  lg: 'size-10',
};

function SpinnerIcon({ size }: { size: SpinnerSize }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      className={cn('shrink-0 animate-spin', SIZES[size])}
      focusable="false"
    >
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeWidth="3" opacity="0.25" />
      <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

/** A busy indicator. By default it is a polite status region whose name is `label`. */
export function Spinner({
  label = 'Loading',
  showLabel = false,
  size = 'md',
  decorative = false,
  className,
  ...props
}: SpinnerProps) {
  if (decorative) {
    return (
      <span aria-hidden="true" className={cn('inline-flex', className)} {...props}>
        <SpinnerIcon size={size} />
      </span>
    );
  }
  return (
    <span role="status" className={cn('inline-flex items-center gap-2 text-current', className)} {...props}>
      <SpinnerIcon size={size} />
      <span className={showLabel ? 'text-sm' : 'sr-only'}>{label}</span>
    </span>
  );
}
