import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import * as billingEndpoints from '#common/endpoints/billing.ts';
import type { BillingSettings } from '#server/config.ts';
import { route } from '#server/http/contract.ts';
import { HttpError } from '#server/http/errors.ts';
import { viewerOf } from '#server/policies/viewer.ts';
import { presentSubscription } from './present.ts';
import { applyEvent, createCheckout, createPortal, getSubscription, NOT_SET_UP } from './service.ts';
import { stripeClient } from './stripe.ts';

/** How old a signed event may be (its signature's timestamp), in seconds: Stripe's own default. */
const SIGNATURE_TOLERANCE_SECONDS = 300;
const BAD_SIGNATURE = 'The webhook signature is not valid.';

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
    if (!billing || !stripe) throw new HttpError(503, NOT_SET_UP);
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
      if (!billing?.webhookSecret || !stripe) throw new HttpError(503, NOT_SET_UP);
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
      const outcome = await applyEvent(app.db, stripe, event);
      request.log.info({ event: event.id, type: event.type, outcome }, 'stripe event');
      return { received: true as const, outcome };
    });
  });
}
