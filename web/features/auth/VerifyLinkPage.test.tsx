import { render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { FakeAuthClient, fakeSession } from './fake-auth-client.ts';
import { SessionProvider } from './session.tsx';
import {
  INVALID_EMAIL_CHANGE_LINK,
  INVALID_LINK,
  landingPathFor,
  VerifyLinkPage,
} from './VerifyLinkPage.tsx';

function renderLink(query: string, client = new FakeAuthClient()) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>Home page</p> },
      { path: '/story/:id', element: <p>Story page</p> },
      { path: '/signin', element: <p>Sign-in page</p> },
      { path: '/account', element: <p>Account page</p> },
      { path: '/signin/verify', element: <VerifyLinkPage /> },
    ],
    { initialEntries: [`/signin/verify?${query}`] },
  );
  render(
    <StrictMode>
      <SessionProvider value={{ status: 'signed_out' }} client={client}>
        <RouterProvider router={router} />
      </SessionProvider>
    </StrictMode>,
  );
  return { client, router };
}

let tokens = 0;
/** A token of its own per test: the page remembers the links it has spent. */
function freshToken(): string {
  tokens += 1;
  return `token-${tokens}`;
}

describe('VerifyLink', () => {
  it('spends the link once, even when React runs the effect twice, then goes to redirect_to', async () => {
    const token = freshToken();
    const redirectTo = encodeURIComponent(`${window.location.origin}/story/7?from=mail`);
    const { client, router } = renderLink(`token_hash=${token}&type=email&redirect_to=${redirectTo}`);

    expect(screen.getByRole('status').textContent).toBe('Signing you in...');
    expect(await screen.findByText('Story page')).toBeDefined();
    expect(client.argsOf('verifyOtp')).toEqual([{ token_hash: token, type: 'email' }]);
    expect(router.state.location.pathname + router.state.location.search).toBe('/story/7?from=mail');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('goes home when redirect_to is on another site', async () => {
    const token = freshToken();
    const { router } = renderLink(
      `token_hash=${token}&type=email&redirect_to=${encodeURIComponent('https://evil.example/')}`,
    );

    expect(await screen.findByText('Home page')).toBeDefined();
    expect(router.state.location.pathname).toBe('/');
  });

  it("says the link is invalid, with the server's words, and leads to a new one", async () => {
    const client = new FakeAuthClient();
    client.verifyResult = { error: new Error('Email link is invalid or has expired') };
    renderLink(`token_hash=${freshToken()}&type=email`, client);

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(INVALID_LINK);
    expect(alert.textContent).toContain('Email link is invalid or has expired');
    expect(screen.getByRole('link', { name: 'Get a new sign-in link' }).getAttribute('href')).toBe('/signin');
    expect(client.argsOf('verifyOtp')).toHaveLength(1);
  });
});

describe('VerifyLink for a new address', () => {
  it('confirms the change with type email_change, then opens the account, telling it the address changed', async () => {
    const token = freshToken();
    const redirectTo = encodeURIComponent(`${window.location.origin}/account`);
    const { client, router } = renderLink(`token_hash=${token}&type=email_change&redirect_to=${redirectTo}`);

    expect(screen.getByRole('status').textContent).toBe('Confirming your new address...');
    expect(await screen.findByText('Account page')).toBeDefined();
    expect(client.argsOf('verifyOtp')).toEqual([{ token_hash: token, type: 'email_change' }]);
    expect(router.state.location.state).toEqual({ emailChanged: true });
  });

  it('ends the session this browser held before, once the new address has its own', async () => {
    const logout = vi.fn(
      async (_input: RequestInfo | URL, _init?: RequestInit) => new Response(null, { status: 204 }),
    );
    vi.stubGlobal('fetch', logout);
    const client = new FakeAuthClient(fakeSession('old@example.com'));
    renderLink(`token_hash=${freshToken()}&type=email_change`, client);

    await screen.findByText('Home page');

    await vi.waitFor(() => expect(logout).toHaveBeenCalledTimes(1));
    const [url, init] = logout.mock.calls[0] ?? [];
    expect(String(url)).toBe(`${window.location.origin}/auth/v1/logout?scope=local`);
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer token-for-old@example.com');
    vi.unstubAllGlobals();
  });

  it('says a spent or expired change link is invalid, and leads back to the account', async () => {
    const client = new FakeAuthClient();
    client.verifyResult = { error: new Error('Email link is invalid or has expired') };
    renderLink(`token_hash=${freshToken()}&type=email_change`, client);

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(INVALID_EMAIL_CHANGE_LINK);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Could not change your address');
    expect(screen.getByRole('link', { name: 'Back to your account' }).getAttribute('href')).toBe('/account');
  });
});

describe('landingPathFor', () => {
  it('keeps a path on this site and drops anything else', () => {
    const origin = window.location.origin;
    expect(landingPathFor(`${origin}/account#plan`)).toBe('/account#plan');
    expect(landingPathFor('/progress')).toBe('/progress');
    expect(landingPathFor('https://evil.example/account')).toBe('/');
    expect(landingPathFor('//evil.example/account')).toBe('/');
    expect(landingPathFor(`${origin}/signin/verify?token_hash=x`)).toBe('/');
    expect(landingPathFor(null)).toBe('/');
  });
});
