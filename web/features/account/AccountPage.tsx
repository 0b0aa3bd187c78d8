import {
  BookMarked,
  ChartColumn,
  ChevronRight,
  Crown,
  LogOut,
  type LucideIcon,
  MessageSquareText,
} from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { displayName, type UserIdentity } from '#common/identity.ts';
import { CLIENT_ROUTES } from '#common/routes.ts';
import { FREE_PLAN } from '#common/schemas/billing.ts';
import { BackLinkHeader } from '#web/components/BackLinkHeader.tsx';
import { Badge } from '#web/components/ui/Badge.tsx';
import { Button } from '#web/components/ui/Button.tsx';
import { Card, CardHeader } from '#web/components/ui/Card.tsx';
import { InlineAlert } from '#web/components/ui/InlineAlert.tsx';
import { useSession } from '#web/features/auth/session.tsx';
import { DownloadsCard } from '#web/features/offline/DownloadsCard.tsx';
import { useDocumentTitle } from '#web/lib/useDocumentTitle.ts';
import { DataRightsCard } from './DataRightsCard.tsx';
import { DevicesCard } from './DevicesCard.tsx';
import { EmailAddressCard } from './EmailAddressCard.tsx';
import { SubscriptionCard } from './SubscriptionCard.tsx';
import { useSubscription } from './subscription.ts';
import { ThemeCard } from './ThemeCard.tsx';
import { useAccountActions } from './useAccountActions.ts';

export const ACCOUNT_TITLE = 'Your Account · Catamaran';

interface QuickLink {
  to: string;
  title: string;
  body: string;
  Icon: LucideIcon;
}

const QUICK_LINKS: readonly QuickLink[] = [
  { to: CLIENT_ROUTES.progress, title: 'Progress', body: 'View your stats', Icon: ChartColumn },
  // Named as the page it opens is titled (learner.md §2 "/words (Saved Words)"), so the link and the page agree.
  { to: CLIENT_ROUTES.words, title: 'Saved Words', body: 'Review vocabulary', Icon: BookMarked },
  { to: CLIENT_ROUTES.feedback, title: 'Feedback', body: 'Share your thoughts', Icon: MessageSquareText },
];

/** What the page says on the way back from Stripe's checkout (?checkout=success or canceled), if anything. */
function checkoutNote(at: {
  checkout: string | null;
  isPro: boolean;
  isLoaded: boolean;
  hasWaitedLong: boolean;
}) {
  if (at.checkout === 'success' && !at.isPro && at.isLoaded) {
    return at.hasWaitedLong
      ? 'Your payment is not confirmed yet. Reload this page in a minute; if Pro still does not show, tell us through Feedback.'
      : 'Thank you! Your payment is being confirmed; Pro opens here in a moment.';
  }
  if (at.checkout === 'success' && at.isPro) return 'Welcome to Pro! Every story is open to you now.';
  if (at.checkout === 'canceled' && !at.isPro) {
    return 'Checkout was canceled, and nothing was charged. Upgrade whenever you are ready.';
  }
  return '';
}

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
  const [searchParams] = useSearchParams();
  const checkout = searchParams.get('checkout');
  const { query: subscriptionQuery, hasWaitedLong } = useSubscription(user.email, {
    isAwaitingPayment: checkout === 'success',
  });
  const subscription = subscriptionQuery.data ?? FREE_PLAN;
  const actions = useAccountActions();
  const isAwaitingPayment = checkout === 'success' && !subscription.is_pro;
  const note = checkoutNote({
    checkout,
    isPro: subscription.is_pro,
    isLoaded: subscriptionQuery.isSuccess,
    hasWaitedLong,
  });

  return (
    <div className="min-h-dvh bg-slate-50">
      <BackLinkHeader to={CLIENT_ROUTES.landing} label="Back to Home" />

      <main id="main" className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8 sm:px-6 sm:py-10">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Your Account</h1>
        <ProfileCard user={user} isPro={subscription.is_pro} />
        <EmailAddressCard user={user} />

        {/* One status region, its text changed, so screen readers announce each change of it. */}
        <p
          role="status"
          className={
            note ? 'rounded-lg bg-blue-50 px-4 py-3 text-base text-blue-900 ring-1 ring-blue-200' : 'sr-only'
          }
        >
          {note}
        </p>

        <QuickLinks />
        <ThemeCard />
        <SubscriptionCard
          subscription={subscription}
          isPending={subscriptionQuery.isPending}
          busy={actions.busy}
          isAwaitingPayment={isAwaitingPayment}
          onBillingRedirect={(kind) => void actions.handleBillingRedirect(kind)}
        />
        {actions.problem ? <InlineAlert message={actions.problem} /> : null}
        <DownloadsCard />
        <DevicesCard isDisabled={actions.busy !== undefined} />
        <DataRightsCard email={user.email ?? ''} isDisabled={actions.busy !== undefined} />

        <Button
          variant="outline"
          size="lg"
          loading={actions.busy === 'signout'}
          disabled={actions.busy !== undefined}
          onClick={() => void actions.handleSignOut()}
          className="w-full sm:w-auto sm:self-start"
        >
          {actions.busy === 'signout' ? null : <LogOut className="size-5" aria-hidden="true" />}
          {actions.busy === 'signout' ? 'Signing out...' : 'Sign Out'}
        </Button>
      </main>
    </div>
  );
}

function ProfileCard({ user, isPro }: { user: UserIdentity; isPro: boolean }) {
  const name = displayName(user);
  return (
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
  );
}

function QuickLinks() {
  return (
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
  );
}
