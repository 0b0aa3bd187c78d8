// The rules of the learner's plan (learner.md §3 Subscription, §6): which of Stripe's statuses the spec's five
// are, who is Pro, and the answer of GET /api/me/subscription/.
import type Stripe from 'stripe';
import { FREE_PLAN, type Subscription, type SubscriptionStatus } from '#common/schemas/billing.ts';
import type { subscriptions } from '../db/schema.ts';
import { isPaying, isPro } from '../policies/rules.ts';

export type SubscriptionRow = typeof subscriptions.$inferSelect;

/**
 * Stripe's statuses as the spec's five: unpaid is still owed (past due); an incomplete payment that expired
 * never began and ended (canceled); an incomplete or paused subscription, or a status newer than this code,
 * gives nothing (inactive).
 */
export function statusFromStripe(status: Stripe.Subscription.Status): SubscriptionStatus {
  switch (status) {
    case 'active':
      return 'active';
    case 'trialing':
      return 'trialing';
    case 'past_due':
      return 'past_due';
    case 'canceled':
      return 'canceled';
    case 'unpaid':
      return 'past_due';
    case 'incomplete_expired':
      return 'canceled';
    default:
      return 'inactive';
  }
}

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
