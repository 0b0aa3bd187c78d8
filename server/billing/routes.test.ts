import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, describe, expect, it } from 'vitest';
import { subscriptions } from '#server/db/schema.ts';
import { setupTestApp } from '#server/testing/app.ts';
import { createUser, signIn } from '#server/testing/factories.ts';
import { startStripeStandIn, stripeSubscription } from '#server/testing/stripe-stand-in.ts';
import { ALREADY_PRO, NO_CUSTOMER, NOT_SET_UP, PROVIDER_DOWN } from './service.ts';

const standIn = await startStripeStandIn();
const WEBHOOK_SECRET = 'whsec_test_catamaran';
const address = new URL(standIn.url);
const t = setupTestApp({
  config: {
    billing: {
      secretKey: 'sk_test_catamaran',
      webhookSecret: WEBHOOK_SECRET,
      prices: { monthly: 'price_monthly_test', yearly: 'price_yearly_test' },
      api: { host: address.hostname, port: Number(address.port), protocol: 'http' },
    },
  },
});
const unconfigured = setupTestApp();
afterAll(() => standIn.close());

const signer = new Stripe('sk_test_signer').webhooks;
let eventSequence = 0;

/** Posts an event as Stripe would: JSON, signed with the webhook secret (or another). */
async function deliver(
  type: string,
  object: Record<string, unknown>,
  options: {
    id?: string;
    secret?: string;
    created?: number;
    timestamp?: number;
    /** Reshapes the event before it is signed (an event Stripe would never send, signed all the same). */
    reshape?: (event: Record<string, unknown>) => unknown;
  } = {},
) {
  const event = {
    id: options.id ?? `evt_test_${++eventSequence}`,
    object: 'event',
    type,
    created: options.created ?? Math.floor(Date.now() / 1000),
    data: { object },
  };
  // Pretty-printed, as Stripe sends it: the signature covers these exact bytes.
  const payload = JSON.stringify(options.reshape ? options.reshape(event) : event, null, 2);
  const signature = signer.generateTestHeaderString({
    payload,
    secret: options.secret ?? WEBHOOK_SECRET,
    ...(options.timestamp ? { timestamp: options.timestamp } : {}),
  });
  const response = await t.request<{ received?: boolean; outcome?: string; error?: string }>({
    method: 'POST',
    url: '/api/stripe/webhook/',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });
  return { ...response, event };
}

async function learner() {
  const user = await createUser(t.db);
  return { user, token: (await signIn(t.db, user)).accessToken };
}

const plan = async (token: string) => (await t.get('/api/me/subscription/', { token })).body;

describe('billing without Stripe settings', () => {
  it('says billing is not set up, and pretends nothing', async () => {
    const { accessToken } = await signIn(unconfigured.db, await createUser(unconfigured.db));
    for (const url of ['/api/create-checkout-session/', '/api/create-customer-portal/']) {
      const response = await unconfigured.request({ method: 'POST', url, token: accessToken, payload: {} });
      expect(response).toMatchObject({ status: 503, body: { error: NOT_SET_UP } });
    }
    const webhook = await unconfigured.request({
      method: 'POST',
      url: '/api/stripe/webhook/',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' },
      payload: '{}',
    });
    expect(webhook).toMatchObject({ status: 503, body: { error: NOT_SET_UP } });
  });
});

describe('POST /api/create-checkout-session/', () => {
  it('answers 401 without a session', async () => {
    expect((await t.request({ method: 'POST', url: '/api/create-checkout-session/' })).status).toBe(401);
  });

  it('makes the learner’s customer once, then a subscription Checkout for the yearly price unless told', async () => {
    const { user, token } = await learner();
    const before = standIn.requests.length;
    const yearly = await t.request<{ checkout_url: string }>({
      method: 'POST',
      url: '/api/create-checkout-session/',
      token,
    });
    expect(yearly.status).toBe(200);
    expect(yearly.body.checkout_url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
    const monthly = await t.request<{ checkout_url: string }>({
      method: 'POST',
      url: '/api/create-checkout-session/',
      token,
      payload: { plan: 'monthly' },
    });
    expect(monthly.status).toBe(200);

    const made = standIn.requests.slice(before);
    expect(made.map((request) => `${request.method} ${request.path}`)).toEqual([
      'POST /v1/customers',
      'POST /v1/checkout/sessions',
      'POST /v1/checkout/sessions',
    ]);
    expect(made[0]?.body).toMatchObject({ email: user.email, 'metadata[user_id]': user.id });
    expect(made[0]?.idempotencyKey).toBe(`catamaran-customer-${user.id}`);
    const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    expect(made[1]?.body).toMatchObject({
      mode: 'subscription',
      customer: row?.stripeCustomerId,
      client_reference_id: user.id,
      'line_items[0][price]': 'price_yearly_test',
      'line_items[0][quantity]': '1',
      success_url: 'http://localhost:3000/account?checkout=success',
      cancel_url: 'http://localhost:3000/account?checkout=canceled',
    });
    expect(made[2]?.body['line_items[0][price]']).toBe('price_monthly_test');
    // A customer, but no plan yet: still free.
    expect(await plan(token)).toMatchObject({ is_pro: false, has_stripe_customer: true });
  });

  it('refuses an unknown plan, and says so when Stripe cannot be reached', async () => {
    const { token } = await learner();
    const bad = await t.request({
      method: 'POST',
      url: '/api/create-checkout-session/',
      token,
      payload: { plan: 'weekly' },
    });
    expect(bad).toMatchObject({ status: 400, body: { error: 'plan must be monthly or yearly.' } });
    standIn.failing = true;
    try {
      const down = await t.request({ method: 'POST', url: '/api/create-checkout-session/', token });
      expect(down).toMatchObject({ status: 502, body: { error: PROVIDER_DOWN } });
    } finally {
      standIn.failing = false;
    }
  });
});

describe('POST /api/create-customer-portal/', () => {
  it('opens the portal for the learner’s customer, and refuses a learner who has none', async () => {
    const { token } = await learner();
    const none = await t.request({ method: 'POST', url: '/api/create-customer-portal/', token });
    expect(none).toMatchObject({ status: 400, body: { error: NO_CUSTOMER } });

    await t.request({ method: 'POST', url: '/api/create-checkout-session/', token });
    const portal = await t.request<{ portal_url: string }>({
      method: 'POST',
      url: '/api/create-customer-portal/',
      token,
    });
    expect(portal.status).toBe(200);
    expect(portal.body.portal_url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\/bps_/);
    expect(standIn.requests.at(-1)?.body.return_url).toBe('http://localhost:3000/account');
  });
});

describe('POST /api/stripe/webhook/', () => {
  /** A learner who went through checkout: their customer exists, and Stripe has an active subscription. */
  async function subscriber() {
    const { user, token } = await learner();
    await t.request({ method: 'POST', url: '/api/create-checkout-session/', token });
    const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    const customer = row?.stripeCustomerId as string;
    const subscription = stripeSubscription({
      id: `sub_${user.id.slice(0, 8)}`,
      customer,
      status: 'active',
      periodEnd: Date.UTC(2027, 0, 15, 12) / 1000,
    });
    standIn.subscriptions.set(subscription.id as string, subscription);
    return { user, token, customer, subscription };
  }

  it('refuses an event without a valid signature, and changes nothing', async () => {
    const { token, customer, subscription } = await subscriber();
    const forged = await deliver(
      'customer.subscription.created',
      { ...subscription, customer },
      {
        secret: 'whsec_someone_else',
      },
    );
    expect(forged).toMatchObject({ status: 400, body: { error: 'The webhook signature is not valid.' } });
    const unsigned = await t.request({
      method: 'POST',
      url: '/api/stripe/webhook/',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ id: 'evt_x', type: 'invoice.paid', data: { object: {} } }),
    });
    expect(unsigned.status).toBe(400);
    // Signed, but more than five minutes ago: a replay of a captured delivery.
    const stale = await deliver('customer.subscription.created', subscription, {
      timestamp: Math.floor(Date.now() / 1000) - 301,
    });
    expect(stale).toMatchObject({ status: 400, body: { error: 'The webhook signature is not valid.' } });
    expect(await plan(token)).toMatchObject({ is_pro: false });
  });

  it('refuses a signed event without an id, without data, or dated in the future, and changes nothing', async () => {
    const { token, customer, subscription } = await subscriber();
    const object = { ...subscription, customer };
    const now = Math.floor(Date.now() / 1000);
    const cases = [
      [(event: Record<string, unknown>) => ({ ...event, id: undefined }), 'The event has no id.'],
      [(event: Record<string, unknown>) => ({ ...event, id: 42 }), 'The event has no id.'],
      [(event: Record<string, unknown>) => ({ ...event, data: null }), 'The event has no data object.'],
      [
        (event: Record<string, unknown>) => ({ ...event, data: { object: null } }),
        'The event has no data object.',
      ],
      [(event: Record<string, unknown>) => ({ ...event, type: undefined }), 'The event has no type.'],
      [
        (event: Record<string, unknown>) => ({ ...event, created: now + 3600 }),
        'The event is dated in the future: check the sending clock.',
      ],
    ] as const;
    for (const [reshape, error] of cases) {
      const response = await deliver('customer.subscription.created', object, { reshape });
      expect(response, error).toMatchObject({ status: 400, body: { error } });
    }
    expect(await plan(token)).toMatchObject({ is_pro: false });
    // A clock a little ahead is not a reason to refuse.
    const skewed = await deliver('customer.subscription.created', object, { created: now + 60 });
    expect(skewed.status).toBe(200);
  });

  it('does not give a learner a stranger’s customer, whatever a checkout’s client_reference_id says', async () => {
    const { user, token } = await learner();
    standIn.customers.set('cus_stranger_link', { id: 'cus_stranger_link', object: 'customer', metadata: {} });
    standIn.subscriptions.set(
      'sub_stranger',
      stripeSubscription({ id: 'sub_stranger', customer: 'cus_stranger_link', status: 'active' }),
    );
    const linked = await deliver('checkout.session.completed', {
      id: 'cs_payment_link',
      object: 'checkout.session',
      customer: 'cus_stranger_link',
      client_reference_id: user.id,
      subscription: 'sub_stranger',
    });
    expect(linked.body.outcome).toBe('unknown customer');
    expect(await plan(token)).toEqual({
      is_pro: false,
      subscription_status: 'inactive',
      has_stripe_customer: false,
      subscription_end_date: null,
    });
  });

  it('takes a new subscription after an ended one, and sends a learner with a payment due to the portal', async () => {
    const { token, customer, subscription } = await subscriber();
    standIn.subscriptions.set(subscription.id as string, { ...subscription, status: 'canceled' });
    await deliver('customer.subscription.deleted', subscription);
    expect(await plan(token)).toMatchObject({ is_pro: false, subscription_status: 'canceled' });
    const renewed = stripeSubscription({ id: `${subscription.id}_new`, customer, status: 'active' });
    standIn.subscriptions.set(renewed.id as string, renewed);
    await deliver('customer.subscription.created', renewed);
    expect(await plan(token)).toMatchObject({ is_pro: true, subscription_status: 'active' });

    standIn.subscriptions.set(renewed.id as string, { ...renewed, status: 'past_due' });
    await deliver('invoice.payment_failed', {
      id: 'in_due',
      object: 'invoice',
      customer,
      subscription: renewed.id,
    });
    expect(await plan(token)).toMatchObject({ is_pro: false, subscription_status: 'past_due' });
    const before = standIn.requests.length;
    const upgrade = await t.request<{ checkout_url: string }>({
      method: 'POST',
      url: '/api/create-checkout-session/',
      token,
    });
    expect(upgrade.body.checkout_url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\//);
    expect(standIn.requests.slice(before).map((request) => request.path)).toEqual([
      '/v1/billing_portal/sessions',
    ]);
  });

  it('makes the learner Pro when their checkout completes, once however often it is delivered', async () => {
    const { token, customer, subscription, user } = await subscriber();
    const completed = await deliver('checkout.session.completed', {
      id: 'cs_test_done',
      object: 'checkout.session',
      customer,
      client_reference_id: user.id,
      subscription: subscription.id,
    });
    expect(completed).toMatchObject({ status: 200, body: { received: true, outcome: 'applied' } });
    expect(await plan(token)).toEqual({
      is_pro: true,
      subscription_status: 'active',
      has_stripe_customer: true,
      subscription_end_date: '2027-01-15T12:00:00.000Z',
    });

    const again = await deliver('checkout.session.completed', completed.event.data.object, {
      id: completed.event.id,
    });
    expect(again.body.outcome).toBe('duplicate');

    const twice = await t.request({ method: 'POST', url: '/api/create-checkout-session/', token });
    expect(twice).toMatchObject({ status: 409, body: { error: ALREADY_PRO } });
  });

  it('follows Stripe’s current state, so an event arriving late never puts an older one back', async () => {
    const { token, customer, subscription } = await subscriber();
    await deliver('customer.subscription.created', subscription);
    expect(await plan(token)).toMatchObject({ is_pro: true, subscription_status: 'active' });

    // The payment fails, then the subscription is canceled; the events come in the wrong order.
    const canceled = { ...subscription, status: 'canceled' };
    standIn.subscriptions.set(subscription.id as string, canceled);
    await deliver('customer.subscription.deleted', canceled);
    await deliver('invoice.payment_failed', {
      id: 'in_late',
      object: 'invoice',
      customer,
      parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id } },
    });
    const late = await deliver('customer.subscription.updated', { ...subscription, status: 'past_due' });
    expect(late.body.outcome).toBe('applied');
    expect(await plan(token)).toMatchObject({ is_pro: false, subscription_status: 'canceled' });
  });

  it('keeps an active subscription when an event about an older, ended one arrives', async () => {
    const { token, customer, subscription } = await subscriber();
    await deliver('customer.subscription.created', subscription);
    const old = stripeSubscription({ id: `${subscription.id}_old`, customer, status: 'canceled' });
    standIn.subscriptions.set(old.id as string, old);
    await deliver('customer.subscription.deleted', old);
    expect(await plan(token)).toMatchObject({ is_pro: true, subscription_status: 'active' });
  });

  it('acknowledges an event of another type, or of a customer it does not know, and does nothing', async () => {
    const other = await deliver('customer.created', { id: 'cus_unknown', object: 'customer' });
    expect(other).toMatchObject({ status: 200, body: { outcome: 'ignored' } });
    standIn.customers.set('cus_stranger', { id: 'cus_stranger', object: 'customer', metadata: {} });
    const stranger = await deliver('invoice.paid', {
      id: 'in_x',
      object: 'invoice',
      customer: 'cus_stranger',
    });
    expect(stranger).toMatchObject({ status: 200, body: { outcome: 'unknown customer' } });
  });

  it('answers 502 while Stripe cannot be reached, so the event comes again and is then applied', async () => {
    const { token, subscription } = await subscriber();
    standIn.failing = true;
    let first: Awaited<ReturnType<typeof deliver>>;
    try {
      first = await deliver('customer.subscription.created', subscription);
    } finally {
      standIn.failing = false;
    }
    expect(first.status).toBe(502);
    const retried = await deliver('customer.subscription.created', subscription, { id: first.event.id });
    expect(retried.body.outcome).toBe('applied');
    expect(await plan(token)).toMatchObject({ is_pro: true });
  });
});
