// The Stripe client the billing calls use, from the settings: Stripe's own API, or the Stripe-compatible one
// STRIPE_API_URL names (the tests' stand-in).
import Stripe from 'stripe';
import type { BillingSettings } from '#server/config.ts';

export function stripeClient(settings: BillingSettings): Stripe {
  return new Stripe(settings.secretKey, {
    ...(settings.api ?? {}),
    // A checkout or portal call waits on this while the learner watches 'Processing...': a hung API should
    // fail in seconds, once retried, rather than hold the button.
    timeout: 10_000,
    maxNetworkRetries: 1,
    appInfo: { name: 'Catamaran' },
  });
}

/** A Stripe reference, given as an id or as the expanded object: its id, when there is one. */
function idOf(value: unknown): string | undefined {
  const id = typeof value === 'string' ? value : (value as { id?: unknown } | null)?.id;
  return typeof id === 'string' && id !== '' ? id : undefined;
}

/** The subscription an event is about, by id, wherever the event's object keeps it. */
export function subscriptionIdOf(event: Stripe.Event): string | undefined {
  const object = event.data.object as unknown as Record<string, unknown>;
  let id: unknown;
  if (event.type.startsWith('customer.subscription.')) id = object.id;
  else if (event.type === 'checkout.session.completed') id = object.subscription;
  else if (event.type.startsWith('invoice.')) {
    const parent = object.parent as { subscription_details?: { subscription?: unknown } | null } | null;
    id = parent?.subscription_details?.subscription ?? object.subscription;
  }
  return idOf(id);
}

/** The customer an event's object belongs to. */
export function customerIdOf(event: Stripe.Event): string | undefined {
  return idOf((event.data.object as unknown as { customer?: unknown }).customer);
}
