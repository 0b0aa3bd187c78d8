import { CircleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from './cn.ts';

/**
 * An error sentence on the page or in a dialog, announced as it appears (role alert, docs/decisions/052), with
 * the way out beside it when there is one (`action`, a link, say).
 */
export function InlineAlert({
  message,
  action,
  className,
}: {
  message: string;
  action?: ReactNode;
  className?: string;
}) {
  return (
    <p
      role="alert"
      className={cn(
        'flex items-start gap-2.5 rounded-lg bg-red-50 px-4 py-3 text-base font-medium text-red-800 ring-1 ring-red-200 ring-inset',
        className,
      )}
    >
      <CircleAlert className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      {action ? (
        <span className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
          <span>{message}</span>
          {action}
        </span>
      ) : (
        <span>{message}</span>
      )}
    </p>
  );
}
