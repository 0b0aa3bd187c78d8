// 'Listen' for a chapter without a recording (issue 23): the device's voice reads it sentence by sentence, with
// the same highlight and controls as a recording's read-along (useReadAlong.ts).
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Sentence } from '#common/sentences.ts';
import { say, stopSaying } from './speech.ts';
import type { ReadAlong } from './useReadAlong.ts';

export interface SpeechReadAlong extends ReadAlong {
  /** Whether the voice is reading. */
  playing: boolean;
  /** Reads from the highlighted sentence (the first, at the start), or stops. */
  toggle: () => void;
}

/**
 * The device's voice over the chapter's sentences: each one said in turn until the last, or until stopped.
 * Stopping keeps the sentence, so Listen goes on from it. Undefined without a voice or without sentences.
 */
export function useSpeechReadAlong(
  sentences: readonly Sentence[],
  voice: SpeechSynthesisVoice | undefined,
  rate: number,
): SpeechReadAlong | undefined {
  const [spoken, setSpoken] = useState(-1);
  const [playing, setPlaying] = useState(false);
  const following = useRef(true);
  // The reading under way: a new one (or a stop) makes the old one's late callbacks do nothing.
  const run = useRef(0);
  const settings = useRef({ voice, rate });
  settings.current = { voice, rate };

  const readFrom = useCallback(
    (index: number) => {
      const { voice: current, rate: speed } = settings.current;
      const sentence = sentences[index];
      if (!current || !sentence) {
        setPlaying(false);
        return;
      }
      const mine = ++run.current;
      following.current = true;
      setSpoken(index);
      setPlaying(true);
      say(sentence.text, current, speed, {
        onEnd: () => {
          if (run.current !== mine) return;
          if (index + 1 < sentences.length) readFrom(index + 1);
          else setPlaying(false);
        },
      });
    },
    [sentences],
  );

  const stop = useCallback(() => {
    run.current += 1;
    stopSaying();
    setPlaying(false);
  }, []);

  // Leaving the chapter, or a new voice or speed, stops the reading (Listen starts it again as chosen).
  // biome-ignore lint/correctness/useExhaustiveDependencies: voice and rate are why it stops
  useEffect(() => stop, [stop, voice, rate]);

  // The sentences and the play marks change only with the chapter: the text's markup is built from them.
  const shape = useMemo(
    () => ({
      sentences: sentences.map((sentence) => [sentence.firstWord, sentence.lastWord] as const),
      starts: new Map(sentences.map((sentence, index) => [sentence.firstWord, index] as const)),
    }),
    [sentences],
  );

  return useMemo(() => {
    if (!voice || sentences.length === 0) return undefined;
    const at = () => (spoken >= 0 ? spoken : 0);
    // Previous and next move the highlight while stopped, and read on from there while reading.
    const move = (index: number) => {
      const bounded = Math.min(sentences.length - 1, Math.max(0, index));
      following.current = true;
      if (playing) readFrom(bounded);
      else setSpoken(bounded);
    };
    return {
      ...shape,
      following,
      spoken,
      playing,
      playFrom: readFrom,
      repeat: () => readFrom(at()),
      previous: () => move(at() - 1),
      next: () => move(spoken + 1),
      toggle: () => (playing ? stop() : readFrom(at())),
    };
  }, [voice, sentences, shape, spoken, playing, readFrom, stop]);
}
