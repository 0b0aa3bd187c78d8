import { Check, Hand, Undo2, X } from 'lucide-react';
import { type KeyboardEvent, type RefObject, useEffect, useRef, useState } from 'react';
import { Button } from '#web/components/ui/Button.tsx';
import { formatStart } from './timings.ts';

/**
 * Tap-to-sync (issue 23): the audio plays from the start and the admin marks each sentence as it begins, with
 * the button (which keeps the focus, so Space or Enter marks) or Backspace to take the last mark back. At the
 * last sentence, or on Finish, the marks go to the review; sentences not reached have no start.
 */
export function TapSync({
  sentences,
  audio,
  onDone,
  onCancel,
}: {
  sentences: readonly string[];
  audio: RefObject<HTMLAudioElement | null>;
  onDone: (starts: (number | null)[]) => void;
  onCancel: () => void;
}) {
  const [starts, setStarts] = useState<number[]>([]);
  const mark = useRef<HTMLButtonElement>(null);
  const next = starts.length;

  useEffect(() => {
    mark.current?.focus();
    const player = audio.current;
    if (!player) return;
    player.currentTime = 0;
    void player.play().catch(() => undefined);
    return () => player.pause();
  }, [audio]);

  function finish(marked: readonly number[]) {
    audio.current?.pause();
    onDone(sentences.map((_, index) => marked[index] ?? null));
  }

  function markStart() {
    const seconds = Math.round((audio.current?.currentTime ?? 0) * 1000) / 1000;
    // A start never comes before the one marked last (a double tap marks the same moment).
    const marked = [...starts, Math.max(seconds, starts.at(-1) ?? 0)];
    setStarts(marked);
    if (marked.length >= sentences.length) finish(marked);
  }

  function undo() {
    setStarts((marked) => marked.slice(0, -1));
    mark.current?.focus();
  }

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== 'Backspace' || starts.length === 0) return;
    event.preventDefault();
    undo();
  }

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Backspace anywhere in the panel takes the last mark back
    <div
      onKeyDown={handleKeyDown}
      className="flex flex-col gap-3 rounded-lg bg-brand-50 p-4 ring-1 ring-brand-200 ring-inset"
    >
      <p className="text-sm text-slate-700">
        Press <strong>Mark</strong> (or Space) the moment each sentence begins. Backspace takes the last mark
        back.
      </p>
      <TapStatus sentences={sentences} starts={starts} />
      <div className="flex flex-wrap gap-2">
        <Button ref={mark} onClick={markStart} aria-keyshortcuts="Space Enter">
          <Hand className="size-5" aria-hidden="true" />
          Mark
        </Button>
        <Button variant="outline" onClick={undo} disabled={next === 0} aria-keyshortcuts="Backspace">
          <Undo2 className="size-5" aria-hidden="true" />
          Undo
        </Button>
        <Button variant="outline" onClick={() => finish(starts)}>
          <Check className="size-5" aria-hidden="true" />
          Finish
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          <X className="size-5" aria-hidden="true" />
          Cancel
        </Button>
      </div>
    </div>
  );
}

/** The sentence to mark next, and when the last mark fell. */
function TapStatus({ sentences, starts }: { sentences: readonly string[]; starts: readonly number[] }) {
  const next = starts.length;
  return (
    <div aria-live="polite" className="rounded-md bg-white p-3 ring-1 ring-slate-200 ring-inset">
      <p className="text-xs font-medium text-slate-600">
        Sentence {Math.min(next + 1, sentences.length)} of {sentences.length}
        {next > 0 ? `, the last marked at ${formatStart(starts[next - 1] ?? 0)}` : ''}
      </p>
      <p className="mt-1 text-base text-slate-900">{sentences[next] ?? ''}</p>
    </div>
  );
}
