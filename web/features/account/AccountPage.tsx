import {
  BookMarked,
  ChartColumn,
  Check,
  ChevronRight,
  CircleAlert,
  Crown,
  LogOut,
  type LucideIcon,
  MessageSquareText,
} from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { displayName, type UserIdentity } from '#common/identity.ts';
import { PRO_PLAN } from '#common/pricing.ts';
import { CLIENT_ROUTES } from '#common/routes.ts';
import { FREE_PLAN } from '#common/schemas/billing.ts';
import { BackLinkHeader } from '#web/components/BackLinkHeader.tsx';
import { Badge } from '#web/components/ui/Badge.tsx';
import { Button } from '#web/components/ui/Button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/Card.tsx';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import { type BillingRedirect, goToBilling } from '#web/features/account/billing.ts';
import { formatBillingDate, STATUS_BADGES, useSubscription } from '#web/features/account/subscription.ts';
import { authErrorText } from '#web/features/auth/messages.ts';
import { useSession, useSignOut } from '#web/features/auth/session.tsx';
import { useDocumentTitle } from '#web/lib/useDocumentTitle.ts';

export const ACCOUNT_TITLE = 'Your Account · Catamaran';

interface QuickLink {
  to: string;
  title: string;
  body: string;
  Icon: LucideIcon;
}

const QUICK_LINKS: readonly QuickLink[] = [
  { to: CLIENT_ROUTES.progress, title: 'Progress', body: 'View your stats', Icon: ChartColumn },
  { to: CLIENT_ROUTES.words, title: 'Hard Words', body: 'Review vocabulary', Icon: BookMarked },
  { to: CLIENT_ROUTES.feedback, title: 'Feedback', body: 'Share your thoughts', Icon: MessageSquareText },
];

type Busy = BillingRedirect | 'signout';

/**
 * /account (spec/learner.md §2): who is signed in, quick links, the plan with Upgrade or Manage, and Sign Out.
 * The route wraps it in RequireSession, so a session is here.
 */
export function AccountPage() {
  useDocumentTitle(ACCOUNT_TITLE);
  const session = useSession();
  if (session.status !== 'signed_in') return null;
  return <AccountScreen user={session.user} />;
}

function AccountScreen({ user }: { user: UserIdentity }) {
  const signOut = useSignOut();
  const [searchParams] = useSearchParams();
  const checkout = searchParams.get('checkout');
  const { query: subscriptionQuery, hasWaitedLong } = useSubscription(user.email, {
    isAwaitingPayment: checkout === 'success',
  });
  const subscription = subscriptionQuery.data ?? FREE_PLAN;
  const [busy, setBusy] = useState<Busy>();
  const [problem, setProblem] = useState<string>();
  const name = displayName(user);

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

  const isBusy = busy !== undefined;
  const isPro = subscription.is_pro;
  const isAwaitingPayment = checkout === 'success' && !isPro;
  let checkoutNote = '';
  if (isAwaitingPayment && subscriptionQuery.isSuccess) {
    checkoutNote = hasWaitedLong
      ? 'Your payment is not confirmed yet. Reload this page in a minute; if Pro still does not show, tell us through Feedback.'
      : 'Thank you! Your payment is being confirmed; Pro opens here in a moment.';
  } else if (checkout === 'success' && isPro) {
    checkoutNote = 'Welcome to Pro! Every story is open to you now.';
  } else if (checkout === 'canceled' && !isPro) {
    checkoutNote = 'Checkout was canceled, and nothing was charged. Upgrade whenever you are ready.';
  }
  const status = STATUS_BADGES[subscription.subscription_status];
  const billingDate =
    isPro && subscription.subscription_end_date
      ? formatBillingDate(subscription.subscription_end_date)
      : undefined;

  return (
    <div className="min-h-dvh bg-slate-50">
      <BackLinkHeader to={CLIENT_ROUTES.landing} label="Back to Home" />

      <main id="main" className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8 sm:px-6 sm:py-10">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Your Account</h1>

        <Card>
          <CardHeader className="flex-row items-center gap-4">
            <span
              aria-hidden="true"
              className="flex size-16 shrink-0 items-center justify-center rounded-full bg-brand-700 text-2xl font-bold text-white"
            >
              {Array.from(name)[0]?.toUpperCase()}
            </span>
            <div className="flex min-w-0 flex-col gap-1">
              <div className="flex flex-wrap items-center gap-2">
                <p className="text-xl font-semibold break-words text-slate-900">{name}</p>
                {isPro ? (
                  <Badge variant="accent">
                    <Crown className="size-3.5" aria-hidden="true" />
                    Pro Member
                  </Badge>
                ) : null}
              </div>
              <p className="text-base break-all text-slate-600">{user.email}</p>
            </div>
          </CardHeader>
        </Card>

        {/* One status region, its text changed, so screen readers announce each change of it. */}
        <p
          role="status"
          className={
            checkoutNote
              ? 'rounded-lg bg-blue-50 px-4 py-3 text-base text-blue-900 ring-1 ring-blue-200'
              : 'sr-only'
          }
        >
          {checkoutNote}
        </p>

        <section aria-labelledby="quick-links-heading">
          <h2 id="quick-links-heading" className="mb-3 text-xl font-semibold text-slate-900">
            Quick Links
          </h2>
          <ul className="grid gap-3 sm:grid-cols-3">
            {QUICK_LINKS.map(({ to, title, body, Icon }) => (
              <li key={to}>
                <Link
                  to={to}
                  className="flex min-h-11 items-center gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm hover:border-brand-300 hover:bg-brand-50"
                >
                  <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700 ring-1 ring-brand-100">
                    <Icon className="size-5" aria-hidden="true" />
                  </span>
                  <span className="flex min-w-0 flex-1 flex-col">
                    <span className="font-semibold text-slate-900">{title}</span>
                    <span className="text-sm text-slate-600">{body}</span>
                  </span>
                  <ChevronRight className="size-5 shrink-0 text-slate-400" aria-hidden="true" />
                </Link>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="subscription-heading">
          <Card>
            <CardHeader>
              <CardTitle as="h2" id="subscription-heading" className="text-xl">
                Subscription
              </CardTitle>
            </CardHeader>
            <CardContent className="flex flex-col gap-5">
              {subscriptionQuery.isPending ? (
                <Spinner label="Loading..." showLabel className="text-brand-700" />
              ) : (
                <>
                  <div className="flex flex-col gap-1">
                    <div className="flex flex-wrap items-center gap-2">
                      <p className="text-lg font-semibold text-slate-900">
                        {isPro ? 'Pro Subscription' : 'Free Plan'}
                      </p>
                      <Badge variant={status.variant}>{status.label}</Badge>
                    </div>
                    {billingDate ? (
                      <p className="text-base text-slate-600">
                        Next billing date: <span className="font-medium text-slate-900">{billingDate}</span>
                      </p>
                    ) : null}
                    {!isPro ? (
                      <p className="text-base text-slate-600">
                        You can read every story marked Free. Pro opens the whole library.
                      </p>
                    ) : null}
                  </div>

                  {!isPro ? (
                    <div className="rounded-xl bg-brand-50 p-4 ring-1 ring-brand-100">
                      <h3 className="font-semibold text-slate-900">Pro includes</h3>
                      <ul className="mt-3 flex flex-col gap-2">
                        {PRO_PLAN.features.map((feature) => (
                          <li key={feature} className="flex items-start gap-2.5 text-base text-slate-800">
                            <Check className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
                            {feature}
                          </li>
                        ))}
                      </ul>
                    </div>
                  ) : null}

                  {!isPro ? (
                    <Button
                      size="lg"
                      loading={busy === 'upgrade'}
                      // Back from a payment not yet confirmed: a second checkout would charge twice.
                      disabled={isBusy || isAwaitingPayment}
                      onClick={() => void handleBillingRedirect('upgrade')}
                      className="w-full sm:w-auto sm:self-start"
                    >
                      {busy === 'upgrade' ? 'Processing...' : 'Upgrade to Pro'}
                    </Button>
                  ) : null}
                  {isPro && subscription.has_stripe_customer ? (
                    <Button
                      variant="outline"
                      size="lg"
                      loading={busy === 'manage'}
                      disabled={isBusy}
                      onClick={() => void handleBillingRedirect('manage')}
                      className="w-full sm:w-auto sm:self-start"
                    >
                      {busy === 'manage' ? 'Loading...' : 'Manage Subscription'}
                    </Button>
                  ) : null}
                </>
              )}
            </CardContent>
          </Card>
        </section>

        {problem ? (
          <p
            role="alert"
            className="flex items-start gap-2.5 rounded-lg bg-red-50 px-4 py-3 text-base font-medium text-red-800 ring-1 ring-red-200 ring-inset"
          >
            <CircleAlert className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
            <span>{problem}</span>
          </p>
        ) : null}

        <Button
          variant="outline"
          size="lg"
          loading={busy === 'signout'}
          disabled={isBusy}
          onClick={() => void handleSignOut()}
          className="w-full sm:w-auto sm:self-start"
        >
          {busy === 'signout' ? null : <LogOut className="size-5" aria-hidden="true" />}
          {busy === 'signout' ? 'Signing out...' : 'Sign Out'}
        </Button>
      </main>
    </div>
  );
}
