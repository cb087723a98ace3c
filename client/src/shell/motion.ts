import { useLayoutEffect, useSyncExternalStore } from 'react';

/**
 * Whether screens move: antd's zooms, slides and fades, and the CSS transitions of styles.css.
 * Off when the user's system asks for reduced motion, and in browser tests, which set the
 * test-only switch below before the page loads (test/browser/browserTarget.ts): a dialog,
 * drawer, message or popover is then at its final size and place the moment it appears.
 */
declare global {
  interface Window {
    /** Test-only: set by the browser tests' init script; the product never sets it. */
    __retailMotionOff?: boolean;
  }
}

const REDUCED = '(prefers-reduced-motion: reduce)';

function motionOff(): boolean {
  return window.__retailMotionOff === true || window.matchMedia?.(REDUCED).matches === true;
}

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia?.(REDUCED);
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

/** True while motion is on; follows the system setting as the user changes it. */
export function useMotion(): boolean {
  const off = useSyncExternalStore(subscribe, motionOff);
  // styles.css stops CSS transitions and animations under this class (antd's own follow the theme).
  useLayoutEffect(() => {
    document.documentElement.classList.toggle('no-motion', off);
  }, [off]);
  return !off;
}
