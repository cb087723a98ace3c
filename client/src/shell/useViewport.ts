import { useEffect, useState } from 'react';

/**
 * Layout breakpoints of the spec (01 §2 Shell): 1000 px is the desktop
 * breakpoint (permanent drawer, windowed dialogs), 800 px shows the top bar
 * logo; 600, 700 and 1280 px tune spacing and widths.
 */
export const BREAKPOINTS = { xs: 600, sm: 700, md: 800, desktop: 1000, wide: 1280 } as const;

export interface Viewport {
  width: number;
  /** >= 600 px: normal paddings and full pager. */
  atLeastXs: boolean;
  /** >= 700 px: the user's name beside the avatar. */
  atLeastSm: boolean;
  /** >= 800 px: the logo image in the top bar. */
  atLeastMd: boolean;
  /** >= 1000 px: permanent drawer, dialogs in a window. */
  isDesktop: boolean;
  /** >= 1280 px: wider dialogs. */
  isWide: boolean;
}

function measure(): Viewport {
  const width = window.innerWidth;
  return {
    width,
    atLeastXs: width >= BREAKPOINTS.xs,
    atLeastSm: width >= BREAKPOINTS.sm,
    atLeastMd: width >= BREAKPOINTS.md,
    isDesktop: width >= BREAKPOINTS.desktop,
    isWide: width >= BREAKPOINTS.wide,
  };
}

export function useViewport(): Viewport {
  const [viewport, setViewport] = useState(measure);
  useEffect(() => {
    const onResize = () => setViewport(measure());
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return viewport;
}

/**
 * A dialog's width and classes (spec 01 §2): a window `width` wide on desktops (antd's default
 * width when undefined), full screen below 1000 px (`record-dialog-fullscreen`, styles.css).
 * Spread on antd's Modal.
 */
export function dialogFit(
  viewport: Viewport,
  width: number | undefined,
  ...classNames: Array<string | undefined>
): { width: number | string | undefined; className: string | undefined } {
  const classes = [...classNames, viewport.isDesktop ? undefined : 'record-dialog-fullscreen'].filter(Boolean);
  return { width: viewport.isDesktop ? width : '100%', className: classes.length ? classes.join(' ') : undefined };
}
