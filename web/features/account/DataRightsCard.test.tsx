import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeAuthClient, fakeSession } from '#web/features/auth/fake-auth-client.ts';
import { RequireSession } from '#web/features/auth/RequireSession.tsx';
import { SessionProvider } from '#web/features/auth/session.tsx';
import { createQueryClient } from '#web/lib/query.tsx';
import { saveFile } from '#web/lib/saveFile.ts';
import { DataRightsCard } from './DataRightsCard.tsx';
import { accountDeleted } from './DeleteAccountDialog.tsx';

vi.mock('#web/lib/saveFile.ts', () => ({ saveFile: vi.fn() }));

type Handler = (init: RequestInit | undefined) => Response | Promise<Response>;

const EMAIL = 'ana@example.com';
let routes: Record<string, Handler>;
const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  const handler = routes[`${init?.method ?? 'GET'} ${String(input)}`];
  return handler ? handler(init) : Response.json({ error: 'Not found' }, { status: 404 });
});

beforeEach(() => {
  routes = {};
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

function renderCard() {
  const client = new FakeAuthClient(fakeSession(EMAIL));
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>Home page</p> },
      { path: '/signin', element: <p>Sign-in page</p> },
      {
        path: '/account',
        element: (
          <RequireSession loadingText="Loading your account...">
            <DataRightsCard email={EMAIL} />
          </RequireSession>
        ),
      },
    ],
    { initialEntries: ['/account'] },
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

const today = () => {
  const now = new Date();
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
};

describe('Download my data', () => {
  it('saves the export as catamaran-data-<today>.json, busy meanwhile', async () => {
    let answer: (response: Response) => void = () => {};
    routes['GET /api/me/export/'] = () => new Promise((done) => (answer = done));
    renderCard();

    await userEvent.click(await screen.findByRole('button', { name: 'Download my data' }));
    expect(
      (screen.getByRole('button', { name: 'Preparing your data...' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    answer(
      new Response('{"format":"catamaran-data-export/1"}', {
        headers: { 'content-type': 'application/json' },
      }),
    );

    await vi.waitFor(() => expect(saveFile).toHaveBeenCalledTimes(1));
    const [blob, name] = vi.mocked(saveFile).mock.calls[0] ?? [];
    expect(name).toBe(`catamaran-data-${today()}.json`);
    expect(await (blob as Blob).text()).toBe('{"format":"catamaran-data-export/1"}');
    expect(await screen.findByRole('button', { name: 'Download my data' })).toBeDefined();
  });

  it("shows the server's sentence when the download fails", async () => {
    routes['GET /api/me/export/'] = () =>
      Response.json({ error: 'Your account no longer exists: sign in again.' }, { status: 401 });
    renderCard();

    await userEvent.click(await screen.findByRole('button', { name: 'Download my data' }));

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your account no longer exists: sign in again.',
    );
    expect(saveFile).not.toHaveBeenCalled();
  });
});

describe('Delete my account', () => {
  async function openDialog() {
    await userEvent.click(await screen.findByRole('button', { name: 'Delete my account' }));
    return screen.getByRole('dialog', { name: 'Delete your account?' });
  }

  it('deletes only once the typed address matches, says so, then signs out and goes home', async () => {
    let body: unknown;
    routes['DELETE /api/me/'] = (init) => {
      body = JSON.parse(String(init?.body));
      return new Response(null, { status: 204 });
    };
    const { client, router } = renderCard();
    const dialog = await openDialog();
    const confirm = () =>
      within(dialog).getByRole('button', { name: 'Delete my account' }) as HTMLButtonElement;
    const field = within(dialog).getByLabelText('Type your e-mail address to confirm');

    expect(confirm().disabled).toBe(true);
    await userEvent.type(field, 'ana@example.co');
    expect(confirm().disabled).toBe(true);
    await userEvent.type(field, 'M ');
    expect(confirm().disabled).toBe(false);
    await userEvent.click(confirm());

    const done = await screen.findByRole('dialog', { name: 'Account deleted' });
    expect(within(done).getByText(accountDeleted(EMAIL))).toBeDefined();
    expect(body).toEqual({ email: 'ana@example.coM' });
    expect(client.argsOf('signOut')).toEqual([]);
    await userEvent.click(within(done).getByRole('button', { name: 'Go to the home page' }));

    expect(await screen.findByText('Home page')).toBeDefined();
    expect(router.state.location.pathname).toBe('/');
    expect(client.argsOf('signOut')).toHaveLength(1);
  });

  it("keeps the dialog open with the server's sentence when the deletion is refused", async () => {
    const lastAdmin = 'You are the last administrator, so your account cannot be deleted.';
    routes['DELETE /api/me/'] = () => Response.json({ error: lastAdmin }, { status: 409 });
    const { client } = renderCard();
    const dialog = await openDialog();
    await userEvent.type(within(dialog).getByLabelText('Type your e-mail address to confirm'), EMAIL);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));

    expect((await within(dialog).findByRole('alert')).textContent).toBe(lastAdmin);
    expect(
      (within(dialog).getByRole('button', { name: 'Delete my account' }) as HTMLButtonElement).disabled,
    ).toBe(false);
    expect(client.argsOf('signOut')).toEqual([]);
  });

  it('sends nothing when cancelled', async () => {
    renderCard();
    const dialog = await openDialog();
    await userEvent.type(within(dialog).getByLabelText('Type your e-mail address to confirm'), EMAIL);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
