import { getToken } from './api/token';

/*
 * The screens fetched ahead once the first screen is up. Apart from lazyScreen.tsx, which draws
 * antd's spinner, so the entry (main.tsx) can read this state without evaluating antd.
 */

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

/** Called once a screen is on screen (lazyScreen.tsx): the prefetch waits for that. */
export function schedulePrefetch(): void {
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
