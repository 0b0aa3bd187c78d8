import { useState } from 'react';
import { authErrorText } from '#web/features/auth/messages.ts';
import { useSignOut } from '#web/features/auth/session.tsx';
import { type BillingRedirect, goToBilling } from './billing.ts';

/**
 * What the account page does (spec/learner.md §4): go to Stripe to upgrade or manage the plan, or sign out;
 * one at a time, with the sentence of what went wrong.
 */
export function useAccountActions() {
  const signOut = useSignOut();
  const [busy, setBusy] = useState<BillingRedirect | 'signout'>();
  const [problem, setProblem] = useState<string>();

  async function handleBillingRedirect(kind: BillingRedirect) {
    setBusy(kind);
    setProblem(undefined);
    // Resolves only on a failure: on success the page is being left, and stays busy meanwhile.
    setProblem(await goToBilling(kind));
    setBusy(undefined);
  }

  async function handleSignOut() {
    setBusy('signout');
    setProblem(undefined);
    try {
      // On success the session ends and the protected route leads home (RequireSession).
      const { error } = await signOut();
      if (!error) return;
      setProblem(authErrorText(error));
    } catch (error) {
      setProblem(authErrorText(error));
    }
    setBusy(undefined);
  }

  return { busy, problem, handleBillingRedirect, handleSignOut };
}
