// Pro through Stripe: the learner's plan, Checkout, the customer portal and Stripe's webhook (learner.md §7).
import { z } from 'zod';
import { endpoint } from '../contract.ts';
import { lazy } from '../lazy.ts';
import { CheckoutRequest, Subscription } from '../schemas/billing.ts';

export const getSubscription = endpoint({
  method: 'GET',
  path: '/api/me/subscription/',
  access: 'signed-in',
  response: Subscription,
});

export const createCheckoutSession = endpoint({
  method: 'POST',
  path: '/api/create-checkout-session/',
  access: 'signed-in',
  body: CheckoutRequest,
  response: lazy(() => z.object({ checkout_url: z.string() })),
});

export const createCustomerPortal = endpoint({
  method: 'POST',
  path: '/api/create-customer-portal/',
  access: 'signed-in',
  response: lazy(() => z.object({ portal_url: z.string() })),
});

/** Stripe's events; the body is read as its exact bytes, whose signature is checked. */
export const stripeWebhook = endpoint({
  method: 'POST',
  path: '/api/stripe/webhook/',
  access: 'public',
  response: lazy(() =>
    z.object({
      received: z.literal(true),
      outcome: z.enum(['applied', 'duplicate', 'ignored', 'unknown customer']),
    }),
  ),
});
