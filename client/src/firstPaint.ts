/**
 * What the server drew before any script ran (src/common/static/client-files.ts), read when the
 * entry is evaluated, before React replaces it. Nothing in development (Vite serves index.html).
 */
const drawn = document.querySelector('#root > .first-paint');

export const FIRST_PAINT = {
  /** The top bar, and on the landing the page's title below it: the loading view keeps them (App.tsx). */
  topBar: drawn?.querySelector(':scope > .top-bar')?.outerHTML,
  body: drawn?.querySelector(':scope > .shell-body')?.outerHTML,
  /** No logo was uploaded: the top bar shows the app's name at every width, from the start (shell/TopBar.tsx). */
  named: drawn?.classList.contains('first-paint-named') ?? false,
  appName: drawn?.querySelector('.top-bar-app-name, .login-app-name')?.textContent ?? undefined,
  /** Nobody signed in: the login page's card, which the login page's loading view keeps (App.tsx). */
  login: drawn?.classList.contains('first-paint-login') ? drawn.outerHTML : undefined,
  /** No login logo was uploaded: the login page shows the app's name from the start (auth/LoginPage.tsx). */
  loginNamed: Boolean(drawn?.querySelector('.login-app-name')),
};
