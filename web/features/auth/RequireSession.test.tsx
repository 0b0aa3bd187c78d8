import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { RequireSession } from './RequireSession.tsx';
import { SessionProvider, type SessionState } from './session.tsx';

function renderProtected(session: SessionState) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>Home page</p> },
      { path: '/signin', element: <p>Sign-in page</p> },
      {
        path: '/account',
        element: (
          <RequireSession loadingText="Loading your account...">
            <p>Account contents</p>
          </RequireSession>
        ),
      },
    ],
    { initialEntries: ['/', '/account'], initialIndex: 1 },
  );
  render(
    <SessionProvider value={session}>
      <RouterProvider router={router} />
    </SessionProvider>,
  );
  return router;
}

describe('RequireSession', () => {
  it('shows a spinner with the screen loading text while the session loads', () => {
    renderProtected({ status: 'loading' });

    expect(screen.getByRole('status').textContent).toBe('Loading your account...');
    expect(screen.queryByText('Account contents')).toBeNull();
  });

  it('sends a signed-out visitor to /signin, replacing the history entry', async () => {
    const router = renderProtected({ status: 'signed_out' });

    expect(await screen.findByText('Sign-in page')).toBeDefined();
    expect(router.state.location.pathname).toBe('/signin');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.queryByText('Account contents')).toBeNull();
  });

  it('leads home after the learner signed out on the screen', async () => {
    const router = renderProtected({ status: 'signed_out', byUser: true });

    expect(await screen.findByText('Home page')).toBeDefined();
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('shows the screen to a signed-in learner', () => {
    renderProtected({ status: 'signed_in', user: { email: 'ana@example.com' }, accessToken: 't' });

    expect(screen.getByText('Account contents')).toBeDefined();
  });
});
