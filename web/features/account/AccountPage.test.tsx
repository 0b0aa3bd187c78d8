import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PRO_PLAN } from '#common/pricing.ts';
import { FakeAuthClient, fakeSession } from '#web/features/auth/fake-auth-client.ts';
import { RequireSession } from '#web/features/auth/RequireSession.tsx';
import { SessionProvider } from '#web/features/auth/session.tsx';
import { leavePage } from '#web/lib/leavePage.ts';
import { createQueryClient } from '#web/lib/query.tsx';
import { ACCOUNT_TITLE, AccountPage } from './AccountPage.tsx';

vi.mock('#web/lib/leavePage.ts', () => ({ leavePage: vi.fn() }));

type Handler = (init: RequestInit | undefined) => Response | Promise<Response>;

const FREE = {
  is_pro: false,
  subscription_status: 'inactive',
  has_stripe_customer: false,
  subscription_end_date: null,
};
const PRO = {
  is_pro: true,
  subscription_status: 'active',
  has_stripe_customer: true,
  subscription_end_date: '2026-03-05T12:00:00Z',
};

let routes: Record<string, Handler>;
const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  const handler = routes[`${init?.method ?? 'GET'} ${String(input)}`];
  return handler ? handler(init) : Response.json({ error: 'Not found' }, { status: 404 });
});

beforeEach(() => {
  routes = { 'GET /api/me/subscription/': () => Response.json(FREE) };
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

function renderAccount(client = new FakeAuthClient(fakeSession()), path = '/account') {
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>Home page</p> },
      { path: '/signin', element: <p>Sign-in page</p> },
      {
        path: '/account',
        element: (
          <RequireSession loadingText="Loading your account...">
            <AccountPage />
          </RequireSession>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <SessionProvider client={client}>
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </SessionProvider>,
  );
  return { client, router };
}

function subscriptionCard(): HTMLElement {
  return screen.getByRole('region', { name: 'Subscription' });
}

describe('Account', () => {
  it('shows the loading text while the session loads', () => {
    renderAccount();

    expect(screen.getByRole('status').textContent).toBe('Loading your account...');
  });

  it('shows the name, e-mail, quick links, the free plan plainly with an upgrade hint, and the Pro features', async () => {
    renderAccount();

    expect(await screen.findByText('Free Plan')).toBeDefined();
    expect(document.title).toBe(ACCOUNT_TITLE);
    expect(screen.getByText('Ana Lima')).toBeDefined();
    expect(screen.getByText('ana@example.com')).toBeDefined();
    expect(screen.queryByText('Pro Member')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
    const quickLinks = within(screen.getByRole('region', { name: 'Quick Links' })).getAllByRole('link');
    expect(quickLinks.map((link) => [link.getAttribute('href'), link.textContent])).toEqual([
      ['/progress', 'ProgressView your stats'],
      // One name for one page: the link says what the page it opens is titled.
      ['/words', 'Saved WordsReview vocabulary'],
      ['/feedback', 'FeedbackShare your thoughts'],
    ]);

    const card = subscriptionCard();
    // A learner who never subscribed is on the free plan, with nothing that reads like a fault.
    expect(within(card).getByText('Free Plan')).toBeDefined();
    expect(within(card).queryByText('Inactive')).toBeNull();
    expect(within(card).getByText(/Upgrade to Pro to open the whole library/)).toBeDefined();
    for (const feature of PRO_PLAN.features) expect(within(card).getByText(feature)).toBeDefined();
    expect(within(card).getByRole('button', { name: 'Upgrade to Pro' })).toBeDefined();
    expect(within(card).queryByRole('button', { name: 'Manage Subscription' })).toBeNull();
    expect(within(card).queryByText(/Next billing date/)).toBeNull();
    const headers = new Headers(fetchMock.mock.calls[0]?.[1]?.headers);
    expect(headers.get('Authorization')).toBe('Bearer token-for-ana@example.com');
  });

  it('shows a Pro learner the badge, the plan, the next billing date and Manage Subscription', async () => {
    routes['GET /api/me/subscription/'] = () => Response.json(PRO);
    renderAccount();

    expect(await screen.findByText('Pro Subscription')).toBeDefined();
    expect(screen.getByText('Pro Member')).toBeDefined();
    const card = subscriptionCard();
    expect(within(card).getByText('Active')).toBeDefined();
    expect(within(card).getByText(/Next billing date/).textContent).toBe('Next billing date: March 5, 2026');
    expect(within(card).getByRole('button', { name: 'Manage Subscription' })).toBeDefined();
    expect(within(card).queryByRole('button', { name: 'Upgrade to Pro' })).toBeNull();
    expect(within(card).queryByText(PRO_PLAN.features[0])).toBeNull();
  });

  it('labels each subscription status as the spec does', async () => {
    routes['GET /api/me/subscription/'] = () =>
      Response.json({ ...PRO, subscription_status: 'past_due', has_stripe_customer: false });
    renderAccount();

    expect(await screen.findByText('Past Due')).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Manage Subscription' })).toBeNull();
  });

  it('keeps the badge of a free plan that follows a subscription', async () => {
    routes['GET /api/me/subscription/'] = () => Response.json({ ...FREE, subscription_status: 'canceled' });
    renderAccount();

    expect(await screen.findByText('Free Plan')).toBeDefined();
    expect(within(subscriptionCard()).getByText('Canceled')).toBeDefined();
  });

  it('logs a failed subscription fetch and shows the free plan', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    routes['GET /api/me/subscription/'] = () => Response.json({ error: 'Database is down' }, { status: 503 });
    renderAccount();

    // A server failure is retried once, a second later, before it counts.
    expect(await screen.findByText('Free Plan')).toBeDefined();
    expect(screen.getByRole('button', { name: 'Upgrade to Pro' })).toBeDefined();
    expect(warn).toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("disables every button while upgrading, then shows the server's error and clears the busy state", async () => {
    let answer: (response: Response) => void = () => {};
    routes['POST /api/create-checkout-session/'] = () => new Promise((done) => (answer = done));
    renderAccount();
    await userEvent.click(await screen.findByRole('button', { name: 'Upgrade to Pro' }));

    expect((screen.getByRole('button', { name: 'Processing...' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Sign Out' }) as HTMLButtonElement).disabled).toBe(true);

    answer(Response.json({ error: 'Billing is not set up yet' }, { status: 404 }));
    expect((await screen.findByRole('alert')).textContent).toBe('Billing is not set up yet');
    expect((screen.getByRole('button', { name: 'Upgrade to Pro' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
    expect((screen.getByRole('button', { name: 'Sign Out' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('back from a payment, says it is being confirmed and asks again until the plan is Pro', async () => {
    let calls = 0;
    routes['GET /api/me/subscription/'] = () => Response.json(++calls < 2 ? FREE : PRO);
    renderAccount(undefined, '/account?checkout=success');

    expect(
      await screen.findByText('Thank you! Your payment is being confirmed; Pro opens here in a moment.'),
    ).toBeDefined();
    expect((screen.getByRole('button', { name: 'Upgrade to Pro' }) as HTMLButtonElement).disabled).toBe(true);
    expect(await screen.findByText('Pro Member')).toBeDefined();
    expect(screen.queryByText(/payment is being confirmed/)).toBeNull();
    expect(screen.getByText('Welcome to Pro! Every story is open to you now.')).toBeDefined();
  });

  it('says a canceled checkout charged nothing', async () => {
    renderAccount(undefined, '/account?checkout=canceled');
    const note = await screen.findByText(
      'Checkout was canceled, and nothing was charged. Upgrade whenever you are ready.',
    );
    expect(note.getAttribute('role')).toBe('status');
  });

  it('goes to the checkout page the server names', async () => {
    routes['POST /api/create-checkout-session/'] = () =>
      Response.json({ checkout_url: 'https://checkout.stripe.com/c/pay/cs_1' });
    renderAccount();
    await userEvent.click(await screen.findByRole('button', { name: 'Upgrade to Pro' }));

    await vi.waitFor(() => expect(leavePage).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_1'));
  });

  it('says the checkout could not be created when the answer has no checkout_url', async () => {
    routes['POST /api/create-checkout-session/'] = () => Response.json({});
    renderAccount();
    await userEvent.click(await screen.findByRole('button', { name: 'Upgrade to Pro' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Failed to create checkout session');
  });

  it("opens the customer portal, or says it could not, with 'Loading...' meanwhile", async () => {
    routes['GET /api/me/subscription/'] = () => Response.json(PRO);
    let answer: (response: Response) => void = () => {};
    routes['POST /api/create-customer-portal/'] = () => new Promise((done) => (answer = done));
    renderAccount();
    await userEvent.click(await screen.findByRole('button', { name: 'Manage Subscription' }));

    expect((screen.getByRole('button', { name: 'Loading...' }) as HTMLButtonElement).disabled).toBe(true);
    answer(Response.json({}, { status: 500 }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to open customer portal');
  });

  it('says something went wrong when the server cannot be reached', async () => {
    routes['POST /api/create-checkout-session/'] = () => Promise.reject(new TypeError('Failed to fetch'));
    renderAccount();
    await userEvent.click(await screen.findByRole('button', { name: 'Upgrade to Pro' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Something went wrong. Please try again.');
    expect(screen.getByRole('button', { name: 'Upgrade to Pro' })).toBeDefined();
  });

  it("signs out with 'Signing out...' and goes home", async () => {
    const client = new FakeAuthClient(fakeSession());
    let answer: (result: { error: Error | null }) => void = () => {};
    client.signOutResult = new Promise((done) => (answer = done));
    const { router } = renderAccount(client);
    await userEvent.click(await screen.findByRole('button', { name: 'Sign Out' }));

    expect((screen.getByRole('button', { name: 'Signing out...' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Upgrade to Pro' }) as HTMLButtonElement).disabled).toBe(true);
    answer({ error: null });

    expect(await screen.findByText('Home page')).toBeDefined();
    expect(router.state.location.pathname).toBe('/');
    expect(client.argsOf('signOut')).toHaveLength(1);
  });

  it('sends a signed-out visitor to /signin', async () => {
    renderAccount(new FakeAuthClient(null));

    expect(await screen.findByText('Sign-in page')).toBeDefined();
  });
});
