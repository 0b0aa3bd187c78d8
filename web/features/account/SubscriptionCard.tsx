import { Check } from 'lucide-react';
import { PRO_PLAN } from '#common/pricing.ts';
import type { Subscription } from '#common/schemas/billing.ts';
import { Badge } from '#web/components/ui/Badge.tsx';
import { Button } from '#web/components/ui/Button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/Card.tsx';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import type { BillingRedirect } from './billing.ts';
import { formatBillingDate, STATUS_BADGES } from './subscription.ts';

export interface SubscriptionCardProps {
  subscription: Subscription;
  isPending: boolean;
  /** What the page is doing: a redirect to billing under way, or signing out. */
  busy: BillingRedirect | 'signout' | undefined;
  /** Back from a payment not yet confirmed: a second checkout would charge twice. */
  isAwaitingPayment: boolean;
  onBillingRedirect: (kind: BillingRedirect) => void;
}

/** The plan (spec/learner.md §4): its name and status, the next billing date, and Upgrade or Manage. */
export function SubscriptionCard({
  subscription,
  isPending,
  busy,
  isAwaitingPayment,
  onBillingRedirect,
}: SubscriptionCardProps) {
  const isPro = subscription.is_pro;
  const status = STATUS_BADGES[subscription.subscription_status];
  // A learner who never subscribed is simply on the free plan: an "Inactive" badge beside it read like a fault
  // (issue 23 #13). A free plan after a subscription keeps its badge (Canceled, Past Due), which says what happened.
  const hasStatusBadge = isPro || subscription.subscription_status !== 'inactive';
  const billingDate =
    isPro && subscription.subscription_end_date
      ? formatBillingDate(subscription.subscription_end_date)
      : undefined;

  return (
    <section aria-labelledby="subscription-heading">
      <Card>
        <CardHeader>
          <CardTitle as="h2" id="subscription-heading" className="text-xl">
            Subscription
          </CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-5">
          {isPending ? (
            <Spinner label="Loading..." showLabel className="text-brand-700" />
          ) : (
            <>
              <div className="flex flex-col gap-1">
                <div className="flex flex-wrap items-center gap-2">
                  <p className="text-lg font-semibold text-slate-900">
                    {isPro ? 'Pro Subscription' : 'Free Plan'}
                  </p>
                  {hasStatusBadge ? <Badge variant={status.variant}>{status.label}</Badge> : null}
                </div>
                {billingDate ? (
                  <p className="text-base text-slate-600">
                    Next billing date: <span className="font-medium text-slate-900">{billingDate}</span>
                  </p>
                ) : null}
                {!isPro ? (
                  <p className="text-base text-slate-600">
                    You can read every story marked Free. Upgrade to Pro to open the whole library.
                  </p>
                ) : null}
              </div>
              {!isPro ? <ProFeatures /> : null}
              <PlanButton
                subscription={subscription}
                busy={busy}
                isAwaitingPayment={isAwaitingPayment}
                onBillingRedirect={onBillingRedirect}
              />
            </>
          )}
        </CardContent>
      </Card>
    </section>
  );
}

function ProFeatures() {
  return (
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
  );
}

/** Upgrade to Pro on the free plan; Manage Subscription for a Pro learner Stripe knows. */
function PlanButton({
  subscription,
  busy,
  isAwaitingPayment,
  onBillingRedirect,
}: Omit<SubscriptionCardProps, 'isPending'>) {
  const isBusy = busy !== undefined;
  if (!subscription.is_pro) {
    return (
      <Button
        size="lg"
        loading={busy === 'upgrade'}
        disabled={isBusy || isAwaitingPayment}
        onClick={() => onBillingRedirect('upgrade')}
        className="w-full sm:w-auto sm:self-start"
      >
        {busy === 'upgrade' ? 'Processing...' : 'Upgrade to Pro'}
      </Button>
    );
  }
  if (!subscription.has_stripe_customer) return null;
  return (
    <Button
      variant="outline"
      size="lg"
      loading={busy === 'manage'}
      disabled={isBusy}
      onClick={() => onBillingRedirect('manage')}
      className="w-full sm:w-auto sm:self-start"
    >
      {busy === 'manage' ? 'Loading...' : 'Manage Subscription'}
    </Button>
  );
}
