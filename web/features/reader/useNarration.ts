import { type RefObject, useMemo } from 'react';
import type { ReaderChapter } from '#common/schemas/reading.ts';
import { readerSentences } from './readerSentences.ts';
import { useVoice } from './speech.ts';
import { type ReadAlong, useRecordingReadAlong } from './useReadAlong.ts';
import { type SpeechReadAlong, useSpeechReadAlong } from './useSpeechReadAlong.ts';

/**
 * Who reads the chapter aloud (issue 23): its recording, with the read-along of its timings when it has them;
 * without a recording, the device's voice when it has one for the language, sentence by sentence.
 */
export function useNarration(
  chapter: ReaderChapter,
  audio: RefObject<HTMLAudioElement | null>,
  rate: number,
): { readAlong: ReadAlong | undefined; speech: SpeechReadAlong | undefined } {
  const language = chapter.story.language.code;
  const recorded = chapter.audio_url !== null;
  const recording = useRecordingReadAlong(audio, recorded ? chapter.read_along?.sentences : undefined);
  const voice = useVoice(language);
  const sentences = useMemo(
    () => (recorded || !voice ? [] : readerSentences(chapter.content, language, chapter.words)),
    [recorded, voice, chapter.content, language, chapter.words],
  );
  const speech = useSpeechReadAlong(sentences, recorded ? undefined : voice, rate);
  return { readAlong: recording ?? speech, speech };
}
