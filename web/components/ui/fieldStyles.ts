import { cn } from './cn.ts';

/** The look of a text control (input, textarea): border, focus, disabled, read-only and error states. */
export function fieldControlClass(hasError: boolean, className?: string): string {
  return cn(
    'w-full rounded-lg border bg-white px-3 py-2 text-base text-slate-900 shadow-sm',
    'placeholder:text-slate-500 disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-500',
    // A read-only value (derived, not typed) looks set apart from the fields one edits.
    '[&[readonly]]:border-dashed [&[readonly]]:bg-slate-50 [&[readonly]]:shadow-none',
    'focus-visible:border-brand-600',
    hasError ? 'border-red-600' : 'border-slate-300',
    className,
  );
}
