import type { FormEvent, ReactNode } from 'react';
import { Button } from './Button.tsx';
import { Dialog, DialogClose, DialogContent, DialogFooter } from './Dialog.tsx';
import { InlineAlert } from './InlineAlert.tsx';

export interface FormDialogProps {
  title: string;
  description: string;
  /** The panel's width, when the fields want more than the default. */
  className?: string;
  /** True while the form is being sent: the dialog stays open and Cancel is off. */
  isBusy: boolean;
  /** The sentence of what went wrong, shown above the buttons. */
  problem: string | undefined;
  submitLabel: string;
  /** Holds the submit button back for a reason other than sending (an image still being compressed). */
  isSubmitBlocked?: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onClose: () => void;
  children: ReactNode;
}

/**
 * A dialog around a form (admin.md §5): its fields, the problem sentence, then Cancel and the submit button.
 * Mount it while it is open; it cannot be dismissed while the form is being sent.
 */
export function FormDialog({
  title,
  description,
  className,
  isBusy,
  problem,
  submitLabel,
  isSubmitBlocked,
  onSubmit,
  onClose,
  children,
}: FormDialogProps) {
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !isBusy) onClose();
      }}
    >
      <DialogContent title={title} description={description} className={className}>
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
          {children}
          {problem ? <InlineAlert message={problem} /> : null}
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline" disabled={isBusy}>
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" loading={isBusy} disabled={isSubmitBlocked}>
              {submitLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
