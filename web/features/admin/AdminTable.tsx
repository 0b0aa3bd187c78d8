import { Trash2 } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { Button } from '#web/components/ui/Button.tsx';
import { cn } from '#web/components/ui/cn.ts';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import { InlineAlert } from './InlineAlert.tsx';

/**
 * A table that scrolls sideways inside its card on a narrow screen, never the page. The scrolling box can take
 * focus, so a keyboard user can scroll it too.
 */
export function AdminTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1).
    <section aria-label={label} tabIndex={0} className="overflow-x-auto rounded-xl">
      <table className="w-full min-w-[36rem] border-collapse text-left text-base">
        <caption className="sr-only">{label}</caption>
        {children}
      </table>
    </section>
  );
}

export function HeaderCell({ className, ...props }: ComponentProps<'th'>) {
  return (
    <th
      scope="col"
      className={cn(
        'border-b border-slate-200 px-3 py-2.5 text-sm font-semibold whitespace-nowrap text-slate-600',
        className,
      )}
      {...props}
    />
  );
}

export function Cell({ className, ...props }: ComponentProps<'td'>) {
  return <td className={cn('border-b border-slate-100 px-3 py-3 align-middle', className)} {...props} />;
}

/** A square button showing only an icon; its name is for screen readers and its tooltip. */
export function IconButton({
  label,
  className,
  ...props
}: Omit<ComponentProps<typeof Button>, 'aria-label' | 'title'> & { label: string }) {
  return (
    <Button
      variant="ghost"
      aria-label={label}
      title={label}
      className={cn('w-11 shrink-0 px-0', className)}
      {...props}
    />
  );
}

/** The red delete button of a table row. */
export function DeleteIconButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <IconButton label={label} onClick={onClick} className="text-red-700 hover:bg-red-50 hover:text-red-800">
      <Trash2 className="size-4" aria-hidden="true" />
    </IconButton>
  );
}

/**
 * What a list shows before its table: a spinner while loading, the failure sentence, or the empty-state
 * sentence; the table, given the rows, once there are some.
 */
export function ListStates<Row>(props: {
  rows: readonly Row[] | undefined;
  isPending: boolean;
  isError: boolean;
  loading: string;
  failed: string;
  empty: string;
  children: (rows: readonly Row[]) => ReactNode;
}) {
  if (props.isPending) return <Spinner label={props.loading} showLabel className="text-brand-700" />;
  if (props.isError || !props.rows) return <InlineAlert message={props.failed} />;
  if (props.rows.length === 0) {
    return (
      <p className="rounded-xl bg-slate-50 px-4 py-8 text-center text-base text-slate-600">{props.empty}</p>
    );
  }
  return props.children(props.rows);
}
