import type { ThemeConfig } from 'antd';

/**
 * antd's theme: the brand, and greys and reds readable on white. main.tsx adds the user's motion
 * setting; the client build bakes antd's styles for this theme into a CSS file
 * (client/antdStaticStyles.ts), so it must stay free of anything known only in the browser.
 */
export const THEME_TOKEN = {
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
} satisfies ThemeConfig['token'];
