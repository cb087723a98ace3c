/**
 * The app itself, evaluated in a task of its own after the entry (main.tsx) has asked for the
 * first screen's code and data: React, antd and the shell (issue 26).
 */
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App as AntApp, ConfigProvider } from 'antd';
import enGB from 'antd/locale/en_GB';
import dayjs from 'dayjs';
import 'dayjs/locale/en-gb';
import { SWRConfig } from 'swr';
import { App } from './App';
import { prefetchWhenIdle } from './prefetch';
import { loadListScreen, loadRateCards, loadSales } from './screenCode';
import { useMotion } from './shell/motion';
import { THEME_TOKEN } from './theme';
import type { ReactNode } from 'react';

dayjs.locale('en-gb');

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
const root = createRoot(document.getElementById('root')!);
startTransition(() =>
  root.render(
    <StrictMode>
      <Themed>
        <AntApp>
          {/* Errors are logged where they happen (spec 01 §8); SWR should not retry refused calls forever. */}
          <SWRConfig value={{ shouldRetryOnError: false }}>
            <App />
          </SWRConfig>
        </AntApp>
      </Themed>
    </StrictMode>,
  ),
);
