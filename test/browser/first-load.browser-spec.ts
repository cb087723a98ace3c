import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page, Request } from 'playwright-core';
import { REPO_ROOT, builtClientDir, initialJavaScript, kb, readManifest, totalOf } from '../support/client-bundle';
import { Api, describeInBrowser, launchBrowser, logInThroughUi, newPage, startTarget, type Target } from './browserTarget';
import { eventually, holdRequests } from './waits';

/** Issue 14: the first page's JavaScript, gzip. */
const INITIAL_JS_LIMIT = 350 * 1024;

/**
 * The build the browser tests serve (CLIENT_DIR, or client/dist as `npm test`'s pretest builds
 * it); when it has no manifest (built before the config wrote one), a fresh build in a temporary
 * folder, removed afterwards.
 */
function clientBuild(): { dir: string; dispose: () => void } {
  const built = builtClientDir();
  if (existsSync(join(built, '.vite', 'manifest.json'))) return { dir: built, dispose: () => {} };
  const dir = mkdtempSync(join(tmpdir(), 'client-build-'));
  const vite = spawnSync(join(REPO_ROOT, 'node_modules', '.bin', 'vite'), ['build', '--config', 'client/vite.config.ts', '--outDir', dir, '--emptyOutDir'], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
  });
  if (vite.status !== 0) throw new Error(`vite build failed: ${vite.stderr}`);
  return { dir, dispose: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The files a manifest chunk brings, itself and its static imports, transitively (with `lazy`, what it imports on demand too). */
function chunkClosure(manifest: ReturnType<typeof readManifest>, key: string, lazy = false): Set<string> {
  const files = new Set<string>();
  const visit = (k: string) => {
    const chunk = manifest[k];
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    (chunk.imports ?? []).forEach(visit);
    if (lazy) (chunk.dynamicImports ?? []).forEach(visit);
  };
  visit(key);
  return files;
}

describe('the client bundle', () => {
  jest.setTimeout(240_000);
  let build: ReturnType<typeof clientBuild>;

  beforeAll(() => {
    build = clientBuild();
  });
  afterAll(() => build?.dispose());

  it('keeps the first page under 350 KB of JavaScript gzip, with every screen loaded on demand', () => {
    const initial = initialJavaScript(build.dir);
    const gzip = totalOf(initial, 'gzip');
    console.log(
      `initial JavaScript: ${initial.map((size) => `${size.file} ${kb(size.gzip)}`).join(', ')}; ${kb(gzip)} gzip, ${kb(totalOf(initial, 'brotli'))} brotli`,
    );
    expect(gzip).toBeLessThan(INITIAL_JS_LIMIT);

    // No screen module is in the entry's static graph: each is a dynamic import of its own.
    const manifest = readManifest(build.dir);
    const initialFiles = new Set(initial.map((size) => size.file));
    const screens = Object.keys(manifest).filter((key) => /^src\/(screens\/|auth\/LoginPage|list\/ListScreen)/.test(key) && /Screen|Page|Routes/.test(key));
    expect(screens.length).toBeGreaterThan(15);
    for (const key of screens) expect({ screen: key, initial: initialFiles.has(manifest[key].file) }).toEqual({ screen: key, initial: false });
  });

  it('writes a brotli and a gzip copy beside every script and style sheet', () => {
    const assets = readdirSync(join(build.dir, 'assets'));
    const texts = assets.filter((name) => /\.(js|css)$/.test(name));
    expect(texts.length).toBeGreaterThan(10);
    for (const name of texts) expect([name, assets.includes(`${name}.br`), assets.includes(`${name}.gz`)]).toEqual([name, true, true]);
  });
});

/**
 * In a browser: the first pages fetch only the initial chunks and their own screen's until they
 * are on screen (then, signed in, the most used screens ahead), and the Rate cards page asks for
 * the card and the sale types together, then for the lines and counts.
 */
/** The three screens every screen is looked at on: a phone, a tablet, a laptop. */
const PHONE_TABLET_LAPTOP = [
  [390, 844],
  [800, 900],
  [1280, 800],
] as const;

describeInBrowser('first load in a browser', () => {
  jest.setTimeout(180_000);

  let target: Target;
  let browser: Browser;
  const saleTypes = ['Handsets', 'Broadband'];

  beforeAll(async () => {
    target = await startTarget();
    browser = await launchBrowser();
    const api = await Api.logIn(target.baseUrl, target.adminEmail, target.adminPassword);
    const storeType = await api.send('POST', 'storeType', { name: 'Retail' });
    const store = await api.send('POST', 'store', { name: 'North', storeTypeID: storeType.data.storeTypeID });
    for (const name of saleTypes) await api.send('POST', 'saleType', { name, storeIDs: [store.data.storeID] });
    // In force since long ago: the current card whatever today is.
    await api.send('POST', 'rateCard', { name: 'Spring', fromDate: '2020-01-01' });
  });

  afterAll(async () => {
    await browser?.close();
    await target?.stop();
  });

  /**
   * The scripts a page asks for, as paths (assets/...): `before`, while `load` runs (until the page
   * is on screen); `after`, from then until the network is idle (and `until` has happened).
   */
  async function scriptsDuring(page: Page, load: () => Promise<unknown>, until?: () => Promise<unknown>): Promise<{ before: string[]; after: string[] }> {
    const before: string[] = [];
    const after: string[] = [];
    let up = false;
    const listener = (request: Request) => {
      if (request.resourceType() === 'script') (up ? after : before).push(new URL(request.url()).pathname.slice(1));
    };
    page.on('request', listener);
    await load();
    up = true;
    await until?.();
    await page.waitForLoadState('networkidle');
    page.off('request', listener);
    return { before, after };
  }

  /** The screens the client fetches ahead once a signed-in user's first screen is up and the browser idle (client/src/main.tsx). */
  const PREFETCHED = ['src/list/ListScreen.tsx', 'src/screens/rateCards/RateCardsScreen.tsx', 'src/screens/sales/SalesScreen.tsx'];

  it('loads the initial chunks and the login page only, then the landing page only, sent compressed; the most used screens only once the page is up', async () => {
    const dir = builtClientDir();
    const manifest = readManifest(dir);
    const initial = new Set(initialJavaScript(dir).map((size) => size.file));
    // The list screen, evaluated, asks for its table's code too (wide screens only; this one is).
    const prefetched = new Set([...PREFETCHED, 'src/list/ListTable.tsx'].flatMap((key) => [...chunkClosure(manifest, key)]));
    const { context, page } = await newPage(browser);

    const compressed: string[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/assets/') && response.url().endsWith('.js')) compressed.push(`${response.headers()['content-encoding']}`);
    });
    const atLogin = await scriptsDuring(page, async () => {
      await page.goto(`${target.baseUrl}/`);
      await page.getByLabel('Email').waitFor();
    });
    const login = chunkClosure(manifest, 'src/auth/LoginPage.tsx');
    expect(atLogin.before.filter((file) => !initial.has(file) && !login.has(file))).toEqual([]);
    expect(atLogin.before.filter((file) => initial.has(file)).length).toBe(initial.size);
    // Nobody signed in: nothing fetched ahead.
    expect(atLogin.after.filter((file) => !initial.has(file) && !login.has(file))).toEqual([]);
    // Chromium asks for br on HTTPS only; over this plain HTTP it gets the gzip copies.
    expect(compressed.length).toBeGreaterThan(0);
    expect(compressed.every((encoding) => encoding === 'gzip' || encoding === 'br')).toBe(true);

    await logInThroughUi(page, target.baseUrl, target.adminEmail, target.adminPassword);
    // A new tab of the signed-in user: what the landing page itself needs, until it is on screen.
    const landingTab = await context.newPage();
    // Fetched one after the other: the last one's request says they all went.
    const lastPrefetched = manifest[PREFETCHED[PREFETCHED.length - 1]].file;
    const atLanding = await scriptsDuring(
      landingTab,
      async () => {
        await landingTab.goto(`${target.baseUrl}/`);
        await landingTab.locator('.landing-welcome').waitFor();
      },
      // Then, with the page up and the browser idle, the most used screens.
      () => landingTab.waitForRequest((request) => request.url().endsWith(`/${lastPrefetched}`), { timeout: 15_000 }),
    );
    // The landing page's own code, with what it loads on demand (its charts), and the signed-in
    // routes with the shell (a chunk of their own, fetched beside /api/user/me).
    const landing = new Set([...chunkClosure(manifest, 'src/screens/LandingPage.tsx', true), ...chunkClosure(manifest, 'src/SignedInRoutes.tsx')]);
    expect(atLanding.before.filter((file) => !initial.has(file) && !landing.has(file))).toEqual([]);
    expect(atLanding.before).toEqual(expect.arrayContaining([manifest['src/screens/LandingPage.tsx'].file]));
    // Once it is up, the screens fetched ahead as well.
    expect(atLanding.after.filter((file) => !landing.has(file) && !prefetched.has(file))).toEqual([]);
    // All of them by the end. The first may go before the welcome is drawn on a busy machine: the
    // prefetch's 1.5 s wait starts when the first lazy screen (the redirect from /) is shown.
    expect([...atLanding.before, ...atLanding.after]).toEqual(expect.arrayContaining(PREFETCHED.map((key) => manifest[key].file)));
    await context.close();
  });

  /** The scripts a page has asked for so far, as paths (assets/...). */
  function scriptsAsked(page: Page): string[] {
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') asked.push(new URL(request.url()).pathname.slice(1));
    });
    return asked;
  }

  it("on a phone, loads the sales page without the table, the sale form or the filters' inputs, each fetched when first needed", async () => {
    const manifest = readManifest(builtClientDir());
    const code = (key: string) => manifest[key].file;
    const { context, page } = await newPage(browser, 390, 844);
    await logInThroughUi(page, target.baseUrl, target.adminEmail, target.adminPassword);
    const asked = scriptsAsked(page);
    await page.goto(`${target.baseUrl}/sales`);
    await page.locator('.list-cards-empty, .list-cards:not(.list-cards-waiting)').first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(asked).toEqual(expect.arrayContaining([code('src/screens/sales/SalesScreen.tsx')]));
    const lazyParts = ['src/list/ListTable.tsx', 'src/screens/sales/SaleDialog.tsx', 'src/screens/sales/SalesFilterFields.tsx', 'src/record/RecordDialog.tsx'];
    expect(lazyParts.filter((key) => asked.includes(code(key)))).toEqual([]);

    // Opening the filters fetches their inputs, and shows them.
    await page.getByRole('button', { name: /Filters/ }).click();
    await page.getByLabel('Refund status').waitFor();
    expect(asked).toEqual(expect.arrayContaining([code('src/screens/sales/SalesFilterFields.tsx')]));
    // Add opens the sale form, its code fetched then, and nothing the form does not import: not
    // the table (the build merges the list's table code into antd's table's file; the form's
    // history, the one table it shows, is fetched when opened).
    const beforeForm = asked.length;
    await page.getByRole('button', { name: 'Add' }).click();
    await page.getByRole('dialog', { name: /sale/i }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(asked).toEqual(expect.arrayContaining([code('src/screens/sales/SaleDialog.tsx')]));
    const form = chunkClosure(manifest, 'src/screens/sales/SaleDialog.tsx', true);
    expect(asked.slice(beforeForm).filter((file) => !form.has(file))).toEqual([]);
    expect(asked).not.toContain(code('src/list/ListTable.tsx'));
    await context.close();
  });

  it("on a laptop, asks for the table's code beside the sales list's first call, not after its answer", async () => {
    const manifest = readManifest(builtClientDir());
    const { context, page } = await newPage(browser);
    await logInThroughUi(page, target.baseUrl, target.adminEmail, target.adminPassword);
    const asked = scriptsAsked(page);
    const sales = await holdRequests(page, (url) => url.pathname === '/api/sales');
    await page.goto(`${target.baseUrl}/sales`);
    await eventually(() => expect(sales.asked()).toBeGreaterThan(0));
    // The list's answer is still held, and the table's code is on its way.
    await eventually(() => expect(asked).toContain(manifest['src/list/ListTable.tsx'].file));
    sales.release();
    await page.locator('.ant-table').waitFor();
    await context.close();
  });

  it('asks for the current card and the sale types at once, and for the lines and counts as soon as both are in', async () => {
    // Each answer is held until the test lets it go, so the rounds of calls show in what was
    // asked while which answer was held, whatever the machine's speed.
    const { context, page } = await newPage(browser);
    await logInThroughUi(page, target.baseUrl, target.adminEmail, target.adminPassword);
    const asked: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith('/api/')) asked.push(path.replace('/api/', ''));
    });
    const card = await holdRequests(page, (url) => url.pathname === '/api/rateCard/current');
    const types = await holdRequests(page, (url) => url.pathname === '/api/saleTypes');
    const lines = await holdRequests(page, (url) => url.pathname.startsWith('/api/rateCardLines'));
    const answered = (path: string) => page.waitForResponse((response) => new URL(response.url()).pathname === path);

    await page.goto(`${target.baseUrl}/data/rateCards`);
    // The sale types are asked for while the card's answer is still held: the same round.
    await eventually(() => expect([card.asked(), types.asked()]).toEqual([1, 1]));
    const cardIn = answered('/api/rateCard/current');
    card.release();
    await cardIn;
    // With the card in but not the sale types, the lines wait (they need both).
    await page.evaluate(() => 0);
    expect(asked.filter((path) => path.startsWith('rateCardLines'))).toEqual([]);
    types.release();
    // Both in: the lines and every tab's count go out together, before any of them has answered.
    await eventually(() => expect(lines.asked()).toBeGreaterThanOrEqual(saleTypes.length + 1));
    lines.release();
    await page.getByRole('tab', { name: new RegExp(saleTypes[0]) }).waitFor();
    await page.locator('.ant-table').first().waitFor();
    await context.close();
  });
  /** What antd's styles decide on the sales page, element by element: the same whichever way the styles came. */
  const LOOKED_AT = [
    '.ant-btn-primary',
    '.ant-btn',
    '.ant-input-affix-wrapper',
    '.ant-tabs-tab',
    '.ant-tabs-tab-active',
    '.ant-table',
    '.ant-table-thead th',
    '.ant-typography',
    '.ant-tag',
  ];
  const STYLE_PROPERTIES = ['color', 'background-color', 'font-size', 'font-weight', 'line-height', 'padding', 'border', 'border-radius', 'height', 'display'];

  async function antdLook(page: Page): Promise<string[]> {
    const looks: string[] = [];
    for (const selector of LOOKED_AT) {
      const element = page.locator(selector).first();
      const style = (await element.count())
        ? await element.evaluate((node, properties) => {
            const computed = node.ownerDocument.defaultView!.getComputedStyle(node);
            return properties.map((property) => computed.getPropertyValue(property)).join(' | ');
          }, STYLE_PROPERTIES)
        : 'absent';
      looks.push(`${selector} ${style}`);
    }
    return looks;
  }

  it("draws the first screens' antd styles from the built stylesheet, looking as when they are made at run time", async () => {
    const api = await Api.logIn(target.baseUrl, target.adminEmail, target.adminPassword);
    const looks: string[][] = [];
    const inserted: number[] = [];
    // With motion (a user's default): the theme the build baked (client/antdStaticStyles.ts). Without
    // (the other browser tests): a theme of its own, whose styles antd makes at run time as before.
    for (const motion of [true, false]) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: motion ? 'no-preference' : 'reduce' });
      await context.addCookies([{ name: 'token', value: api.token, url: target.baseUrl }]);
      const page = await context.newPage();
      await page.goto(`${target.baseUrl}/sales`);
      await page.locator('.ant-table').waitFor();
      await page.waitForLoadState('networkidle');
      looks.push(await antdLook(page));
      inserted.push(await page.locator('style[data-css-hash]').count());
      await context.close();
    }
    expect(looks[0].filter((look) => look.endsWith('absent'))).toEqual([]);
    expect(looks[0]).toEqual(looks[1]);
    // Made at run time: dozens of style elements; from the stylesheet, only those of components it leaves out.
    expect(inserted[1]).toBeGreaterThan(20);
    expect(inserted[0]).toBeLessThan(inserted[1] / 2);
  });

  it('makes no antd style at run time on the landing and sales pages, on a phone or a laptop: every component they draw, open or closed, is in the built stylesheet', async () => {
    const api = await Api.logIn(target.baseUrl, target.adminEmail, target.adminPassword);
    const made: string[] = [];
    for (const width of [390, 1280])
      for (const [path, drawn] of [
        ['/', '.landing-welcome'],
        // No sale here: the phone's empty card list, the laptop's table.
        ['/sales', width < 600 ? '.list-cards-empty' : '.ant-table'],
      ]) {
        const context = await browser.newContext({ viewport: { width, height: 844 } });
        await context.addCookies([{ name: 'token', value: api.token, url: target.baseUrl }]);
        const page = await context.newPage();
        await page.goto(`${target.baseUrl}${path}`);
        await page.locator(drawn).first().waitFor();
        await page.waitForLoadState('networkidle');
        // A style antd makes at run time is a <style data-css-hash> with rules (generating it was a
        // good part of a phone's main-thread time, issue 26); its first rule names the component.
        const styles = await page.locator('style[data-css-hash]').evaluateAll((nodes) => nodes.map((node) => node.textContent ?? ''));
        made.push(...styles.filter((text) => text.trim() !== '').map((text) => `${width} ${path}: ${text.slice(0, 80)}`));
        await context.close();
      }
    expect(made).toEqual([]);
  });

  it('computes no antd design token on the landing and sales pages: their first render takes the tokens the build baked', async () => {
    const api = await Api.logIn(target.baseUrl, target.adminEmail, target.adminPassword);
    /** The style cache's tokens after the page is drawn: [key, how many components use it, baked at build time]. */
    async function tokens(path: string, drawn: string, reducedMotion: 'no-preference' | 'reduce') {
      const context = await browser.newContext({ viewport: { width: 1280, height: 844 }, reducedMotion });
      await context.addInitScript(() => {
        (globalThis as unknown as { __retailShowStyleCache: boolean }).__retailShowStyleCache = true;
      });
      await context.addCookies([{ name: 'token', value: api.token, url: target.baseUrl }]);
      const page = await context.newPage();
      await page.goto(`${target.baseUrl}${path}`);
      await page.locator(drawn).first().waitFor();
      const found = await page.evaluate(() => {
        const shown = (globalThis as unknown as { __retailStyleCache: { cache: { cache: Map<string, [number, unknown]> }; bakedKeys: string[] } })
          .__retailStyleCache;
        return [...shown.cache.cache.entries()]
          .filter(([key]) => key.startsWith('token%'))
          .map(([key, [users]]) => ({ key, users, baked: shown.bakedKeys.includes(key) }));
      });
      await context.close();
      return found;
    }
    for (const [path, drawn] of [
      ['/', '.landing-welcome'],
      ['/sales', '.ant-table'],
    ]) {
      // With motion (a user's default): antd's default theme's token (the icons' reset style) and the app's, both from the build, both used.
      const baked = await tokens(path, drawn, 'no-preference');
      expect(baked.length).toBe(2);
      expect(baked.filter((token) => !token.baked || token.users < 1)).toEqual([]);
      // Without motion the app's theme is another: antd computes its token in the browser, as before.
      const computed = await tokens(path, drawn, 'reduce');
      expect(computed.filter((token) => !token.baked && token.users > 0)).toHaveLength(1);
    }
  });

  it("says so when the signed-in user's profile cannot be loaded, and loads it on 'Try again'", async () => {
    const api = await Api.logIn(target.baseUrl, target.adminEmail, target.adminPassword);
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await context.addCookies([{ name: 'token', value: api.token, url: target.baseUrl }]);
    const page = await context.newPage();
    let failing = true;
    await page.route(
      (url) => url.pathname === '/api/user/me',
      (route) => (failing ? route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"Down for a moment"}' }) : route.continue()),
    );
    await page.goto(`${target.baseUrl}/sales`);
    await page.getByText('The app could not load your profile').waitFor();
    failing = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.locator('h1', { hasText: 'Sales' }).waitFor();
    await context.close();
  });

  it("shows a signed-in visitor the top bar with the app's name before any script has run", async () => {
    const api = await Api.logIn(target.baseUrl, target.adminEmail, target.adminPassword);
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false });
    await context.addCookies([{ name: 'token', value: api.token, url: target.baseUrl }]);
    const page = await context.newPage();
    await page.goto(`${target.baseUrl}/sales`);
    const name = page.locator('.first-paint .top-bar-app-name');
    expect(await name.isVisible()).toBe(true);
    expect(await name.textContent()).toBe('Retail Back Office');
    // The place it takes is the shell's: below the menu button's room, in the bar's 56 px.
    const box = await name.boundingBox();
    expect(box && box.x).toBe(52);
    expect(box && box.y + box.height).toBeLessThan(56);
    await context.close();
  });

  it("draws the landing's title and the app's name before any script has run, exactly where and as large as the app then draws them", async () => {
    const api = await Api.logIn(target.baseUrl, target.adminEmail, target.adminPassword);
    const me = (await api.send('GET', 'user/me')).data as { name: string };
    const welcome = `Welcome, ${me.name.trim().split(/\s+/)[0]}`;
    for (const [width, height] of PHONE_TABLET_LAPTOP) {
      const boxes: unknown[] = [];
      for (const javaScriptEnabled of [false, true]) {
        const context = await browser.newContext({ viewport: { width, height }, javaScriptEnabled, reducedMotion: 'reduce' });
        await context.addCookies([{ name: 'token', value: api.token, url: target.baseUrl }]);
        const page = await context.newPage();
        await page.goto(`${target.baseUrl}/`);
        // Before any script: the server's title. Then the landing's own (the same text, one text node).
        const title = page.locator(javaScriptEnabled ? 'h1 .landing-welcome' : '.first-paint h1 .first-paint-welcome');
        await title.waitFor();
        expect(await title.textContent()).toBe(welcome);
        // The app's name too (no logo is uploaded: every width shows it from the first paint on).
        const name = page.locator(javaScriptEnabled ? '.shell:not(.first-paint) .top-bar-app-name' : '.first-paint .top-bar-app-name');
        await name.waitFor();
        expect(await name.textContent()).toBe('Retail Back Office');
        boxes.push({ width, title: await title.boundingBox(), name: await name.boundingBox() });
        await context.close();
      }
      // The same box to the pixel: the landing's title is no later, larger paint (the page's largest contentful paint stays the first).
      expect(boxes[1]).toEqual(boxes[0]);
    }
  });

  it("draws the login page's card before any script has run, its title and note exactly where and as large as the login page then draws them, and keeps it while the page's code comes", async () => {
    for (const [width, height] of PHONE_TABLET_LAPTOP) {
      const boxes: unknown[] = [];
      for (const javaScriptEnabled of [false, true]) {
        const context = await browser.newContext({ viewport: { width, height }, javaScriptEnabled });
        const page = await context.newPage();
        // The login page's code held back: what the visitor sees meanwhile is the server's card.
        const held = javaScriptEnabled ? await holdRequests(page, (url) => url.pathname.startsWith('/assets/LoginPage-')) : null;
        await page.goto(`${target.baseUrl}/`);
        const firstNote = page.locator('.first-paint-login-note');
        await firstNote.waitFor();
        expect(await firstNote.textContent()).toBe('Authorised access only. For help logging in contact your line manager.');
        if (held) {
          await eventually(() => expect(held.asked()).toBe(1));
          // The app is running (it asked for the page's code) and still shows the card, no spinner.
          expect(await firstNote.isVisible()).toBe(true);
          expect(await page.locator('.ant-spin').count()).toBe(0);
          held.release();
        }
        const note = page.locator(javaScriptEnabled ? '.login-note' : '.first-paint-login-note');
        const name = page.locator('.login-app-name');
        await page.locator(javaScriptEnabled ? '.login-card form' : '.first-paint-login-form').waitFor();
        expect(await name.textContent()).toBe('Retail Back Office');
        boxes.push({ width, card: await page.locator('.login-card').boundingBox(), name: await name.boundingBox(), note: await note.boundingBox() });
        await context.close();
      }
      // The same boxes to the pixel: the note, the page's largest text, is no later, larger paint.
      expect(boxes[1]).toEqual(boxes[0]);
    }
  });
});
