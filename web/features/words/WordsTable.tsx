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
      aria-sort={isSorted ? (order === 'asc' ? 'ascending' : 'descending') : undefined}
      className={cn('px-2 py-1 first:pl-3 sm:px-3', className)}
    >
      <button
        type="button"
        onClick={() => onSort(column)}
        className="-mx-1 inline-flex min-h-11 items-center gap-1 rounded px-1 uppercase hover:text-slate-900"
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
 * and a delete, after the specification's columns: they keep their places, and a phone shows them first). Each header sorts by its column. On a phone the meaning sits under the word, and the table
 * scrolls sideways.
 */
export function WordsTable({ words, sort, order, onSort, onStatus, onDelete }: WordsTableProps) {
  const header = { current: sort, order, onSort };
  return (
    <div className="relative mt-4 overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm">
      <table className="w-full min-w-[26rem] text-left">
        <caption className="sr-only">Your saved words</caption>
        <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <tr>
            <SortHeader column="word" label="Word" {...header} />
            <SortHeader column="occurrences" label="Occurrences" className="text-right" {...header} />
            <SortHeader column="last_seen" label="Last Seen" {...header} />
            <SortHeader column="meaning" label="Meaning" className="max-sm:hidden" {...header} />
            <SortHeader column="status" label="Status" {...header} />
            <th scope="col" className="w-12 px-2 py-3">
              <span className="sr-only">Delete</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {words.map((word) => (
            <tr key={word.id} className="align-top">
              <td className="px-2 py-3 pl-3 break-words sm:px-3">
                <span className="font-medium text-slate-900" lang={word.language}>
                  {word.word}
                </span>
                {word.term && word.term !== word.word ? (
                  <span className="block text-xs text-slate-600" lang={word.language}>
                    {word.term}
                  </span>
                ) : null}
                {word.meaning ? (
                  <span className="block text-sm text-slate-700 sm:hidden">{word.meaning}</span>
                ) : null}
                {word.sentence ? (
                  <span className="mt-1 block text-sm text-slate-600 italic" lang={word.language}>
                    <Sentence sentence={word.sentence} word={word.word} />
                  </span>
                ) : null}
              </td>
              <td className="px-2 py-3 text-right text-slate-700 tabular-nums sm:px-3">{word.occurrences}</td>
              <td className="px-2 py-3 text-sm text-slate-600 sm:px-3">
                <LastSeen at={word.last_seen_at} />
              </td>
              <td className="px-2 py-3 text-sm text-slate-700 max-sm:hidden sm:px-3">
                {word.meaning ?? <span className="text-slate-500">—</span>}
              </td>
              <td className="px-2 py-2 sm:px-3">
                <StatusSelect word={word} onStatus={onStatus} />
              </td>
              <td className="px-1 py-2">
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
          ))}
        </tbody>
      </table>
    </div>
  );
}
