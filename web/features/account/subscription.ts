import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { getSubscription } from '#common/endpoints/billing.ts';
import type { SubscriptionStatus } from '#common/schemas/billing.ts';
import type { BadgeVariant } from '#web/components/ui/Badge.tsx';
import { call } from '#web/lib/call.ts';
import { queryKeys } from '#web/lib/queryKeys.ts';

/** Spec/learner.md §4: the status badge's label, and its colour. */
export const STATUS_BADGES: Record<SubscriptionStatus, { label: string; variant: BadgeVariant }> = {
  active: { label: 'Active', variant: 'green' },
  trialing: { label: 'Trial', variant: 'blue' },
  past_due: { label: 'Past Due', variant: 'amber' },
  canceled: { label: 'Canceled', variant: 'red' },
  inactive: { label: 'Inactive', variant: 'neutral' },
};

/** A billing date as en-US long format ('March 5, 2026'), in the learner's time zone. */
export function formatBillingDate(iso: string): string | undefined {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return undefined;
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}

/** How often, and how long, the plan is asked again after a payment, until the webhook has made it Pro. */
const PAYMENT_POLL_MS = 2000;
const PAYMENT_WAIT_MS = 60_000;

/**
 * The signed-in learner's subscription. A failure is only logged (spec/learner.md §8): the caller shows the
 * free plan. Back from a payment, `hasWaitedLong` turns true once the wait for the webhook has run out.
 */
export function useSubscription(
  email: string | null | undefined,
  options: { isAwaitingPayment?: boolean } = {},
) {
  const { isAwaitingPayment = false } = options;
  const [hasWaitedLong, setHasWaitedLong] = useState(false);
  useEffect(() => {
    if (!isAwaitingPayment) return;
    const timer = window.setTimeout(() => setHasWaitedLong(true), PAYMENT_WAIT_MS);
    return () => window.clearTimeout(timer);
  }, [isAwaitingPayment]);
  const query = useQuery({
    queryKey: queryKeys.subscription(email ?? ''),
    queryFn: ({ signal }) => call(getSubscription, { signal }),
    // Back from Checkout, Stripe's webhook may come a moment after the learner: asked again until it has.
    refetchInterval: (current) =>
      isAwaitingPayment && !current.state.data?.is_pro && !hasWaitedLong ? PAYMENT_POLL_MS : false,
  });
  useEffect(() => {
    if (query.error) console.warn('Could not load the subscription; showing the free plan.', query.error);
  }, [query.error]);
  return { query, hasWaitedLong };
}
