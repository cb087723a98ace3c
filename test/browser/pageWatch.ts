import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';

/**
 * What the browser tests' pages say, kept per page so that a failed test shows it:
 *   - every console error and uncaught page error fails the test it happened in, unless the
 *     test declared it with expectConsoleErrors: real errors stand out instead of
 *     scrolling past in the log;
 *   - when a test fails, each open page is photographed and its last console lines are added
 *     to the test's failure (see environment.ts, which calls reportFailure).
 * Every page of the browser tests comes from newPage (browserTarget.ts), which calls watchPage.
 */

const FAILURE_DIR = resolve(__dirname, '..', '..', 'test-results', 'browser');
/** Console lines kept per page for a failure report. */
const KEPT_LINES = 40;

interface Watched {
  page: Page;
  lines: string[];
}

const watched = new Set<Watched>();
/** Console and page errors not yet checked by checkConsoleErrors. */
let errors: string[] = [];
let expectedInTest: RegExp[] = [];

export function watchPage(page: Page): void {
  const entry: Watched = { page, lines: [] };
  watched.add(entry);
  page.on('close', () => watched.delete(entry));
  const keep = (line: string) => {
    entry.lines.push(line);
    if (entry.lines.length > KEPT_LINES) entry.lines.shift();
  };
  page.on('console', (message) => {
    // A failed load names only its status in the text; the resource's address is the location.
    const where = message.location().url;
    const line = `[${message.type()}] ${message.text()}${where ? ` (${where})` : ''}`;
    keep(line);
    if (message.type() === 'error') errors.push(line);
  });
  page.on('pageerror', (error) => {
    const line = `[page error] ${page.url()}: ${error.stack ?? error.message}`;
    keep(line);
    errors.push(line);
  });
}

/**
 * Declares console errors this test provokes on purpose, each a pattern of its line
 * ("[error] Failed to load resource: ... 404 (Not Found) (http://.../api/...)").
 */
export function expectConsoleErrors(...patterns: RegExp[]): void {
  expectedInTest.push(...patterns);
}

/**
 * The console line of a request the server answered with `status`, for an address whose path
 * starts with `path` (`failedLoad(400, '/api/dailyStats/')`).
 */
export function failedLoad(status: number, path: string): RegExp {
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`Failed to load resource: the server responded with a status of ${status}\\b.*\\(https?://[^/]+${escaped}`);
}

/**
 * Fails on console errors nobody declared (run after each test by setup.ts). A round trip to
 * each open page first, so the events it sent before now have all arrived.
 */
export async function checkConsoleErrors(): Promise<void> {
  await Promise.all([...watched].map(({ page }) => page.evaluate(() => 0).catch(() => undefined)));
  const expected = expectedInTest;
  const unexpected = errors.filter((line) => !expected.some((pattern) => pattern.test(line)));
  errors = [];
  expectedInTest = [];
  if (unexpected.length > 0) {
    throw new Error(`The browser reported ${unexpected.length} console error(s) the test did not declare (expectConsoleErrors):\n${unexpected.join('\n')}`);
  }
}

/** Photographs each open page and gathers its console: the text added to a failed test ('' when no page is open). */
export async function reportFailure(testName: string): Promise<string> {
  const parts: string[] = [];
  let n = 0;
  for (const { page, lines } of watched) {
    n += 1;
    const slug = `${testName.replace(/[^\w]+/g, '-').slice(0, 100)}-${Date.now().toString(36)}-${n}`;
    let picture: string;
    try {
      mkdirSync(FAILURE_DIR, { recursive: true });
      const path = join(FAILURE_DIR, `${slug}.png`);
      await page.screenshot({ path, fullPage: true, timeout: 10_000 });
      picture = path;
    } catch (error) {
      picture = `none (${(error as Error).message.split('\n')[0]})`;
    }
    parts.push(
      `Page ${n}: ${page.url()}\n  screenshot: ${picture}\n  console (last ${KEPT_LINES} lines):${lines.length ? `\n    ${lines.join('\n    ')}` : ' nothing'}`,
    );
  }
  // No page open (a test that closed its pages, then failed a check after them): nothing to add.
  return parts.length ? `When it failed, the open pages were:\n${parts.join('\n')}` : '';
}
