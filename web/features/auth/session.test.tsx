import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkPermission } from '#common/endpoints/admin.ts';
import { listLanguages } from '#common/endpoints/languages.ts';
import { call } from '#web/lib/call.ts';
import { acceptPageState, clearPageSessionCookie, PAGE_STATE_ID, tokenTail } from '#web/lib/pageSession.ts';
import { FakeAuthClient, fakeSession } from './fake-auth-client.ts';
import { SessionProvider, useSession, useSignOut } from './session.tsx';

function SessionProbe() {
  const session = useSession();
  const signOut = useSignOut();
  return (
    <div>
      <p data-testid="status">
        {session.status}
        {session.status === 'signed_in' ? ` ${session.user.email} ${session.accessToken}` : ''}
        {session.status === 'signed_out' && session.byUser ? ' by user' : ''}
      </p>
      <button type="button" onClick={() => void signOut()}>
        Sign out
      </button>
    </div>
  );
}

function statusText(): string {
  return screen.getByTestId('status').textContent ?? '';
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('SessionProvider', () => {
  it('starts loading, then follows the initial session of the auth client', async () => {
    const client = new FakeAuthClient(fakeSession('ana@example.com'));
    render(
      <SessionProvider client={client}>
        <SessionProbe />
      </SessionProvider>,
    );

    expect(statusText()).toBe('loading');
    expect(await screen.findByText('signed_in ana@example.com token-for-ana@example.com')).toBeDefined();
  });

  it('is signed out when the auth client starts without a session', async () => {
    render(
      <SessionProvider client={new FakeAuthClient(null)}>
        <SessionProbe />
      </SessionProvider>,
    );

    expect(await screen.findByText('signed_out')).toBeDefined();
  });

  it('offline with an expired token it cannot refresh, keeps the stored session; online, it is signed out', async () => {
    // auth-js keeps the session stored when a refresh fails for want of a network, and starts without one.
    window.localStorage.setItem('catamaran-auth', JSON.stringify(fakeSession('olga@example.com')));
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      const { unmount } = render(
        <SessionProvider client={new FakeAuthClient(null)}>
          <SessionProbe />
        </SessionProvider>,
      );
      expect(await screen.findByText('signed_in olga@example.com token-for-olga@example.com')).toBeDefined();
      unmount();

      // With a network, no session from auth-js is no session: the refresh token was refused.
      onLine.mockReturnValue(true);
      render(
        <SessionProvider client={new FakeAuthClient(null)}>
          <SessionProbe />
        </SessionProvider>,
      );
      expect(await screen.findByText('signed_out')).toBeDefined();
    } finally {
      onLine.mockRestore();
      window.localStorage.clear();
    }
  });

  it('follows sign-in, token refresh and sign-out events', async () => {
    const client = new FakeAuthClient(null);
    render(
      <SessionProvider client={client}>
        <SessionProbe />
      </SessionProvider>,
    );
    await screen.findByText('signed_out');

    act(() => client.emit('SIGNED_IN', fakeSession('bo@example.com')));
    expect(statusText()).toBe('signed_in bo@example.com token-for-bo@example.com');

    const refreshed = { ...fakeSession('bo@example.com'), access_token: 'fresh' };
    act(() => client.emit('TOKEN_REFRESHED', refreshed));
    expect(statusText()).toBe('signed_in bo@example.com fresh');

    act(() => client.emit('SIGNED_OUT', null));
    expect(statusText()).toBe('signed_out');
  });

  it('keeps the page-session cookie with the session’s token, follows a refresh, and clears it at sign-out', async () => {
    const jwt = (exp: number, tail: string) =>
      `${btoa('{"alg":"HS256"}')}.${btoa(JSON.stringify({ exp })).replaceAll('=', '')}.${tail}`;
    const cookie = () => document.cookie.match(/(?:^|; )catamaran-page-session=([^;]*)/)?.[1];
    const client = new FakeAuthClient(null);
    render(
      <SessionProvider client={client}>
        <SessionProbe />
      </SessionProvider>,
    );
    await screen.findByText('signed_out');
    expect(cookie()).toBeUndefined();

    const first = jwt(Math.floor(Date.now() / 1000) + 3600, 'first-signature');
    act(() => client.emit('SIGNED_IN', { ...fakeSession('cy@example.com'), access_token: first }));
    await vi.waitFor(() => expect(cookie()).toBe(encodeURIComponent(first)));
    const refreshed = jwt(Math.floor(Date.now() / 1000) + 3600, 'second-signature');
    act(() => client.emit('TOKEN_REFRESHED', { ...fakeSession('cy@example.com'), access_token: refreshed }));
    await vi.waitFor(() => expect(cookie()).toBe(encodeURIComponent(refreshed)));

    act(() => client.emit('SIGNED_OUT', null));
    await vi.waitFor(() => expect(cookie()).toBeUndefined());
  });

  it('on a page the server drew, follows the page-session cookie once the hydration has gone quiet', async () => {
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback));
    const token = `${btoa('{"alg":"HS256"}')}.${btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + 3600 })).replaceAll('=', '')}.drawn-signature`;
    const cookie = () => document.cookie.match(/(?:^|; )catamaran-page-session=([^;]*)/)?.[1];
    clearPageSessionCookie();
    const { holdUntilHydrated } = await import('#web/lib/afterHydration.ts');
    holdUntilHydrated();
    const client = new FakeAuthClient({ ...fakeSession('di@example.com'), access_token: token });
    render(
      <SessionProvider client={client}>
        <SessionProbe />
      </SessionProvider>,
    );
    await screen.findByText(/^signed_in/);
    await vi.waitFor(() => expect(idle.length).toBeGreaterThan(0));
    expect(cookie()).toBeUndefined();

    for (const callback of idle.splice(0)) callback();
    await vi.waitFor(() => expect(cookie()).toBe(encodeURIComponent(token)));
  });

  it('marks a sign-out the learner asked for', async () => {
    const client = new FakeAuthClient(fakeSession());
    render(
      <SessionProvider client={client}>
        <SessionProbe />
      </SessionProvider>,
    );
    await screen.findByText(/^signed_in/);

    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));

    expect(await screen.findByText('signed_out by user')).toBeDefined();
    expect(client.argsOf('signOut')).toHaveLength(1);
  });

  it('lets call() send the current access token as a bearer token', async () => {
    const fetch = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) =>
      Response.json({ is_admin: false }),
    );
    vi.stubGlobal('fetch', fetch);
    const client = new FakeAuthClient(fakeSession('ana@example.com'));
    render(
      <SessionProvider client={client}>
        <SessionProbe />
      </SessionProvider>,
    );
    await screen.findByText(/^signed_in/);

    await call(checkPermission, {});

    const headers = new Headers(fetch.mock.calls[0]?.[1]?.headers);
    expect(headers.get('Authorization')).toBe('Bearer token-for-ana@example.com');
  });

  it('sends no token once signed out', async () => {
    const fetch = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => Response.json([]));
    vi.stubGlobal('fetch', fetch);
    render(
      <SessionProvider client={new FakeAuthClient(null)}>
        <SessionProbe />
      </SessionProvider>,
    );
    await screen.findByText('signed_out');

    await call(listLanguages, {});

    expect(new Headers(fetch.mock.calls[0]?.[1]?.headers).has('Authorization')).toBe(false);
  });

  it('signs out here, not by the learner, when the server says the session has ended', async () => {
    const ended = { error: 'Your session has ended: sign in again.', code: 'session_not_found' };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json(ended, { status: 401 })),
    );
    const client = new FakeAuthClient(fakeSession('ana@example.com'));
    render(
      <SessionProvider client={client}>
        <SessionProbe />
      </SessionProvider>,
    );
    await screen.findByText(/^signed_in/);

    await expect(call(checkPermission, {})).rejects.toMatchObject({ status: 401 });

    expect(await screen.findByText('signed_out')).toBeDefined();
    expect(client.argsOf('signOut')).toEqual([{ scope: 'local' }]);
  });

  it('takes a stored session well before its expiry at once, before the auth client answers, and then follows the client', async () => {
    window.localStorage.setItem('catamaran-auth', JSON.stringify(fakeSession('olga@example.com')));
    try {
      render(
        <SessionProvider client={new FakeAuthClient(null)}>
          <SessionProbe />
        </SessionProvider>,
      );
      expect(statusText()).toBe('signed_in olga@example.com token-for-olga@example.com');
      expect(await screen.findByText('signed_out')).toBeDefined();
    } finally {
      window.localStorage.clear();
    }
  });

  it('is signed in from its first render on a page the server drew for the stored session, to hydrate it', async () => {
    const session = fakeSession('hana@example.com');
    window.localStorage.setItem('catamaran-auth', JSON.stringify(session));
    const renders: string[] = [];
    function FirstRender() {
      renders.push(useSession().status);
      return null;
    }
    const state = document.createElement('script');
    state.type = 'application/json';
    state.id = PAGE_STATE_ID;
    state.textContent = JSON.stringify({
      path: '/dashboard',
      tokenTail: tokenTail(session.access_token),
      queries: {},
    });
    document.body.append(state);
    try {
      expect(acceptPageState('/dashboard', session.access_token, undefined)).toBeDefined();
      render(
        <SessionProvider client={new FakeAuthClient(session)}>
          <FirstRender />
        </SessionProvider>,
      );
      expect(renders[0]).toBe('signed_in');
      expect(renders).not.toContain('loading');
    } finally {
      acceptPageState('/dashboard', undefined, undefined);
      window.localStorage.clear();
    }
  });

  it('waits for the auth client when the stored token is about to expire (auth-js would refresh it)', async () => {
    const expiring = { ...fakeSession('olga@example.com'), expires_at: Math.floor(Date.now() / 1000) + 60 };
    window.localStorage.setItem('catamaran-auth', JSON.stringify(expiring));
    try {
      render(
        <SessionProvider client={new FakeAuthClient(fakeSession('olga@example.com'))}>
          <SessionProbe />
        </SessionProvider>,
      );
      expect(statusText()).toBe('loading');
      expect(await screen.findByText(/^signed_in olga@example.com/)).toBeDefined();
    } finally {
      window.localStorage.clear();
    }
  });

  it('lets call() send a fresh stored token without waiting for the auth client', async () => {
    const fetch = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) =>
      Response.json({ is_admin: false }),
    );
    vi.stubGlobal('fetch', fetch);
    window.localStorage.setItem('catamaran-auth', JSON.stringify(fakeSession('olga@example.com')));
    const client = new FakeAuthClient(fakeSession('olga@example.com'));
    const getSession = vi.spyOn(client, 'getSession');
    try {
      render(
        <SessionProvider client={client}>
          <SessionProbe />
        </SessionProvider>,
      );
      await call(checkPermission, {});

      const headers = new Headers(fetch.mock.calls[0]?.[1]?.headers);
      expect(headers.get('Authorization')).toBe('Bearer token-for-olga@example.com');
      expect(getSession).not.toHaveBeenCalled();
    } finally {
      window.localStorage.clear();
    }
  });
});
