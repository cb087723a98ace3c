import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App as AntApp, ConfigProvider } from 'antd';
import enGB from 'antd/locale/en_GB';
import dayjs from 'dayjs';
import 'dayjs/locale/en-gb';
import { SWRConfig } from 'swr';
import { App } from './App';
import './styles.css';

dayjs.locale('en-gb');

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ConfigProvider
      locale={enGB}
      theme={{
        token: {
          colorPrimary: '#1f5fae',
          borderRadius: 6,
          fontFamily:
            "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
        },
      }}
    >
      <AntApp>
        {/* Errors are logged where they happen (spec 01 §8); SWR should not retry refused calls forever. */}
        <SWRConfig value={{ shouldRetryOnError: false }}>
          <App />
        </SWRConfig>
      </AntApp>
    </ConfigProvider>
  </StrictMode>,
);
