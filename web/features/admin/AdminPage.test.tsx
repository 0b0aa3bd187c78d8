import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_TITLE, AdminPage } from './AdminPage.tsx';
import { fakeApi, installFakeApi, pending, renderScreen } from './testing.tsx';

beforeEach(() => {
  installFakeApi({
    'GET /api/admin/stories/': () => Response.json([]),
    'GET /api/admin/languages/': () => Response.json([]),
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('Admin', () => {
  it("says 'Checking permissions...' while the permission is checked", async () => {
    const check = pending();
    fakeApi.routes['GET /api/admin/check-permission/'] = check.handler;
    renderScreen(<AdminPage />);

    await vi.waitFor(() => expect(fakeApi.countOf('GET /api/admin/check-permission/')).toBe(1));
    expect(screen.getByRole('status').textContent).toBe('Checking permissions...');
    const headers = new Headers(fakeApi.calls[0]?.init?.headers);
    expect(headers.get('Authorization')).toBe('Bearer token-for-admin@example.com');

    check.answer(Response.json({ is_admin: true }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeDefined();
  });

  it('sends a learner who is not an admin to /dashboard, replacing the history entry', async () => {
    fakeApi.routes['GET /api/admin/check-permission/'] = () => Response.json({ is_admin: false });
    const { router } = renderScreen(<AdminPage />);

    expect(await screen.findByText('Dashboard page')).toBeDefined();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(fakeApi.countOf('GET /api/admin/stories/')).toBe(0);
  });

  it('logs a failed check as a warning and treats it as not an admin', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    fakeApi.routes['GET /api/admin/check-permission/'] = () =>
      Response.json({ error: 'Database is down' }, { status: 503 });
    const { router } = renderScreen(<AdminPage />);

    // A server failure is retried once, a second later, before it counts.
    expect(await screen.findByText('Dashboard page')).toBeDefined();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('permission check failed'), expect.anything());
    warn.mockRestore();
  });

  it('shows an admin the title, the way back and the five tabs, with Stories open', async () => {
    renderScreen(<AdminPage />);

    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeDefined();
    expect(document.title).toBe(ADMIN_TITLE);
    expect(screen.getByRole('link', { name: 'Back to Dashboard' }).getAttribute('href')).toBe('/dashboard');
    const tabs = within(screen.getByRole('tablist', { name: 'Admin sections' })).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'Stories',
      'Bulk Import',
      'Languages',
      'Teachers',
      'Translations',
    ]);
    expect(screen.getByRole('tab', { name: 'Stories', selected: true })).toBeDefined();
    expect(await screen.findByText('No stories found. Add your first story!')).toBeDefined();
  });

  it('opens the Teachers tab with its sub-tabs, and keeps the open tab in the address', async () => {
    fakeApi.routes['GET /api/teacher-applications/'] = () => Response.json([]);
    const { router } = renderScreen(<AdminPage />);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('tab', { name: 'Bulk Import' }));
    expect(await screen.findByRole('heading', { name: 'Bulk Import Stories' })).toBeDefined();
    await user.click(await screen.findByRole('tab', { name: 'Teachers' }));
    const panel = screen.getByRole('tabpanel', { name: 'Teachers' });
    expect(within(panel).getByRole('tab', { name: 'Applications', selected: true })).toBeDefined();
    expect(await within(panel).findByText('No Applications Yet')).toBeDefined();
    expect(router.state.location.search).toBe('?tab=teachers');

    await user.click(screen.getByRole('tab', { name: 'Languages' }));
    expect(await screen.findByText('No languages found. Add your first language!')).toBeDefined();
  });

  it('opens the tab the address names', async () => {
    renderScreen(<AdminPage />, '/admin?tab=languages');

    expect(await screen.findByRole('tab', { name: 'Languages', selected: true })).toBeDefined();
  });
});
