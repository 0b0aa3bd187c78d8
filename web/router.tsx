import { Route, Routes } from 'react-router';
import { CLIENT_ROUTES, type ClientRouteName } from '#common/routes.ts';
import { Landing } from './routes/Landing.tsx';
import { NotFound } from './routes/NotFound.tsx';

/**
 * Screens of the route table whose issue has not built them yet. They answer with the honest "not found"
 * page, never a placeholder that pretends; each issue moves its screens out of this list.
 */
const NOT_BUILT_YET: readonly ClientRouteName[] = [
  'signIn',
  'signUp',
  'signInVerify',
  'account',
  'dashboard',
  'story',
  'reader',
  'admin',
  'adminStory',
  'words',
  'progress',
  'apply',
  'feedback',
  'submitVideo',
];

/**
 * The route table of spec/learner.md §2. The landing is in the first bundle; the other screens will be
 * lazily loaded routes (docs/decisions/003).
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route path={CLIENT_ROUTES.landing} element={<Landing />} />
      {NOT_BUILT_YET.map((name) => (
        <Route key={name} path={CLIENT_ROUTES[name]} element={<NotFound />} />
      ))}
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
