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

/** A lazily loaded screen, with a spinner while its code arrives. */
function Screen({ children, loadingText = 'Loading...' }: { children: ReactNode; loadingText?: string }) {
  return <Suspense fallback={<ScreenSpinner label={loadingText} />}>{children}</Suspense>;
}

/**
 * The route table of spec/learner.md §2. The landing is in the first bundle; every other screen is a lazily
 * loaded route (docs/decisions/003). Protected screens sit in RequireSession.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route path={CLIENT_ROUTES.landing} element={<Landing />} />
      <Route
        path={CLIENT_ROUTES.signIn}
        element={
          <Screen>
            <SignIn />
          </Screen>
        }
      />
      <Route
        path={CLIENT_ROUTES.signUp}
        element={
          <Screen>
            <SignUp />
          </Screen>
        }
      />
      <Route
        path={CLIENT_ROUTES.signInVerify}
        element={
          <Screen loadingText="Signing you in...">
            <VerifyLink />
          </Screen>
        }
      />
      <Route
        path={CLIENT_ROUTES.account}
        element={
          <RequireSession loadingText="Loading your account...">
            <Screen loadingText="Loading your account...">
              <Account />
            </Screen>
          </RequireSession>
        }
      />
      <Route
        path={CLIENT_ROUTES.admin}
        element={
          <RequireSession loadingText="Checking permissions...">
            <Screen loadingText="Checking permissions...">
              <Admin />
            </Screen>
          </RequireSession>
        }
      />
      <Route
        path={CLIENT_ROUTES.adminStory}
        element={
          <RequireSession loadingText="Checking permissions...">
            <Screen loadingText="Checking permissions...">
              <AdminStory />
            </Screen>
          </RequireSession>
        }
      />
      <Route
        path={CLIENT_ROUTES.reader}
        element={
          <RequireSession loadingText="Loading...">
            <Screen>
              <Reader />
            </Screen>
          </RequireSession>
        }
      />
      <Route
        path={CLIENT_ROUTES.dashboard}
        element={
          <RequireSession loadingText="Loading your dashboard...">
            <Screen loadingText="Loading your dashboard...">
              <Dashboard />
            </Screen>
          </RequireSession>
        }
      />
      <Route
        path={CLIENT_ROUTES.story}
        element={
          <RequireSession loadingText="Loading...">
            <Screen>
              <Story />
            </Screen>
          </RequireSession>
        }
      />
      <Route
        path={CLIENT_ROUTES.progress}
        element={
          <RequireSession loadingText="Loading...">
            <Screen>
              <Progress />
            </Screen>
          </RequireSession>
        }
      />
      <Route
        path={CLIENT_ROUTES.words}
        element={
          <RequireSession loadingText="Loading...">
            <Screen>
              <Words />
            </Screen>
          </RequireSession>
        }
      />
      <Route
        path={CLIENT_ROUTES.feedback}
        element={
          <RequireSession loadingText="Loading...">
            <Screen>
              <Feedback />
            </Screen>
          </RequireSession>
        }
      />
      <Route
        path={CLIENT_ROUTES.apply}
        element={
          <Screen>
            <Apply />
          </Screen>
        }
      />
      <Route
        path={CLIENT_ROUTES.submitVideo}
        element={
          <Screen>
            <SubmitVideo />
          </Screen>
        }
      />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
