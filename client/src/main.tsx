import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { StyleProvider } from '@ant-design/cssinjs';
import { ConfigProvider } from 'antd';
// antd's ES module build of the locale: its CommonJS one (antd/locale) runs a chain of require wrappers at boot.
import enGB from 'antd/es/locale/en_GB';
import dayjs from 'dayjs';
import 'dayjs/locale/en-gb';
import { SWRConfig } from 'swr';
import { App } from './App';
import { antdStyleCache } from './antdToken';
import { prefetchWhenIdle, prefetching } from './lazyScreen';
import { loadListScreen, loadRateCards, loadSales } from './screenCode';
import { useMotion } from './shell/motion';
import { THEME_TOKEN } from './theme';
import type { ReactNode } from 'react';
// antd's styles, baked at build time (client/antdStaticStyles.ts), before the app's own.
import 'virtual:antd-styles.css';
import './styles.css';

dayjs.locale('en-gb');

// Screens load on demand from hashed files; a tab opened before a release asks for files the
// release removed. Reload once to pick up the new ones (not in a loop: the flag lives for the visit).
window.addEventListener('vite:preloadError', (event) => {
  // A screen fetched ahead: the page stays as it is; opening that screen later fails and reloads then.
  if (prefetching()) {
    event.preventDefault();
    return;
  }
  if (sessionStorage.getItem('reloadedForRelease')) return;
  sessionStorage.setItem('reloadedForRelease', '1');
  event.preventDefault();
  window.location.reload();
});

// The most used screens (every list, rate cards, sales), fetched once the first screen is up and
// the browser idle, so their first click does not wait for their code (lazyScreen.tsx).
prefetchWhenIdle([loadListScreen, loadRateCards, loadSales]);

/** antd's theme (theme.ts), with motion as the user's setting asks (shell/motion.ts). */
function Themed({ children }: { children: ReactNode }) {
  const motion = useMotion();
  return (
    <ConfigProvider locale={enGB} theme={{ token: { ...THEME_TOKEN, motion } }}>
      {children}
    </ConfigProvider>
  );
}

/*
 * The first render is a transition: React builds the app in slices of a few milliseconds and lets
 * the browser paint and answer input between them, instead of one long task that blocks the
 * page (issue 26: on a phone's CPU the boot was seconds of blocking time). The first paint the
 * server drew (client-files.ts) stays on screen until it is done.
 */
const styleCache = antdStyleCache();
const root = createRoot(document.getElementById('root')!);
startTransition(() =>
  root.render(
    <StrictMode>
      <StyleProvider cache={styleCache}>
        <Themed>
          {/* Errors are logged where they happen (spec 01 §8); SWR should not retry refused calls forever. */}
          <SWRConfig value={{ shouldRetryOnError: false }}>
            <App />
          </SWRConfig>
        </Themed>
      </StyleProvider>
    </StrictMode>,
  ),
);
