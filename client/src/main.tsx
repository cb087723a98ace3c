import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App as AntApp, ConfigProvider } from 'antd';
import enGB from 'antd/locale/en_GB';
import dayjs from 'dayjs';
import 'dayjs/locale/en-gb';
import { SWRConfig } from 'swr';
import { App } from './App';
import { prefetchWhenIdle, prefetching } from './lazyScreen';
import { loadListScreen, loadRateCards, loadSales } from './screenCode';
import { useMotion } from './shell/motion';
import type { ReactNode } from 'react';
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

/** antd's theme: the brand, readable greys and reds, and motion as the user's setting asks (shell/motion.ts). */
function Themed({ children }: { children: ReactNode }) {
  const motion = useMotion();
  return (
    <ConfigProvider
      locale={enGB}
      theme={{
        token: {
          colorPrimary: '#1f5fae',
          // Links and grey texts dark enough for WCAG AA contrast (4.5:1) on white: antd's defaults are not.
          colorLink: '#1f5fae',
          colorTextSecondary: 'rgba(0, 0, 0, 0.6)',
          colorTextDescription: 'rgba(0, 0, 0, 0.6)',
          colorTextPlaceholder: 'rgba(0, 0, 0, 0.6)',
          // Red text and white text on red buttons (Delete) readable too.
          colorError: '#cf1322',
          borderRadius: 6,
          fontFamily: "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
          motion,
        },
      }}
    >
      {children}
    </ConfigProvider>
  );
}

createRoot(document.getElementById('root')!).render(
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
);
