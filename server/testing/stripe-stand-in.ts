// A local stand-in for the parts of Stripe's API the billing calls use, for the tests: the SDK is pointed at
// it (STRIPE_API_URL); it answers customers, Checkout and portal sessions and the subscriptions the test
// gives it, and records every request, its form-encoded body decoded to "a[b][0]" → value pairs. Tests in
// another process (the end-to-end ones) use its two control calls: POST /_stand-in/subscriptions with a
// subscription as JSON, and GET /_stand-in/requests.
import { createServer, type IncomingMessage, type Server } from 'node:http';

export interface RecordedRequest {
  method: string;
  path: string;
  body: Record<string, string>;
  idempotencyKey: string | undefined;
}

export interface StripeStandIn {
  url: string;
  requests: RecordedRequest[];
  /** The subscriptions GET /v1/subscriptions/{id} answers, as Stripe would (the test keeps them current). */
  subscriptions: Map<string, Record<string, unknown>>;
  customers: Map<string, Record<string, unknown>>;
  /** Makes the next requests fail as an unreachable API would (a 500 Stripe's SDK gives up on). */
  failing: boolean;
  close(): Promise<void>;
}

async function readText(request: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of request) text += String(chunk);
  return text;
}

/** A subscription object as Stripe's API answers it (2026 versions: the period is on its items). */
export function stripeSubscription(options: {
  id: string;
  customer: string;
  status: string;
  price?: string;
  periodEnd?: number;
  created?: number;
}): Record<string, unknown> {
  return {
    id: options.id,
    object: 'subscription',
    customer: options.customer,
    status: options.status,
    created: options.created ?? 1_790_000_000,
    items: {
      object: 'list',
      data: [
        {
          id: `si_${options.id}`,
          object: 'subscription_item',
          current_period_end: options.periodEnd ?? 1_800_000_000,
          price: { id: options.price ?? 'price_yearly_test', object: 'price' },
        },
      ],
    },
  };
}

export async function startStripeStandIn(): Promise<StripeStandIn> {
  let sequence = 0;
  // The one object the tests hold: the handler reads and records through it; url is known once listening.
  const standIn: StripeStandIn = {
    url: '',
    requests: [],
    subscriptions: new Map(),
    customers: new Map(),
    failing: false,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server: Server = createServer(async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://stand-in').pathname;
    const text = await readText(request);
    if (path.startsWith('/_stand-in/')) {
      response.writeHead(200, { 'content-type': 'application/json' });
      if (request.method === 'POST' && path === '/_stand-in/subscriptions') {
        const subscription = JSON.parse(text) as Record<string, unknown>;
        standIn.subscriptions.set(String(subscription.id), subscription);
        return response.end(JSON.stringify(subscription));
      }
      return response.end(JSON.stringify(standIn.requests));
    }
    const body = Object.fromEntries(new URLSearchParams(text));
    const key = request.headers['idempotency-key'];
    standIn.requests.push({
      method: request.method ?? 'GET',
      path,
      body,
      idempotencyKey: typeof key === 'string' ? key : undefined,
    });
    const answer = (status: number, json: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${++sequence}` });
      response.end(JSON.stringify(json));
    };
    if (standIn.failing) return answer(500, { error: { type: 'api_error', message: 'Stand-in failing' } });
    const notFound = () =>
      answer(404, { error: { type: 'invalid_request_error', message: `No such object: ${path}` } });
    if (request.method === 'POST' && path === '/v1/customers') {
      const id = `cus_standin_${++sequence}`;
      const customer = {
        id,
        object: 'customer',
        email: body.email ?? null,
        metadata: { user_id: body['metadata[user_id]'] },
      };
      standIn.customers.set(id, customer);
      return answer(200, customer);
    }
    if (request.method === 'GET' && path.startsWith('/v1/customers/')) {
      const customer = standIn.customers.get(path.slice('/v1/customers/'.length));
      return customer ? answer(200, customer) : notFound();
    }
    if (request.method === 'POST' && path === '/v1/checkout/sessions') {
      const id = `cs_test_${++sequence}`;
      return answer(200, {
        id,
        object: 'checkout.session',
        mode: body.mode,
        customer: body.customer,
        client_reference_id: body.client_reference_id,
        url: `https://checkout.stripe.test/c/pay/${id}`,
      });
    }
    if (request.method === 'POST' && path === '/v1/billing_portal/sessions') {
      const id = `bps_${++sequence}`;
      return answer(200, {
        id,
        object: 'billing_portal.session',
        customer: body.customer,
        return_url: body.return_url,
        url: `https://billing.stripe.test/p/session/${id}`,
      });
    }
    if (request.method === 'GET' && path.startsWith('/v1/subscriptions/')) {
      const subscription = standIn.subscriptions.get(path.slice('/v1/subscriptions/'.length));
      return subscription ? answer(200, subscription) : notFound();
    }
    // Cancelling at once: Stripe answers the subscription, now canceled (one it does not have is a 404).
    if (request.method === 'DELETE' && path.startsWith('/v1/subscriptions/')) {
      const id = path.slice('/v1/subscriptions/'.length);
      const subscription = standIn.subscriptions.get(id);
      if (!subscription) return notFound();
      const canceled = { ...subscription, status: 'canceled', canceled_at: Math.floor(Date.now() / 1000) };
      standIn.subscriptions.set(id, canceled);
      return answer(200, canceled);
    }
    return notFound();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  standIn.url = `http://127.0.0.1:${port}`;
  return standIn;
}
