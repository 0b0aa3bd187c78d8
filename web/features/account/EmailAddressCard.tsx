import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useLocation } from 'react-router';
import type { UserIdentity } from '#common/identity.ts';
import { CLIENT_ROUTES } from '#common/routes.ts';
import { EmailChangeForm } from '#common/schemas/auth.ts';
import { Button } from '#web/components/ui/Button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/Card.tsx';
import { Input } from '#web/components/ui/Input.tsx';
import { authErrorText } from '#web/features/auth/messages.ts';
import { useAuthClient } from '#web/features/auth/session.tsx';
import type { EmailChangedState } from '#web/features/auth/VerifyLinkPage.tsx';
import { checkForm } from '#web/lib/form.ts';
import { useForm } from '#web/lib/useForm.ts';

export const emailChangePending = (address: string) =>
  `We sent a link to ${address}. Open it to finish the change; until then, sign in with your current address.`;
export const EMAIL_CHANGED = 'Your e-mail address has been changed.';

/**
 * The account's e-mail address, and changing it (GoTrue's e-mail change): the new address gets a link, the
 * current one a notice, and the address changes only once the link is opened (VerifyLinkPage).
 */
export function EmailAddressCard({ user }: { user: UserIdentity }) {
  const location = useLocation();
  const isJustChanged = (location.state as Partial<EmailChangedState> | null)?.emailChanged === true;
  const [isEditing, setEditing] = useState(false);
  const pending = user.new_email ?? undefined;
  const news = pending ? emailChangePending(pending) : isJustChanged ? EMAIL_CHANGED : '';

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">E-mail address</CardTitle>
        <CardDescription>
          You sign in with this address. A new one counts once you open the link we send to it.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {/* One status region whose text changes, so each change is announced. */}
        <p
          role="status"
          className={
            news
              ? 'flex items-start gap-2.5 rounded-lg bg-blue-50 px-4 py-3 text-base text-blue-900 ring-1 ring-blue-200'
              : 'sr-only'
          }
        >
          {news ? <MailCheck className="mt-0.5 size-5 shrink-0" aria-hidden="true" /> : null}
          <span className="min-w-0 break-words">{news}</span>
        </p>
        {isEditing ? (
          <EmailChangeFields currentEmail={user.email ?? ''} onClose={() => setEditing(false)} />
        ) : (
          <Button
            variant="outline"
            className="w-full sm:w-auto sm:self-start"
            onClick={() => setEditing(true)}
          >
            {pending ? 'Use another address' : 'Change e-mail address'}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}

/** The new address, sent to the auth server; closes once the link is on its way, or on Cancel. */
function EmailChangeFields({ currentEmail, onClose }: { currentEmail: string; onClose: () => void }) {
  const auth = useAuthClient();
  const [isSending, setSending] = useState(false);
  const form = useForm({
    initial: { email: '' },
    check: (values) => checkForm(EmailChangeForm, values, 'Enter your new e-mail address.'),
  });

  const send = form.handleSubmit(async ({ email }) => {
    setSending(true);
    try {
      const client = await auth();
      const emailRedirectTo = `${window.location.origin}${CLIENT_ROUTES.account}`;
      const { error } = await client.updateUser({ email }, { emailRedirectTo });
      if (error) form.setProblem(authErrorText(error));
      else onClose();
    } catch (error) {
      form.setProblem(authErrorText(error));
    } finally {
      setSending(false);
    }
  });

  return (
    <form onSubmit={send} noValidate className="flex flex-col gap-4">
      <Input
        label="New e-mail address"
        type="email"
        autoComplete="email"
        inputMode="email"
        autoFocus
        {...form.text('email')}
        error={form.problem}
      />
      <p className="text-sm text-slate-600 break-words">
        We send a link to the new address, and a notice to {currentEmail}.
      </p>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button type="submit" loading={isSending} disabled={isSending}>
          {isSending ? 'Sending...' : 'Send confirmation link'}
        </Button>
        <Button type="button" variant="outline" disabled={isSending} onClick={onClose}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
