import { CircleAlert } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { CLIENT_ROUTES } from '#common/routes.ts';
import { LogoHomeLink } from '#web/components/Logo.tsx';
import { ScreenSpinner } from '#web/components/ScreenSpinner.tsx';
import { buttonClassName } from '#web/components/ui/buttonClassName.ts';
import { useDocumentTitle } from '#web/lib/useDocumentTitle.ts';
import { authErrorText } from './messages.ts';
import { type AuthClient, useAuthClient } from './session.tsx';

export const VERIFY_LINK_TITLE = 'Signing in · Catamaran';
export const INVALID_LINK = 'This sign-in link is invalid or has expired.';
export const INVALID_EMAIL_CHANGE_LINK = 'This link to confirm your new address is invalid or has expired.';

/** What the page says for each kind of link: a sign-in, or the confirmation of a new address. */
const WORDING = {
  email: {
    busy: 'Signing you in...',
    title: 'Could not sign you in',
    invalid: INVALID_LINK,
    hint: 'Links work once, for 10 minutes. Ask for a new one and open the latest e-mail.',
    retry: { to: CLIENT_ROUTES.signIn, label: 'Get a new sign-in link' },
  },
  email_change: {
    busy: 'Confirming your new address...',
    title: 'Could not change your address',
    invalid: INVALID_EMAIL_CHANGE_LINK,
    hint: 'Links work once, for 10 minutes. Ask for a new one on your account page and open the latest e-mail.',
    retry: { to: CLIENT_ROUTES.account, label: 'Back to your account' },
  },
} as const;
type LinkType = keyof typeof WORDING;

/** Where the learner lands after a confirmed e-mail change is told so through the navigation's state. */
export interface EmailChangedState {
  emailChanged: true;
}

// One verification per link for the page's life: a link works once, so React's second run of an effect (Strict
// Mode, or a remount) must reuse the first request's answer rather than spend the used link again.
const verifications = new Map<string, Promise<string | undefined>>();

/** Ends a session by its access token (GoTrue's local sign-out); a failure only leaves it to expire. */
function endSessionQuietly(accessToken: string): void {
  void fetch(`${window.location.origin}/auth/v1/logout?scope=local`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${accessToken}` },
  }).catch(() => undefined);
}

/** Verifies a link's token; resolves to undefined on success, else the sentence to show. */
function verifyOnce(
  client: () => Promise<AuthClient>,
  tokenHash: string,
  type: LinkType,
): Promise<string | undefined> {
  let verification = verifications.get(tokenHash);
  if (!verification) {
    verification = client()
      .then(async (auth) => {
        // Confirming a new address answers a session of its own; the one this browser held before is ended,
        // so the devices list does not keep a session nobody holds any more.
        const before = type === 'email_change' ? (await auth.getSession()).data.session : null;
        const result = await auth.verifyOtp({ token_hash: tokenHash, type });
        if (!result.error && before) endSessionQuietly(before.access_token);
        return result;
      })
      .then(
        ({ error }) => (error ? authErrorText(error) : undefined),
        (error: unknown) => authErrorText(error),
      );
    verifications.set(tokenHash, verification);
  }
  return verification;
}

/** The path to go to after signing in: `redirect_to` when it is on this site (and not this page), else home. */
export function landingPathFor(redirectTo: string | null): string {
  if (!redirectTo || !URL.canParse(redirectTo, window.location.origin)) return CLIENT_ROUTES.landing;
  const url = new URL(redirectTo, window.location.origin);
  if (url.origin !== window.location.origin || url.pathname === CLIENT_ROUTES.signInVerify) {
    return CLIENT_ROUTES.landing;
  }
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * /signin/verify: where the e-mailed link lands. The page spends the link with a POST (a mail scanner that
 * fetches the link with GET does not use it up), then goes on to `redirect_to`, replacing this entry.
 */
export function VerifyLinkPage() {
  useDocumentTitle(VERIFY_LINK_TITLE);
  const auth = useAuthClient();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const tokenHash = params.get('token_hash');
  const redirectTo = params.get('redirect_to');
  const type: LinkType = params.get('type') === 'email_change' ? 'email_change' : 'email';
  const wording = WORDING[type];
  const [failure, setFailure] = useState<string>();

  useEffect(() => {
    if (!tokenHash) {
      setFailure('The link has no sign-in token. Was it copied in full?');
      return;
    }
    let isCurrent = true;
    void verifyOnce(auth, tokenHash, type).then((error) => {
      if (!isCurrent) return;
      if (error) setFailure(error);
      else {
        const state: EmailChangedState | undefined =
          type === 'email_change' ? { emailChanged: true } : undefined;
        void navigate(landingPathFor(redirectTo), { replace: true, state });
      }
    });
    return () => {
      isCurrent = false;
    };
  }, [auth, navigate, tokenHash, redirectTo, type]);

  if (!failure) return <ScreenSpinner label={wording.busy} />;
  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-b from-brand-50 to-white">
      <header className="mx-auto w-full max-w-6xl px-4 py-4 sm:px-6 lg:px-8">
        <LogoHomeLink />
      </header>
      <main id="main" className="flex flex-1 items-start justify-center px-4 py-12 sm:items-center">
        <div className="flex w-full max-w-md flex-col items-center text-center">
          <span className="flex size-14 items-center justify-center rounded-full bg-red-50 text-red-700 ring-1 ring-red-200">
            <CircleAlert className="size-7" aria-hidden="true" />
          </span>
          <h1 className="mt-5 text-3xl font-bold tracking-tight text-slate-900">{wording.title}</h1>
          <div role="alert" className="mt-3 flex flex-col gap-2 text-lg text-slate-700">
            <p>{wording.invalid}</p>
            <p className="text-base text-slate-600">{failure}</p>
          </div>
          <p className="mt-6 text-base text-slate-700">{wording.hint}</p>
          <Link className={buttonClassName({ size: 'lg', className: 'mt-8' })} to={wording.retry.to}>
            {wording.retry.label}
          </Link>
        </div>
      </main>
    </div>
  );
}
