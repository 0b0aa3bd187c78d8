import { Check, X } from 'lucide-react';
import { type ReactNode, useEffect, useLayoutEffect, useRef } from 'react';
import { textDirection } from '#common/languages.ts';
import { readingParts } from '#common/readings.ts';
import type { Translation } from '#common/schemas/dictionary.ts';
import type { TermStatus } from '#common/terms.ts';
import { cn } from '#web/components/ui/cn.ts';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import { markAfterNextPaint } from '#web/lib/marks.ts';
import { SayWord } from './SayWord.tsx';
import { STATUS_TEXT } from './useTermStatuses.ts';
import type { WordLookup } from './useWordLookup.ts';

/** The sentences of the word panel (spec/learner.md §8). */
export const PANEL_TEXT = {
  loading: 'Loading translation...',
  notFound: 'Word not found in dictionary',
  notFoundHint: "This word hasn't been added to our translation database yet",
  errorHint: 'Translation not found in dictionary',
  saved: 'Saved to your words',
} as const;

// A long entry ("set", "run") has dozens of senses; the first ones are the common readings.
const SHOWN_TRANSLATIONS = 8;

export interface WordPanelProps {
  lookup: Exclude<WordLookup, { status: 'idle' }>;
  language: string;
  onClose: () => void;
  /** The word's term's status and the way to change it (issue 22); absent when statuses are not known. */
  termStatus?: TermStatusControl | undefined;
  /** The learner's speed, for the word said by the device's voice (issue 23). */
  speechRate?: number;
}

export interface TermStatusControl {
  value: TermStatus | undefined;
  onChange: (status: TermStatus) => void;
  failed: boolean;
}

/**
 * The word-detail panel: a sheet at the bottom of a phone's screen, a card at the side of a wider one. It does
 * not take the focus or block the page, so the learner keeps reading and tapping; its content is a live region,
 * so a screen reader hears each answer. Escape closes it.
 */
export function WordPanel({ lookup, language, onClose, termStatus, speechRate = 1 }: WordPanelProps) {
  useEffect(() => {
    function handleKey(event: KeyboardEvent) {
      if (event.key === 'Escape') onClose();
      // The status keys, unless the text takes them itself (for its active word) or a field has the focus.
      const keyed = STATUS_BUTTONS.find((button) => button.key === event.key);
      const target = event.target as Element | null;
      if (!keyed || !termStatus || event.ctrlKey || event.metaKey || event.altKey) return;
      if (target?.closest('[data-reader-text], input, textarea, select, [contenteditable="true"]')) return;
      event.preventDefault();
      termStatus.onChange(keyed.status);
    }
    document.addEventListener('keydown', handleKey);
    return () => document.removeEventListener('keydown', handleKey);
  }, [onClose, termStatus]);

  // Each state of the panel (loading, then the answer) marked once painted, with its word.
  useLayoutEffect(() => {
    markAfterNextPaint(`reader:panel-${lookup.status}`, { word: lookup.word });
  }, [lookup.status, lookup.word]);

  return (
    <aside aria-label="Word details" className={PANEL_FRAME}>
      <PanelHeader lookup={lookup} language={language} onClose={onClose} speechRate={speechRate} />
      <PanelScroll word={lookup.word}>
        <AnalysisLines lookup={lookup} language={language} />
        <div aria-live="polite" className="mt-2">
          <PanelBody lookup={lookup} language={language} />
          {lookup.status !== 'loading' && lookup.saved ? (
            <p className="mt-4 flex items-center gap-1.5 text-sm font-medium text-green-700">
              <Check className="size-4" aria-hidden="true" />
              {PANEL_TEXT.saved}
            </p>
          ) : null}
        </div>
      </PanelScroll>
      {termStatus ? <StatusButtons control={termStatus} /> : null}
    </aside>
  );
}

/**
 * The panel's frame, of one height whatever it holds (decision 100): a sheet that grew with its answer moved its
 * header (the word, the speaker, Close) and its status buttons under a finger about to tap them. On a phone a
 * sheet over the bottom of the screen, under half of it (45 %, 24rem at most), so the text above stays there to
 * read and tap word after word; on a wider screen a card at the bottom right. The answer scrolls between the
 * header and the status buttons.
 */
const PANEL_FRAME =
  'fixed inset-x-0 bottom-0 z-30 flex h-[min(45dvh,24rem)] flex-col rounded-t-2xl border border-slate-200 bg-white pb-[max(1rem,env(safe-area-inset-bottom))] shadow-2xl sm:inset-x-auto sm:right-6 sm:bottom-6 sm:h-[min(30rem,calc(100dvh-3rem))] sm:w-96 sm:rounded-2xl sm:pb-4';

/** The room a phone's text leaves under itself for the panel's sheet, so its last lines can be read above it. */
export const PANEL_ROOM = 'max-sm:pb-[calc(min(45dvh,24rem)+2rem)]';

/**
 * The word, its speaker and Close, on a row as high as the speaker: the speaker may come only with the
 * answer (a recording, without a voice on the device), and the word stays where it was.
 */
function PanelHeader({
  lookup,
  language,
  onClose,
  speechRate,
}: Pick<WordPanelProps, 'lookup' | 'language' | 'onClose'> & { speechRate: number }) {
  return (
    <div className="flex shrink-0 items-start justify-between gap-3 px-5 pt-4">
      <div className="flex min-h-10 min-w-0 items-center gap-1.5">
        <h2
          lang={language}
          dir={textDirection(language)}
          className="min-w-0 text-2xl font-bold break-words text-slate-900"
        >
          {lookup.word}
        </h2>
        <SayWord
          word={lookup.word}
          language={language}
          rate={speechRate}
          recording={lookup.status === 'found' ? lookup.result.audio_url : undefined}
        />
      </div>
      <button
        type="button"
        onClick={onClose}
        aria-label="Close word details"
        className="-mr-2 inline-flex size-10 shrink-0 items-center justify-center rounded-full text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <X className="size-5" aria-hidden="true" />
      </button>
    </div>
  );
}

/**
 * What is said of the word, scrolled within the panel when it is long; back at its top for each new word. A
 * stop of the keyboard's, so a long answer can be scrolled without a pointer.
 */
function PanelScroll({ word, children }: { word: string; children: ReactNode }) {
  const scroller = useRef<HTMLElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the word is what brings the scroll back up
  useLayoutEffect(() => {
    if (scroller.current) scroller.current.scrollTop = 0;
  }, [word]);
  return (
    <section
      ref={scroller}
      aria-label="Dictionary entry"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1).
      tabIndex={0}
      className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-5 pb-2 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600"
    >
      {children}
    </section>
  );
}

/**
 * What the server's analysis says of the word (issue 21), shown at once, before the dictionary answers: its
 * reading (kana, pinyin) and its dictionary form with its part of speech ("食べる, verb (ichidan)").
 */
function AnalysisLines({ lookup, language }: Omit<WordPanelProps, 'onClose'>) {
  const { analysis, word } = lookup;
  if (!analysis) return null;
  const lemma = analysis.lemma && analysis.lemma !== word ? analysis.lemma : undefined;
  // A reading says something only over characters that need one (kanji, hanzi): not for ボール's ぼーる.
  const reading = readingParts(language, word, analysis.reading).some((part) => part.ruby)
    ? analysis.reading
    : undefined;
  const grammar = [lemma, analysis.partOfSpeech].filter(Boolean);
  return (
    <div className="mt-0.5">
      {reading ? (
        <p className="text-base text-slate-600">
          <span className="sr-only">Reading: </span>
          <span lang={language}>{reading}</span>
        </p>
      ) : null}
      {grammar.length > 0 ? (
        <p className="text-sm text-slate-700">
          {lemma ? (
            <span lang={language} className="font-semibold text-slate-900">
              {lemma}
            </span>
          ) : null}
          {lemma && analysis.partOfSpeech ? ', ' : null}
          {analysis.partOfSpeech ? <span className="italic">{analysis.partOfSpeech}</span> : null}
        </p>
      ) : null}
    </div>
  );
}

function PanelBody({ lookup, language }: Omit<WordPanelProps, 'onClose'>) {
  switch (lookup.status) {
    case 'loading':
      return (
        <div>
          <Spinner label={PANEL_TEXT.loading} showLabel className="py-3 text-slate-600" />
          <AnswerSkeleton />
        </div>
      );
    case 'not_found':
      return (
        <div className="py-1">
          <p className="font-semibold text-slate-800">{PANEL_TEXT.notFound}</p>
          <p className="mt-1 text-sm text-slate-600">{PANEL_TEXT.notFoundHint}</p>
        </div>
      );
    case 'error':
      return (
        <div role="alert" className="py-1">
          <p className="font-semibold text-red-700">
            {lookup.network ? lookup.message : `⚠️ ${lookup.message}`}
          </p>
          {lookup.network ? null : <p className="mt-1 text-sm text-slate-600">{PANEL_TEXT.errorHint}</p>}
        </div>
      );
    case 'found': {
      const { lemma, pos, form, translations } = lookup.result;
      // The analysis already named the dictionary form and its part of speech above.
      const analysed = lookup.analysis;
      const named =
        analysed?.partOfSpeech !== undefined && (analysed.lemma ?? lookup.word) === (lemma ?? lookup.word);
      return (
        <div>
          {named ? null : (
            <p className="flex flex-wrap items-baseline gap-x-2 text-slate-700">
              {lemma && lemma !== lookup.word ? (
                <span lang={language} className="text-lg font-semibold text-slate-900">
                  {lemma}
                </span>
              ) : null}
              {pos ? <span className="text-sm text-slate-500 italic">{pos}</span> : null}
            </p>
          )}
          {form ? <p className="mt-1 text-sm text-slate-600">{form}</p> : null}
          <ol className="mt-3 space-y-3">
            {translations.slice(0, SHOWN_TRANSLATIONS).map((translation, index) => (
              // The senses of one answer never move, so their place is their identity.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <TranslationItem key={index} translation={translation} />
            ))}
          </ol>
        </div>
      );
    }
  }
}

/** The shape of an answer to come (a sense or two), drawn while the lookup runs; nothing to a screen reader. */
function AnswerSkeleton() {
  return (
    <div aria-hidden="true" className="mt-1 animate-pulse space-y-3 motion-reduce:animate-none">
      {['w-2/5', 'w-1/4'].map((width) => (
        <div key={width} className="space-y-2 border-l-2 border-slate-200 py-1 pl-3">
          <div className={cn('h-4 rounded bg-slate-200', width)} />
          <div className="h-3 w-4/5 rounded bg-slate-200" />
        </div>
      ))}
    </div>
  );
}

function TranslationItem({ translation }: { translation: Translation }) {
  const { gloss, definition, example } = translation;
  return (
    <li className="border-l-2 border-brand-200 pl-3">
      <p className="font-medium text-slate-900">{gloss || definition}</p>
      {definition && definition !== gloss ? <p className="text-sm text-slate-600">{definition}</p> : null}
      {example ? <p className="mt-1 text-sm text-slate-500 italic">{example}</p> : null}
    </li>
  );
}

/** The buttons of a term's status, in the order a word is learnt, with their keys. */
const STATUS_BUTTONS: readonly { status: TermStatus; label: string; name: string; key: string }[] = [
  { status: 'learning-1', label: '1', name: 'Learning, level 1', key: '1' },
  { status: 'learning-2', label: '2', name: 'Learning, level 2', key: '2' },
  { status: 'learning-3', label: '3', name: 'Learning, level 3', key: '3' },
  { status: 'learning-4', label: '4', name: 'Learning, level 4', key: '4' },
  { status: 'known', label: 'Known', name: 'Known', key: 'k' },
  { status: 'ignored', label: 'Ignore', name: 'Ignored', key: 'i' },
];

/** What a status is called in a sentence: 'New word', 'Learning (2)', 'Known', 'Ignored'. */
export function statusName(status: TermStatus | undefined): string {
  if (!status) return 'New word';
  if (status === 'known') return 'Known';
  if (status === 'ignored') return 'Ignored';
  return `Learning (${status.slice(-1)})`;
}

/** The term's status, and a button for each status it can be given (keys 1-4, k, i do the same). */
function StatusButtons({ control }: { control: TermStatusControl }) {
  return (
    <fieldset className="mx-5 mt-1 shrink-0 border-t border-slate-200 pt-3">
      <legend className="float-left text-sm text-slate-600">
        Status: <span className="font-semibold text-slate-900">{statusName(control.value)}</span>
      </legend>
      {/* One row on a 360 px phone, so the sheet's fixed height leaves the answer more room (decision 100). */}
      <div className="clear-left flex flex-wrap gap-1 pt-2 sm:gap-1.5">
        {STATUS_BUTTONS.map((button) => {
          const isCurrent = control.value === button.status;
          return (
            <button
              key={button.status}
              type="button"
              aria-pressed={isCurrent}
              aria-label={button.name}
              aria-keyshortcuts={button.key}
              title={`${button.name} (${button.key})`}
              onClick={() => control.onChange(button.status)}
              className={cn(
                'min-h-10 min-w-9 rounded-lg border px-2 text-sm sm:min-w-10 sm:px-2.5 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
                isCurrent
                  ? 'border-brand-700 bg-brand-700 text-white'
                  : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-100',
              )}
            >
              {button.label}
            </button>
          );
        })}
      </div>
      {control.failed ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {STATUS_TEXT.saveFailed}
        </p>
      ) : null}
    </fieldset>
  );
}
