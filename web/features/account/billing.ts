import { ZodError } from 'zod';
import { createCheckoutSession, createCustomerPortal } from '#common/endpoints/billing.ts';
import type { BillingPeriod } from '#common/pricing.ts';
import { failureText } from '#web/lib/api.ts';
import { call } from '#web/lib/call.ts';
import { leavePage } from '#web/lib/leavePage.ts';

const SOMETHING_WRONG = 'Something went wrong. Please try again.';

/** The billing calls that lead to a payment page (spec/learner.md §7 and §8): each asks for its address. */
const BILLING_REDIRECTS = {
  upgrade: {
    // Without a plan the body is empty, and the server takes the yearly plan.
    address: async (plan?: BillingPeriod) =>
      (await call(createCheckoutSession, plan ? { body: { plan } } : {})).checkout_url,
    missing: 'Failed to create checkout session',
  },
  manage: {
    address: async () => (await call(createCustomerPortal, {})).portal_url,
    missing: 'Failed to open customer portal',
  },
} as const;

export type BillingRedirect = keyof typeof BILLING_REDIRECTS;

/**
 * Asks for the payment page (Checkout for a plan, or the customer portal) and leaves for it. Resolves only
 * when it could not: with the sentence to show (spec/learner.md §8); on success the page is being left.
 */
export async function goToBilling(kind: BillingRedirect, plan?: BillingPeriod): Promise<string | undefined> {
  const redirect = BILLING_REDIRECTS[kind];
  try {
    const url = await redirect.address(plan);
    if (url !== '') {
      leavePage(url);
      // Stays pending: the page is being left for the payment provider's.
      return new Promise<never>(() => {});
    }
    return redirect.missing;
  } catch (error) {
    // An answer without its address fails its schema: the page could not be made, as when it is empty.
    if (error instanceof ZodError) return redirect.missing;
    return failureText(error, redirect.missing, SOMETHING_WRONG);
  }
}
