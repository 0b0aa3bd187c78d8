import { CircleAlert } from 'lucide-react';
import { cn } from './cn.ts';

/** An error sentence on the page or in a dialog, announced as it appears (role alert, docs/decisions/052). */
export function InlineAlert({ message, className }: { message: string; className?: string }) {
  return (
    <p
      role="alert"
      className={cn(
        'flex items-start gap-2.5 rounded-lg bg-red-50 px-4 py-3 text-base font-medium text-red-800 ring-1 ring-red-200 ring-inset',
        className,
      )}
    >
      <CircleAlert className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <span>{message}</span>
    </p>
  );
}
