// The device's voice (Web Speech API, issue 23): a word said in the story's language from the word panel, and
// a chapter without a recording read sentence by sentence. Offered only where the device has a voice for the
// language: a voice of another language would read the words wrongly.
import { useEffect, useState } from 'react';

/** The speech synthesis of this browser, if it has one. */
function synthesis(): SpeechSynthesis | undefined {
  return typeof window !== 'undefined' && 'speechSynthesis' in window ? window.speechSynthesis : undefined;
}

/** The language part of a BCP 47 tag, lower case: 'es' of 'es-MX', 'zh' of 'zh_CN'. */
function primaryLanguage(tag: string): string {
  return tag.toLowerCase().split(/[-_]/)[0] ?? '';
}

/**
 * The device's best voice for a language: one of the language, the device's default among them first, then
 * one on the device (it works offline), then the first.
 */
export function voiceFor(
  voices: readonly SpeechSynthesisVoice[],
  language: string,
): SpeechSynthesisVoice | undefined {
  const wanted = primaryLanguage(language);
  const matching = voices.filter((voice) => primaryLanguage(voice.lang) === wanted);
  return (
    matching.find((voice) => voice.default) ?? matching.find((voice) => voice.localService) ?? matching[0]
  );
}

/** The device's voice for `language`, once the browser has listed its voices (they may come later). */
export function useVoice(language: string): SpeechSynthesisVoice | undefined {
  const [voice, setVoice] = useState<SpeechSynthesisVoice | undefined>(() =>
    voiceFor(synthesis()?.getVoices() ?? [], language),
  );
  useEffect(() => {
    const speech = synthesis();
    if (!speech) return;
    const update = () => setVoice(voiceFor(speech.getVoices(), language));
    update();
    speech.addEventListener?.('voiceschanged', update);
    return () => speech.removeEventListener?.('voiceschanged', update);
  }, [language]);
  return voice;
}

/** What to hear of an utterance: when it starts, and when it ends or fails. */
export interface Spoken {
  onStart?: () => void;
  onEnd?: () => void;
}

/** Says `text` in the voice (anything being said stops first), at `rate` (0.5-2). */
export function say(text: string, voice: SpeechSynthesisVoice, rate: number, heard: Spoken = {}): void {
  const speech = synthesis();
  if (!speech) return;
  speech.cancel();
  const utterance = new SpeechSynthesisUtterance(text);
  utterance.voice = voice;
  utterance.lang = voice.lang;
  utterance.rate = rate;
  utterance.onstart = () => heard.onStart?.();
  utterance.onend = () => heard.onEnd?.();
  utterance.onerror = () => heard.onEnd?.();
  speech.speak(utterance);
}

/** Stops whatever the device is saying. */
export function stopSaying(): void {
  synthesis()?.cancel();
}
