import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import * as billingEndpoints from '#common/endpoints/billing.ts';
import type { BillingSettings } from '#server/config.ts';
import { route } from '#server/http/contract.ts';
import { HttpError } from '#server/http/errors.ts';
import { markNotSetUp } from '#server/http/log-policy.ts';
import { viewerOf } from '#server/policies/viewer.ts';
import { presentSubscription } from './present.ts';
import { applyEvent, createCheckout, createPortal, getSubscription, NOT_SET_UP } from './service.ts';
import { stripeClient } from './stripe.ts';

/** How old a signed event may be (its signature's timestamp), in seconds: Stripe's own default. */
const SIGNATURE_TOLERANCE_SECONDS = 300;
const BAD_SIGNATURE = 'The webhook signature is not valid.';
/** How far ahead of our clock an event's `created` may be: clocks differ a little, never by an hour. */
const CLOCK_SKEW_SECONDS = 300;

/**
 * A signed event is still checked for the fields the handlers read: signed means Stripe (or whoever holds the
 * secret) sent it, not that it is whole. Answers the sentence of the first thing missing, or undefined.
 */
function eventProblem(event: Stripe.Event, nowSeconds: number): string | undefined {
  const shape = event as unknown as Record<string, unknown>;
  if (typeof shape.id !== 'string' || shape.id === '') return 'The event has no id.';
  if (typeof shape.type !== 'string' || shape.type === '') return 'The event has no type.';
  const data = shape.data as { object?: unknown } | null | undefined;
  if (typeof data !== 'object' || data === null || typeof data.object !== 'object' || data.object === null) {
    return 'The event has no data object.';
  }
  if (typeof shape.created !== 'number') return 'The event has no date (created).';
  if (shape.created > nowSeconds + CLOCK_SKEW_SECONDS) {
    return 'The event is dated in the future: check the sending clock.';
  }
  return undefined;
}

/**
 * The Pro plan's calls (learner.md §7): the learner's subscription, a Checkout for the chosen plan, the customer
 * portal, and Stripe's webhook. Without billing settings the first two answer that billing is not set up; nothing pretends to sell.
 */
export async function billingRoutes(
  app: FastifyInstance,
  options: { billing: BillingSettings | undefined; siteUrl: string },
): Promise<void> {
  const { billing, siteUrl } = options;
  const stripe = billing ? stripeClient(billing) : undefined;
  const configured = () => {
    if (!billing || !stripe) throw markNotSetUp(new HttpError(503, NOT_SET_UP));
    return { stripe, settings: billing, siteUrl };
  };

  // learner.md §3 Subscription, §7: the plan as the webhooks last recorded it, or the free plan.
  route(app, billingEndpoints.getSubscription, async (_input, request) => {
    const user = viewerOf(request);
    return presentSubscription(await getSubscription(app.db, user.userId));
  });

  route(app, billingEndpoints.createCheckoutSession, async ({ body }, request) => {
    const user = viewerOf(request);
    const checkout = { userId: user.userId, email: user.email };
    return { checkout_url: await createCheckout(app.db, configured(), checkout, body.plan) };
  });

  route(app, billingEndpoints.createCustomerPortal, async (_input, request) => {
    const user = viewerOf(request);
    return { portal_url: await createPortal(app.db, configured(), user.userId) };
  });

  await app.register(async (webhook) => {
    // The signature covers the body's exact bytes: they are kept as they came, not parsed.
    webhook.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    route(webhook, billingEndpoints.stripeWebhook, async (_input, request) => {
      if (!billing?.webhookSecret || !stripe) throw markNotSetUp(new HttpError(503, NOT_SET_UP));
      const signature = request.headers['stripe-signature'];
      if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) {
        throw new HttpError(400, BAD_SIGNATURE);
      }
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          request.body,
          signature,
          billing.webhookSecret,
          SIGNATURE_TOLERANCE_SECONDS,
        );
      } catch {
        throw new HttpError(400, BAD_SIGNATURE);
      }
      const problem = eventProblem(event, Date.now() / 1000);
      if (problem) throw new HttpError(400, problem);
      const outcome = await applyEvent(app.db, stripe, event);
      request.log.info({ event: event.id, type: event.type, outcome }, 'stripe event');
      return { received: true as const, outcome };
    });
  });
}
