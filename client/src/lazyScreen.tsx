import { type ComponentType, type ReactNode, Suspense, lazy, useEffect } from 'react';
import { Spin } from 'antd';
import { getToken } from './api/token';
import { CARD_LIST_BELOW } from './list/columnFit';
import { prefetchFiles } from './prefetched';

/** What the shell's content area shows while a screen's code is on its way. */
function ScreenLoading() {
  return (
    <div className="dialog-loading" role="status" aria-label="Loading">
      <Spin />
    </div>
  );
}

/** Whether the most used screens' code has been asked for ahead (schedulePrefetch). */
let prefetch: 'waiting' | 'scheduled' | 'done' = 'waiting';

/** How long after the first screen is up the prefetch waits, so the screen's own calls go first. */
const PREFETCH_DELAY_MS = 1500;

/**
 * The most used screens' code (prefetched.ts), fetched ahead once a signed-in user's first screen
 * is on screen and the browser is idle (requestIdleCallback; a timeout where there is none): their
 * first click then waits for no download. Fetched into the HTTP cache and not run: the browser
 * evaluates a module only when a screen imports it, so reading the first screen costs no
 * main-thread time (issue 26). With fetch, not `<link rel="prefetch">`: Safari has no prefetch
 * links, and a link left in the page looks to Vite's preload helper like a preload already made,
 * so opening the screen would skip its own and fetch its files one after the other. Never on the
 * login page, and never before the first screen is up. The wide list's table comes too where the
 * window is wide enough for it. A failure is silent: the screen fetches its code when opened.
 */
function schedulePrefetch(): void {
  if (prefetch !== 'waiting' || !getToken()) return;
  prefetch = 'scheduled';
  const run = () => {
    prefetch = 'done';
    const { all, wide } = prefetchFiles();
    for (const file of [...all, ...(window.innerWidth >= CARD_LIST_BELOW ? wide : [])]) {
      // The mode and credentials of a module script's request, so the cached copy serves it; the
      // body read to the end, so the cache keeps the whole file.
      void fetch(`${import.meta.env.BASE_URL}${file}`, { mode: 'cors', credentials: 'same-origin', priority: 'low' })
        .then((response) => response.arrayBuffer())
        .catch(() => undefined);
    }
  };
  const whenIdle = (task: () => void) =>
    typeof window.requestIdleCallback === 'function' ? window.requestIdleCallback(task, { timeout: 5000 }) : window.setTimeout(task, 1000);
  window.setTimeout(() => whenIdle(run), PREFETCH_DELAY_MS);
}

/**
 * Starts downloading a screen's code (the one the first URL shows, screenRegistry.ts), at boot: a
 * signed-in app waits for /api/user/me before it renders its routes, and a lazy screen would only
 * then ask for its code, one round trip after the other. The router's import later gets the same
 * module, already fetched. A failure is left to that import, which reports it as usual.
 */
export function preloadScreen(load: (() => Promise<unknown>) | undefined): void {
  if (load) void load().catch(() => undefined);
}

/** Rendered beside a screen once its code is in: the screen is on screen. */
function ScreenShown() {
  useEffect(schedulePrefetch, []);
  return null;
}

/**
 * A component whose code is downloaded the first time it is drawn, inside its own Suspense
 * boundary: `load` imports the module and `name` picks its named export, so modules keep their
 * named exports and callers use the result like the component itself. `around` is drawn beside
 * it once its code is in.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function lazyNamed<M extends Record<K, ComponentType<any>>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
  fallback: ReactNode,
  around?: ReactNode,
): M[K] {
  const Component = lazy(async () => ({ default: (await load())[name] as ComponentType<object> }));
  function LazyNamed(props: object) {
    return (
      <Suspense fallback={fallback}>
        <Component {...props} />
        {around}
      </Suspense>
    );
  }
  LazyNamed.displayName = `Lazy(${name})`;
  return LazyNamed as unknown as M[K];
}

/**
 * A screen whose code is downloaded the first time it is shown (issue 14: the first page loads
 * only the shell). Each screen has its own Suspense boundary: the shell stays, and only its
 * content area waits, with a spinner or what `loading` draws.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyScreen<M extends Record<K, ComponentType<any>>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
  loading: ReactNode = <ScreenLoading />,
): M[K] {
  return lazyNamed(load, name, loading, <ScreenShown />);
}

/** What a dialog shows while its code is on its way: a spinner over the screen, so the click is answered at once. */
function DialogCodeLoading() {
  return (
    <div className="dialog-code-loading" role="status" aria-label="Loading">
      <Spin size="large" />
    </div>
  );
}

/**
 * A dialog (or any part a user action opens) whose code is downloaded when it is first shown, not
 * with its screen (issue 26: a phone evaluates every module of the screen's graph before its first
 * paint, and the sale form, record dialog and comparison were a third of the sales screen's).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyDialog<M extends Record<K, ComponentType<any>>, K extends keyof M & string>(load: () => Promise<M>, name: K): M[K] {
  return lazyNamed(load, name, <DialogCodeLoading />);
}
