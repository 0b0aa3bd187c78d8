import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { setReadingAids } from '#common/endpoints/reader.ts';
import type { ReaderChapter } from '#common/schemas/reading.ts';
import { Switch } from '#web/components/ui/Switch.tsx';
import { call } from '#web/lib/call.ts';
import { queryKeys } from '#web/lib/queryKeys.ts';

/** What the readings above the words are called in each language that has them (issue 21). */
const READINGS_NAME: Readonly<Record<string, string>> = { ja: 'Furigana', zh: 'Pinyin' };

export const READINGS_TEXT = {
  saveFailed: 'Your choice could not be saved. Please try again.',
} as const;

/**
 * Whether the chapter's words show their readings above them, as the server says (the learner's choice for
 * the language, or the story level's default), and a way to change it: shown at once, saved for the learner
 * and every chapter of the language already loaded; put back, with a sentence, if the save fails.
 */
export function useReadings(chapter: ReaderChapter) {
  const queryClient = useQueryClient();
  const language = chapter.story.language.code;
  const [show, setShow] = useState(chapter.show_readings ?? false);
  const save = useMutation({
    // One save at a time per language, in the order made: quick off-on taps must leave the last one saved.
    scope: { id: `reading-aids-${language}` },
    mutationFn: (on: boolean) => call(setReadingAids, { body: { language, show_readings: on } }),
    onMutate: (on) => {
      setShow(on);
      return { before: !on };
    },
    onError: (_error, _on, context) => {
      if (context) setShow(context.before);
    },
    onSuccess: (saved) => {
      queryClient.setQueriesData({ queryKey: queryKeys.chapters() }, (cached: ReaderChapter | undefined) =>
        cached && cached.story.language.code === saved.language && cached.show_readings !== undefined
          ? { ...cached, show_readings: saved.show_readings }
          : cached,
      );
    },
  });
  return {
    /** Undefined for a language whose words carry no readings. */
    name: chapter.show_readings === undefined ? undefined : READINGS_NAME[language],
    show,
    change: (on: boolean) => save.mutate(on),
    failed: save.isError,
  };
}

/** The reader's switch for the readings above the words ("Furigana", "Pinyin"). */
export function ReadingsSwitch({ readings }: { readings: ReturnType<typeof useReadings> }) {
  if (!readings.name) return null;
  return (
    <div className="shrink-0">
      <Switch
        label={readings.name}
        checked={readings.show}
        onCheckedChange={readings.change}
        wrapperClassName="gap-2.5"
      />
      {readings.failed ? (
        <p role="alert" className="mt-1 max-w-56 text-right text-xs text-red-700">
          {READINGS_TEXT.saveFailed}
        </p>
      ) : null}
    </div>
  );
}
