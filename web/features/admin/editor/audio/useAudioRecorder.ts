import { type RefObject, useEffect, useRef, useState } from 'react';
import { useObjectUrl } from './useObjectUrl.ts';

export type RecorderState = 'idle' | 'recording' | 'paused' | 'stopped';

export const MICROPHONE_UNAVAILABLE = 'Could not access microphone. Please check your permissions.';

// admin.md §4: recordings use WebM with Opus. The fallbacks let other browsers record in what they can.
const PREFERRED_TYPES = ['audio/webm;codecs=opus', 'audio/webm'];

export interface AudioRecorder {
  state: RecorderState;
  /** Whole seconds spent recording; time paused is not counted. */
  elapsedSeconds: number;
  /** The finished recording. Set shortly after `stop()`, once the browser hands the data over. */
  recording: Blob | undefined;
  /** An object URL of `recording` for playback, revoked when the recording goes. */
  recordingUrl: string | undefined;
  /** Waiting for the microphone (the browser may be asking the person's permission). */
  isStarting: boolean;
  error: string | undefined;
  start: () => Promise<void>;
  pause: () => void;
  resume: () => void;
  stop: () => void;
  /** Ends a recording in progress and drops it. */
  cancel: () => void;
  /** Drops a finished recording. */
  discard: () => void;
}

interface Session {
  recorder: MediaRecorder;
  stream: MediaStream;
  /** Aborting it detaches the recorder's listeners, so a dropped recording never comes back. */
  listeners: AbortController;
}

/**
 * Records from the microphone (admin.md §4): idle → recording ⇄ paused → stopped, then discarded (or taken by
 * the caller and discarded). The microphone is released as soon as recording ends, and when the component
 * unmounts.
 */
export function useAudioRecorder(): AudioRecorder {
  const [state, setState] = useState<RecorderState>('idle');
  const [elapsedSeconds, setElapsedSeconds] = useState(0);
  const [recording, setRecording] = useState<Blob>();
  const [isStarting, setIsStarting] = useState(false);
  const [error, setError] = useState<string>();
  const recordingUrl = useObjectUrl(recording);
  const session = useRef<Session | null>(null);
  const isMounted = useRef(false);

  useEffect(() => {
    if (state !== 'recording') return;
    const timer = setInterval(() => setElapsedSeconds((seconds) => seconds + 1), 1000);
    return () => clearInterval(timer);
  }, [state]);

  useEffect(() => {
    isMounted.current = true;
    return () => {
      isMounted.current = false;
      if (session.current) abandon(session.current);
      session.current = null;
    };
  }, []);

  async function start() {
    if (state !== 'idle' || isStarting) return;
    setError(undefined);
    setIsStarting(true);
    let stream: MediaStream | undefined;
    try {
      stream = await requestMicrophone();
      // Closed while the browser was asking for permission: nobody is left to stop this stream.
      if (!isMounted.current) {
        stopTracks(stream);
        return;
      }
      session.current = record(stream, (blob) => {
        session.current = null;
        setRecording(blob);
        setState('stopped');
      });
      setElapsedSeconds(0);
      setState('recording');
    } catch (cause) {
      console.warn('Could not record from the microphone.', cause);
      if (stream) stopTracks(stream);
      if (isMounted.current) setError(MICROPHONE_UNAVAILABLE);
    } finally {
      if (isMounted.current) setIsStarting(false);
    }
  }

  function reset() {
    if (session.current) abandon(session.current);
    session.current = null;
    setRecording(undefined);
    setElapsedSeconds(0);
    setState('idle');
  }

  const { pause, resume, stop } = recorderControls(session, setState);
  return {
    state,
    elapsedSeconds,
    recording,
    recordingUrl,
    isStarting,
    error,
    start,
    pause,
    resume,
    stop,
    cancel: reset,
    discard: reset,
  };
}

/** Pause, resume and stop for the recording under way, each only from the state it applies to. */
function recorderControls(session: RefObject<Session | null>, setState: (state: RecorderState) => void) {
  function pause() {
    const recorder = session.current?.recorder;
    if (recorder?.state !== 'recording') return;
    recorder.pause();
    setState('paused');
  }

  function resume() {
    const recorder = session.current?.recorder;
    if (recorder?.state !== 'paused') return;
    recorder.resume();
    setState('recording');
  }

  function stop() {
    const current = session.current;
    if (!current || current.recorder.state === 'inactive') return;
    current.recorder.stop();
    // The recorder keeps what it has; the microphone (and the browser's recording indicator) can go now.
    stopTracks(current.stream);
    setState('stopped');
  }

  return { pause, resume, stop };
}

/**
 * Starts recording a stream; `onStop` gets the recording when the recorder ends, by stop() or by itself (the
 * microphone unplugged, or its permission withdrawn), once the microphone is released.
 */
function record(stream: MediaStream, onStop: (recording: Blob) => void): Session {
  const recorder = new MediaRecorder(stream, recorderOptions());
  const listeners = new AbortController();
  const chunks: Blob[] = [];
  recorder.addEventListener(
    'dataavailable',
    (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    },
    { signal: listeners.signal },
  );
  recorder.addEventListener(
    'stop',
    () => {
      listeners.abort();
      stopTracks(stream);
      onStop(new Blob(chunks, { type: recorder.mimeType || chunks[0]?.type || 'audio/webm' }));
    },
    { signal: listeners.signal },
  );
  recorder.start();
  return { recorder, stream, listeners };
}

async function requestMicrophone(): Promise<MediaStream> {
  // Both are missing on a page served without HTTPS, and in older browsers.
  if (!navigator.mediaDevices?.getUserMedia || typeof MediaRecorder === 'undefined') {
    throw new Error('This browser cannot record audio here.');
  }
  return navigator.mediaDevices.getUserMedia({ audio: true });
}

function recorderOptions(): MediaRecorderOptions | undefined {
  const mimeType = PREFERRED_TYPES.find((type) => MediaRecorder.isTypeSupported(type));
  return mimeType ? { mimeType } : undefined;
}

/** Stops the recorder without keeping what it recorded, and releases the microphone. */
function abandon({ recorder, stream, listeners }: Session) {
  listeners.abort();
  if (recorder.state !== 'inactive') recorder.stop();
  stopTracks(stream);
}

function stopTracks(stream: MediaStream) {
  for (const track of stream.getTracks()) track.stop();
}
