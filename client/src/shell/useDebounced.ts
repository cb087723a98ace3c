import { useEffect, useRef } from 'react';

/** Typed filters wait this long after the last keystroke (spec 01 §9). */
export const TYPING_DELAY_MS = 750;

/** Returns a function that calls `callback` once typing has paused. */
export function useDebouncedCallback<A extends unknown[]>(callback: (...args: A) => void, delayMs = TYPING_DELAY_MS) {
  const timer = useRef<number | undefined>(undefined);
  const latest = useRef(callback);
  latest.current = callback;
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const debounced = useRef((...args: A) => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => latest.current(...args), delayMs);
  });
  return debounced.current;
}
