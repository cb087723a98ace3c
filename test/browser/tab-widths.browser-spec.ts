import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { Api, describeInBrowser, launchBrowser, logInThroughUi, newPage, startTarget, type Target } from './browserTarget';
import { eventually } from './waits';

/** Screenshots to look at (SHOTS=dir, default /tmp/shots-tabwidths). */
const SHOTS = process.env.SHOTS ?? '/tmp/shots-tabwidths';

interface TabBox {
  label: string;
  width: number;
  labelWidth: number;
  labelCut: boolean;
}

/**
 * Tab widths (issue 15; spec 02 section 9 "tab widths 160 or 100 px"): a screen's own section
 * tabs (users, customisation) are at least 160 px, data tabs (the sales store tabs) at least
 * 100 px, at 1280 and at 800 px; a label longer than that widens its tab and is not cut, and a
 * bar wider than the screen offers antd's "more" menu.
 */
describeInBrowser('tab widths in a browser', () => {
  jest.setTimeout(180_000);

  let target: Target;
  let browser: Browser;
  const run = Date.now().toString(36);
  const longStore = `Northampton Riverside Retail Park ${run}`;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    target = await startTarget();
    browser = await launchBrowser();
    const api = await Api.logIn(target.baseUrl, target.adminEmail, target.adminPassword);
    const storeType = (await api.send('POST', 'storeType', { name: `Tab type ${run}` })).data;
    // New stores join the administrator's profile: eight store tabs and 'All stores'.
    for (const name of [longStore, ...['Leeds', 'York', 'Bath', 'Ely', 'Hull', 'Wells', 'Derby'].map((n) => `${n} ${run}`)]) {
      await api.send('POST', 'store', { name, storeTypeID: storeType.storeTypeID });
    }
  });

  afterAll(async () => {
    await browser?.close();
    await target?.stop();
  });

  /** Every tab of the bar (also those the "more" menu holds), measured with getBoundingClientRect. */
  const measure = (page: Page, bar: string): Promise<TabBox[]> =>
    page.evaluate(`Array.from(document.querySelectorAll('${bar} .ant-tabs-nav-list > .ant-tabs-tab')).map((tab) => {
      const button = tab.querySelector('.ant-tabs-tab-btn');
      return {
        label: tab.textContent.trim(),
        width: Math.round(tab.getBoundingClientRect().width),
        labelWidth: Math.round(button.getBoundingClientRect().width),
        labelCut: button.scrollWidth > button.clientWidth + 1 || button.getBoundingClientRect().width > tab.getBoundingClientRect().width,
      };
    })`);

  /** Whether the bar shows antd's "more" button for tabs that do not fit. */
  const hasMore = (page: Page, bar: string): Promise<boolean> =>
    page.evaluate(`(() => {
      const more = document.querySelector('${bar} .ant-tabs-nav-operations:not(.ant-tabs-nav-operations-hidden) .ant-tabs-nav-more');
      return !!more && more.getBoundingClientRect().width > 0;
    })()`);

  const open = async (page: Page, path: string, firstTab: string) => {
    await page.goto(`${target.baseUrl}${path}`);
    await page.getByRole('tab', { name: firstTab }).first().waitFor();
  };

  for (const width of [1280, 800]) {
    it(`gives section tabs 160 px and store tabs 100 px at ${width} px, cutting no label`, async () => {
      const { page, context } = await newPage(browser, width);
      try {
        await logInThroughUi(page, target.baseUrl, target.adminEmail, target.adminPassword);

        // Section bars: every tab 160 px, all of them in view.
        const sections: [string, string, string[]][] = [
          ['users', '/data/users', ['Active users', 'Inactive users', 'All Users', 'Access Profiles']],
          ['customisation', '/data/customisation', ['Login background', 'Favicon', 'Logo', 'Login Logo']],
        ];
        for (const [shot, path, labels] of sections) {
          await open(page, path, labels[0]);
          // The tab bar measures what fits after the first paint: checked until it has.
          await eventually(async () => {
            const tabs = await measure(page, '.route-tabs');
            expect(tabs.map((t) => t.label)).toEqual(labels);
            for (const tab of tabs) expect(tab).toEqual({ ...tab, width: 160, labelCut: false });
            expect(await hasMore(page, '.route-tabs')).toBe(false);
          });
          await page.screenshot({ path: `${SHOTS}/${shot}-${width}.png` });
        }

        await open(page, '/sales', 'All stores');
        await eventually(async () => {
          const stores = await measure(page, '.sales-tabs');
          expect(stores[0].label).toBe('All stores');
          expect(stores.map((t) => t.label)).toContain(longStore);
          for (const tab of stores) {
            expect(tab.labelCut).toBe(false);
            // 100 px, or the label and its padding when that is wider.
            expect(tab.width).toBe(Math.max(100, tab.labelWidth + 24));
          }
          expect(stores.find((t) => t.label === 'All stores')!.width).toBe(100);
          expect(stores.find((t) => t.label === longStore)!.width).toBeGreaterThan(160);
        });
        // Nine tabs of at least 100 px do not fit at 800 px: the rest are in the "more" menu.
        if (width === 800) {
          await eventually(async () => expect(await hasMore(page, '.sales-tabs')).toBe(true));
          await page.screenshot({ path: `${SHOTS}/sales-${width}-closed.png` });
          await page.locator('.sales-tabs .ant-tabs-nav-more').hover();
          await page.locator('.ant-tabs-dropdown').getByText(`York ${run}`).waitFor();
        }
        await page.screenshot({ path: `${SHOTS}/sales-${width}.png` });
      } finally {
        await context.close();
      }
    });
  }
});
