// The landing page's markup at build time (scripts/prerender-landing.mjs, docs/decisions/094): the app's own
// tree at `/`, as a signed-out visitor's first render draws it (the session still loading, the hero's buttons'
// space held), so the page hydrates it without drawing anything anew.
import { type ReactNode, StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { CLIENT_ROUTES } from '#common/routes.ts';
import { AppFrame } from './App.tsx';

function LandingRouter({ children }: { children: ReactNode }) {
  return <StaticRouter location={CLIENT_ROUTES.landing}>{children}</StaticRouter>;
}

/** The markup #root holds on `/` before the app runs. */
export function renderLanding(): string {
  return renderToString(
    <StrictMode>
      <AppFrame router={LandingRouter} />
    </StrictMode>,
  );
}
