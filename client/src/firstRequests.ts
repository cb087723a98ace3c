import { preloadMe } from './api/hooks';
import { getToken } from './api/token';
import { screenAt } from './screenRegistry';
import { loadLoginPage, loadSignedInRoutes } from './screenCode';

/**
 * Nobody signed in: the login page's code. Signed in: /api/user/me, the routes and the current URL's screen (code and first data) are all
 * asked for at once, from the entry, before antd and the app are evaluated (main.tsx), rather than
 * one after the other once the first render and then /api/user/me are done (issue 26). A call that
 * fails is left to the screen that uses it, which reports it as usual; code that fails to load
 * reloads the page once (main.tsx), as a screen's would.
 */
export function startFirstRequests(): void {
  if (!getToken()) {
    void loadLoginPage().catch(() => undefined);
    return;
  }
  preloadMe();
  void loadSignedInRoutes().catch(() => undefined);
  const first = screenAt(window.location.pathname);
  void first?.load().catch(() => undefined);
  first?.preloadData?.();
}
