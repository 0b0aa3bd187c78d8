import { useState } from 'react';
import { failureText } from '#web/lib/api.ts';
import { Button, type ButtonVariant } from './Button.tsx';
import { Dialog, DialogClose, DialogContent, DialogFooter } from './Dialog.tsx';
import { InlineAlert } from './InlineAlert.tsx';

export interface ConfirmDialogProps {
  title: string;
  /** The question, naming what happens and what it replaces. */
  description: string;
  confirmLabel: string;
  /** The confirm button's label while `onConfirm` runs. */
  busyLabel: string;
  /** The button that closes the dialog without doing anything. */
  dismissLabel?: string;
  variant?: ButtonVariant;
  /** What to say when `onConfirm` fails and the server gave no sentence. */
  fallback: string;
  /** Does the thing; a rejection keeps the dialog open with the server's sentence. */
  onConfirm: () => void | Promise<void>;
  onClose: () => void;
}

/**
 * A question before a long or destructive action (admin.md §5). Mount it while there is something to confirm;
 * it cannot be dismissed while the action runs, and a refusal stays in the dialog, said in its sentence.
 */
export function ConfirmDialog({
  title,
  description,
  confirmLabel,
  busyLabel,
  dismissLabel = 'Cancel',
  variant = 'primary',
  fallback,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const [isBusy, setIsBusy] = useState(false);
  const [problem, setProblem] = useState<string>();

  async function handleConfirm() {
    setIsBusy(true);
    setProblem(undefined);
    try {
      await onConfirm();
      onClose();
    } catch (error) {
      setProblem(failureText(error, fallback));
      setIsBusy(false);
    }
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !isBusy) onClose();
      }}
    >
      <DialogContent title={title} description={description}>
        {problem ? <InlineAlert message={problem} /> : null}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={isBusy}>
              {dismissLabel}
            </Button>
          </DialogClose>
          <Button variant={variant} loading={isBusy} onClick={() => void handleConfirm()}>
            {isBusy ? busyLabel : confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
