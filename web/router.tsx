import { Route, Routes } from 'react-router';
import { CLIENT_ROUTES } from '#common/routes.ts';
import { Landing } from './routes/Landing.tsx';
import { NotFound } from './routes/NotFound.tsx';

/**
 * The route table of spec/learner.md §2. The landing is in the first bundle; every other screen will be a
 * lazily loaded route. A screen that is not built yet is left out on purpose: its path falls through to the
 * honest "not found" page rather than to a placeholder.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route path={CLIENT_ROUTES.landing} element={<Landing />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
