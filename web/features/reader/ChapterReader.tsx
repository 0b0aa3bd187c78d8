import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useCallback, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { textDirection } from '#common/languages.ts';
import { screenPath } from '#common/routes.ts';
import type { ReaderChapter } from '#common/schemas/reading.ts';
import { ScreenSpinner } from '#web/components/ScreenSpinner.tsx';
import { buttonClassName } from '#web/components/ui/Button.tsx';
import { cn } from '#web/components/ui/cn.ts';
import { UpgradePanel } from '#web/features/account/UpgradePanel.tsx';
import { useSession } from '#web/features/auth/session.tsx';
import { ReaderSettingsDialog } from '#web/features/settings/ReaderSettingsDialog.tsx';
import { useReaderSettings } from '#web/features/settings/readerSettings.ts';
import { ApiError } from '#web/lib/api.ts';
import { useDocumentTitle } from '#web/lib/useDocumentTitle.ts';
import { ChapterText } from './ChapterText.tsx';
import { CompletionSection } from './Completion.tsx';
import { MarksSwitch, useShowMarks } from './MarksSwitch.tsx';
import { chapterQuery } from './queries.ts';
import { ReaderHeader } from './ReaderHeader.tsx';
import { ReadingsSwitch, useReadings } from './ReadingsSwitch.tsx';
import { READER_TEXT } from './readerText.ts';
import { useNarration } from './useNarration.ts';
import { useReadingTime } from './useReadingTime.ts';
import { useTermStatuses } from './useTermStatuses.ts';
import { useWordLookup, type WordAnalysis } from './useWordLookup.ts';
import { PANEL_ROOM, WordPanel } from './WordPanel.tsx';

export { READER_TEXT };

/** /read/{storyId}/{chapterId}: loads the chapter, then reads it; a missing or locked chapter says so. */
export function ChapterReader({ storyId, chapterId }: { storyId: number; chapterId: number }) {
  const chapter = useQuery(chapterQuery(chapterId));
  useDocumentTitle(
    chapter.data
      ? `Chapter ${chapter.data.chapter_number}: ${chapter.data.title} · Catamaran`
      : 'Reading · Catamaran',
  );

  if (chapter.isPending) return <ScreenSpinner label="Loading..." />;
  if (chapter.isError) return <ChapterUnavailable storyId={storyId} error={chapter.error} />;
  // A chapter asked for under another story's address is not that story's chapter.
  if (chapter.data.story.id !== storyId) return <ChapterUnavailable storyId={storyId} />;
  return <Reading key={chapterId} chapter={chapter.data} />;
}

function ChapterUnavailable({ storyId, error }: { storyId: number; error?: Error }) {
  const locked = error instanceof ApiError && error.status === 403;
  const title = locked ? 'This story is for Pro members' : READER_TEXT.notFound;
  // The server's refusal says the title again ("This story is for Pro members. Upgrade to read it."): once is
  // enough, and the panel says what Pro opens.
  const detail = locked
    ? READER_TEXT.lockedDetail
    : error && !(error instanceof ApiError && error.status === 404)
      ? error.message
      : 'It may have been moved or removed.';
  if (locked) {
    return (
      <main className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-slate-50 px-4 py-10">
        <UpgradePanel title={title} headingLevel="h1" className="w-full max-w-xl">
          {detail}
        </UpgradePanel>
        <Link to={screenPath('story', { storyId })} className={buttonClassName({ variant: 'secondary' })}>
          <ArrowLeft className="size-4" aria-hidden="true" />
          Back to Story
        </Link>
      </main>
    );
  }
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center bg-slate-50 px-4 text-center">
      <h1 className="mt-3 text-2xl font-bold text-slate-900">{title}</h1>
      <p className="mt-2 max-w-md text-slate-600">{detail}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Link to={screenPath('story', { storyId })} className={buttonClassName({ variant: 'primary' })}>
          <ArrowLeft className="size-4" aria-hidden="true" />
          Back to Story
        </Link>
      </div>
    </main>
  );
}

/**
 * The chapter being read (spec/learner.md §2, §4): the sticky header with its progress, the text with every
 * word tappable, the word panel, and Mark as Read at the end. Keyed by chapter, so the next chapter starts
 * afresh.
 */
function Reading({ chapter }: { chapter: ReaderChapter }) {
  const { story } = chapter;
  const language = story.language.code;
  const { completed, setCompleted, percent, countWord } = useChapterProgress(chapter);
  const lookup = useWordLookup({ language, storyId: story.id, chapterId: chapter.id });
  const session = useSession();
  const learner = session.status === 'signed_in' ? session : undefined;
  useReadingTime(chapter.id, learner?.accessToken ?? null, learner?.user.email ?? '');
  const { lookUp } = lookup;
  const readings = useReadings(chapter);
  const terms = useTermStatuses(chapter);
  const { lookedUp, change: changeStatus } = terms;
  const [showMarks, setShowMarks] = useShowMarks();
  const { settings } = useReaderSettings();
  const audio = useRef<HTMLAudioElement>(null);
  const { readAlong, speech } = useNarration(chapter, audio, settings.playback_rate);

  const handleWord = useCallback(
    (word: string, analysis?: WordAnalysis) => {
      countWord();
      lookedUp(analysis?.term);
      void lookUp(word, analysis);
    },
    [lookUp, lookedUp, countWord],
  );
  const goNext = useGoNext(story);

  return (
    <div className="min-h-dvh bg-white">
      <ReaderHeader
        chapter={chapter}
        percent={percent}
        isCompleted={completed}
        onNext={goNext}
        audio={audio}
        readAlong={readAlong}
        speech={speech}
      />

      <main
        className={cn(
          'mx-auto max-w-2xl px-5 pt-6 pb-40 sm:px-8 sm:pt-10',
          // The word panel is a sheet over the bottom of a phone's screen: room to scroll everything above it.
          lookup.state.status !== 'idle' && PANEL_ROOM,
        )}
      >
        <ReaderTools
          title={story.title}
          language={language}
          marks={terms.statuses ? { checked: showMarks, onCheckedChange: setShowMarks } : undefined}
          readings={readings}
        />
        <ChapterText
          content={chapter.content}
          language={language}
          words={chapter.words}
          showReadings={readings.show}
          statuses={terms.statuses}
          showMarks={showMarks}
          readAlong={readAlong}
          appearance={settings}
          onStatusKey={changeStatus}
          onWord={handleWord}
        />

        <CompletionSection
          chapter={chapter}
          isCompleted={completed}
          onCompleted={() => setCompleted(true)}
          onNext={goNext}
          terms={terms}
        />
      </main>

      <ReaderWordPanel lookup={lookup} language={language} terms={terms} rate={settings.playback_rate} />
    </div>
  );
}

/** Opens the story's next chapter, if it has one. */
function useGoNext(story: ReaderChapter['story']): (() => void) | undefined {
  const navigate = useNavigate();
  const next = story.next_chapter;
  return next ? () => navigate(screenPath('reader', { storyId: story.id, chapterId: next.id })) : undefined;
}

/** The tapped word's panel while there is one, with its status control when the word has a term. */
function ReaderWordPanel({
  lookup,
  language,
  terms,
  rate,
}: {
  lookup: ReturnType<typeof useWordLookup>;
  language: string;
  terms: ReturnType<typeof useTermStatuses>;
  rate: number;
}) {
  if (lookup.state.status === 'idle') return null;
  const term = lookup.state.analysis?.term;
  return (
    <WordPanel
      lookup={lookup.state}
      language={language}
      onClose={lookup.close}
      termStatus={term ? terms.control(term) : undefined}
      speechRate={rate}
    />
  );
}

/**
 * The header's progress (spec/learner.md §2): one word per tap up to the chapter's count, all of them once the
 * chapter is marked read.
 */
function useChapterProgress(chapter: ReaderChapter) {
  const [completed, setCompleted] = useState(chapter.is_completed);
  const [wordsClicked, setWordsClicked] = useState(0);
  const total = chapter.word_count;
  const countWord = useCallback(() => setWordsClicked((count) => Math.min(total, count + 1)), [total]);
  const progress = completed ? total : wordsClicked;
  const percent = total > 0 ? Math.round((progress / total) * 100) : completed ? 100 : 0;
  return { completed, setCompleted, percent, countWord };
}

/** Above the text: the story's title, and the switches for word marks and readings. */
function ReaderTools({
  title,
  language,
  marks,
  readings,
}: {
  title: string;
  language: string;
  marks: { checked: boolean; onCheckedChange: (checked: boolean) => void } | undefined;
  readings: ReturnType<typeof useReadings>;
}) {
  return (
    <div className="mb-6 flex flex-wrap items-center justify-between gap-x-5 gap-y-2">
      <p className="min-w-0 text-sm font-medium text-slate-500" lang={language} dir={textDirection(language)}>
        {title}
      </p>
      <div className="flex flex-wrap items-start justify-end gap-x-5 gap-y-2">
        {marks ? <MarksSwitch {...marks} /> : null}
        <ReadingsSwitch readings={readings} />
        <ReaderSettingsDialog />
      </div>
    </div>
  );
}
