import { Trash2 } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { Button } from '#web/components/ui/Button.tsx';
import { cn } from '#web/components/ui/cn.ts';
import { InlineAlert } from '#web/components/ui/InlineAlert.tsx';
import { Spinner } from '#web/components/ui/Spinner.tsx';

// Below `sm` the table reads as a list of cards: each row a card headed by its title cell, the other cells as
// "column: value" lines, the actions last. The column names come from CSS (`data-label`), so a cell's text stays
// its value. Giving a table, its rows or its cells another `display` makes some browsers (Safari) drop their
// table semantics, hence the explicit roles on every element, and the header row is hidden only visually.
// The scrolling box is not rounded there: it would clip the corners of the first and last cards.

/**
 * A table of admin records: a list of cards on a phone, a table from `sm` up. A table wider than its card
 * scrolls sideways inside it, never the page; the scrolling box can take focus, so a keyboard user can scroll
 * it too. `head` holds the `HeaderCell`s, `children` the `Row`s.
 */
export function AdminTable({
  label,
  head,
  children,
}: {
  label: string;
  head: ReactNode;
  children: ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1).
    <section aria-label={label} tabIndex={0} className="overflow-x-auto sm:rounded-xl">
      <table
        // biome-ignore lint/a11y/noRedundantRoles: kept for the phone layout (see the comment at the top).
        role="table"
        className="w-full border-collapse text-left text-base max-sm:block sm:min-w-[36rem]"
      >
        <caption className="sr-only">{label}</caption>
        {/* biome-ignore lint/a11y/noRedundantRoles: kept for the phone layout (see the comment at the top). */}
        <thead role="rowgroup" className="max-sm:sr-only">
          {/* biome-ignore lint/a11y/noRedundantRoles: kept for the phone layout (see the comment at the top). */}
          <tr role="row">{head}</tr>
        </thead>
        {/* biome-ignore lint/a11y/noRedundantRoles: kept for the phone layout (see the comment at the top). */}
        <tbody role="rowgroup" className="max-sm:flex max-sm:flex-col max-sm:gap-3">
          {children}
        </tbody>
      </table>
    </section>
  );
}

export function HeaderCell({ className, ...props }: ComponentProps<'th'>) {
  return (
    <th
      // biome-ignore lint/a11y/noRedundantRoles: kept for the phone layout (see the comment at the top).
      role="columnheader"
      scope="col"
      className={cn(
        'border-b border-slate-200 px-3 py-2.5 text-sm font-semibold whitespace-nowrap text-slate-600',
        className,
      )}
      {...props}
    />
  );
}

/** A record: one line of the table, or one card on a phone. */
export function Row({ className, ...props }: ComponentProps<'tr'>) {
  return (
    <tr
      // biome-ignore lint/a11y/noRedundantRoles: kept for the phone layout (see the comment at the top).
      role="row"
      className={cn(
        'max-sm:flex max-sm:flex-col max-sm:gap-1.5 max-sm:rounded-lg max-sm:border max-sm:border-slate-200 max-sm:p-3',
        className,
      )}
      {...props}
    />
  );
}

// On a phone, the column name before the value, in a column of its own so the values line up. It is left out
// of the cell's accessible name where the browser can (`/ ''`): a screen reader already announces the column
// header. Browsers without that syntax show the plain name rather than none.
const PHONE_LABEL = cn(
  'max-sm:flex max-sm:items-baseline max-sm:gap-3 max-sm:text-left',
  'max-sm:before:w-28 max-sm:before:shrink-0 max-sm:before:text-sm max-sm:before:font-normal max-sm:before:text-slate-500',
  'max-sm:before:content-[attr(data-label)]',
  "max-sm:supports-[content:'a'/'']:before:content-[attr(data-label)_/_'']",
);

/**
 * A value of a record. `label` is its column's name, shown before it on a phone; `isRowTitle` marks the cell
 * that heads the card there instead (the record's name), which needs no label.
 */
export function Cell({
  label,
  isRowTitle = false,
  className,
  ...props
}: ComponentProps<'td'> & { label?: string; isRowTitle?: boolean }) {
  return (
    <td
      // biome-ignore lint/a11y/noRedundantRoles: kept for the phone layout (see the comment at the top).
      role="cell"
      data-label={label}
      className={cn(
        'border-b border-slate-100 px-3 py-3 align-middle max-sm:border-0 max-sm:p-0',
        label && PHONE_LABEL,
        isRowTitle && 'max-sm:order-first max-sm:font-semibold max-sm:text-slate-900',
        className,
      )}
      {...props}
    />
  );
}

/** The last cell of a record: its buttons, at the end of the line, or along the foot of the card on a phone. */
export function ActionsCell({ children }: { children: ReactNode }) {
  return (
    <td
      // biome-ignore lint/a11y/noRedundantRoles: kept for the phone layout (see the comment at the top).
      role="cell"
      className="border-b border-slate-100 px-3 py-1.5 align-middle max-sm:mt-1 max-sm:border-t max-sm:border-b-0 max-sm:px-0 max-sm:pt-2 max-sm:pb-0"
    >
      <div className="flex items-center justify-end gap-1">{children}</div>
    </td>
  );
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
