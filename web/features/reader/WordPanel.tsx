import { Check, X } from 'lucide-react';
import { useEffect, useLayoutEffect } from 'react';
import { textDirection } from '#common/languages.ts';
import { readingParts } from '#common/readings.ts';
import type { Translation } from '#common/schemas/dictionary.ts';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import { markAfterNextPaint } from '#web/lib/marks.ts';
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
}

/**
 * The word-detail panel: a sheet at the bottom of a phone's screen, a card at the side of a wider one. It does
 * not take the focus or block the page, so the learner keeps reading and tapping; its content is a live region,
 * so a screen reader hears each answer. Escape closes it.
 */
export function WordPanel({ lookup, language, onClose }: WordPanelProps) {
  useEffect(() => {
    function handleKey(event: KeyboardEvent) {
      if (event.key === 'Escape') onClose();
    }
    document.addEventListener('keydown', handleKey);
    return () => document.removeEventListener('keydown', handleKey);
  }, [onClose]);

  // Each state of the panel (loading, then the answer) marked once painted, with its word.
  useLayoutEffect(() => {
    markAfterNextPaint(`reader:panel-${lookup.status}`, { word: lookup.word });
  }, [lookup.status, lookup.word]);

  return (
    <aside
      aria-label="Word details"
      className="fixed inset-x-0 bottom-0 z-30 max-h-[60dvh] overflow-y-auto rounded-t-2xl border border-slate-200 bg-white px-5 pt-4 pb-[max(1.25rem,env(safe-area-inset-bottom))] shadow-2xl sm:inset-x-auto sm:right-6 sm:bottom-6 sm:w-96 sm:rounded-2xl"
    >
      <div className="flex items-start justify-between gap-3">
        <h2
          lang={language}
          dir={textDirection(language)}
          className="text-2xl font-bold break-words text-slate-900"
        >
          {lookup.word}
        </h2>
        <button
          type="button"
          onClick={onClose}
          aria-label="Close word details"
          className="-m-2 shrink-0 rounded-full p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <X className="size-5" aria-hidden="true" />
        </button>
      </div>
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
    </aside>
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
      return <Spinner label={PANEL_TEXT.loading} showLabel className="py-3 text-slate-600" />;
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
