import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { READ_TIMEOUT_MS, readAudioDuration } from './readAudioDuration.ts';
import { stubObjectUrls } from './testing.ts';

let urls: ReturnType<typeof stubObjectUrls>;

beforeEach(() => {
  urls = stubObjectUrls();
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** Starts a read and returns the `<audio>` it made, so the test can play the browser's part. */
function startReading() {
  const createElement = vi.spyOn(document, 'createElement');
  const result = readAudioDuration(new Blob(['sound'], { type: 'audio/mpeg' }));
  const audio = createElement.mock.results[0]?.value as HTMLAudioElement;
  createElement.mockRestore();
  return { result, audio };
}

function loadMetadata(audio: HTMLAudioElement, duration: number) {
  Object.defineProperty(audio, 'duration', { value: duration });
  audio.dispatchEvent(new Event('loadedmetadata'));
}

describe('readAudioDuration', () => {
  it("reads the file's duration from its metadata, then revokes the URL it made", async () => {
    const { result, audio } = startReading();
    expect(audio.src).toMatch(/^blob:fake-/);
    expect(audio.preload).toBe('metadata');

    loadMetadata(audio, 65.4);

    expect(await result).toBe(65.4);
    expect(urls.live()).toEqual([]);
  });

  it('answers null for a duration the browser does not know', async () => {
    const endless = startReading();
    loadMetadata(endless.audio, Number.POSITIVE_INFINITY);
    const unknown = startReading();
    loadMetadata(unknown.audio, Number.NaN);

    expect([await endless.result, await unknown.result]).toEqual([null, null]);
  });

  it('answers null for a file the browser cannot decode', async () => {
    const { result, audio } = startReading();

    audio.dispatchEvent(new Event('error'));

    expect(await result).toBeNull();
    expect(urls.live()).toEqual([]);
  });

  it('gives up with null when the browser never answers', async () => {
    vi.useFakeTimers();
    const { result } = startReading();

    vi.advanceTimersByTime(READ_TIMEOUT_MS);

    expect(await result).toBeNull();
    expect(urls.live()).toEqual([]);
  });
});
