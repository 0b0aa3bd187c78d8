import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { matchPath, Route, Routes } from 'react-router';
import { CLIENT_ROUTES } from '#common/routes.ts';
import { ScreenSpinner } from './components/ScreenSpinner.tsx';
import { RequireSession } from './features/auth/RequireSession.tsx';
import { Landing } from './routes/Landing.tsx';
import { NotFound } from './routes/NotFound.tsx';

/** A screen's loader that loads once: the first call's promise is shared, and forgotten if it fails. */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined; // a failed chunk load may succeed on the next try
      throw error;
    });
    return loading;
  };
}

/** Each screen's loader by its path, so a first visit starts loading its screen before the session is known. */
const loaders = new Map<string, () => Promise<unknown>>();

/** A screen loaded on first visit, from its module's named export. */
function lazyScreen<Name extends string>(
  path: string,
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
): ComponentType {
  const loadOnce = once(load);
  loaders.set(path, loadOnce);
  return lazy<ComponentType>(async () => ({ default: (await loadOnce())[name] }));
}

const SignIn = lazyScreen(CLIENT_ROUTES.signIn, () => import('./routes/SignIn.tsx'), 'SignIn');
const SignUp = lazyScreen(CLIENT_ROUTES.signUp, () => import('./routes/SignUp.tsx'), 'SignUp');
const VerifyLink = lazyScreen(
  CLIENT_ROUTES.signInVerify,
  () => import('./routes/VerifyLink.tsx'),
  'VerifyLink',
);
const Feedback = lazyScreen(CLIENT_ROUTES.feedback, () => import('./routes/Feedback.tsx'), 'Feedback');
const Apply = lazyScreen(CLIENT_ROUTES.apply, () => import('./routes/Apply.tsx'), 'Apply');
const SubmitVideo = lazyScreen(
  CLIENT_ROUTES.submitVideo,
  () => import('./routes/SubmitVideo.tsx'),
  'SubmitVideo',
);

/**
 * A lazily loaded screen that fetches data: it comes with TanStack Query's provider, which is loaded beside it
 * (in parallel), never with the landing (docs/decisions/003).
 */
const loadQuery = once(() => import('./lib/query.tsx'));

function lazyDataScreen<Name extends string>(
  path: string,
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
): ComponentType {
  const loadOnce = once(load);
  loaders.set(path, () => Promise.all([loadQuery(), loadOnce()]));
  return lazy<ComponentType>(async () => {
    const [{ DataScreens }, module] = await Promise.all([loadQuery(), loadOnce()]);
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

const Account = lazyDataScreen(CLIENT_ROUTES.account, () => import('./routes/Account.tsx'), 'Account');
const Admin = lazyDataScreen(CLIENT_ROUTES.admin, () => import('./routes/Admin.tsx'), 'Admin');
const AdminStory = lazyDataScreen(
  CLIENT_ROUTES.adminStory,
  () => import('./routes/AdminStory.tsx'),
  'AdminStory',
);
const Reader = lazyDataScreen(CLIENT_ROUTES.reader, () => import('./routes/Reader.tsx'), 'Reader');
const Words = lazyDataScreen(CLIENT_ROUTES.words, () => import('./routes/Words.tsx'), 'Words');
const Story = lazyDataScreen(CLIENT_ROUTES.story, () => import('./routes/Story.tsx'), 'Story');
const Dashboard = lazyDataScreen(
  CLIENT_ROUTES.dashboard,
  () => import('./routes/Dashboard.tsx'),
  'Dashboard',
);
const Progress = lazyDataScreen(CLIENT_ROUTES.progress, () => import('./routes/Progress.tsx'), 'Progress');

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

/**
 * Starts loading the code of the screen at `pathname` at once, beside the auth client, rather than once the
 * session is known and the screen first renders (a round trip and the client's load later; docs/decisions/089).
 * A screen that asks for a session is loaded early only when a session is stored. Loading failures are left to
 * the screen's own load, which tries again.
 */
export function preloadScreen(pathname: string, hasStoredSession: boolean): void {
  for (const [path, load] of loaders) {
    if (!matchPath(path, pathname)) continue;
    if (!hasStoredSession && SESSION_SCREENS.some(([sessionPath]) => sessionPath === path)) return;
    load().catch(() => undefined);
    return;
  }
}

/** Loads the code of the screen at `pathname` (the server's render of a signed-in screen waits for it). */
export async function loadScreen(pathname: string): Promise<void> {
  for (const [path, load] of loaders) {
    if (matchPath(path, pathname)) {
      await load();
      return;
    }
  }
}

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
