import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { CLIENT_ROUTES } from '#common/routes.ts';
import { ScreenSpinner } from './components/ScreenSpinner.tsx';
import { RequireSession } from './features/auth/RequireSession.tsx';
import { Landing } from './routes/Landing.tsx';
import { NotFound } from './routes/NotFound.tsx';

/** A screen loaded on first visit, from its module's named export. */
function lazyScreen<Name extends string>(
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
): ComponentType {
  return lazy<ComponentType>(async () => ({ default: (await load())[name] }));
}

const SignIn = lazyScreen(() => import('./routes/SignIn.tsx'), 'SignIn');
const SignUp = lazyScreen(() => import('./routes/SignUp.tsx'), 'SignUp');
const VerifyLink = lazyScreen(() => import('./routes/VerifyLink.tsx'), 'VerifyLink');
const Feedback = lazyScreen(() => import('./routes/Feedback.tsx'), 'Feedback');
const Apply = lazyScreen(() => import('./routes/Apply.tsx'), 'Apply');
const SubmitVideo = lazyScreen(() => import('./routes/SubmitVideo.tsx'), 'SubmitVideo');

/**
 * A lazily loaded screen that fetches data: it comes with TanStack Query's provider, which is loaded beside it
 * (in parallel), never with the landing (docs/decisions/003).
 */
function lazyDataScreen<Name extends string>(
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
): ComponentType {
  return lazy<ComponentType>(async () => {
    const [{ DataScreens }, module] = await Promise.all([import('./lib/query.tsx'), load()]);
    const Content: ComponentType = module[name];
    return {
      default: function DataScreen() {
        return (
          <DataScreens>
            <Content />
          </DataScreens>
        );
      },
    };
  });
}

const Account = lazyDataScreen(() => import('./routes/Account.tsx'), 'Account');
const Admin = lazyDataScreen(() => import('./routes/Admin.tsx'), 'Admin');
const AdminStory = lazyDataScreen(() => import('./routes/AdminStory.tsx'), 'AdminStory');
const Reader = lazyDataScreen(() => import('./routes/Reader.tsx'), 'Reader');
const Words = lazyDataScreen(() => import('./routes/Words.tsx'), 'Words');
const Story = lazyDataScreen(() => import('./routes/Story.tsx'), 'Story');
const Dashboard = lazyDataScreen(() => import('./routes/Dashboard.tsx'), 'Dashboard');
const Progress = lazyDataScreen(() => import('./routes/Progress.tsx'), 'Progress');

/** A screen of the route table: its path, its lazily loaded component, and what its spinner says. */
type ScreenRoute = [path: string, Screen: ComponentType, loadingText?: string];

/** The screens anyone may open, in the order of spec/learner.md §2. */
const PUBLIC_SCREENS: readonly ScreenRoute[] = [
  [CLIENT_ROUTES.signIn, SignIn],
  [CLIENT_ROUTES.signUp, SignUp],
  [CLIENT_ROUTES.signInVerify, VerifyLink, 'Signing you in...'],
  [CLIENT_ROUTES.apply, Apply],
  [CLIENT_ROUTES.submitVideo, SubmitVideo],
];

/** The screens that ask for a session first (RequireSession). */
const SESSION_SCREENS: readonly ScreenRoute[] = [
  [CLIENT_ROUTES.account, Account, 'Loading your account...'],
  [CLIENT_ROUTES.admin, Admin, 'Checking permissions...'],
  [CLIENT_ROUTES.adminStory, AdminStory, 'Checking permissions...'],
  [CLIENT_ROUTES.reader, Reader],
  [CLIENT_ROUTES.dashboard, Dashboard, 'Loading your dashboard...'],
  [CLIENT_ROUTES.story, Story],
  [CLIENT_ROUTES.progress, Progress],
  [CLIENT_ROUTES.words, Words],
  [CLIENT_ROUTES.feedback, Feedback],
];

/** A lazily loaded screen, with a spinner while its code arrives. */
function screen(Screen: ComponentType, loadingText = 'Loading...'): ReactNode {
  return (
    <Suspense fallback={<ScreenSpinner label={loadingText} />}>
      <Screen />
    </Suspense>
  );
}

/**
 * The route table of spec/learner.md §2. The landing is in the first bundle; every other screen is a lazily
 * loaded route (docs/decisions/003). Protected screens sit in RequireSession.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route path={CLIENT_ROUTES.landing} element={<Landing />} />
      {PUBLIC_SCREENS.map(([path, Screen, loadingText]) => (
        <Route key={path} path={path} element={screen(Screen, loadingText)} />
      ))}
      {SESSION_SCREENS.map(([path, Screen, loadingText = 'Loading...']) => (
        <Route
          key={path}
          path={path}
          element={<RequireSession loadingText={loadingText}>{screen(Screen, loadingText)}</RequireSession>}
        />
      ))}
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
