import { useState } from 'react';
import { CLIENT_ROUTES } from '#common/routes.ts';
import { authErrorText } from './messages.ts';
import { useAuthClient } from './session.tsx';

export interface MagicLinkRequest {
  email: string;
  /** True on sign-up; sign-in never creates an account (spec/learner.md §5). */
  shouldCreateUser: boolean;
  /** The sign-up data stored with a new account. */
  data?: { full_name: string; username: string };
}

/**
 * A magic-link form's states (spec/learner.md §4): idle, sending, then a result message: `successMessage`
 * once the server has accepted the request, else the server's own message. The e-mailed link and the code
 * both lead to `landingPath` once signed in: home for a sign-in, the library for a new account.
 */
export function useMagicLink(successMessage: string, landingPath: string = CLIENT_ROUTES.landing) {
  const auth = useAuthClient();
  const [isSending, setIsSending] = useState(false);
  const [message, setMessage] = useState<string>();
  const [sentTo, setSentTo] = useState<string>();

  async function send({ email, shouldCreateUser, data }: MagicLinkRequest): Promise<void> {
    setIsSending(true);
    setMessage(undefined);
    try {
      const { error } = await (await auth()).signInWithOtp({
        email,
        options: { shouldCreateUser, data, emailRedirectTo: `${window.location.origin}${landingPath}` },
      });
      if (error) {
        setMessage(authErrorText(error));
      } else {
        setMessage(successMessage);
        setSentTo(email);
      }
    } catch (error) {
      setMessage(authErrorText(error));
    } finally {
      setIsSending(false);
    }
  }

  /** Back to the empty form, for another address. */
  function restart(): void {
    setMessage(undefined);
    setSentTo(undefined);
  }

  return { isSending, message, sentTo, landingPath, send, restart };
}
