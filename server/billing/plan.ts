// The learner's plan as the database keeps it (learner.md §3 Subscription): the row, and which of Stripe's
// statuses the spec's five are. Who is Pro is a policy (server/policies/rules.ts).
import type Stripe from 'stripe';
import type { SubscriptionStatus } from '#common/schemas/billing.ts';
import type { subscriptions } from '#server/db/schema.ts';

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
