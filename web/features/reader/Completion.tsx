import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ArrowRight, CircleCheck } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { forgetTerms } from '#common/endpoints/terms.ts';
import { plural } from '#common/plural.ts';
import { screenPath } from '#common/routes.ts';
import type { ReaderChapter } from '#common/schemas/reading.ts';
import { Button, buttonClassName } from '#web/components/ui/Button.tsx';
import { cn } from '#web/components/ui/cn.ts';
import { patchStatuses } from '#web/features/offline/patch.ts';
import { perform } from '#web/features/offline/sync.ts';
import { useDownloadOwner } from '#web/features/offline/useDownloads.ts';
import { call } from '#web/lib/call.ts';
import { useDeviceSwitch } from '#web/lib/deviceSwitch.ts';
import { queryKeys } from '#web/lib/queryKeys.ts';
import { markChapterRead } from './queries.ts';
import { READER_TEXT } from './readerText.ts';
import { newTermsOf } from './restTerms.ts';
import type { useTermStatuses } from './useTermStatuses.ts';
import { wordSavesSettled } from './useWordLookup.ts';

/** The sentences of marking the rest known (issue 22). */
export const REST_KNOWN_TEXT = {
  option: 'Also mark the remaining new words as known',
  marked: (count: number) =>
    plural(count, { one: '{count} new word is now known.', other: '{count} new words are now known.' }),
  none: 'No new words were left to mark as known.',
  undo: 'Undo',
  undone: 'Undone: those words are new again.',
  failed: 'The new words could not be marked as known. Please try again.',
  undoFailed: 'The words could not be made new again. Please try again.',
} as const;

/** The 'mark the rest known' setting: on unless the learner turned it off on this device. */
function useMarkRestSetting(): [boolean, (on: boolean) => void] {
  return useDeviceSwitch('catamaran-mark-rest-known');
}

/**
 * After Mark as Read, the chapter's new words made known (when the learner keeps the option on), how many, and
 * an undo that makes them new again. Both change the marks on the page at once.
 */
function useRestKnown(chapter: ReaderChapter, terms: ReturnType<typeof useTermStatuses>) {
  const language = chapter.story.language.code;
  const queryClient = useQueryClient();
  const stale = () => queryClient.invalidateQueries({ queryKey: queryKeys.chapters(), refetchType: 'none' });
  const owner = useDownloadOwner();
  const mark = useMutation({
    // A word looked up a moment ago is learning, not one of the rest: its save goes first.
    mutationFn: async () => {
      await wordSavesSettled();
      // Through the outbox (issue 24): offline, the rest is worked out here and made known at once.
      const rest = terms.statuses ? newTermsOf(chapter, terms.statuses) : [];
      const outcome = await perform(owner, 'mark-known', { params: { id: chapter.id } });
      if (outcome.sent) return outcome.answer;
      await patchStatuses(language, rest, 'known').catch(() => undefined);
      return { language, terms: rest };
    },
    onSuccess: (marked) => {
      terms.setMany(marked.terms, 'known');
      void stale();
    },
  });
  const undo = useMutation({
    mutationFn: (words: string[]) => call(forgetTerms, { body: { language, terms: words } }),
    onSuccess: (_changed, words) => {
      terms.setMany(words, undefined);
      void stale();
    },
  });
  return { mark, undo };
}

/** Mark as Read at the end of the text; once read, the points earned, the words made known and the way on. */
export function CompletionSection({
  chapter,
  isCompleted,
  onCompleted,
  onNext,
  terms,
}: {
  chapter: ReaderChapter;
  isCompleted: boolean;
  onCompleted: () => void;
  onNext: (() => void) | undefined;
  terms: ReturnType<typeof useTermStatuses>;
}) {
  const queryClient = useQueryClient();
  const owner = useDownloadOwner();
  const [markRest, setMarkRest] = useMarkRestSetting();
  const restKnown = useRestKnown(chapter, terms);
  const markRead = useMutation({
    mutationFn: () => markChapterRead(owner, chapter),
    onSuccess: () => {
      onCompleted();
      queryClient.setQueryData(queryKeys.chapter(chapter.id), { ...chapter, is_completed: true });
      void queryClient.invalidateQueries({ queryKey: queryKeys.stories() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.languageProgress() });
      if (terms.statuses && markRest) restKnown.mark.mutate();
    },
  });

  return (
    <section
      aria-label="Chapter completion"
      className={cn(
        'mt-10 rounded-2xl border p-6 text-center',
        isCompleted ? 'border-green-200 bg-green-50' : 'border-slate-200 bg-slate-50',
      )}
    >
      {isCompleted ? (
        <Completed chapter={chapter} onNext={onNext} restKnown={restKnown} />
      ) : (
        <>
          <p className="text-slate-700">{READER_TEXT.earn(chapter.word_count)}</p>
          <Button className="mt-4" size="lg" loading={markRead.isPending} onClick={() => markRead.mutate()}>
            {markRead.isPending ? READER_TEXT.marking : READER_TEXT.markRead}
          </Button>
          {terms.statuses ? <RestOption checked={markRest} onChange={setMarkRest} /> : null}
          {markRead.isError ? (
            <p role="alert" className="mt-3 text-sm text-red-700">
              {READER_TEXT.markFailed}
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}

function RestOption({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  const id = useId();
  return (
    <div className="mt-4 flex items-center justify-center gap-2.5 text-sm text-slate-700">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="size-5 shrink-0 accent-brand-700"
      />
      <label htmlFor={id} className="text-left">
        {REST_KNOWN_TEXT.option}
      </label>
    </div>
  );
}

function Completed({
  chapter,
  onNext,
  restKnown: { mark, undo },
}: {
  chapter: ReaderChapter;
  onNext: (() => void) | undefined;
  restKnown: ReturnType<typeof useRestKnown>;
}) {
  const { story } = chapter;
  const next = story.next_chapter;
  const marked = mark.data?.terms;
  return (
    <div role="status">
      <CircleCheck className="mx-auto size-10 text-green-600" aria-hidden="true" />
      <h2 className="mt-2 text-xl font-bold text-green-800">{READER_TEXT.complete}</h2>
      <p className="mt-1 text-green-900">{READER_TEXT.earned(chapter.word_count)}</p>
      {marked ? (
        <p className="mt-2 flex flex-wrap items-center justify-center gap-x-2 text-sm text-green-900">
          <span>
            {undo.isSuccess
              ? REST_KNOWN_TEXT.undone
              : marked.length > 0
                ? REST_KNOWN_TEXT.marked(marked.length)
                : REST_KNOWN_TEXT.none}
          </span>
          {marked.length > 0 && !undo.isSuccess ? (
            <Button
              size="sm"
              variant="ghost"
              loading={undo.isPending}
              onClick={() => undo.mutate(marked)}
              className="underline"
            >
              {REST_KNOWN_TEXT.undo}
            </Button>
          ) : null}
        </p>
      ) : null}
      {mark.isError || undo.isError ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {mark.isError ? REST_KNOWN_TEXT.failed : REST_KNOWN_TEXT.undoFailed}
        </p>
      ) : null}
      <div className="mt-5">
        {next && onNext ? (
          <Button onClick={onNext} className="max-w-full whitespace-normal">
            {READER_TEXT.nextChapter(next.title)}
            <ArrowRight className="size-4" aria-hidden="true" />
          </Button>
        ) : (
          <Link to={screenPath('story', { storyId: story.id })} className={buttonClassName({})}>
            {READER_TEXT.backToStory}
          </Link>
        )}
      </div>
    </div>
  );
}
