import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { CLIENT_ROUTES } from '#common/routes.ts';
import { SessionProvider } from './features/auth/session.tsx';
import { AppRoutes } from './router.tsx';

function renderAt(path: string) {
  return render(
    <SessionProvider>
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

  it('answers every screen not built yet, and any unknown path, with the honest not-found page', () => {
    for (const path of ['/signin', '/dashboard', '/story/7', '/read/7/3', '/admin/story/2', '/nowhere']) {
      const { unmount } = renderAt(path);
      expect(screen.getByRole('heading', { level: 1 }).textContent, path).toBe('Page not found');
      unmount();
    }
  });
});
