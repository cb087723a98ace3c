import { Suspense, lazy, useDeferredValue } from 'react';
import { RouterProvider, createBrowserRouter } from 'react-router';
import { Spin } from 'antd';
import { preloadMe, useMe } from './api/hooks';
import { getToken } from './api/token';
import { FIRST_PAINT } from './firstPaint';
import { useFavicon } from './screens/customisation/branding';
import { lazyDialog, lazyScreen, preloadScreen } from './lazyScreen';
import { nextTask } from './nextTask';
import { screenAt } from './screenRegistry';

/** While the login page's code is on its way: the card the server drew (firstPaint.ts), else a spinner. */
function LoginLoading() {
  if (!FIRST_PAINT.login)
    return (
      <div className="app-loading">
        <Spin size="large" />
      </div>
    );
  return <div className="first-paint-kept" dangerouslySetInnerHTML={{ __html: FIRST_PAINT.login }} />;
}

const LoginPage = lazyScreen(() => import('./auth/LoginPage'), 'LoginPage', <LoginLoading />);
const ProfileLoadError = lazyDialog(() => import('./auth/ProfileLoadError'), 'ProfileLoadError');
const loadSignedInRoutes = () => import('./SignedInRoutes');
const SignedInRoutes = lazy(async () => ({ default: (await loadSignedInRoutes()).SignedInRoutes }));

// Signed in: /api/user/me, the routes and the current URL's screen are all asked for now, side by
// side, rather than one after the other once the first render and then /api/user/me are done (issue 26).
// Each in a task of its own, before React's first slice: asking for a screen's code adds a
// <link rel="modulepreload"> per file it needs (Vite's preload helper), which made the boot's
// first task a third longer on a phone's CPU, blocking input all that time.
if (getToken()) {
  preloadMe();
  void nextTask().then(() => loadSignedInRoutes().catch(() => undefined));
  void nextTask().then(() => preloadScreen(screenAt(window.location.pathname)?.load));
  void nextTask().then(() => screenAt(window.location.pathname)?.preloadData?.());
}

/** The signed-in app: waits for the user's profile, then shows the shell and routes. */
function SignedInApp() {
  const { me: answeredMe, error, mutate } = useMe();
  // The shell and the first screen are drawn in a transition once the profile is in (sliced, not
  // one long task; issue 26). Later changes to the profile show the same way.
  const me = useDeferredValue(answeredMe);
  if (error) return <ProfileLoadError error={error} onRetry={() => void mutate()} />;
  if (!me) return <AppLoading />;

  return (
    <Suspense fallback={<AppLoading />}>
      <SignedInRoutes me={me} />
    </Suspense>
  );
}

function AppLoading() {
  const spinner = (
    <div className="app-loading">
      <Spin size="large" />
    </div>
  );
  // What the server drew (firstPaint.ts) stays on screen, the spinner below it: the screen goes
  // from the first paint to the shell without going blank, and the landing's title stays put.
  if (!FIRST_PAINT.topBar) return spinner;
  return (
    <div className={FIRST_PAINT.named ? 'shell first-paint first-paint-named' : 'shell first-paint'}>
      <div className="first-paint-kept" dangerouslySetInnerHTML={{ __html: FIRST_PAINT.topBar }} />
      {FIRST_PAINT.body && <div className="first-paint-kept" dangerouslySetInnerHTML={{ __html: FIRST_PAINT.body }} />}
      {spinner}
    </div>
  );
}

/** Spec 01 §2: the login page shows instead of the app whenever nobody is logged in. */
function SignedInOrLogin() {
  return getToken() ? <SignedInApp /> : <LoginPage />;
}

/*
 * A data router, for useBlocker (the grid editors ask before leaving unsaved changes). Its one
 * splat route renders the app, whose <Routes> keep matching the whole path as before.
 */
const router = createBrowserRouter([{ path: '*', element: <SignedInOrLogin /> }]);

export function App() {
  // The browser tab shows the uploaded favicon, or a plain icon when there is none.
  useFavicon();
  return <RouterProvider router={router} />;
}
