import { ConfirmDialog } from './ConfirmDialog.tsx';

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
 * Every delete asks first (admin.md §5): the confirmation with Cancel and Delete ('Deleting...'). Mount it while
 * there is something to delete: each mount starts clean.
 */
export function ConfirmDeleteDialog(props: ConfirmDeleteDialogProps) {
  return <ConfirmDialog {...props} confirmLabel="Delete" busyLabel="Deleting..." variant="danger" />;
}
