import { vi } from 'vitest';

// Test-only fakes for the browser's media APIs, which jsdom lacks. Imported by tests only.

/** Replaces the object-URL calls (jsdom cannot make URLs for its blobs); restore with vi.restoreAllMocks. */
export function stubObjectUrls() {
  let made = 0;
  const create = vi.spyOn(URL, 'createObjectURL').mockImplementation(() => {
    made += 1;
    return `blob:fake-${made}`;
  });
  const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  return {
    create,
    revoke,
    /** URLs made and not revoked yet. */
    live: () =>
      create.mock.results
        .map((result) => String(result.value))
        .filter((url) => !revoke.mock.calls.some(([revoked]) => revoked === url)),
  };
}

/** A microphone track; tests check that it was stopped. */
export class FakeTrack {
  readonly stop = vi.fn();
}

/** A MediaRecorder that records nothing but follows the real one's states and events. */
export class FakeMediaRecorder extends EventTarget {
  static instances: FakeMediaRecorder[] = [];
  static supportedTypes = ['audio/webm;codecs=opus', 'audio/webm'];
  /** When true, the data after stop() waits for deliver(), as on a busy machine. */
  static holdsData = false;
  static isTypeSupported(type: string): boolean {
    return FakeMediaRecorder.supportedTypes.includes(type);
  }

  state: RecordingState = 'inactive';
  readonly mimeType: string;

  constructor(
    readonly stream: MediaStream,
    options?: MediaRecorderOptions,
  ) {
    super();
    this.mimeType = options?.mimeType ?? 'audio/ogg';
    FakeMediaRecorder.instances.push(this);
  }

  start() {
    this.move('inactive', 'recording');
  }

  pause() {
    this.move('recording', 'paused');
  }

  resume() {
    this.move('paused', 'recording');
  }

  stop() {
    if (this.state === 'inactive') return;
    this.state = 'inactive';
    // As in a browser, the data and the stop event arrive after stop() has returned.
    if (!FakeMediaRecorder.holdsData) void Promise.resolve().then(() => this.deliver());
  }

  /** Hands over the data and ends, as the browser does once it has encoded the recording. */
  deliver() {
    const data = new Blob(['fake sound'], { type: this.mimeType });
    this.dispatchEvent(Object.assign(new Event('dataavailable'), { data }));
    this.dispatchEvent(new Event('stop'));
  }

  private move(from: RecordingState, to: RecordingState) {
    if (this.state !== from) throw new DOMException(`The recorder is ${this.state}.`, 'InvalidStateError');
    this.state = to;
  }
}

/**
 * Installs a microphone and MediaRecorder; every getUserMedia call gets a stream of one new track. Call
 * `removeFakeMicrophone` (and vi.unstubAllGlobals) after the test.
 */
export function installFakeMicrophone() {
  const tracks: FakeTrack[] = [];
  const getUserMedia = vi.fn(async (_constraints: MediaStreamConstraints) => {
    const track = new FakeTrack();
    tracks.push(track);
    return { getTracks: () => [track] } as unknown as MediaStream;
  });
  FakeMediaRecorder.instances = [];
  vi.stubGlobal('MediaRecorder', FakeMediaRecorder);
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia } });
  return { getUserMedia, tracks, recorders: FakeMediaRecorder.instances };
}

export function removeFakeMicrophone(): void {
  Reflect.deleteProperty(navigator, 'mediaDevices');
}
