import { Suspense, lazy } from 'react';
import { RouterProvider, createBrowserRouter } from 'react-router';
import { Button, Result, Spin } from 'antd';
import { useMe } from './api/hooks';
import { getToken } from './api/token';
import { useFavicon } from './screens/customisation/branding';
import { lazyScreen, preloadScreen } from './lazyScreen';
import { screenAt } from './screenRegistry';

const LoginPage = lazyScreen(() => import('./auth/LoginPage'), 'LoginPage');
const loadSignedInRoutes = () => import('./SignedInRoutes');
const SignedInRoutes = lazy(async () => ({ default: (await loadSignedInRoutes()).SignedInRoutes }));

// Signed in: the routes and the current URL's screen are fetched now, beside /api/user/me,
// rather than one after the other once it has answered (issue 26).
if (getToken()) {
  void loadSignedInRoutes().catch(() => undefined);
  preloadScreen(screenAt(window.location.pathname)?.load);
}

/** The signed-in app: waits for the user's profile, then shows the shell and routes. */
function SignedInApp() {
  const { me, error, mutate } = useMe();
  if (error) {
    return (
      <Result
        status="error"
        title="The app could not load your profile"
        subTitle={error instanceof Error ? error.message : undefined}
        extra={<Button onClick={() => void mutate()}>Try again</Button>}
      />
    );
  }
  if (!me) return <AppLoading />;

  return (
    <Suspense fallback={<AppLoading />}>
      <SignedInRoutes me={me} />
    </Suspense>
  );
}

function AppLoading() {
  return (
    <div className="app-loading">
      <Spin size="large" />
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
