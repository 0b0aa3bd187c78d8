import { Download, Layers, Search } from 'lucide-react';
import { type Dispatch, type SetStateAction, useState } from 'react';
import { Button } from '#web/components/ui/Button.tsx';
import { InlineAlert } from '#web/components/ui/InlineAlert.tsx';
import { useLanguages } from '#web/features/dashboard/queries.ts';
import { ApiError, failureText } from '#web/lib/api.ts';
import { downloadAnki, type WordsView } from './queries.ts';

const ALL_LANGUAGES = 'all';

export const ANKI_EXPORT_FAILED = 'The Anki deck could not be made. Please try again.';

export interface WordsToolbarProps {
  view: WordsView;
  onChange: Dispatch<SetStateAction<WordsView>>;
  onExport: () => void;
  isExporting: boolean;
  canExport: boolean;
}

/** What /words shows: a language (or all), a search as the learner types; and its export as CSV or Anki deck. */
export function WordsToolbar({
  view,
  onChange: setView,
  onExport: handleExport,
  isExporting,
  canExport,
}: WordsToolbarProps) {
  const languages = useLanguages();
  return (
    <div className="mt-6 flex flex-wrap items-end gap-3">
      <label className="flex flex-col gap-1.5 text-sm font-medium text-slate-800">
        Language
        <select
          value={view.language ?? ALL_LANGUAGES}
          onChange={(event) => {
            const value = event.target.value;
            setView((current) => ({ ...current, language: value === ALL_LANGUAGES ? undefined : value }));
          }}
          className="min-h-11 rounded-lg border border-slate-300 bg-white px-3 text-base font-normal text-slate-900"
        >
          <option value={ALL_LANGUAGES}>All languages</option>
          {(languages.data ?? []).map((language) => (
            <option key={language.code} value={language.code}>
              {language.native_name} ({language.name})
            </option>
          ))}
          {view.language && !languages.data?.some((language) => language.code === view.language) ? (
            <option value={view.language}>{view.language}</option>
          ) : null}
        </select>
      </label>
      <label className="flex min-w-48 flex-1 flex-col gap-1.5 text-sm font-medium text-slate-800">
        Search
        <span className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
            aria-hidden="true"
          />
          <input
            type="search"
            value={view.search}
            maxLength={100}
            placeholder="Word, meaning or sentence"
            onChange={(event) => setView((current) => ({ ...current, search: event.target.value }))}
            className="min-h-11 w-full rounded-lg border border-slate-300 bg-white py-2 pr-3 pl-9 text-base font-normal text-slate-900 placeholder:text-slate-500"
          />
        </span>
      </label>
      {/* The exports wrap together: beside each other on a line of their own when the filters fill one. */}
      <div className="flex flex-wrap gap-3">
        <Button variant="secondary" onClick={handleExport} loading={isExporting} disabled={!canExport}>
          <Download className="size-4" aria-hidden="true" />
          Export CSV
        </Button>
        <AnkiExport view={view} canExport={canExport} />
      </div>
    </div>
  );
}

/**
 * The Anki export of what is shown, beside the CSV's: the same view, the deck downloaded as an .apkg file. It
 * keeps its own state and says itself when it fails (with the server's sentence: a deck too large, say).
 */
function AnkiExport({ view, canExport }: { view: WordsView; canExport: boolean }) {
  const [isExporting, setExporting] = useState(false);
  const [problem, setProblem] = useState<string>();

  async function handleExport() {
    setExporting(true);
    setProblem(undefined);
    try {
      await downloadAnki(view);
    } catch (error) {
      if (!(error instanceof ApiError)) console.warn(ANKI_EXPORT_FAILED, error);
      setProblem(failureText(error, ANKI_EXPORT_FAILED));
    } finally {
      setExporting(false);
    }
  }

  return (
    <>
      <Button variant="secondary" onClick={handleExport} loading={isExporting} disabled={!canExport}>
        <Layers className="size-4" aria-hidden="true" />
        Export Anki deck
      </Button>
      {problem ? <InlineAlert message={problem} className="basis-full" /> : null}
    </>
  );
}
