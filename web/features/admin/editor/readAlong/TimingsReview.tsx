import { Minus, Play, Plus } from 'lucide-react';
import type { RefObject } from 'react';
import { Button } from '#web/components/ui/Button.tsx';
import { formatStart, NUDGE_SECONDS, nudged } from './timings.ts';

export interface ReviewedSentence {
  text: string;
  start: number | null;
}

interface ReviewProps {
  sentences: readonly ReviewedSentence[];
  starts: readonly (number | null)[];
  onStartsChange: (starts: (number | null)[]) => void;
  audio: RefObject<HTMLAudioElement | null>;
  duration: number | undefined;
  disabled: boolean;
}

/**
 * Each sentence with its start, to check by ear (play from it) and to nudge by a tenth of a second either way;
 * a sentence without a start is read with the one before it.
 */
export function TimingsReview(props: ReviewProps) {
  return (
    <ol
      aria-label="Sentence timings"
      className="flex max-h-96 flex-col divide-y divide-slate-200 overflow-y-auto rounded-lg ring-1 ring-slate-200 ring-inset"
    >
      {props.sentences.map((sentence, index) => (
        // The sentences are the chapter's, in its order: the index is who they are.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <TimingRow key={index} {...props} index={index} text={sentence.text} />
      ))}
    </ol>
  );
}

function TimingRow({
  index,
  text,
  starts,
  onStartsChange,
  audio,
  duration,
  disabled,
}: ReviewProps & { index: number; text: string }) {
  const start = starts[index] ?? null;
  const number = index + 1;
  const off = start === null || disabled;
  function playFrom() {
    const player = audio.current;
    if (!player || start === null) return;
    player.currentTime = start;
    void player.play().catch(() => undefined);
  }
  const nudge = (delta: number) => onStartsChange(nudged(starts, index, delta, duration));
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2">
      <span className="w-6 shrink-0 text-right text-xs text-slate-600 tabular-nums">{number}</span>
      <span
        className={start === null ? 'w-14 text-sm text-red-700' : 'w-14 text-sm text-slate-800 tabular-nums'}
      >
        <span className="sr-only">{start === null ? 'No start' : 'Starts at'}</span>
        <span aria-hidden={start === null}>{formatStart(start)}</span>
      </span>
      <span className="flex shrink-0 items-center gap-1">
        {[
          { label: `Play from sentence ${number}`, Icon: Play, act: playFrom },
          {
            label: `Sentence ${number} ${NUDGE_SECONDS} s earlier`,
            Icon: Minus,
            act: () => nudge(-NUDGE_SECONDS),
          },
          {
            label: `Sentence ${number} ${NUDGE_SECONDS} s later`,
            Icon: Plus,
            act: () => nudge(NUDGE_SECONDS),
          },
        ].map(({ label, Icon, act }) => (
          <Button key={label} size="sm" variant="ghost" aria-label={label} disabled={off} onClick={act}>
            <Icon className="size-4" aria-hidden="true" />
          </Button>
        ))}
      </span>
      <span className="min-w-0 flex-1 basis-48 text-sm text-slate-700">{text}</span>
    </li>
  );
}
