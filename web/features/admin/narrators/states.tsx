import { Inbox, RotateCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '#web/components/ui/Button.tsx';
import { InlineAlert } from '#web/components/ui/InlineAlert.tsx';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import { failureText } from '#web/lib/api.ts';

// Loading, failure and empty states, and dates, shared by the tab's two sub-tabs.

export function LoadingState({ label }: { label: string }) {
  return (
    <div className="flex justify-center py-10">
      <Spinner label={label} showLabel className="text-brand-700" />
    </div>
  );
}

/** 'Failed to load' (or the server's sentence), with a Retry that asks again. */
export function FailedState({
  error,
  isRetrying,
  onRetry,
}: {
  error: unknown;
  isRetrying: boolean;
  onRetry: () => void;
}) {
  return (
    <div className="flex flex-col items-start gap-3">
      <InlineAlert message={failureText(error, 'Failed to load')} className="w-full" />
      <Button variant="outline" loading={isRetrying} onClick={onRetry}>
        {isRetrying ? null : <RotateCw className="size-4" aria-hidden="true" />}
        Retry
      </Button>
    </div>
  );
}

export function EmptyState({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-xl bg-slate-50 px-4 py-10 text-center">
      <Inbox className="size-8 text-slate-400" aria-hidden="true" />
      <p className="text-base font-semibold text-slate-900">{title}</p>
      <p className="max-w-md text-base text-slate-600">{children}</p>
    </div>
  );
}

const days = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const moments = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function DateText({ iso, withTime = false }: { iso: string; withTime?: boolean }) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return <>{iso}</>;
  return <time dateTime={iso}>{(withTime ? moments : days).format(date)}</time>;
}
