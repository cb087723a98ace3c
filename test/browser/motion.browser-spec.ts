import { existsSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { Api, describeInBrowser, launchBrowser, newPage, startTarget, type Target } from './browserTarget';
import { checkConsoleErrors, expectConsoleErrors, reportFailure, watchPage } from './pageWatch';

/**
 * Motion (issue 23): the product moves (antd's zooms and the CSS transitions), stops moving for a
 * user whose system asks for reduced motion, and the browser tests' switch stops it too. And the
 * browser tests' own guard: a console error nobody declared fails the test.
 */
describeInBrowser('motion, the console guard and failure reports', () => {
  jest.setTimeout(120_000);

  let target: Target;
  let browser: Browser;
  let api: Api;

  beforeAll(async () => {
    target = await startTarget();
    browser = await launchBrowser();
    api = await Api.logIn(target.baseUrl, target.adminEmail, target.adminPassword);
  });
  afterAll(async () => {
    await browser?.close();
    await target?.stop();
  });

  /** A signed-in page on the stores list, as a user's browser opens it: `reducedMotion` as the system says, `testSwitch` as the tests set it. */
  async function storesPage(reducedMotion: 'reduce' | 'no-preference', testSwitch: boolean): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, reducedMotion });
    if (testSwitch) await context.addInitScript('window.__retailMotionOff = true');
    await context.addCookies([{ name: 'token', value: api.token, url: target.baseUrl }]);
    const page = await context.newPage();
    watchPage(page);
    await page.goto(`${target.baseUrl}/data/stores`);
    await page.getByRole('button', { name: 'Add' }).waitFor();
    return page;
  }

  /** What moves: the class that stops CSS motion, and the Add button's transition (antd's token). */
  const motionOf = (page: Page): Promise<{ stopped: boolean; button: string }> =>
    page.evaluate(`({
      stopped: document.documentElement.classList.contains('no-motion'),
      button: getComputedStyle(document.querySelector('.ant-btn-primary')).transitionDuration,
    })`);

  it('moves for a user who has not asked for less motion', async () => {
    const page = await storesPage('no-preference', false);
    const motion = await motionOf(page);
    expect(motion.stopped).toBe(false);
    expect(motion.button).not.toBe('0s');
    await page.context().close();
  });

  it("stops for a user whose system asks for reduced motion, and under the tests' switch", async () => {
    for (const [reduced, testSwitch] of [
      ['reduce', false],
      ['no-preference', true],
    ] as const) {
      const page = await storesPage(reduced, testSwitch);
      expect(await motionOf(page)).toEqual({ stopped: true, button: '0s' });
      // A dialog is at its full size the moment it is there: no zoom from a fifth of it.
      await page.getByRole('button', { name: 'Add' }).click();
      const box = await page.locator('.ant-modal-content').boundingBox();
      expect(box?.width).toBeGreaterThan(500);
      await page.context().close();
    }
  });

  it('the pages of newPage have motion off', async () => {
    const { page, context } = await newPage(browser);
    await context.addCookies([{ name: 'token', value: api.token, url: target.baseUrl }]);
    await page.goto(`${target.baseUrl}/data/stores`);
    await page.getByRole('button', { name: 'Add' }).waitFor();
    expect(await motionOf(page)).toEqual({ stopped: true, button: '0s' });
    await context.close();
  });

  it('a console error fails the test unless the test declared it', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(`${target.baseUrl}/`);
    await page.evaluate(() => console.error('Something broke on purpose'));
    await expect(checkConsoleErrors()).rejects.toThrow(/1 console error\(s\) the test did not declare[\s\S]*Something broke on purpose/);

    expectConsoleErrors(/Something broke on purpose/);
    await page.evaluate(() => console.error('Something broke on purpose'));
    await expect(checkConsoleErrors()).resolves.toBeUndefined();

    // A declaration ends with its test (the check that follows it).
    await page.evaluate(() => console.error('Something broke on purpose'));
    await expect(checkConsoleErrors()).rejects.toThrow(/Something broke on purpose/);
    await context.close();
  });

  it('a failed test gets a screenshot of each open page and its last console lines', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(`${target.baseUrl}/`);
    await page.evaluate(() => console.log('Shown before the failure'));
    const report = await reportFailure('motion report check');
    const picture = /screenshot: (\S+\.png)/.exec(report)?.[1];
    expect(picture && existsSync(picture)).toBe(true);
    expect(report).toContain(`${target.baseUrl}/`);
    expect(report).toContain('[log] Shown before the failure');
    await context.close();
    expect(await reportFailure('nothing open')).toBe('');
  });
});
