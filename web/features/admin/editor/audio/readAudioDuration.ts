// A browser that cannot decode the file may fire neither event; the duration is a nicety, so give up soon.
export const READ_TIMEOUT_MS = 5000;

/**
 * The file's duration in seconds as the browser reads it from the metadata, or null when it cannot tell
 * (an undecodable file, or a live-style WebM whose duration is Infinity). Never rejects.
 */
export function readAudioDuration(file: Blob): Promise<number | null> {
  return new Promise((resolve) => {
    const audio = document.createElement('audio');
    const url = URL.createObjectURL(file);
    const events = new AbortController();
    const timeout = setTimeout(() => finish(null), READ_TIMEOUT_MS);

    function finish(duration: number | null) {
      clearTimeout(timeout);
      events.abort();
      URL.revokeObjectURL(url);
      resolve(duration);
    }

    audio.addEventListener(
      'loadedmetadata',
      () => finish(Number.isFinite(audio.duration) && audio.duration >= 0 ? audio.duration : null),
      { signal: events.signal },
    );
    audio.addEventListener('error', () => finish(null), { signal: events.signal });
    audio.preload = 'metadata';
    audio.src = url;
  });
}
