import { mkdirSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';

/**
 * The waits several browser test files need, each a wait for a condition: Playwright's own
 * auto-waiting locators where one can say it, `eventually` for sizes, positions and counts.
 * The app runs with motion off in these tests (browserTarget.newPage), so nothing here waits
 * for an animation: what appears is already at its final size and place.
 */

/** How long a condition may take to hold. Generous: a wait for a condition costs nothing once it holds. */
const CONDITION_TIMEOUT = 15_000;
const POLL_INTERVALS = [0, 50, 100, 250, 500];

/**
 * Runs `check` (which asserts) until it passes or `timeout` ms have gone, as Playwright's
 * expect.poll does: for what no locator can wait on (a box's width, a count of rows, a record the
 * API holds). A check that still fails at the end fails with its own assertion message.
 */
export async function eventually(check: () => unknown, timeout = CONDITION_TIMEOUT): Promise<void> {
  const until = Date.now() + timeout;
  for (let attempt = 0; ; attempt += 1) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > until) throw error;
    }
    const pause = POLL_INTERVALS[Math.min(attempt, POLL_INTERVALS.length - 1)];
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
}

/** The dialog on top (antd adds each at the end of the page), or the one showing `text`. */
export function dialog(page: Page, text?: string | RegExp): Locator {
  return page.locator('.ant-modal-content', text === undefined ? undefined : { hasText: text }).last();
}

/** The first table row showing `text`, or on a phone the list's card of the row (issue 26). */
export function rowOf(scope: Page | Locator, text: string | RegExp): Locator {
  return scope.locator('tr.ant-table-row, li.list-row-card', { hasText: text }).first();
}

/**
 * Clicks a list row's action (issue 26): its own icon (View, Edit, the resource's links) or the
 * item of its '...' menu (Copy, Delete, a sale's SKU history).
 */
export async function rowAction(row: Locator, name: string): Promise<void> {
  // The row's icons are drawn with the row: count them only once it is there.
  await row.getByRole('button').first().waitFor();
  const button = row.getByRole('button', { name, exact: true });
  if ((await button.count()) > 0) return button.click();
  await row.getByRole('button', { name: 'More actions' }).click();
  await row.page().locator('.ant-dropdown:not(.ant-dropdown-hidden)').last().getByRole('menuitem', { name }).click();
}

/** Waits for antd's message (the toast at the top) saying `text`. */
export async function messageShown(page: Page, text: string | RegExp): Promise<void> {
  await page.locator('.ant-message-notice', { hasText: text }).first().waitFor();
}

/**
 * Picks `option` in the antd select `select` (the `.ant-select` box): opens it, optionally types
 * `search`, clicks the option in the list that opened (the newest: antd adds each at the end).
 * For a single select, waits until the box shows the choice.
 */
export async function choose(page: Page, select: Locator, option: string, search?: string): Promise<void> {
  await select.click();
  if (search !== undefined) await select.locator('input').first().fill(search);
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').last().locator('.ant-select-item-option', { hasText: option }).first().click();
  const multiple = ((await select.getAttribute('class')) ?? '').includes('ant-select-multiple');
  if (!multiple) await select.locator('.ant-select-selection-item', { hasText: option }).waitFor();
}

/** The antd select box whose input is labelled `label` within `scope`. */
export function selectLabelled(scope: Page | Locator, label: string): Locator {
  const page = 'page' in scope ? scope.page() : scope;
  return scope
    .locator('.ant-select')
    .filter({ has: page.getByRole('combobox', { name: label, exact: true }) })
    .first();
}

/** A screenshot into `dir` for people to look at, when `dir` is set (SHOTS and the like). */
export async function shot(page: Page, dir: string | undefined, name: string, fullPage = true): Promise<void> {
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: `${dir}/${name}.png`, fullPage });
}

/** Fails when the page is wider than the window (sideways scrolling). */
export async function expectNoOverflow(page: Page): Promise<void> {
  const overflow = await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth');
  expect(overflow).toBeLessThanOrEqual(0);
}

/**
 * Holds the page's requests whose address matches until `release()`: a test sees the screen
 * while an answer is on its way for as long as it needs, instead of a guessed delay. `asked()`
 * says how many were held so far.
 */
export async function holdRequests(page: Page, match: (url: URL) => boolean): Promise<{ release: () => void; asked: () => number }> {
  let count = 0;
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(match, async (route) => {
    count += 1;
    await gate;
    await route.continue().catch(() => undefined); // the page may have gone meanwhile
  });
  return { release, asked: () => count };
}
