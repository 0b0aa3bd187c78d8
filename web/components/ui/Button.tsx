import { Slot, Slottable } from '@radix-ui/react-slot';
import type { ComponentProps } from 'react';
import { type ButtonSize, type ButtonVariant, buttonClassName } from './buttonClassName.ts';
import { Spinner } from './Spinner.tsx';

// The look lives in a module of its own, so a page that only styles links with it (the landing) does not load
// Radix Slot with this component.
export { type ButtonSize, type ButtonVariant, buttonClassName };

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Render the single child (e.g. a router `Link`) with the button's look instead of a `<button>`. */
  asChild?: boolean;
  /** Busy: the button is disabled, marked aria-busy, and shows a spinner before its label. */
  loading?: boolean;
}

/** The app's button; with `asChild` it styles a link (or any single element) instead. */
export function Button({
  variant = 'primary',
  size = 'md',
  asChild = false,
  loading = false,
  disabled,
  className,
  children,
  type,
  ...props
}: ButtonProps) {
  const classes = buttonClassName({ variant, size, className });
  const spinner = loading ? <Spinner decorative size="sm" /> : null;
  if (asChild) {
    return (
      <Slot
        className={classes}
        aria-busy={loading || undefined}
        aria-disabled={loading || disabled || undefined}
        {...props}
      >
        {spinner}
        <Slottable>{children}</Slottable>
      </Slot>
    );
  }
  return (
    <button
      type={type ?? 'button'}
      className={classes}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...props}
    >
      {spinner}
      {children}
    </button>
  );
}
