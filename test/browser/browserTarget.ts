import { randomInt } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp } from '../support/test-app';
import { watchPage } from './pageWatch';

/**
 * Where the browser tests point and how they get a browser: Debian's
 * Chromium at a fixed path, and the app from startTarget() below.
 */

const REPO_ROOT = resolve(__dirname, '..', '..');

/**
 * The test app trusts X-Forwarded-For, and its login limit counts attempts per
 * address: each browser context gets its own, as separate people would.
 */
function randomClientAddress(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

export const CHROMIUM_PATH = '/usr/bin/chromium';
export const hasChromium = existsSync(CHROMIUM_PATH);

/**
 * `describe` when Chromium is installed; otherwise one test that says why
 * nothing ran, so the suite passes on machines without a browser.
 */
export function describeInBrowser(name: string, body: () => void): void {
  if (hasChromium) {
    describe(name, body);
  } else {
    describe(name, () => {
      it('needs Chromium', () => {
        console.log(`Chromium not found at ${CHROMIUM_PATH}: browser tests skipped`);
      });
    });
  }
}

/** A name unique to this attempt of a test, so a retried test does not meet its own records. */
export function attemptName(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}${randomInt(1000)}`;
}

export interface Target {
  baseUrl: string;
  adminEmail: string;
  adminPassword: string;
  stop: () => Promise<void>;
}

/**
 * BROWSER_BASE_URL when set (a running app, with BROWSER_ADMIN_EMAIL /
 * BROWSER_ADMIN_PASSWORD); otherwise the project's test app (test/support),
 * listening on a free port over the test database chosen by jest's global
 * setup, emptied, with one administrator. It serves the built client, so
 * build it first: npx vite build --config client/vite.config.ts
 */
export async function startTarget(): Promise<Target> {
  if (process.env.BROWSER_BASE_URL) {
    return {
      baseUrl: process.env.BROWSER_BASE_URL.replace(/\/$/, ''),
      adminEmail: process.env.BROWSER_ADMIN_EMAIL ?? ADMIN_EMAIL,
      adminPassword: process.env.BROWSER_ADMIN_PASSWORD ?? ADMIN_PASSWORD,
      stop: async () => {},
    };
  }
  // CLIENT_DIR: a client built elsewhere (`vite build --outDir`), which the test app serves instead.
  if (!existsSync(join(process.env.CLIENT_DIR ?? join(REPO_ROOT, 'client', 'dist'), 'index.html'))) {
    throw new Error('Build the client first: npx vite build --config client/vite.config.ts');
  }
  const testApp = await startTestApp({ listen: true });
  return { baseUrl: testApp.baseUrl!, adminEmail: ADMIN_EMAIL, adminPassword: ADMIN_PASSWORD, stop: () => testApp.close() };
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

/**
 * A fresh context (own cookies) at desktop width, with motion off: the page emulates a user who
 * asks for reduced motion, and the app's test-only switch (client/src/shell/motion.ts) is set
 * before it loads. Its console is watched (pageWatch.ts).
 */
export async function newPage(browser: Browser, width = 1280, height = 900): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width, height },
    reducedMotion: 'reduce',
    extraHTTPHeaders: { 'X-Forwarded-For': randomClientAddress() },
  });
  await context.addInitScript('window.__retailMotionOff = true');
  const page = await context.newPage();
  watchPage(page);
  return { context, page };
}

/** Logs in through the login page and waits for the shell. */
export async function logInThroughUi(page: Page, baseUrl: string, email: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByLabel('Password').press('Enter');
  await page.locator('.top-bar-avatar').waitFor();
}

/** The administrator's session per target, reused while the server still takes it. */
const adminSessions = new WeakMap<Target, Api>();

async function adminSession(target: Target): Promise<Api> {
  const cached = adminSessions.get(target);
  if (cached && (await cached.isSignedIn())) return cached;
  const api = await Api.logIn(target.baseUrl, target.adminEmail, target.adminPassword);
  adminSessions.set(target, api);
  return api;
}

/**
 * A fresh context at `width` px signed in as the target's administrator. One login per file
 * (the session is reused), not one per page: the login limit of an account per minute is shared
 * by every browser file on Redis. Tests of the login page itself use logInThroughUi.
 */
export async function adminPage(browser: Browser, target: Target, width = 1280): Promise<Page> {
  return signedInPage(browser, target, await adminSession(target), width);
}

/**
 * A fresh context at `width` px signed in with the session of `api` (its token in the app's
 * cookie), without a login: a file that opens many pages stays within the login limit of one
 * address's checks a minute (LOGIN_ATTEMPTS_PER_MINUTE; the browser's logins all come from
 * 127.0.0.1), which every browser file shares on Redis.
 */
export async function signedInPage(browser: Browser, target: Target, api: Api, width = 1280, height = 900): Promise<Page> {
  const { context, page } = await newPage(browser, width, height);
  await context.addCookies([{ name: 'token', value: api.token, url: target.baseUrl }]);
  await page.goto(`${target.baseUrl}/`);
  await page.locator('.top-bar-avatar').waitFor();
  return page;
}

/** A small client of the HTTP API for arranging data the screens then show. */
export class Api {
  private constructor(
    private readonly baseUrl: string,
    /** The session token, for signedInPage. */
    readonly token: string,
  ) {}

  /** Whether the server still takes this session (a password change or deactivation ends it). */
  async isSignedIn(): Promise<boolean> {
    const answer = await fetch(`${this.baseUrl}/api/user/me`, { headers: { 'x-access-token': this.token } });
    return answer.status === 200;
  }

  static async logIn(baseUrl: string, email: string, password: string): Promise<Api> {
    const answer = await fetch(`${baseUrl}/api/user/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': randomClientAddress() },
      body: JSON.stringify({ email, password }),
    });
    const body = (await answer.json()) as { data?: { token?: string } };
    if (answer.status !== 201 || !body.data?.token) throw new Error(`Login as ${email} failed: ${answer.status} ${JSON.stringify(body)}`);
    return new Api(baseUrl, body.data.token);
  }

  async send<T = { data: Record<string, unknown> }>(method: string, path: string, body?: unknown): Promise<T> {
    const answer = await fetch(`${this.baseUrl}/api/${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', 'x-access-token': this.token },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const parsed = (await answer.json()) as T;
    if (!answer.ok) throw new Error(`${method} ${path} answered ${answer.status}: ${JSON.stringify(parsed)}`);
    return parsed;
  }
}
