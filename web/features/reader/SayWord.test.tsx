// The word panel's speaker (issue 23): a dictionary recording first, the device's voice otherwise, nothing
// where neither can say the word.
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SayWord } from './SayWord.tsx';

const RECORDING =
  'https://upload.wikimedia.org/wikipedia/commons/transcoded/5/56/De-Herz.ogg/De-Herz.ogg.mp3';

let played: HTMLMediaElement[] = [];
let spoken: { text: string; lang: string; rate: number }[] = [];

function deviceVoices(voices: { lang: string }[]) {
  const synthesis = {
    getVoices: () =>
      voices.map((voice) => ({ ...voice, name: voice.lang, default: true, localService: true })),
    speak: (utterance: { text: string; lang: string; rate: number }) => spoken.push(utterance),
    cancel: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
  };
  Object.defineProperty(window, 'speechSynthesis', { value: synthesis, configurable: true });
  class Utterance {
    voice: unknown = null;
    lang = '';
    rate = 1;
    constructor(readonly text: string) {}
  }
  Object.defineProperty(window, 'SpeechSynthesisUtterance', { value: Utterance, configurable: true });
}

beforeEach(() => {
  played = [];
  spoken = [];
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    played.push(this);
    return Promise.resolve();
  });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  Reflect.deleteProperty(window, 'speechSynthesis');
});

describe('SayWord', () => {
  it('plays the dictionary’s recording of the word, at the learner’s speed, rather than the device’s voice', async () => {
    deviceVoices([{ lang: 'de-DE' }]);
    render(<SayWord word="Herz" language="de" rate={0.75} recording={RECORDING} />);
    await userEvent.click(screen.getByRole('button', { name: 'Hear “Herz”' }));
    expect(played.map((audio) => [audio.src, audio.playbackRate])).toEqual([[RECORDING, 0.75]]);
    expect(spoken).toEqual([]);
  });

  it('falls back to the device’s voice when the recording cannot play', async () => {
    deviceVoices([{ lang: 'de-DE' }]);
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockRejectedValue(new Error('offline'));
    render(<SayWord word="Herz" language="de" rate={1} recording={RECORDING} />);
    await userEvent.click(screen.getByRole('button', { name: 'Hear “Herz”' }));
    await vi.waitFor(() => expect(spoken.map((utterance) => utterance.text)).toEqual(['Herz']));
  });

  it('says the word with the device’s voice for the language when there is no recording', async () => {
    deviceVoices([{ lang: 'en-US' }, { lang: 'es-ES' }]);
    render(<SayWord word="casa" language="es" rate={1.25} />);
    await userEvent.click(screen.getByRole('button', { name: 'Hear “casa”' }));
    expect(spoken).toEqual([expect.objectContaining({ text: 'casa', lang: 'es-ES', rate: 1.25 })]);
    expect(played).toEqual([]);
  });

  it('is not offered without a recording or a voice for the language', () => {
    deviceVoices([{ lang: 'en-US' }]);
    render(<SayWord word="casa" language="es" rate={1} />);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
