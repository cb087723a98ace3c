import { type ComponentType, type ReactNode, Suspense, lazy, useEffect } from 'react';
import { Spin } from 'antd';
import { getToken } from './api/token';

/** What the shell's content area shows while a screen's code is on its way. */
function ScreenLoading() {
  return (
    <div className="dialog-loading" role="status" aria-label="Loading">
      <Spin />
    </div>
  );
}

/** The screens fetched ahead (prefetchWhenIdle), and whether that has begun and is running. */
const idleLoads: Array<() => Promise<unknown>> = [];
let prefetch: 'waiting' | 'scheduled' | 'running' | 'done' = 'waiting';

/** How long after the first screen is up the prefetch waits, so the screen's own calls go first. */
const PREFETCH_DELAY_MS = 1500;

/**
 * Screens fetched ahead, one after the other, once a signed-in user's first screen is on screen
 * and the browser is idle (requestIdleCallback; a timeout where there is none): the most used
 * screens then open at once on their first click instead of waiting for their code. Never on the
 * login page, and never before the first screen is up, so it costs the first load nothing.
 */
export function prefetchWhenIdle(loads: Array<() => Promise<unknown>>): void {
  idleLoads.push(...loads);
}

/** Whether screens are being fetched ahead: a chunk failing then is no reason to reload the page. */
export function prefetching(): boolean {
  return prefetch === 'running';
}

function schedulePrefetch(): void {
  if (prefetch !== 'waiting' || idleLoads.length === 0 || !getToken()) return;
  prefetch = 'scheduled';
  const run = async () => {
    prefetch = 'running';
    // A chunk that fails (a release removed it) is fetched again when its screen is opened.
    for (const load of idleLoads) await load().catch(() => undefined);
    prefetch = 'done';
  };
  const whenIdle = (task: () => void) =>
    typeof window.requestIdleCallback === 'function' ? window.requestIdleCallback(task, { timeout: 5000 }) : window.setTimeout(task, 1000);
  window.setTimeout(() => whenIdle(() => void run()), PREFETCH_DELAY_MS);
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
