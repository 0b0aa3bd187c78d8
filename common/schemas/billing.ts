// The learner's plan (learner.md §3 Subscription, §7): GET /api/me/subscription/'s answer, and the checkout.
import { z } from 'zod';
import { lazy } from '../lazy.ts';
import { BILLING_PERIODS } from '../pricing.ts';

/** The statuses the spec knows (learner.md §3); Stripe's others are mapped onto them (server/billing/). */
export const SUBSCRIPTION_STATUSES = ['active', 'trialing', 'past_due', 'canceled', 'inactive'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const Subscription = lazy(() =>
  z.object({
    is_pro: z.boolean(),
    subscription_status: z.enum(SUBSCRIPTION_STATUSES),
    has_stripe_customer: z.boolean(),
    /** The end of the paid period (the next billing date), as an ISO instant; null without a subscription. */
    subscription_end_date: z.string().nullable(),
  }),
);
export type Subscription = z.infer<typeof Subscription>;

/** What a learner without a subscription has: the free plan. */
export const FREE_PLAN: Subscription = {
  is_pro: false,
  subscription_status: 'inactive',
  has_stripe_customer: false,
  subscription_end_date: null,
};

/** POST /api/create-checkout-session/'s body: the plan (common/pricing.ts), yearly unless said. */
export const CheckoutRequest = lazy(() =>
  z.object({
    plan: z.enum(BILLING_PERIODS, { error: 'plan must be monthly or yearly.' }).default('yearly'),
  }),
);
