import { Volume2 } from 'lucide-react';
import { say, useVoice } from './speech.ts';

/**
 * The word panel's speaker (issue 23): the word said by the device's voice in the story's language, at the
 * learner's speed; not shown where the device has no voice for the language.
 */
export function SayWord({ word, language, rate }: { word: string; language: string; rate: number }) {
  const voice = useVoice(language);
  if (!voice) return null;
  return (
    <button
      type="button"
      onClick={() => say(word, voice, rate)}
      aria-label={`Hear “${word}”`}
      className="inline-flex size-10 shrink-0 items-center justify-center rounded-full text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      <Volume2 className="size-5" aria-hidden="true" />
    </button>
  );
}
