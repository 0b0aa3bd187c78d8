import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SignedInDevice } from '#common/schemas/account.ts';
import { FakeAuthClient, fakeSession } from '#web/features/auth/fake-auth-client.ts';
import { SessionProvider } from '#web/features/auth/session.tsx';
import { createQueryClient } from '#web/lib/query.tsx';
import { DEVICES_FAILED, DevicesCard, NO_OTHER_DEVICES } from './DevicesCard.tsx';
import { formatDeviceTime, OTHERS_SIGNED_OUT } from './devices.ts';

type Handler = (init: RequestInit | undefined) => Response | Promise<Response>;

const THIS: SignedInDevice = {
  id: '11111111-1111-4111-8111-111111111111',
  created_at: '2026-03-01T09:00:00Z',
  last_used_at: '2026-03-05T15:04:00Z',
  browser: 'Firefox on Windows',
  current: true,
};
const PHONE: SignedInDevice = {
  id: '22222222-2222-4222-8222-222222222222',
  created_at: '2026-02-10T08:30:00Z',
  last_used_at: '2026-03-04T20:15:00Z',
  browser: 'Chrome on Android',
  current: false,
};
const TABLET: SignedInDevice = {
  id: '33333333-3333-4333-8333-333333333333',
  created_at: '2026-01-02T10:00:00Z',
  last_used_at: '2026-01-02T10:00:00Z',
  browser: 'Safari on iPad',
  current: false,
};

let routes: Record<string, Handler>;
const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  const handler = routes[`${init?.method ?? 'GET'} ${String(input)}`];
  return handler ? handler(init) : Response.json({ error: 'Not found' }, { status: 404 });
});
const sent = (method: string, url: string) =>
  fetchMock.mock.calls.filter(
    ([input, init]) => `${init?.method ?? 'GET'} ${String(input)}` === `${method} ${url}`,
  );

beforeEach(() => {
  routes = { 'GET /api/me/sessions/': () => Response.json([THIS, PHONE, TABLET]) };
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

function renderCard(props: { isDisabled?: boolean } = {}) {
  const client = new FakeAuthClient(fakeSession());
  render(
    <SessionProvider client={client}>
      <QueryClientProvider client={createQueryClient()}>
        <DevicesCard {...props} />
      </QueryClientProvider>
    </SessionProvider>,
  );
  return { client, card: () => screen.getByRole('region', { name: 'Signed-in devices' }) };
}

describe('DevicesCard', () => {
  it('says it is loading, then lists each device with its browser, dates and this one marked', async () => {
    const { card } = renderCard();
    expect(screen.getByText('Loading devices...').closest('[role="status"]')).not.toBeNull();

    const items = await within(card()).findAllByRole('listitem');
    expect(items.map((item) => within(item).getByText(/ on /).textContent)).toEqual([
      'Firefox on WindowsThis device',
      'Chrome on Android',
      'Safari on iPad',
    ]);
    expect(items[1]?.textContent).toContain(
      `Signed in ${formatDeviceTime(PHONE.created_at)} · Last used ${formatDeviceTime(PHONE.last_used_at)}`,
    );
    expect(formatDeviceTime(PHONE.created_at)).toMatch(/^Feb 10, 2026, \d{1,2}:\d{2} [AP]M$/);
    expect(within(items[0] as HTMLElement).queryByRole('button')).toBeNull();
    expect(within(items[1] as HTMLElement).getByRole('button').textContent).toBe('Sign out');
    expect(within(card()).getByRole('button', { name: 'Sign out everywhere else' })).toBeDefined();
    expect(screen.queryByText(NO_OTHER_DEVICES)).toBeNull();
  });

  it('signs one other device out and lists the devices again', async () => {
    let devices = [THIS, PHONE, TABLET];
    routes['GET /api/me/sessions/'] = () => Response.json(devices);
    routes[`DELETE /api/me/sessions/${PHONE.id}/`] = () => {
      devices = [THIS, TABLET];
      return new Response(null, { status: 204 });
    };
    renderCard();

    await userEvent.click(await screen.findByRole('button', { name: /^Sign out Chrome on Android/ }));

    await vi.waitFor(() => expect(screen.queryByText('Chrome on Android')).toBeNull());
    expect(sent('DELETE', `/api/me/sessions/${PHONE.id}/`)).toHaveLength(1);
    expect(screen.getByText('Safari on iPad')).toBeDefined();
  });

  it("shows the server's sentence when a device could not be signed out", async () => {
    routes[`DELETE /api/me/sessions/${TABLET.id}/`] = () =>
      Response.json({ error: 'That device is not signed in to your account.' }, { status: 404 });
    renderCard();

    await userEvent.click(await screen.findByRole('button', { name: /^Sign out Safari on iPad/ }));

    expect((await screen.findByRole('alert')).textContent).toBe(
      'That device is not signed in to your account.',
    );
  });

  it('signs out everywhere else through the auth client, keeping this device, and says so', async () => {
    let devices = [THIS, PHONE, TABLET];
    routes['GET /api/me/sessions/'] = () => Response.json(devices);
    const { client } = renderCard();
    let answer: (result: { error: Error | null }) => void = () => {};
    client.signOutResult = new Promise((done) => (answer = done));

    await userEvent.click(await screen.findByRole('button', { name: 'Sign out everywhere else' }));
    expect((screen.getByRole('button', { name: 'Signing out...' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: /^Sign out Chrome/ }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    devices = [THIS];
    answer({ error: null });

    expect(await screen.findByText(OTHERS_SIGNED_OUT)).toBeDefined();
    expect(client.argsOf('signOut')).toEqual([{ scope: 'others' }]);
    expect(await screen.findByText(NO_OTHER_DEVICES)).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Sign out everywhere else' })).toBeNull();
    expect(screen.getByText('This device')).toBeDefined();
  });

  it('says when no other device is signed in, and offers nothing to sign out', async () => {
    routes['GET /api/me/sessions/'] = () => Response.json([THIS]);
    renderCard();

    expect(await screen.findByText(NO_OTHER_DEVICES)).toBeDefined();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('says the devices could not be loaded, and loads them on Try again', async () => {
    let isDown = true;
    routes['GET /api/me/sessions/'] = () =>
      isDown ? Response.json({ error: 'Database is down' }, { status: 503 }) : Response.json([THIS, PHONE]);
    renderCard();

    expect(await screen.findByText(DEVICES_FAILED)).toBeDefined();
    isDown = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByText('Chrome on Android')).toBeDefined();
    expect(screen.queryByText(DEVICES_FAILED)).toBeNull();
  });

  it('holds its buttons while the page does something else', async () => {
    renderCard({ isDisabled: true });

    await screen.findByText('Chrome on Android');
    for (const button of screen.getAllByRole('button'))
      expect((button as HTMLButtonElement).disabled).toBe(true);
  });
});
