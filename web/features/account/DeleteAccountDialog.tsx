import { type FormEvent, useState } from 'react';
import { deleteAccount } from '#common/endpoints/account.ts';
import { confirmsAddress } from '#common/schemas/account.ts';
import { Button } from '#web/components/ui/Button.tsx';
import { Dialog, DialogClose, DialogContent, DialogFooter } from '#web/components/ui/Dialog.tsx';
import { InlineAlert } from '#web/components/ui/InlineAlert.tsx';
import { Input } from '#web/components/ui/Input.tsx';
import { useSignOut } from '#web/features/auth/session.tsx';
import { failureText } from '#web/lib/api.ts';
import { call } from '#web/lib/call.ts';

export const DELETE_FAILED = 'Your account could not be deleted. Please try again.';
export const accountDeleted = (email: string) =>
  `Your account has been deleted. A confirmation is on its way to ${email}.`;

/**
 * Asks for the account's address before deleting it: the button works only once the typed address matches
 * (any case). Once deleted, the dialog says so; going on (or closing it) signs out here, which leads home.
 */
export function DeleteAccountDialog({ email, onClose }: { email: string; onClose: () => void }) {
  const signOut = useSignOut();
  const [typed, setTyped] = useState('');
  const [state, setState] = useState<'asking' | 'deleting' | 'deleted'>('asking');
  const [problem, setProblem] = useState<string>();
  const isMatch = confirmsAddress(typed, email);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!isMatch || state !== 'asking') return;
    setState('deleting');
    setProblem(undefined);
    try {
      await call(deleteAccount, { body: { email: typed } });
      setState('deleted');
    } catch (error) {
      setProblem(failureText(error, DELETE_FAILED));
      setState('asking');
    }
  }

  function handleOpenChange(open: boolean) {
    if (open || state === 'deleting') return;
    if (state === 'deleted') void signOut();
    else onClose();
  }

  if (state === 'deleted') {
    return (
      <Dialog open onOpenChange={handleOpenChange}>
        <DialogContent title="Account deleted" description={accountDeleted(email)}>
          <DialogFooter>
            <Button onClick={() => void signOut()}>Go to the home page</Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    );
  }
  return (
    <Dialog open onOpenChange={handleOpenChange}>
      <DialogContent
        title="Delete your account?"
        description="This deletes your account, your progress, points, saved words, reading days, feedback and narrator applications, signs out every device and cancels a Pro subscription at once. It cannot be undone."
      >
        <form noValidate onSubmit={(event) => void handleSubmit(event)} className="flex flex-col gap-4">
          <Input
            label="Type your e-mail address to confirm"
            hint={`Your account's address is ${email}.`}
            type="email"
            autoComplete="off"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            disabled={state === 'deleting'}
          />
          {problem ? <InlineAlert message={problem} /> : null}
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline" disabled={state === 'deleting'}>
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" variant="danger" loading={state === 'deleting'} disabled={!isMatch}>
              {state === 'deleting' ? 'Deleting...' : 'Delete my account'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
