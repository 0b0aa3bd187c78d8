import { useState } from 'react';
import { Button } from '#web/components/ui/Button.tsx';
import { Dialog, DialogClose, DialogContent, DialogFooter } from '#web/components/ui/Dialog.tsx';
import { adminErrorText } from './errors.ts';
import { InlineAlert } from './InlineAlert.tsx';

export interface ConfirmDeleteDialogProps {
  title: string;
  /** The question, naming what is deleted and what goes with it. */
  description: string;
  /** What to say when the delete fails and the server gave no sentence (admin.md §8). */
  fallback: string;
  /** Deletes; a rejection keeps the dialog open with the server's sentence. */
  onConfirm: () => Promise<void>;
  onClose: () => void;
}

/**
 * Every delete asks first (admin.md §5). Mount it while there is something to delete: each mount starts
 * clean. A refused delete stays open and says why; the dialog cannot be dismissed while deleting.
 */
export function ConfirmDeleteDialog({
  title,
  description,
  fallback,
  onConfirm,
  onClose,
}: ConfirmDeleteDialogProps) {
  const [isBusy, setIsBusy] = useState(false);
  const [problem, setProblem] = useState<string>();

  async function handleConfirm() {
    setIsBusy(true);
    setProblem(undefined);
    try {
      await onConfirm();
      onClose();
    } catch (error) {
      setProblem(adminErrorText(error, fallback));
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
              Cancel
            </Button>
          </DialogClose>
          <Button variant="danger" loading={isBusy} onClick={() => void handleConfirm()}>
            {isBusy ? 'Deleting...' : 'Delete'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
