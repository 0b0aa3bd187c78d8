// The learner's plan in the database: read by the subscription call and kept up to date from Stripe's events.
import { eq, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { BillingPeriod } from '#common/pricing.ts';
import type { BillingSettings } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import { stripeEvents, subscriptions, users } from '#server/db/schema.ts';
import { HttpError } from '#server/http/errors.ts';
import { markNotSetUp } from '#server/http/log-policy.ts';
import { isPaying, isPro } from '#server/policies/rules.ts';
import { type SubscriptionRow, statusFromStripe } from './plan.ts';
import { customerIdOf, stripeClient, subscriptionIdOf } from './stripe.ts';

/** A learner's subscription row; none until billing has had anything to do with them. */
export async function getSubscription(db: Database, userId: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  return row;
}

export const NOT_SET_UP = 'Billing is not set up on this server, so Pro cannot be bought here yet.';
export const PROVIDER_DOWN = 'The payment service could not be reached. Please try again in a moment.';
export const NO_CUSTOMER = 'There is no subscription to manage yet.';
export const ALREADY_PRO = 'You already have Pro: manage it from your account.';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A Stripe call, its failure (network, an API error) answered with a sentence rather than a 500. */
async function callStripe<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw Object.assign(new HttpError(502, PROVIDER_DOWN), { cause: error });
  }
}

/**
 * The learner's Stripe customer, made the first time: kept on their row before any checkout, so every event
 * about it finds them. Two first clicks at once keep the first customer stored (the idempotency key makes
 * Stripe answer both with one anyway).
 */
async function customerFor(
  db: Database,
  stripe: Stripe,
  user: { userId: string; email: string },
  current: SubscriptionRow | undefined,
) {
  if (current?.stripeCustomerId) return current.stripeCustomerId;
  const customer = await callStripe(() =>
    stripe.customers.create(
      { email: user.email, metadata: { user_id: user.userId } },
      { idempotencyKey: `catamaran-customer-${user.userId}` },
    ),
  );
  const [row] = await db
    .insert(subscriptions)
    .values({ userId: user.userId, stripeCustomerId: customer.id })
    .onConflictDoUpdate({
      target: subscriptions.userId,
      set: {
        stripeCustomerId: sql`coalesce(${subscriptions.stripeCustomerId}, excluded.stripe_customer_id)`,
        updatedAt: new Date(),
      },
    })
    .returning({ customerId: subscriptions.stripeCustomerId });
  return row?.customerId ?? customer.id;
}

/** A subscription Checkout for the plan's price (learner.md §7); back to /account either way. */
export async function createCheckout(
  db: Database,
  billing: { stripe: Stripe; settings: BillingSettings; siteUrl: string },
  user: { userId: string; email: string },
  plan: BillingPeriod,
): Promise<string> {
  const current = await getSubscription(db, user.userId);
  if (isPro(current)) throw new HttpError(409, ALREADY_PRO);
  if (current?.stripeCustomerId && current.stripeSubscriptionId && current.status === 'past_due') {
    // A subscription with a payment due is still live: a second one would charge twice. The portal is where
    // the learner pays the first, or cancels it.
    return portalUrl(billing, current.stripeCustomerId);
  }
  const customer = await customerFor(db, billing.stripe, user, current);
  const session = await callStripe(() =>
    billing.stripe.checkout.sessions.create({
      mode: 'subscription',
      customer,
      client_reference_id: user.userId,
      line_items: [{ price: billing.settings.prices[plan], quantity: 1 }],
      success_url: `${billing.siteUrl}/account?checkout=success`,
      cancel_url: `${billing.siteUrl}/account?checkout=canceled`,
      metadata: { user_id: user.userId, plan },
      subscription_data: { metadata: { user_id: user.userId } },
    }),
  );
  if (!session.url) throw new HttpError(502, PROVIDER_DOWN);
  return session.url;
}

/** Stripe's customer portal for the learner's customer, back to /account. */
export async function createPortal(
  db: Database,
  billing: { stripe: Stripe; siteUrl: string },
  userId: string,
): Promise<string> {
  const customer = (await getSubscription(db, userId))?.stripeCustomerId;
  if (!customer) throw new HttpError(400, NO_CUSTOMER);
  return portalUrl(billing, customer);
}

async function portalUrl(billing: { stripe: Stripe; siteUrl: string }, customer: string): Promise<string> {
  const session = await callStripe(() =>
    billing.stripe.billingPortal.sessions.create({ customer, return_url: `${billing.siteUrl}/account` }),
  );
  return session.url;
}

/** The events that change a plan (learner.md §3); any other is acknowledged and ignored. */
const HANDLED_EVENTS = new Set([
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
]);

export type EventOutcome = 'applied' | 'duplicate' | 'ignored' | 'unknown customer';

/**
 * Applies a verified event, once. The event says which subscription changed; its state is read from Stripe
 * itself, as it is now, so events arriving late or out of order never put an older state back. The event's
 * id is recorded in the same transaction as the change: a delivery repeated later finds it and does nothing.
 */
export async function applyEvent(db: Database, stripe: Stripe, event: Stripe.Event): Promise<EventOutcome> {
  if (await isEventHandled(db, event.id)) return 'duplicate';
  if (!HANDLED_EVENTS.has(event.type)) return 'ignored';
  const customerId = customerIdOf(event);
  const userId = await userOf(db, stripe, customerId);
  const subscriptionId = subscriptionIdOf(event);
  // When Stripe was asked: a handler that asked later, and wrote first, has the fresher state.
  const fetchedAt = new Date();
  const subscription = subscriptionId
    ? await unlessDeleted(stripe.subscriptions.retrieve(subscriptionId))
    : undefined;
  return db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ id: stripeEvents.id });
    if (!fresh) return 'duplicate';
    if (!userId) return 'unknown customer';
    const [current] = await tx
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, userId))
      .for('update');
    const state = subscription ? subscriptionState(subscription) : undefined;
    const keepsCurrent =
      state !== undefined &&
      current !== undefined &&
      // Events handled at once: each read Stripe, and the one that read it last wins, whoever commits last.
      ((current.stripeStateAt !== null && current.stripeStateAt > fetchedAt) ||
        // An event about an older, ended subscription leaves an active one alone.
        (current.stripeSubscriptionId !== null &&
          current.stripeSubscriptionId !== state.stripeSubscriptionId &&
          isPaying(current.status) &&
          !isPaying(state.status)));
    const values = {
      ...(customerId && !current?.stripeCustomerId ? { stripeCustomerId: customerId } : {}),
      ...(state && !keepsCurrent ? { ...state, stripeStateAt: fetchedAt } : {}),
      updatedAt: new Date(),
    };
    await tx
      .insert(subscriptions)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: subscriptions.userId, set: values });
    return 'applied';
  });
}

/**
 * What Stripe answers to a retrieve; none when Stripe no longer has the object (deleted in its dashboard). Any
 * other failure is Stripe being unreachable: a 502 with its sentence.
 */
async function unlessDeleted<T>(retrieve: Promise<T>): Promise<T | undefined> {
  try {
    return await retrieve;
  } catch (error) {
    if ((error as { statusCode?: unknown }).statusCode === 404) return undefined;
    throw Object.assign(new HttpError(502, PROVIDER_DOWN), { cause: error });
  }
}

async function isEventHandled(db: Database, id: string): Promise<boolean> {
  const [row] = await db.select({ id: stripeEvents.id }).from(stripeEvents).where(eq(stripeEvents.id, id));
  return row !== undefined;
}

/**
 * Whose event it is: the learner whose row holds the customer (made for them before their checkout); else
 * the learner our checkout wrote on the customer when it made it. A Checkout's client_reference_id is not
 * trusted: a payment link of the same Stripe account lets anyone set it, which would hand a stranger's
 * customer (their card, their portal) to that learner.
 */
async function userOf(
  db: Database,
  stripe: Stripe,
  customerId: string | undefined,
): Promise<string | undefined> {
  if (!customerId) return undefined;
  const [row] = await db
    .select({ userId: subscriptions.userId })
    .from(subscriptions)
    .where(eq(subscriptions.stripeCustomerId, customerId));
  if (row) return row.userId;
  const customer = await unlessDeleted(stripe.customers.retrieve(customerId));
  const candidate = !customer || customer.deleted ? undefined : customer.metadata?.user_id;
  if (typeof candidate !== 'string' || !UUID.test(candidate)) return undefined;
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, candidate));
  return user?.id;
}

/** A subscription's state as the row keeps it. */
function subscriptionState(subscription: Stripe.Subscription) {
  const item = subscription.items.data[0];
  return {
    stripeSubscriptionId: subscription.id,
    status: statusFromStripe(subscription.status),
    currentPeriodEnd: item?.current_period_end ? new Date(item.current_period_end * 1000) : null,
    priceId: item?.price.id ?? null,
  };
}

/**
 * Grants Pro by hand (a gift, a support case), or takes the grant back, recorded with its note and date; a
 * Stripe subscription the learner has is left as it is. Answers whether the learner is Pro afterwards.
 */
export async function setGrantedPro(
  db: Database,
  userId: string,
  grant: { isOn: boolean; note: string | null },
): Promise<boolean> {
  const values = {
    isGrantedPro: grant.isOn,
    grantNote: grant.isOn ? grant.note : null,
    grantedAt: grant.isOn ? new Date() : null,
    updatedAt: new Date(),
  };
  const [row] = await db
    .insert(subscriptions)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: subscriptions.userId, set: values })
    .returning({ status: subscriptions.status, isGrantedPro: subscriptions.isGrantedPro });
  return isPro(row);
}

export const CANNOT_CANCEL =
  'Your subscription cannot be cancelled from this server, as billing is not set up here, so nothing was changed. Please tell us through Feedback.';

/**
 * Cancels the learner's Stripe subscription at once, without waiting for the end of its period, when one
 * could still charge them (any status but canceled); one Stripe no longer has counts as cancelled. Answers the
 * id cancelled, or undefined when there was none. The row is left to the webhook that follows. A Stripe that
 * cannot be reached is a 502, a server without billing settings a 503, and nothing is changed then.
 */
export async function cancelSubscriptionNow(
  db: Database,
  settings: BillingSettings | undefined,
  userId: string,
): Promise<string | undefined> {
  const row = await getSubscription(db, userId);
  const subscriptionId = row?.stripeSubscriptionId;
  if (!subscriptionId || row.status === 'canceled') return undefined;
  if (!settings) throw markNotSetUp(new HttpError(503, CANNOT_CANCEL));
  await unlessDeleted(stripeClient(settings).subscriptions.cancel(subscriptionId));
  return subscriptionId;
}
