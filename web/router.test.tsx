import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { CLIENT_ROUTES } from '#common/routes.ts';
import { SessionProvider, type SessionState } from './features/auth/session.tsx';
import { AppRoutes } from './router.tsx';

function renderAt(path: string, session: SessionState = { status: 'signed_out' }) {
  return render(
    <SessionProvider value={session}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
      </MemoryRouter>
    </SessionProvider>,
  );
}

describe('the route table', () => {
  it('shows the landing page at /', () => {
    renderAt(CLIENT_ROUTES.landing);

    expect(screen.getByRole('heading', { level: 1 }).textContent).toMatch(/Learn a language/);
  });

  it('loads the sign-in and sign-up screens at /signin and /signup', async () => {
    const { unmount } = renderAt(CLIENT_ROUTES.signIn);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Sign In');
    unmount();

    renderAt(CLIENT_ROUTES.signUp);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Sign Up');
  });

  it('sends a signed-out visitor of /account to the sign-in screen', async () => {
    renderAt(CLIENT_ROUTES.account);

    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Sign In');
  });

  it('sends a signed-out visitor of /admin to the sign-in screen', async () => {
    renderAt(CLIENT_ROUTES.admin);

    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Sign In');
  });

  it('sends a signed-out visitor of the reader to the sign-in screen', async () => {
    renderAt('/read/7/3');

    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Sign In');
  });

  it('shows the loading text of /account while the session loads', () => {
    renderAt(CLIENT_ROUTES.account, { status: 'loading' });

    expect(screen.getByRole('status').textContent).toBe('Loading your account...');
  });

  it('answers a link without its token at /signin/verify with the way to a new one', async () => {
    renderAt(CLIENT_ROUTES.signInVerify);

    expect(await screen.findByText('This sign-in link is invalid or has expired.')).toBeDefined();
    expect(screen.getByRole('link', { name: 'Get a new sign-in link' }).getAttribute('href')).toBe('/signin');
  });

  it('answers an unknown path with the honest not-found page', () => {
    renderAt('/nowhere');

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Page not found');
  });

  it('lets a signed-out visitor open /apply and /submit-video (learner.md §6)', async () => {
    const { unmount } = renderAt(CLIENT_ROUTES.submitVideo);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Submit your sample video');
    unmount();

    renderAt(CLIENT_ROUTES.apply);
    expect((await screen.findByRole('button', { name: 'Submit Application' })).textContent).toBe(
      'Submit Application',
    );
  });
});
