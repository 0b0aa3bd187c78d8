import { createBrowserRouter, type RouteObject } from 'react-router';
import { CLIENT_ROUTES } from '#common/routes.ts';
import { Landing } from './routes/Landing.tsx';
import { NotFound } from './routes/NotFound.tsx';

/**
 * The route table of spec/learner.md §2. A screen that is not built yet is left out on purpose: its path
 * falls through to the honest "not found" page rather than to a placeholder.
 */
export const routes: RouteObject[] = [
  { path: CLIENT_ROUTES.landing, element: <Landing /> },
  { path: '*', element: <NotFound /> },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
