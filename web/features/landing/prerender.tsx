// The landing's markup at build time (vite.config.ts puts it in index.html): a first visit to / paints the
// page as soon as the HTML and the stylesheet are in, before the app's JavaScript has loaded and run
// (Lighthouse's LCP, docs/decisions/089). Rendered as the app's first render draws it, while the session is
// still loading; the app replaces it with its own render at its first commit (App.tsx). Never in the bundle.
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { CLIENT_ROUTES } from '#common/routes.ts';
import { SessionProvider } from '#web/features/auth/session.tsx';
import { LandingPage } from './LandingPage.tsx';

export { LANDING_SHELL_ID } from './shell.ts';

export function renderLandingShell(): string {
  return renderToStaticMarkup(
    <SessionProvider value={{ status: 'loading' }}>
      <MemoryRouter initialEntries={[CLIENT_ROUTES.landing]}>
        <LandingPage />
      </MemoryRouter>
    </SessionProvider>,
  );
}
