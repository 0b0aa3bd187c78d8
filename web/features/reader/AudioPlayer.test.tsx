import { render, screen, waitFor } from '@testing-library/react';
import { createRef } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AudioPlayer } from './AudioPlayer.tsx';

/** The chapter's player as the reader's header shows it, without timings. */
function renderPlayer() {
  const audio = createRef<HTMLAudioElement>();
  render(<AudioPlayer src="/media/chapter.mp3" audio={audio} rate={1} onRateChange={() => undefined} />);
  return audio;
}

describe('AudioPlayer', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows the length once the audio has read its metadata', async () => {
    const audio = renderPlayer();
    const slider = screen.getByRole('slider', { name: 'Position' });
    expect(slider.getAttribute('aria-valuetext')).toBe('0:00 of 0:00');
    vi.spyOn(HTMLMediaElement.prototype, 'duration', 'get').mockReturnValue(23.9);
    audio.current?.dispatchEvent(new Event('loadedmetadata'));
    await waitFor(() => expect(slider.getAttribute('aria-valuetext')).toBe('0:00 of 0:23'));
  });

  it('is drawn asking for nothing, and asks for its metadata once mounted (decision 119)', () => {
    const drawn = renderToString(
      <AudioPlayer src="/media/chapter.mp3" audio={createRef()} rate={1} onRateChange={() => undefined} />,
    );
    expect(drawn).toMatch(/<audio[^>]* preload="none"[^>]* data-preload="metadata"/);
    const audio = renderPlayer();
    expect(audio.current?.getAttribute('preload')).toBe('metadata');
  });

  it('shows the length the audio knew before it listened, as a drawn page’s audio may', async () => {
    vi.spyOn(HTMLMediaElement.prototype, 'readyState', 'get').mockReturnValue(HTMLMediaElement.HAVE_METADATA);
    vi.spyOn(HTMLMediaElement.prototype, 'duration', 'get').mockReturnValue(83.9);
    vi.spyOn(HTMLMediaElement.prototype, 'currentTime', 'get').mockReturnValue(12.2);
    renderPlayer();
    await waitFor(() =>
      expect(screen.getByRole('slider', { name: 'Position' }).getAttribute('aria-valuetext')).toBe(
        '0:12 of 1:23',
      ),
    );
  });
});
