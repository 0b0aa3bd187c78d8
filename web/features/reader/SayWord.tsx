import { Volume2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { say, useVoice } from './speech.ts';

/**
 * The word panel's speaker (issue 23): the dictionary's recording of the word where it has one (a person
 * saying it, from Wikimedia Commons), else the device's voice in the story's language at the learner's speed;
 * not shown when neither can say it.
 */
export function SayWord({
  word,
  language,
  rate,
  recording,
}: {
  word: string;
  language: string;
  rate: number;
  /** The address of a recording of this very word (LookupResult.audio_url). */
  recording?: string | undefined;
}) {
  const voice = useVoice(language);
  const player = useRef<HTMLAudioElement | null>(null);
  // A recording playing stops with the panel or its word.
  useEffect(
    () => () => {
      player.current?.pause();
      player.current = null;
    },
    [],
  );
  if (!recording && !voice) return null;

  function sayIt() {
    if (recording) {
      player.current?.pause();
      const audio = new Audio(recording);
      player.current = audio;
      audio.playbackRate = rate;
      // A recording that cannot be fetched (offline, gone) falls back to the device's voice.
      void audio.play().catch(() => {
        if (voice) say(word, voice, rate);
      });
      return;
    }
    if (voice) say(word, voice, rate);
  }

  return (
    <button
      type="button"
      onClick={sayIt}
      aria-label={`Hear “${word}”`}
      className="inline-flex size-10 shrink-0 items-center justify-center rounded-full text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      <Volume2 className="size-5" aria-hidden="true" />
    </button>
  );
}
