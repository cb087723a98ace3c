import type { Plugin } from 'vite';
import { type BakedToken, cacheEntryOf } from './src/bakedToken';

/** What the client imports (main.tsx): antd's styles for the app's theme, baked at build time. */
const VIRTUAL_ID = 'virtual:antd-styles.css';
const RESOLVED_ID = '\0virtual-antd-styles.css';
/** And antd's design token for that theme, as its style cache holds it (antdToken.ts). */
const TOKEN_ID = 'virtual:antd-token';
const RESOLVED_TOKEN_ID = '\0virtual-antd-token';

/**
 * antd 5 writes each component's CSS at run time (CSS-in-JS): on a phone's CPU, generating and
 * inserting those styles was a good part of the first page's main-thread work (issue 26). This
 * plugin renders every antd component once, at build time, with the app's theme
 * (src/theme.ts), and serves the CSS antd's style cache collected as a plain stylesheet. The
 * stylesheet ends with the cache's map of the styles it holds (`.data-ant-cssinjs-cache-path`),
 * which @ant-design/cssinjs reads in the browser: a component whose style is in it neither
 * generates nor inserts it again (antd's "whole export"; ant.design/docs/react/server-side-rendering).
 * A theme the browser builds differently (motion off) gets a different key and is generated at
 * run time as before, so a mismatch costs speed, never looks.
 */
export function antdStaticStyles(): Plugin {
  let build = false;
  let baked: Promise<Baked> | undefined;
  const bake = () => (baked ??= bakeAntd());
  return {
    name: 'antd-static-styles',
    configResolved: (config) => {
      build = config.command === 'build';
    },
    resolveId: (id) => (id === VIRTUAL_ID ? RESOLVED_ID : id === TOKEN_ID ? RESOLVED_TOKEN_ID : undefined),
    // The dev server's antd hashes its classes differently (`css-dev-only-…`): nothing to bake there.
    load: async (id) => {
      if (id === RESOLVED_ID) return build ? (await bake()).styles : '';
      if (id !== RESOLVED_TOKEN_ID) return undefined;
      // JSON.parse of a string reads faster than the same object as a literal (V8's advice for large data).
      const entries = build ? (await bake()).tokens : [];
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(entries))});`;
    },
  };
}

/**
 * The components of the first screens (the shell, the landing, the lists): all of antd would be a
 * 1.2 MB stylesheet (110 KB gzip) on every first load; these are what a first screen draws,
 * including what it mounts closed (the landing's dialog and popovers, the sales filters' panel).
 * Any other component generates its style when first drawn, as before: on a phone that costs more
 * main-thread time than the bytes of its baked style cost to load.
 */
const FIRST_SCREENS = [
  'Alert',
  'Badge',
  'Button',
  'Card',
  'Checkbox',
  'Collapse',
  'Divider',
  'Drawer',
  'Dropdown',
  'Empty',
  'Flex',
  'Input',
  'Menu',
  'Modal',
  'Pagination',
  'Popover',
  'Radio',
  'Result',
  'Segmented',
  'Select',
  'Skeleton',
  'Space',
  'Spin',
  'Statistic',
  'Table',
  'Tabs',
  'Tag',
  'Tooltip',
  'Typography',
];

/** Popups and overlays render nothing without a trigger; their panels are drawn for the styles. */
const PANEL = '_InternalPanelDoNotUseOrYouWillBeFired';

interface Baked {
  styles: string;
  tokens: BakedToken[];
}

async function bakeAntd(): Promise<Baked> {
  // antd's production hashes (`css-…`), as the built client computes them (vite build sets it already).
  process.env.NODE_ENV = 'production';
  const React = await import('react');
  const { renderToString } = await import('react-dom/server');
  const antd = (await import('antd')) as unknown as Record<string, unknown> & typeof import('antd');
  const { createCache, extractStyle, StyleProvider } = await import('@ant-design/cssinjs');
  const { THEME_TOKEN } = await import('./src/theme');
  const h = React.createElement;
  const themed = (cache: ReturnType<typeof createCache>, ...children: React.ReactNode[]) =>
    h(StyleProvider, { cache }, h(antd.ConfigProvider, { theme: { token: { ...THEME_TOKEN, motion: true } } }, h(antd.App, null, ...children)));

  type AnyComponent = React.ComponentType<Record<string, unknown>> & Record<string, unknown>;
  const customised: Record<string, (component: AnyComponent) => React.ReactNode> = {
    Dropdown: (Dropdown) => h(Dropdown, { menu: { items: [] } }, h('div')),
    Menu: (Menu) => h(Menu, { items: [] }),
    // A tag's preset colours and its statuses are styles of their own, made when such a tag is drawn (sales list's steps).
    Tag: (Tag) => h(React.Fragment, null, h(Tag), h(Tag, { color: 'blue' }), h(Tag, { color: 'success' })),
  };
  const nodes = FIRST_SCREENS.map((name) => {
    const component = antd[name] as AnyComponent;
    const panel = component[PANEL] as AnyComponent | undefined;
    const render = customised[name];
    return h(React.Fragment, { key: name }, render ? render(component) : h(component), panel ? h(panel) : null);
  });
  const cache = createCache();
  renderToString(themed(cache, ...nodes));

  // The tokens a page's first render computes: the app's theme's, and antd's default theme's
  // (ConfigProvider draws the icons' reset style with its parent's token). The panels above bring
  // themes of their own (no motion, popups at z-index 0) the browser never asks for.
  const tokenCache = createCache();
  renderToString(themed(tokenCache, h(antd.Button)));
  const tokens: BakedToken[] = [];
  // The cache's map is private to @ant-design/cssinjs; a browser test checks that the page's first
  // render asks for these keys and computes no other token.
  for (const [key, [, value]] of (tokenCache as unknown as { cache: Map<string, [number, unknown[]]> }).cache) {
    if (!key.startsWith('token%')) continue;
    const [token, hashId, realToken, cssVarsStr, cssVarKey] = value as [Record<string, unknown>, string, Record<string, unknown>, string, string];
    // Only what antdToken.ts rebuilds exactly (no CSS variables); anything else is computed in the browser as before.
    const baked = { key, token, hashId };
    if (JSON.stringify(cacheEntryOf(baked)) !== JSON.stringify([token, hashId, realToken, cssVarsStr, cssVarKey])) continue;
    tokens.push(baked);
  }
  return { styles: extractStyle(cache, true), tokens };
}
