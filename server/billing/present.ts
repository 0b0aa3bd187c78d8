import { FREE_PLAN, type Subscription, type SubscriptionStatus } from '#common/schemas/billing.ts';
import { isPaying, isPro } from '#server/policies/rules.ts';
import type { SubscriptionRow } from './plan.ts';

/** GET /api/me/subscription/'s answer for a learner's row (none: the free plan). */
export function presentSubscription(row: SubscriptionRow | undefined): Subscription {
  if (!row) return FREE_PLAN;
  const isPaid = isPaying(row.status);
  return {
    is_pro: isPro(row),
    // A gift shows as an active plan; its badge would otherwise say Inactive beside 'Pro Member'.
    subscription_status: row.isGrantedPro && !isPaid ? 'active' : (row.status as SubscriptionStatus),
    has_stripe_customer: row.stripeCustomerId !== null,
    // The next billing date, while there is one: an ended subscription's last period is not.
    subscription_end_date: isPaid ? (row.currentPeriodEnd?.toISOString() ?? null) : null,
  };
}
