import { Pause, Volume2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { steppedRate } from '#common/schemas/readerSettings.ts';
import { isForSomethingElse, RateSelect, SentenceButton } from './AudioPlayer.tsx';
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
  useSpeechKeys(
    speech,
    () => onRateChange(steppedRate(rate, 1)),
    () => onRateChange(steppedRate(rate, -1)),
  );
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

/** The player's keys for the device's voice, anywhere on the page unless something else takes them. */
function useSpeechKeys(speech: SpeechReadAlong, faster: () => void, slower: () => void) {
  const latest = useRef({ speech, faster, slower });
  latest.current = { speech, faster, slower };
  useEffect(() => {
    function handleKey(event: KeyboardEvent) {
      if (isForSomethingElse(event)) return;
      const { speech: current, faster: up, slower: down } = latest.current;
      const actions: Record<string, (() => void) | undefined> = {
        ' ': current.toggle,
        ArrowLeft: event.shiftKey ? current.previous : undefined,
        ArrowRight: event.shiftKey ? current.next : undefined,
        r: current.repeat,
        R: current.repeat,
        '>': up,
        '<': down,
      };
      const action = actions[event.key];
      if (!action) return;
      event.preventDefault();
      action();
    }
    document.addEventListener('keydown', handleKey);
    return () => document.removeEventListener('keydown', handleKey);
  }, []);
}
