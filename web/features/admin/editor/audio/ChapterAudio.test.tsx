import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChapterAudio, type ChapterAudioProps, type PendingAudio } from './ChapterAudio.tsx';
import { readAudioDuration } from './readAudioDuration.ts';
import { stubObjectUrls } from './testing.ts';

// jsdom never loads media, so the duration a browser would read is told here.
vi.mock('./readAudioDuration.ts', () => ({ readAudioDuration: vi.fn() }));

const HELP = 'Upload MP3, WAV, or other audio files (max 50MB). Audio will be available during reading.';

beforeEach(() => {
  stubObjectUrls();
  vi.mocked(readAudioDuration).mockResolvedValue(65);
});

afterEach(() => {
  vi.restoreAllMocks();
});

function audioFile(name: string, type: string, size?: number): File {
  const file = new File(['sound'], name, { type });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
}

function renderAudio(props: Partial<ChapterAudioProps> = {}) {
  const handlers = { onPendingChange: vi.fn(), onRemove: vi.fn() };
  const view = render(
    <ChapterAudio audioUrl={null} durationSeconds={null} pending={undefined} {...handlers} {...props} />,
  );
  // applyAccept off: a person can still pick any file through "All files", and the check must catch it.
  return { ...handlers, ...view, user: userEvent.setup({ applyAccept: false }) };
}

/** The editor's side of the contract: it keeps the pending audio, and removing clears the saved URL. */
function Editor({ savedUrl, initialPending }: { savedUrl: string | null; initialPending?: PendingAudio }) {
  const [audioUrl, setAudioUrl] = useState(savedUrl);
  const [pending, setPending] = useState(initialPending);
  return (
    <ChapterAudio
      audioUrl={audioUrl}
      durationSeconds={audioUrl ? 42 : null}
      pending={pending}
      onPendingChange={setPending}
      onRemove={() => setAudioUrl(null)}
    />
  );
}

describe('ChapterAudio', () => {
  it('offers an audio file field with the help text when the chapter has no audio', () => {
    renderAudio();

    const input = screen.getByLabelText('Audio file');
    expect(input.getAttribute('accept')).toBe('audio/*');
    expect(screen.getByRole('group', { name: 'Chapter Audio (optional)' })).toBeDefined();
    expect(screen.getByText(HELP)).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Remove audio' })).toBeNull();
  });

  it('shows saved audio as uploaded, with its duration and a player, and removes it through onRemove', async () => {
    const { user, onRemove, onPendingChange } = renderAudio({
      audioUrl: 'https://media.example/chapters/1.webm',
      durationSeconds: 125,
    });

    expect(screen.getByText('Audio file uploaded')).toBeDefined();
    expect(screen.getByText('2:05')).toBeDefined();
    expect(screen.getByLabelText('Chapter audio playback').getAttribute('src')).toBe(
      'https://media.example/chapters/1.webm',
    );
    expect(screen.queryByLabelText('Audio file')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Remove audio' }));
    expect(onRemove).toHaveBeenCalledOnce();
    expect(onPendingChange).not.toHaveBeenCalled();
  });

  it('refuses a file that is not audio, and calls nothing', async () => {
    const { user, onPendingChange, onRemove } = renderAudio();

    await user.upload(screen.getByLabelText('Audio file'), audioFile('cover.png', 'image/png'));

    expect(screen.getByRole('alert').textContent).toBe('Please select an audio file (MP3, WAV, etc.)');
    expect(onPendingChange).not.toHaveBeenCalled();
    expect(onRemove).not.toHaveBeenCalled();
    expect(readAudioDuration).not.toHaveBeenCalled();
  });

  it('refuses audio over 50 MB', async () => {
    const { user, onPendingChange } = renderAudio();

    await user.upload(
      screen.getByLabelText('Audio file'),
      audioFile('long.mp3', 'audio/mpeg', 51 * 1024 * 1024),
    );

    expect(screen.getByRole('alert').textContent).toBe('Audio file is too large. Maximum size is 50MB.');
    expect(onPendingChange).not.toHaveBeenCalled();
  });

  it('makes a picked MP3 the pending audio, with the duration the browser read', async () => {
    const { user, onPendingChange } = renderAudio();
    const file = audioFile('talk.mp3', 'audio/mpeg');

    await user.upload(screen.getByLabelText('Audio file'), file);

    await vi.waitFor(() => expect(onPendingChange).toHaveBeenCalledWith({ file, durationSeconds: 65 }));
    expect(readAudioDuration).toHaveBeenCalledWith(file);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('accepts a file the system gave no type when its name says it is audio', async () => {
    const { user, onPendingChange } = renderAudio();
    const file = audioFile('talk.opus', '');

    await user.upload(screen.getByLabelText('Audio file'), file);

    await vi.waitFor(() => expect(onPendingChange).toHaveBeenCalledWith({ file, durationSeconds: 65 }));
  });

  it('clears an earlier problem once a good file is picked', async () => {
    const { user, onPendingChange } = renderAudio();
    const input = screen.getByLabelText('Audio file');

    await user.upload(input, audioFile('notes.txt', 'text/plain'));
    expect(screen.getByRole('alert')).toBeDefined();
    await user.upload(input, audioFile('talk.wav', 'audio/wav'));

    await vi.waitFor(() => expect(onPendingChange).toHaveBeenCalledOnce());
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows pending audio by name and duration over the saved audio, with a player of the file', () => {
    const file = audioFile('talk.mp3', 'audio/mpeg');
    renderAudio({
      audioUrl: 'https://media.example/chapters/1.webm',
      durationSeconds: 30,
      pending: { file, durationSeconds: 65 },
    });

    expect(screen.getByText('talk.mp3')).toBeDefined();
    expect(screen.getByText('1:05')).toBeDefined();
    expect(screen.queryByText('Audio file uploaded')).toBeNull();
    expect(URL.createObjectURL).toHaveBeenCalledWith(file);
    expect(screen.getByLabelText('Chapter audio playback').getAttribute('src')).toMatch(/^blob:fake-/);
  });

  it('shows only the name of pending audio whose duration is unknown', () => {
    renderAudio({ pending: { file: audioFile('talk.flac', 'audio/flac'), durationSeconds: null } });

    expect(screen.getByText('talk.flac').closest('p')?.textContent).toBe('talk.flac');
  });

  it('swaps the file field and the pending audio, keeping keyboard focus in the section', async () => {
    const user = userEvent.setup();
    render(<Editor savedUrl="https://media.example/chapters/1.webm" />);
    expect(screen.getByText('Audio file uploaded')).toBeDefined();

    // Removing the saved audio brings the file field back; picking a file makes it pending.
    await user.click(screen.getByRole('button', { name: 'Remove audio' }));
    expect(document.activeElement).toBe(screen.getByLabelText('Audio file'));
    await user.upload(screen.getByLabelText('Audio file'), audioFile('talk.mp3', 'audio/mpeg'));
    expect(await screen.findByText('talk.mp3')).toBeDefined();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove audio' }));

    await user.click(screen.getByRole('button', { name: 'Remove audio' }));
    expect(screen.queryByText('talk.mp3')).toBeNull();
    expect(screen.getByLabelText('Audio file')).toBeDefined();
  });

  it('brings the saved audio back when the pending audio is removed', async () => {
    const user = userEvent.setup();
    const pending = { file: audioFile('talk.mp3', 'audio/mpeg'), durationSeconds: 65 };
    render(<Editor savedUrl="https://media.example/chapters/1.webm" initialPending={pending} />);
    expect(screen.getByText('talk.mp3')).toBeDefined();

    await user.click(screen.getByRole('button', { name: 'Remove audio' }));

    expect(screen.queryByText('talk.mp3')).toBeNull();
    expect(screen.getByText('Audio file uploaded')).toBeDefined();
    expect(screen.getByText('0:42')).toBeDefined();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove audio' }));
  });

  it('shows a spinner while the editor uploads, and locks the controls', () => {
    renderAudio({
      pending: { file: audioFile('talk.mp3', 'audio/mpeg'), durationSeconds: 65 },
      isUploading: true,
    });

    expect(screen.getByRole('status').textContent).toBe('Uploading audio...');
    expect(screen.getByRole('button', { name: 'Remove audio' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Start Recording' })).toHaveProperty('disabled', true);
  });

  it('locks the file field and the recorder when disabled', () => {
    renderAudio({ disabled: true });

    expect(screen.getByLabelText('Audio file')).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Start Recording' })).toHaveProperty('disabled', true);
  });

  it('revokes the URL of pending audio once it is no longer shown', () => {
    const pending = { file: audioFile('talk.mp3', 'audio/mpeg'), durationSeconds: 65 };
    const { rerender, onPendingChange, onRemove } = renderAudio({ pending });
    const url = screen.getByLabelText('Chapter audio playback').getAttribute('src');

    rerender(
      <ChapterAudio
        audioUrl={null}
        durationSeconds={null}
        pending={undefined}
        onPendingChange={onPendingChange}
        onRemove={onRemove}
      />,
    );

    expect(URL.revokeObjectURL).toHaveBeenCalledWith(url);
  });
});
