import { type ComponentType, type ReactNode, Suspense, lazy, useEffect } from 'react';
import { Spin } from 'antd';
import { schedulePrefetch } from './prefetch';

/** What the shell's content area shows while a screen's code is on its way. */
function ScreenLoading() {
  return (
    <div className="dialog-loading" role="status" aria-label="Loading">
      <Spin />
    </div>
  );
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
