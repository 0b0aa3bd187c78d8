// Read-along with a recording (issue 23, decision 077): which sentence the narrator is on, followed while the
// audio plays, and the sentence controls (play from a sentence, repeat it, the previous and the next one).
import { type RefObject, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { sentenceAt, type TimedSentence, timedStartFrom } from '#common/readAlong.ts';

/** A sentence as the text marks it: its first and last word, by their order among the chapter's words. */
export type SentenceWords = readonly [first: number, last: number];

/** What the text and the controls need of a read-along, whoever speaks: a recording or the device's voice. */
export interface ReadAlong {
  /** The sentences that can be played from, in reading order. */
  sentences: readonly SentenceWords[];
  /** The sentences that can be played from (a sentence the narration does not time cannot): first word → index. */
  starts: ReadonlyMap<number, number>;
  /** Whether the text keeps the spoken sentence in view: stopped by the learner scrolling, set by the controls. */
  following: { current: boolean };
  /** The sentence being spoken, -1 for none. */
  spoken: number;
  /** Plays from the start of a sentence. */
  playFrom: (index: number) => void;
  /** The spoken sentence again from its start (or the last one spoken). */
  repeat: () => void;
  previous: () => void;
  next: () => void;
}

/** Repeating within this long of a sentence's start goes to the sentence before, as a player's back does. */
const REPEAT_GRACE_SECONDS = 0.6;

/**
 * The read-along of the chapter's recording: `spoken` follows the audio's position (each frame while it plays,
 * on every seek), and the controls seek to the sentences' starts. Undefined without timings.
 */
export function useRecordingReadAlong(
  audio: RefObject<HTMLAudioElement | null>,
  timed: readonly TimedSentence[] | undefined,
): ReadAlong | undefined {
  const following = useRef(true);
  const shape = useMemo(() => {
    if (!timed || timed.length === 0) return undefined;
    const starts = new Map<number, number>();
    timed.forEach(([first, , start], index) => {
      if (start != null) starts.set(first, index);
    });
    return { sentences: timed.map(([first, last]) => [first, last] as const), starts };
  }, [timed]);
  const { spoken, spokenRef } = useSpokenFollowsAudio(audio, timed);

  // Playing from a sentence and repeating one play it; going to the previous or next keeps playing or paused,
  // so that a paused learner can look at a sentence before hearing it.
  const seekTo = useCallback(
    (seconds: number | undefined, play: boolean) => {
      const player = audio.current;
      if (!player || seconds === undefined) return;
      following.current = true;
      player.currentTime = seconds;
      if (play && player.paused) void player.play().catch(() => undefined);
    },
    [audio],
  );

  // spokenRef is a ref (useSpokenFollowsAudio's): read when a control is used, never a reason to rebuild.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  return useMemo(() => {
    if (!timed || !shape) return undefined;
    const current = () => (spokenRef.current >= 0 ? spokenRef.current : 0);
    return {
      ...shape,
      following,
      spoken,
      playFrom: (index: number) => seekTo(timed[index]?.[2] ?? undefined, true),
      repeat: () => {
        const at = current();
        const start = timedStartFrom(timed, at, -1);
        const position = audio.current?.currentTime ?? 0;
        // Just after the next sentence began, "again" means the one the learner was listening to.
        const playing = audio.current ? !audio.current.paused : false;
        const again =
          playing && start !== undefined && position - start < REPEAT_GRACE_SECONDS && at > 0
            ? timedStartFrom(timed, at - 1, -1)
            : start;
        seekTo(again, true);
      },
      previous: () => seekTo(timedStartFrom(timed, current() - 1, -1) ?? timedStartFrom(timed, 0, 1), false),
      next: () => seekTo(timedStartFrom(timed, spokenRef.current + 1, 1), false),
    };
  }, [timed, shape, spoken, seekTo, audio]);
}

/** The sentence at the audio's position: read each frame while it plays, and on every seek. */
function useSpokenFollowsAudio(
  audio: RefObject<HTMLAudioElement | null>,
  timed: readonly TimedSentence[] | undefined,
) {
  const [spoken, setSpoken] = useState(-1);
  const spokenRef = useRef(-1);
  useEffect(() => {
    const player = audio.current;
    if (!player || !timed || timed.length === 0) return;
    let frame = 0;
    const follow = () => {
      const at = sentenceAt(timed, player.currentTime);
      if (at !== spokenRef.current) {
        spokenRef.current = at;
        setSpoken(at);
      }
    };
    const eachFrame = () => {
      follow();
      frame = player.paused ? 0 : requestAnimationFrame(eachFrame);
    };
    const onPlay = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(eachFrame);
    };
    const events = ['timeupdate', 'seeked', 'loadedmetadata', 'emptied'] as const;
    for (const name of events) player.addEventListener(name, follow);
    player.addEventListener('play', onPlay);
    follow();
    if (!player.paused) onPlay();
    return () => {
      cancelAnimationFrame(frame);
      for (const name of events) player.removeEventListener(name, follow);
      player.removeEventListener('play', onPlay);
    };
  }, [audio, timed]);
  return { spoken, spokenRef };
}
