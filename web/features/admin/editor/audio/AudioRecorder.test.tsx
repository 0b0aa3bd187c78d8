import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChapterAudio, type PendingAudio } from './ChapterAudio.tsx';
import { FakeMediaRecorder, installFakeMicrophone, removeFakeMicrophone, stubObjectUrls } from './testing.ts';

const MICROPHONE = 'Could not access microphone. Please check your permissions.';

let microphone: ReturnType<typeof installFakeMicrophone>;
let urls: ReturnType<typeof stubObjectUrls>;

beforeEach(() => {
  // Only the recording timer is faked: Testing Library's waiting and user-event keep real timeouts.
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  microphone = installFakeMicrophone();
  urls = stubObjectUrls();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  removeFakeMicrophone();
  FakeMediaRecorder.supportedTypes = ['audio/webm;codecs=opus', 'audio/webm'];
  FakeMediaRecorder.holdsData = false;
});

function renderRecorder() {
  const onPendingChange = vi.fn<(pending: PendingAudio | undefined) => void>();
  const view = render(
    <ChapterAudio
      audioUrl={null}
      durationSeconds={null}
      pending={undefined}
      onPendingChange={onPendingChange}
      onRemove={vi.fn()}
    />,
  );
  return { ...view, onPendingChange, user: userEvent.setup() };
}

function button(name: string) {
  return screen.getByRole('button', { name });
}

function timer() {
  return screen.getByRole('timer', { name: 'Recording time' }).textContent;
}

function wait(milliseconds: number) {
  act(() => {
    vi.advanceTimersByTime(milliseconds);
  });
}

async function startRecording(user: ReturnType<typeof userEvent.setup>) {
  await user.click(button('Start Recording'));
  await screen.findByRole('timer');
}

describe('the audio recorder', () => {
  it('records WebM Opus from the microphone, counting seconds only while recording', async () => {
    const { user } = renderRecorder();
    expect(screen.getByRole('group', { name: 'Or Record Audio' })).toBeDefined();

    await startRecording(user);
    expect(microphone.getUserMedia).toHaveBeenCalledWith({ audio: true });
    expect(microphone.recorders.map((recorder) => [recorder.mimeType, recorder.state])).toEqual([
      ['audio/webm;codecs=opus', 'recording'],
    ]);
    expect(timer()).toBe('0:00');
    expect(document.activeElement).toBe(button('Pause'));

    wait(3000);
    expect(timer()).toBe('0:03');

    await user.click(button('Pause'));
    expect(screen.getByText('Paused')).toBeDefined();
    expect(microphone.recorders[0]?.state).toBe('paused');
    wait(5000);
    expect(timer()).toBe('0:03');

    await user.click(button('Resume'));
    expect(microphone.recorders[0]?.state).toBe('recording');
    wait(2000);
    expect(timer()).toBe('0:05');
  });

  it('offers a finished recording for playback, and hands it over as a WebM file when used', async () => {
    const { user, onPendingChange } = renderRecorder();
    await startRecording(user);
    wait(4000);

    await user.click(button('Stop'));

    expect(screen.getByText('Recording complete')).toBeDefined();
    expect(screen.getByText('0:04')).toBeDefined();
    expect(microphone.tracks[0]?.stop).toHaveBeenCalled();
    const player = await screen.findByLabelText('Recording playback');
    const playbackUrl = player.getAttribute('src');
    expect(playbackUrl).toMatch(/^blob:fake-/);
    expect(document.activeElement).toBe(button('Use This Recording'));
    wait(3000);
    expect(screen.getByText('0:04')).toBeDefined();

    await user.click(button('Use This Recording'));

    expect(onPendingChange).toHaveBeenCalledOnce();
    const [pending] = onPendingChange.mock.calls[0] ?? [];
    expect(pending?.durationSeconds).toBe(4);
    expect(pending?.file).toBeInstanceOf(File);
    expect(pending?.file.type).toBe('audio/webm');
    expect(pending?.file.name).toMatch(/^recording-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.webm$/);
    expect(pending?.file.size).toBe('fake sound'.length);
    expect(button('Start Recording')).toBe(document.activeElement);
    expect(urls.revoke).toHaveBeenCalledWith(playbackUrl);
  });

  it('drops a discarded recording', async () => {
    const { user, onPendingChange } = renderRecorder();
    await startRecording(user);
    await user.click(button('Stop'));
    await screen.findByLabelText('Recording playback');

    await user.click(button('Discard'));

    expect(button('Start Recording')).toBeDefined();
    expect(screen.queryByText('Recording complete')).toBeNull();
    expect(onPendingChange).not.toHaveBeenCalled();
    expect(urls.live()).toEqual([]);
  });

  it('cancels a recording back to the start, releasing the microphone and keeping nothing', async () => {
    const { user, onPendingChange } = renderRecorder();
    await startRecording(user);
    wait(2000);

    await user.click(button('Cancel'));

    expect(button('Start Recording')).toBe(document.activeElement);
    expect(screen.queryByRole('timer')).toBeNull();
    expect(microphone.tracks[0]?.stop).toHaveBeenCalled();
    expect(microphone.recorders[0]?.state).toBe('inactive');
    // The recorder's late stop event must not bring the cancelled recording back.
    await act(async () => {});
    expect(screen.queryByText('Recording complete')).toBeNull();
    expect(onPendingChange).not.toHaveBeenCalled();

    await startRecording(user);
    expect(timer()).toBe('0:00');
  });

  it('cancels a paused recording', async () => {
    const { user } = renderRecorder();
    await startRecording(user);
    await user.click(button('Pause'));

    await user.click(button('Cancel'));

    expect(button('Start Recording')).toBeDefined();
    expect(microphone.tracks[0]?.stop).toHaveBeenCalled();
  });

  it('releases the microphone when the editor closes during a recording', async () => {
    const { user, unmount } = renderRecorder();
    await startRecording(user);

    unmount();

    expect(microphone.tracks[0]?.stop).toHaveBeenCalled();
    expect(microphone.recorders[0]?.state).toBe('inactive');
  });

  it('releases a microphone granted after the editor closed', async () => {
    let grant: (stream: MediaStream) => void = () => {};
    microphone.getUserMedia.mockImplementationOnce(() => new Promise((resolve) => (grant = resolve)));
    const { user, unmount } = renderRecorder();
    await user.click(button('Start Recording'));
    expect(button('Start Recording').getAttribute('aria-busy')).toBe('true');

    unmount();
    const track = { stop: vi.fn() };
    await act(async () => grant({ getTracks: () => [track] } as unknown as MediaStream));

    expect(track.stop).toHaveBeenCalled();
    expect(microphone.recorders).toEqual([]);
  });

  it('says so when the microphone is refused', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    microphone.getUserMedia.mockRejectedValueOnce(new DOMException('Permission denied', 'NotAllowedError'));
    const { user } = renderRecorder();

    await user.click(button('Start Recording'));

    expect((await screen.findByRole('alert')).textContent).toBe(MICROPHONE);
    expect(button('Start Recording')).toHaveProperty('disabled', false);
    expect(warn).toHaveBeenCalled();
  });

  it('says so when the browser cannot record at all', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    removeFakeMicrophone();
    const { user } = renderRecorder();

    await user.click(button('Start Recording'));

    expect((await screen.findByRole('alert')).textContent).toBe(MICROPHONE);
  });

  it('falls back to plain WebM, then to the browser default, keeping the file type it recorded', async () => {
    FakeMediaRecorder.supportedTypes = ['audio/webm'];
    const { user, onPendingChange } = renderRecorder();
    await startRecording(user);
    expect(microphone.recorders[0]?.mimeType).toBe('audio/webm');
    await user.click(button('Cancel'));

    FakeMediaRecorder.supportedTypes = [];
    await startRecording(user);
    await user.click(button('Stop'));
    await screen.findByLabelText('Recording playback');
    await user.click(button('Use This Recording'));

    const [pending] = onPendingChange.mock.calls[0] ?? [];
    expect(pending?.file.type).toBe('audio/ogg');
    expect(pending?.file.name).toMatch(/\.ogg$/);
  });

  it('uses a recording chosen before the browser has handed its data over, once the data arrives', async () => {
    // On a busy machine the data comes well after Stop, and a Use pressed meanwhile once did nothing at all.
    FakeMediaRecorder.holdsData = true;
    const { user, onPendingChange } = renderRecorder();
    await startRecording(user);
    wait(2000);
    await user.click(button('Stop'));
    await user.click(button('Use This Recording'));

    expect(onPendingChange).not.toHaveBeenCalled();
    expect(button('Use This Recording').getAttribute('aria-busy')).toBe('true');
    act(() => microphone.recorders[0]?.deliver());

    expect(onPendingChange).toHaveBeenCalledOnce();
    const [pending] = onPendingChange.mock.calls[0] ?? [];
    expect(pending?.durationSeconds).toBe(2);
    expect(pending?.file.size).toBe('fake sound'.length);
    expect(button('Start Recording')).toBeDefined();
  });

  it("keeps the playback URL alive under React's development double effects", async () => {
    const user = userEvent.setup();
    render(
      <StrictMode>
        <ChapterAudio
          audioUrl={null}
          durationSeconds={null}
          pending={undefined}
          onPendingChange={vi.fn()}
          onRemove={vi.fn()}
        />
      </StrictMode>,
    );
    await startRecording(user);
    await user.click(button('Stop'));

    const player = await screen.findByLabelText('Recording playback');
    expect(urls.live()).toEqual([player.getAttribute('src')]);
    expect(microphone.tracks[0]?.stop).toHaveBeenCalled();
  });

  it('keeps what was recorded when the microphone goes away mid-recording', async () => {
    const { user } = renderRecorder();
    await startRecording(user);
    wait(2000);

    // A browser stops the recorder itself when its only track ends (unplugged, permission withdrawn).
    act(() => microphone.recorders[0]?.stop());

    expect(await screen.findByText('Recording complete')).toBeDefined();
    expect(microphone.tracks[0]?.stop).toHaveBeenCalled();
    expect(screen.getByText('0:02')).toBeDefined();
  });
});
