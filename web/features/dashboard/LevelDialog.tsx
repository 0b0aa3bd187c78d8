import { useId, useRef, useState } from 'react';
import { LEVEL_ANSWERS, type LevelAnswer } from '#common/levels.ts';
import type { PublicLanguage } from '#common/schemas/languages.ts';
import { Button } from '#web/components/ui/Button.tsx';
import { Dialog, DialogContent, DialogFooter } from '#web/components/ui/Dialog.tsx';
import { InlineAlert } from '#web/components/ui/InlineAlert.tsx';
import { difficultyLabel } from '#web/features/library/difficulty.ts';
import { failureText } from '#web/lib/api.ts';

const SAVE_FAILED = 'Your level could not be saved. Please try again, or skip.';

/** 'Infant and Child stories': the difficulties an answer opens the library at. */
function storiesAt(answer: LevelAnswer): string {
  const names = answer.difficulties.map(difficultyLabel);
  return `${new Intl.ListFormat('en', { type: 'conjunction' }).format(names)} stories`;
}

/**
 * Asks a learner who chose a language for the first time how well they know it (issue 23): four answers, each
 * naming the stories it opens the library at. Mount it while asking. An answer is saved by `onAnswer` (a
 * failure stays in the dialog with its sentence); Skip, the close button and Escape call `onSkip`, which
 * chooses the language at the specification's default level. It cannot be dismissed while an answer saves.
 */
export function LevelDialog({
  language,
  onAnswer,
  onSkip,
}: {
  language: PublicLanguage;
  onAnswer: (answer: LevelAnswer) => Promise<void>;
  onSkip: () => void;
}) {
  const [saving, setSaving] = useState<LevelAnswer>();
  const [problem, setProblem] = useState<string>();
  const firstAnswer = useRef<HTMLButtonElement>(null);
  const hintId = useId();

  async function handleAnswer(answer: LevelAnswer) {
    setSaving(answer);
    setProblem(undefined);
    try {
      await onAnswer(answer);
    } catch (error) {
      setProblem(failureText(error, SAVE_FAILED, SAVE_FAILED));
      setSaving(undefined);
    }
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !saving) onSkip();
      }}
    >
      <DialogContent
        title={`How well do you know ${language.name}?`}
        description="The library opens at the stories that suit you. You can change the filters at any time."
        onOpenAutoFocus={(event) => {
          // On the first answer rather than the corner close button: answering is what the dialog is for.
          event.preventDefault();
          firstAnswer.current?.focus();
        }}
      >
        <ul className="grid gap-2 sm:grid-cols-2">
          {LEVEL_ANSWERS.map((answer, index) => (
            <li key={answer.label} className="flex">
              <Button
                ref={index === 0 ? firstAnswer : undefined}
                variant="outline"
                size="lg"
                aria-label={answer.label}
                aria-describedby={`${hintId}-${index}`}
                loading={saving === answer}
                disabled={saving !== undefined && saving !== answer}
                onClick={() => void handleAnswer(answer)}
                className="h-auto w-full flex-col items-start gap-0.5 py-3 text-left whitespace-normal"
              >
                <span className="text-base font-semibold text-slate-900">{answer.label}</span>
                <span id={`${hintId}-${index}`} className="text-sm font-normal text-slate-600">
                  {storiesAt(answer)}
                </span>
              </Button>
            </li>
          ))}
        </ul>
        {problem ? <InlineAlert message={problem} /> : null}
        <DialogFooter>
          <Button variant="ghost" disabled={saving !== undefined} onClick={onSkip}>
            Skip
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
