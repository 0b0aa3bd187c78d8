import type { BillingPeriod } from '#common/pricing.ts';
import { api, failureText } from '#web/lib/api.ts';
import { leavePage } from '#web/lib/leavePage.ts';

const SOMETHING_WRONG = 'Something went wrong. Please try again.';

/** The billing calls that lead to a payment page (spec/learner.md §7 and §8). */
const BILLING_REDIRECTS = {
  upgrade: {
    path: '/api/create-checkout-session/',
    field: 'checkout_url',
    missing: 'Failed to create checkout session',
  },
  manage: {
    path: '/api/create-customer-portal/',
    field: 'portal_url',
    missing: 'Failed to open customer portal',
  },
} as const;

export type BillingRedirect = keyof typeof BILLING_REDIRECTS;

/**
 * Asks for the payment page (Checkout for a plan, or the customer portal) and leaves for it. Resolves only
 * when it could not: with the sentence to show (spec/learner.md §8); on success the page is being left.
 */
export async function goToBilling(kind: BillingRedirect, plan?: BillingPeriod): Promise<string | undefined> {
  const call = BILLING_REDIRECTS[kind];
  try {
    const answer = await api<Record<string, unknown> | undefined>(call.path, {
      method: 'POST',
      ...(plan ? { body: { plan } } : {}),
    });
    const url = answer?.[call.field];
    if (typeof url === 'string' && url !== '') {
      leavePage(url);
      // Stays pending: the page is being left for the payment provider's.
      return new Promise<never>(() => {});
    }
    return call.missing;
  } catch (error) {
    return failureText(error, call.missing, SOMETHING_WRONG);
  }
}
