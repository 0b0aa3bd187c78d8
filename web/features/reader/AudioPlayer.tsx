import { Pause, Play, Repeat, RotateCcw, RotateCw, Volume2, VolumeX } from 'lucide-react';
import { type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';
import { cn } from '#web/components/ui/cn.ts';

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
function isForSomethingElse(event: KeyboardEvent): boolean {
  if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return true;
  const target = event.target instanceof Element ? event.target : null;
  if (!target) return false;
  if (target.closest('input, textarea, select, [contenteditable="true"], [role="dialog"]')) return true;
  // Space and Enter press buttons and follow links; the arrows walk the chapter's words when it has the focus.
  if (event.key === ' ' && target.closest('button, a, [role="button"]')) return true;
  return event.key.startsWith('Arrow') && target.closest('[data-reader-text]') !== null;
}

/**
 * The chapter's audio (spec/learner.md §2): play and pause, back and forward 5 seconds, loop, mute and volume,
 * and the position, which can be dragged. Keys anywhere on the page unless something else takes them: space
 * plays or pauses, left and right jump, up and down change the volume, l loops, m mutes.
 */
export function AudioPlayer({ src }: { src: string }) {
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [position, setPosition] = useState(0);
  const [duration, setDuration] = useState(0);
  const [volume, setVolume] = useState(1);
  const [muted, setMuted] = useState(false);
  const [looping, setLooping] = useState(false);

  const controls = audioControls(audio, { setPlaying, setPosition, setLooping });
  const { togglePlay, seekBy, changeVolume, toggleMute, toggleLoop } = controls;
  usePlayerKeys(audio, controls);

  const shownVolume = muted ? 0 : volume;
  return (
    <section aria-label="Chapter audio" className="mx-auto flex max-w-3xl items-center gap-1 sm:gap-2">
      {/* biome-ignore lint/a11y/useMediaCaption: narration of the text on screen, which is its transcript */}
      <audio
        ref={audio}
        src={src}
        preload="metadata"
        data-testid="chapter-audio"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => setPlaying(false)}
        onTimeUpdate={(event) => setPosition(event.currentTarget.currentTime)}
        onLoadedMetadata={(event) => setDuration(event.currentTarget.duration)}
        onDurationChange={(event) => setDuration(event.currentTarget.duration)}
        onVolumeChange={(event) => {
          setVolume(event.currentTarget.volume);
          setMuted(event.currentTarget.muted);
        }}
      />
      <PlayerButton label={`Back ${AUDIO_JUMP_SECONDS} seconds`} onClick={() => seekBy(-AUDIO_JUMP_SECONDS)}>
        <RotateCcw className="size-4" aria-hidden="true" />
      </PlayerButton>
      <PlayerButton label={playing ? 'Pause' : 'Play'} onClick={togglePlay} primary>
        {playing ? (
          <Pause className="size-5" aria-hidden="true" />
        ) : (
          <Play className="size-5" aria-hidden="true" />
        )}
      </PlayerButton>
      <PlayerButton
        label={`Forward ${AUDIO_JUMP_SECONDS} seconds`}
        onClick={() => seekBy(AUDIO_JUMP_SECONDS)}
      >
        <RotateCw className="size-4" aria-hidden="true" />
      </PlayerButton>
      <PositionSlider audio={audio} position={position} duration={duration} />
      <span className="shrink-0 text-xs text-slate-600 tabular-nums" aria-hidden="true">
        {formatClock(position)} / {formatClock(duration)}
      </span>
      <PlayerButton label="Loop" pressed={looping} onClick={toggleLoop}>
        <Repeat className="size-4" aria-hidden="true" />
      </PlayerButton>
      <PlayerButton label="Mute" pressed={muted} onClick={toggleMute}>
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
        value={shownVolume}
        onChange={(event) => changeVolume(Number(event.currentTarget.value))}
        className="hidden h-2 w-20 cursor-pointer accent-brand-700 sm:block"
      />
    </section>
  );
}

type AudioControls = ReturnType<typeof audioControls>;

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

/** The player's keys, anywhere on the page unless something else takes them (isForSomethingElse). */
function usePlayerKeys(audio: RefObject<HTMLAudioElement | null>, controls: AudioControls) {
  // The controls change on every render; the listener is added once and calls the latest ones.
  const keys = useRef(controls);
  keys.current = controls;

  useEffect(() => {
    function handleKey(event: KeyboardEvent) {
      if (isForSomethingElse(event)) return;
      const player = audio.current;
      const actions: Record<string, (() => void) | undefined> = {
        ' ': () => keys.current.togglePlay(),
        ArrowLeft: () => keys.current.seekBy(-AUDIO_JUMP_SECONDS),
        ArrowRight: () => keys.current.seekBy(AUDIO_JUMP_SECONDS),
        ArrowUp: () => keys.current.changeVolume((player?.volume ?? 1) + VOLUME_STEP),
        ArrowDown: () => keys.current.changeVolume((player?.volume ?? 1) - VOLUME_STEP),
        l: () => keys.current.toggleLoop(),
        L: () => keys.current.toggleLoop(),
        m: () => keys.current.toggleMute(),
        M: () => keys.current.toggleMute(),
      };
      const action = actions[event.key];
      if (!action) return;
      event.preventDefault();
      action();
    }
    document.addEventListener('keydown', handleKey);
    return () => document.removeEventListener('keydown', handleKey);
  }, [audio]);
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

function PlayerButton({
  label,
  onClick,
  pressed,
  primary = false,
  children,
}: {
  label: string;
  onClick: () => void;
  pressed?: boolean;
  primary?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
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
