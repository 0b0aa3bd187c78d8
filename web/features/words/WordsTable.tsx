import { ArrowDown, ArrowUp, ArrowUpDown, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import type { SavedWord, SavedWordSort, SortOrder } from '#common/schemas/reading.ts';
import { TERM_STATUSES, type TermStatus } from '#common/terms.ts';
import { cn } from '#web/components/ui/cn.ts';

/** The status names of the control, in the order a word is learnt (the word panel's, spelt out). */
export const STATUS_LABELS: Record<TermStatus, string> = {
  'learning-1': 'Learning 1',
  'learning-2': 'Learning 2',
  'learning-3': 'Learning 3',
  'learning-4': 'Learning 4',
  known: 'Known',
  ignored: 'Ignored',
};
const NEW_LABEL = 'New';

const lastSeenFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const timeFormat = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' });

/** Last Seen in the learner's own time, as before; on a narrow column its date and its time break apart whole. */
function LastSeen({ at }: { at: string }) {
  const date = new Date(at);
  const whole = lastSeenFormat.format(date);
  const time = timeFormat.format(date);
  if (!whole.endsWith(time) || whole === time) return <time dateTime={at}>{whole}</time>;
  return (
    <time dateTime={at}>
      <span className="whitespace-nowrap">{whole.slice(0, -time.length).trimEnd()}</span>{' '}
      <span className="whitespace-nowrap">{time}</span>
    </time>
  );
}

export interface WordsTableProps {
  words: readonly SavedWord[];
  sort: SavedWordSort;
  order: SortOrder;
  onSort: (sort: SavedWordSort) => void;
  /** A status chosen; null: New, the term's status forgotten. */
  onStatus: (word: SavedWord, status: TermStatus | null) => void;
  onDelete: (word: SavedWord) => void;
}

function SortHeader({
  column,
  label,
  current,
  order,
  onSort,
  className,
}: {
  column: SavedWordSort;
  label: string;
  current: SavedWordSort;
  order: SortOrder;
  onSort: (sort: SavedWordSort) => void;
  className?: string;
}) {
  const isSorted = column === current;
  const Icon = isSorted ? (order === 'asc' ? ArrowUp : ArrowDown) : ArrowUpDown;
  return (
    <th
      scope="col"
      role="columnheader"
      aria-sort={isSorted ? (order === 'asc' ? 'ascending' : 'descending') : undefined}
      className={cn('md:px-3 md:py-1 md:first:pl-3', className)}
    >
      <button
        type="button"
        onClick={() => onSort(column)}
        className="-mx-1 inline-flex min-h-11 items-center gap-1 rounded px-1 whitespace-nowrap uppercase hover:text-slate-900"
      >
        {label}
        <Icon className={cn('size-3.5 shrink-0', !isSorted && 'opacity-40')} aria-hidden="true" />
      </button>
    </th>
  );
}

/** The sentence with the word's first appearance in bold, found in any case. */
function Sentence({ sentence, word }: { sentence: string; word: string }): ReactNode {
  const at = sentence.toLowerCase().indexOf(word.toLowerCase());
  if (at < 0) return sentence;
  return (
    <>
      {sentence.slice(0, at)}
      <strong className="font-semibold text-slate-800">{sentence.slice(at, at + word.length)}</strong>
      {sentence.slice(at + word.length)}
    </>
  );
}

function StatusSelect({ word, onStatus }: { word: SavedWord; onStatus: WordsTableProps['onStatus'] }) {
  return (
    <select
      aria-label={`Status of ${word.word}`}
      value={word.status ?? ''}
      onChange={(event) =>
        onStatus(word, event.target.value === '' ? null : (event.target.value as TermStatus))
      }
      className="min-h-11 w-[7.25rem] rounded-lg border border-slate-300 bg-white px-1.5 text-sm text-slate-900 sm:px-2"
    >
      <option value="">{NEW_LABEL}</option>
      {TERM_STATUSES.map((status) => (
        <option key={status} value={status}>
          {STATUS_LABELS[status]}
        </option>
      ))}
    </select>
  );
}

/**
 * The saved words as a table (spec/learner.md §2: Word, Occurrences, Last Seen; issue 22 adds Meaning, Status
 * and a delete, after the specification's columns: they keep their places). Each header sorts by its column.
 *
 * Below `md` each row is a card (issue 23: at 360 px the columns squeezed words and headers until they broke
 * mid-word, and the status and delete sat off screen; below 768 px the six headers alone are wider than the
 * page): the word with its meaning and sentence across the card, then the occurrences and last seen, labelled,
 * then the status and the delete. The headers become a row of sort buttons. Text wraps between words; a word
 * breaks only when it is wider than the card. The table keeps its roles by name, as some browsers drop a
 * table's semantics once its parts are no longer displayed as one (so biome.json lets this file repeat the
 * roles its elements imply).
 */
export function WordsTable({ words, sort, order, onSort, onStatus, onDelete }: WordsTableProps) {
  const header = { current: sort, order, onSort };
  return (
    <div className="relative mt-4 rounded-2xl border border-slate-200 bg-white shadow-sm md:overflow-x-auto">
      <table role="table" className="w-full text-left max-md:block md:min-w-[26rem]">
        <caption className="sr-only">Your saved words</caption>
        <thead
          role="rowgroup"
          className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase max-md:block max-md:rounded-t-2xl"
        >
          <tr role="row" className="max-md:flex max-md:flex-wrap max-md:gap-x-4 max-md:px-3">
            <SortHeader column="word" label="Word" {...header} />
            <SortHeader column="occurrences" label="Occurrences" className="md:text-right" {...header} />
            <SortHeader column="last_seen" label="Last Seen" {...header} />
            <SortHeader column="meaning" label="Meaning" className="max-md:hidden" {...header} />
            <SortHeader column="status" label="Status" {...header} />
            <th scope="col" role="columnheader" className="w-12 px-2 py-3 max-md:hidden">
              <span className="sr-only">Delete</span>
            </th>
          </tr>
        </thead>
        <tbody role="rowgroup" className="divide-y divide-slate-100 max-md:block">
          {words.map((word) => (
            <WordRow key={word.id} word={word} onStatus={onStatus} onDelete={onDelete} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

// A cell's label, shown before its value on a card only (a table has its header above). Hidden from screen
// readers, which announce the cell's column header already.
const CARD_LABEL = "max-md:before:text-slate-500 max-md:before:content-[attr(data-label)_/_'']";

function WordRow({
  word,
  onStatus,
  onDelete,
}: {
  word: SavedWord;
  onStatus: WordsTableProps['onStatus'];
  onDelete: WordsTableProps['onDelete'];
}) {
  return (
    <tr
      role="row"
      className="align-top max-md:grid max-md:grid-cols-[auto_1fr_auto] max-md:gap-x-3 max-md:px-3 max-md:py-3"
    >
      <td role="cell" className="break-words max-md:col-span-3 md:px-3 md:py-3">
        <span className="font-medium text-slate-900" lang={word.language}>
          {word.word}
        </span>
        {word.term && word.term !== word.word ? (
          <span className="block text-xs text-slate-600" lang={word.language}>
            {word.term}
          </span>
        ) : null}
        {word.meaning ? <span className="block text-sm text-slate-700 md:hidden">{word.meaning}</span> : null}
        {word.sentence ? (
          <span className="mt-1 block text-sm text-slate-600 italic" lang={word.language}>
            <Sentence sentence={word.sentence} word={word.word} />
          </span>
        ) : null}
      </td>
      <td
        role="cell"
        data-label="Occurrences: "
        className={cn(
          'text-slate-700 tabular-nums max-md:mt-2 max-md:text-sm md:px-3 md:py-3 md:text-right',
          CARD_LABEL,
        )}
      >
        {word.occurrences}
      </td>
      <td
        role="cell"
        data-label="Last seen: "
        className={cn('text-sm text-slate-600 max-md:col-span-2 max-md:mt-2 md:px-3 md:py-3', CARD_LABEL)}
      >
        <LastSeen at={word.last_seen_at} />
      </td>
      <td role="cell" className="px-3 py-3 text-sm text-slate-700 max-md:hidden">
        {word.meaning ?? <span className="text-slate-500">—</span>}
      </td>
      <td role="cell" className="max-md:col-span-2 max-md:mt-2 md:px-3 md:py-2">
        <StatusSelect word={word} onStatus={onStatus} />
      </td>
      <td role="cell" className="max-md:mt-2 md:px-1 md:py-2">
        <button
          type="button"
          onClick={() => onDelete(word)}
          aria-label={`Delete ${word.word}`}
          className="inline-flex size-11 items-center justify-center rounded-lg text-slate-500 hover:bg-red-50 hover:text-red-700"
        >
          <Trash2 className="size-4" aria-hidden="true" />
        </button>
      </td>
    </tr>
  );
}
