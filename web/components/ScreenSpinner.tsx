import { Spinner } from './ui/Spinner.tsx';

/** A whole screen that is loading: a spinner and its text, centred. */
export function ScreenSpinner({ label }: { label: string }) {
  return (
    <div className="flex min-h-dvh items-center justify-center bg-slate-50 px-4 text-brand-700">
      <Spinner size="lg" label={label} showLabel className="flex-col gap-3 [&>span]:text-base" />
    </div>
  );
}
