import {
  Pause,
  Play,
  Repeat,
  Repeat1,
  RotateCcw,
  RotateCw,
  SkipBack,
  SkipForward,
  Volume2,
  VolumeX,
} from 'lucide-react';
import { type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';
import { PLAYBACK_RATES, steppedRate } from '#common/schemas/readerSettings.ts';
import { cn } from '#web/components/ui/cn.ts';
import type { ReadAlong } from './useReadAlong.ts';

/** The jump of rewind and forward, in seconds (spec/learner.md §9). */
export const AUDIO_JUMP_SECONDS = 5;
/** How much an arrow key changes the volume, between 0 and 1. */
export const VOLUME_STEP = 0.1;

/** m:ss, as the player shows a position. */
export function formatClock(seconds: number): string {
  const whole = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** True when a key press belongs to what has the focus (a field, a button, the chapter text), not the player. */
export function isForSomethingElse(event: KeyboardEvent): boolean {
  if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return true;
  const target = event.target instanceof Element ? event.target : null;
  if (!target) return false;
  if (target.closest('input, textarea, select, [contenteditable="true"], [role="dialog"]')) return true;
  // Space and Enter press buttons and follow links; the arrows walk the chapter's words when it has the focus
  // (with Shift, they go from sentence to sentence, anywhere).
  if (event.key === ' ' && target.closest('button, a, [role="button"]')) return true;
  return event.key.startsWith('Arrow') && !event.shiftKey && target.closest('[data-reader-text]') !== null;
}

/** The speed as the player shows it: "1×", "0.75×". */
export function formatRate(rate: number): string {
  return `${rate}×`;
}

/** What the chapter's audio asks for before it is played, once the page is painted: its length. */
const PRELOAD = 'metadata';

export interface AudioPlayerProps {
  src: string;
  /** The audio element, which the read-along follows too. */
  audio: RefObject<HTMLAudioElement | null>;
  /** The sentence controls, when the chapter's audio has timings (issue 23). */
  readAlong?: ReadAlong | undefined;
  /** The speed, 0.5-2 (issue 23), remembered for the learner by the caller. Pitch is kept. */
  rate: number;
  onRateChange: (rate: number) => void;
}

/**
 * The chapter's audio (spec/learner.md §2): play and pause, back and forward 5 seconds, loop, mute and volume,
 * and the position, which can be dragged; its speed, and with timings the previous, next and same sentence
 * (issue 23). Keys anywhere on the page unless something else takes them: space plays or pauses, left and right
 * jump, up and down change the volume, l loops, m mutes, < and > change the speed; with timings, Shift+left
 * and Shift+right go to the previous and next sentence, r repeats the sentence.
 */
export function AudioPlayer({ src, audio, readAlong, rate, onRateChange }: AudioPlayerProps) {
  const [playing, setPlaying] = useState(false);
  const [position, setPosition] = useState(0);
  const [duration, setDuration] = useState(0);
  const [volume, setVolume] = useState(1);
  const [muted, setMuted] = useState(false);
  const [looping, setLooping] = useState(false);

  // The audio is drawn with preload="none" and asks for its metadata once the page is painted (decision 119): on a
  // drawn chapter landing-start.js asks when it starts the app; otherwise it is asked here, once mounted.
  // On a drawn chapter the metadata may then have come before React listened for its events (they do not bubble:
  // React listens on the element, from hydration on), and the player said 0:00 of 0:00 until played (decision
  // 118): what the element knows already is read once it is React's.
  useEffect(() => {
    const player = audio.current;
    if (player?.preload === 'none') player.preload = PRELOAD;
    if (player && player.readyState >= HTMLMediaElement.HAVE_METADATA) {
      setDuration(player.duration);
      setPosition(player.currentTime);
    }
  }, [audio]);

  const controls = audioControls(audio, { setPlaying, setPosition, setLooping });
  const { togglePlay, seekBy, changeVolume, toggleMute, toggleLoop } = controls;
  usePlayerKeys(audio, controls, readAlongKeys(readAlong, rate, onRateChange));
  useRate(audio, rate);

  const shownVolume = muted ? 0 : volume;
  return (
    <section
      aria-label="Chapter audio"
      className="mx-auto flex max-w-3xl flex-col items-stretch gap-1 sm:flex-row sm:items-center sm:gap-2"
    >
      {/* biome-ignore lint/a11y/useMediaCaption: narration of the text on screen, which is its transcript */}
      <audio
        ref={audio}
        src={src}
        preload="none"
        data-preload={PRELOAD}
        data-testid="chapter-audio"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => setPlaying(false)}
        onTimeUpdate={(event) => setPosition(event.currentTarget.currentTime)}
        onLoadedMetadata={(event) => {
          setDuration(event.currentTarget.duration);
          event.currentTarget.playbackRate = rate;
        }}
        onDurationChange={(event) => setDuration(event.currentTarget.duration)}
        onVolumeChange={(event) => {
          setVolume(event.currentTarget.volume);
          setMuted(event.currentTarget.muted);
        }}
      />
      {/* On a phone: the moves on one line, the position and the sound below them. */}
      <Moves playing={playing} onPlay={togglePlay} onSeek={seekBy} readAlong={readAlong} />
      <div className="flex min-w-0 flex-1 items-center gap-1 sm:gap-2">
        <PositionSlider audio={audio} position={position} duration={duration} />
        <span className="shrink-0 text-xs text-slate-600 tabular-nums" aria-hidden="true">
          {formatClock(position)} / {formatClock(duration)}
        </span>
        <RateSelect rate={rate} onRateChange={onRateChange} />
        <PlayerButton label="Loop" pressed={looping} onClick={toggleLoop}>
          <Repeat className="size-4" aria-hidden="true" />
        </PlayerButton>
        <VolumeControls muted={muted} volume={shownVolume} onMute={toggleMute} onVolume={changeVolume} />
      </div>
    </section>
  );
}

/** Play or pause, back and forward, and with timings the sentence before, after and again. */
function Moves({
  playing,
  onPlay,
  onSeek,
  readAlong,
}: {
  playing: boolean;
  onPlay: () => void;
  onSeek: (seconds: number) => void;
  readAlong: ReadAlong | undefined;
}) {
  return (
    <div className="flex items-center justify-center gap-1 sm:gap-2">
      {readAlong ? <SentenceButton readAlong={readAlong} which="previous" /> : null}
      <PlayerButton label={`Back ${AUDIO_JUMP_SECONDS} seconds`} onClick={() => onSeek(-AUDIO_JUMP_SECONDS)}>
        <RotateCcw className="size-4" aria-hidden="true" />
      </PlayerButton>
      <PlayerButton label={playing ? 'Pause' : 'Play'} onClick={onPlay} primary>
        {playing ? (
          <Pause className="size-5" aria-hidden="true" />
        ) : (
          <Play className="size-5" aria-hidden="true" />
        )}
      </PlayerButton>
      <PlayerButton
        label={`Forward ${AUDIO_JUMP_SECONDS} seconds`}
        onClick={() => onSeek(AUDIO_JUMP_SECONDS)}
      >
        <RotateCw className="size-4" aria-hidden="true" />
      </PlayerButton>
      {readAlong ? (
        <>
          <SentenceButton readAlong={readAlong} which="next" />
          <SentenceButton readAlong={readAlong} which="repeat" />
        </>
      ) : null}
    </div>
  );
}

const SENTENCE_BUTTONS = {
  previous: { label: 'Previous sentence', keys: 'Shift+ArrowLeft', Icon: SkipBack },
  next: { label: 'Next sentence', keys: 'Shift+ArrowRight', Icon: SkipForward },
  repeat: { label: 'Repeat sentence', keys: 'R', Icon: Repeat1 },
} as const;

/** A read-along control (issue 23): the previous, the next or the same sentence again. */
export function SentenceButton({
  readAlong,
  which,
}: {
  readAlong: ReadAlong;
  which: keyof typeof SENTENCE_BUTTONS;
}) {
  const { label, keys, Icon } = SENTENCE_BUTTONS[which];
  return (
    <PlayerButton label={label} keys={keys} onClick={readAlong[which]}>
      <Icon className="size-4" aria-hidden="true" />
    </PlayerButton>
  );
}

/** Mute, and on a wider screen the volume slider beside it. */
function VolumeControls({
  muted,
  volume,
  onMute,
  onVolume,
}: {
  muted: boolean;
  volume: number;
  onMute: () => void;
  onVolume: (volume: number) => void;
}) {
  return (
    <>
      <PlayerButton label="Mute" pressed={muted} onClick={onMute}>
        {muted ? (
          <VolumeX className="size-4" aria-hidden="true" />
        ) : (
          <Volume2 className="size-4" aria-hidden="true" />
        )}
      </PlayerButton>
      <input
        type="range"
        aria-label="Volume"
        min={0}
        max={1}
        step={0.05}
        value={volume}
        onChange={(event) => onVolume(Number(event.currentTarget.value))}
        className="hidden h-2 w-20 cursor-pointer accent-brand-700 sm:block"
      />
    </>
  );
}

type AudioControls = ReturnType<typeof audioControls>;

/** What a key does: an action for each key it is bound to (`event.key`), undefined for a key left alone. */
export type KeyActions = Record<string, (() => void) | undefined>;

/**
 * Keys anywhere on the page unless something else takes them (isForSomethingElse). `actionsOf` is called at
 * each key press with the event, and may be a new function on every render: the listener is added once and
 * calls the latest one.
 */
export function usePageKeys(actionsOf: (event: KeyboardEvent) => KeyActions) {
  const latest = useRef(actionsOf);
  latest.current = actionsOf;
  useEffect(() => {
    function handleKey(event: KeyboardEvent) {
      if (isForSomethingElse(event)) return;
      const action = latest.current(event)[event.key];
      if (!action) return;
      event.preventDefault();
      action();
    }
    document.addEventListener('keydown', handleKey);
    return () => document.removeEventListener('keydown', handleKey);
  }, []);
}

/**
 * The keys every narration has, a recording's or the device's voice (issue 23): < and > change the speed and,
 * with a read-along, Shift+left and Shift+right go to the previous and next sentence and r repeats one. Spread
 * last over a player's own keys, so that Shift+arrows win over its plain arrows.
 */
export function readAlongKeys(
  readAlong: ReadAlong | undefined,
  rate: number,
  onRateChange: (rate: number) => void,
): (event: KeyboardEvent) => KeyActions {
  return (event) => ({
    ...(readAlong && event.shiftKey ? { ArrowLeft: readAlong.previous, ArrowRight: readAlong.next } : {}),
    r: readAlong?.repeat,
    R: readAlong?.repeat,
    '<': () => onRateChange(steppedRate(rate, -1)),
    '>': () => onRateChange(steppedRate(rate, 1)),
  });
}

/** The speed on the audio element, pitch kept (the default, said anyway), set again as a new source loads. */
function useRate(audio: RefObject<HTMLAudioElement | null>, rate: number) {
  useEffect(() => {
    const player = audio.current;
    if (!player) return;
    player.preservesPitch = true;
    player.playbackRate = rate;
  }, [audio, rate]);
}

/** The speed, 0.5× to 2× by quarters: a native select, which phones show as their own picker. */
export function RateSelect({ rate, onRateChange }: { rate: number; onRateChange: (rate: number) => void }) {
  return (
    <select
      aria-label="Playback speed"
      aria-keyshortcuts="Shift+Comma Shift+Period"
      value={rate}
      onChange={(event) => onRateChange(Number(event.currentTarget.value))}
      className="h-8 shrink-0 cursor-pointer rounded-md border border-slate-300 bg-white px-1.5 text-xs font-medium text-slate-700 tabular-nums hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600"
    >
      {PLAYBACK_RATES.map((option) => (
        <option key={option} value={option}>
          {formatRate(option)}
        </option>
      ))}
    </select>
  );
}

/** The player's actions on its audio element, each doing nothing before the element is there. */
function audioControls(
  audio: RefObject<HTMLAudioElement | null>,
  report: {
    setPlaying: (playing: boolean) => void;
    setPosition: (seconds: number) => void;
    setLooping: (looping: boolean) => void;
  },
) {
  function togglePlay() {
    const player = audio.current;
    if (!player) return;
    if (player.paused) void player.play().catch(() => report.setPlaying(false));
    else player.pause();
  }

  function seekBy(seconds: number) {
    const player = audio.current;
    if (!player) return;
    const end = Number.isFinite(player.duration) ? player.duration : Number.POSITIVE_INFINITY;
    player.currentTime = Math.min(end, Math.max(0, player.currentTime + seconds));
    report.setPosition(player.currentTime);
  }

  function changeVolume(next: number) {
    const player = audio.current;
    if (!player) return;
    player.volume = Math.round(Math.min(1, Math.max(0, next)) * 100) / 100;
    if (player.volume > 0) player.muted = false;
  }

  function toggleMute() {
    const player = audio.current;
    if (player) player.muted = !player.muted;
  }

  function toggleLoop() {
    const player = audio.current;
    if (!player) return;
    player.loop = !player.loop;
    report.setLooping(player.loop);
  }

  return { togglePlay, seekBy, changeVolume, toggleMute, toggleLoop };
}

/** The recording's keys: space, the arrows, l and m, and the narration's (readAlongKeys). */
function usePlayerKeys(
  audio: RefObject<HTMLAudioElement | null>,
  controls: AudioControls,
  narrationKeys: (event: KeyboardEvent) => KeyActions,
) {
  usePageKeys((event) => {
    const volume = audio.current?.volume ?? 1;
    return {
      ' ': controls.togglePlay,
      ArrowLeft: () => controls.seekBy(-AUDIO_JUMP_SECONDS),
      ArrowRight: () => controls.seekBy(AUDIO_JUMP_SECONDS),
      ArrowUp: () => controls.changeVolume(volume + VOLUME_STEP),
      ArrowDown: () => controls.changeVolume(volume - VOLUME_STEP),
      l: controls.toggleLoop,
      L: controls.toggleLoop,
      m: controls.toggleMute,
      M: controls.toggleMute,
      ...narrationKeys(event),
    };
  });
}

/** The position, which can be dragged, said as "0:12 of 1:30". */
function PositionSlider({
  audio,
  position,
  duration,
}: {
  audio: RefObject<HTMLAudioElement | null>;
  position: number;
  duration: number;
}) {
  return (
    <input
      type="range"
      aria-label="Position"
      aria-valuetext={`${formatClock(position)} of ${formatClock(duration)}`}
      min={0}
      max={Number.isFinite(duration) && duration > 0 ? duration : 0}
      step={0.1}
      value={Math.min(position, Number.isFinite(duration) ? duration : position)}
      onChange={(event) => {
        const player = audio.current;
        if (player) player.currentTime = Number(event.currentTarget.value);
      }}
      className="mx-1 h-2 min-w-0 flex-1 cursor-pointer accent-brand-700"
    />
  );
}

export function PlayerButton({
  label,
  keys,
  onClick,
  pressed,
  primary = false,
  children,
}: {
  label: string;
  keys?: string;
  onClick: () => void;
  pressed?: boolean;
  primary?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      aria-keyshortcuts={keys}
      title={keys ? `${label} (${keys.replace('Arrow', '')})` : undefined}
      aria-pressed={pressed}
      onClick={onClick}
      className={cn(
        'inline-flex shrink-0 items-center justify-center rounded-full transition-colors',
        primary
          ? 'size-10 bg-brand-700 text-white hover:bg-brand-800'
          : 'size-9 text-slate-700 hover:bg-slate-100',
        pressed && 'bg-brand-100 text-brand-800 hover:bg-brand-200',
      )}
    >
      {children}
    </button>
  );
}
