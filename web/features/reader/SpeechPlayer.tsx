import { Pause, Volume2 } from 'lucide-react';
import { RateSelect, readAlongKeys, SentenceButton, usePageKeys } from './AudioPlayer.tsx';
import type { SpeechReadAlong } from './useSpeechReadAlong.ts';

export const SPEECH_TEXT = {
  listen: 'Listen',
  pause: 'Pause',
  note: 'Read by your device’s voice',
} as const;

/**
 * 'Listen' for a chapter without a recording (issue 23): the device's voice, sentence by sentence, with the
 * sentence controls and the speed of a recording's player, and its keys: space, Shift+arrows, r, < and >.
 */
export function SpeechPlayer({
  speech,
  rate,
  onRateChange,
}: {
  speech: SpeechReadAlong;
  rate: number;
  onRateChange: (rate: number) => void;
}) {
  const narrationKeys = readAlongKeys(speech, rate, onRateChange);
  usePageKeys((event) => ({ ' ': speech.toggle, ...narrationKeys(event) }));
  return (
    <section
      aria-label="Chapter narration"
      className="mx-auto flex max-w-3xl flex-wrap items-center justify-center gap-1 sm:gap-2"
    >
      <SentenceButton readAlong={speech} which="previous" />
      <button
        type="button"
        onClick={speech.toggle}
        aria-keyshortcuts="Space"
        className="inline-flex h-10 shrink-0 items-center gap-2 rounded-full bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800"
      >
        {speech.playing ? (
          <Pause className="size-4" aria-hidden="true" />
        ) : (
          <Volume2 className="size-4" aria-hidden="true" />
        )}
        {speech.playing ? SPEECH_TEXT.pause : SPEECH_TEXT.listen}
      </button>
      <SentenceButton readAlong={speech} which="next" />
      <SentenceButton readAlong={speech} which="repeat" />
      <RateSelect rate={rate} onRateChange={onRateChange} />
      <span className="basis-full text-center text-xs text-slate-600 sm:basis-auto">{SPEECH_TEXT.note}</span>
    </section>
  );
}
