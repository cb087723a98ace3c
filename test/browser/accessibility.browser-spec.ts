import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { Api, adminPage, attemptName, describeInBrowser, launchBrowser, startTarget, type Target } from './browserTarget';
import { expectConsoleErrors, failedLoad } from './pageWatch';
import { eventually, rowAction } from './waits';

/**
 * Accessibility (issue 14): axe-core on every screen and the main dialogs finds no serious or
 * critical violation; the keyboard reaches every action of a list and a dialog; focus goes back
 * to the button that opened a dialog. One signed-in page walks all the routes, to keep it quick.
 */
describeInBrowser('accessibility', () => {
  jest.setTimeout(300_000);

  let target: Target;
  let browser: Browser;
  let page: Page;
  let rateCardID: number;
  let storeID: number;
  let saleTypeName: string;
  let adminID: number;
  let metricID: number;
  let recSheetID: number;
  let announcementID: number;
  /** Today as the server (Europe/London) counts it. */
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

  beforeAll(async () => {
    target = await startTarget();
    browser = await launchBrowser();
    const api = await Api.logIn(target.baseUrl, target.adminEmail, target.adminPassword);
    const storeType = (await api.send('POST', 'storeType', { name: attemptName('High street') })).data;
    storeID = (await api.send('POST', 'store', { name: attemptName('Leeds Briggate'), storeTypeID: storeType.storeTypeID, squareFeet: 1450 })).data
      .storeID as number;
    saleTypeName = attemptName('New contract');
    const saleType = (await api.send('POST', 'saleType', { name: saleTypeName, storeIDs: [storeID] })).data;
    const skuType = (await api.send('POST', 'skuType', { name: attemptName('Handset') })).data;
    await api.send('POST', 'band', { name: 'A', description: 'Premium handsets' });
    rateCardID = (await api.send('POST', 'rateCard', { name: attemptName('Rate card'), fromDate: '2025-01-01' })).data.rateCardID as number;
    const line = await api.send<{ data: { rateCardLineStores: Array<{ rateCardLineStoreID: number }> } }>('POST', 'rateCardLine', {
      rateCardID,
      saleTypeID: saleType.saleTypeID,
      skuTypeID: skuType.skuTypeID,
      sku: 'IP15-128-BLK',
      description: 'iPhone 15 128GB Black',
      customerRRP: 19,
      customerMonthly: 39,
      contractMonths: 24,
      rateCardLineStores: [{ storeID, active: true, revenue: 480, commission: 40 }],
    });
    // A sale today and a metric, so the landing page has cards, tops and KPI tables to check.
    adminID = Number((await api.send('GET', 'user/me')).data.userID);
    await api.send('POST', 'sale', {
      storeID,
      saleTypeID: saleType.saleTypeID,
      attributableToUserID: adminID,
      rateCardLineStoreID: line.data.rateCardLineStores[0].rateCardLineStoreID,
      saleDate: today,
      orderRef: `${Date.now()}`.padEnd(20, '1').slice(0, 20),
    });
    const metric = (await api.send('POST', 'metric', { name: attemptName('Sales counted'), metricType: 'integer', successValue: 1 })).data;
    metricID = Number(metric.metricID);
    // A rec sheet and an announcement, so their own pages (lines, users) have something to show.
    recSheetID = Number((await api.send('POST', 'recSheet', { name: attemptName('Acme March'), recDate: '2018-03-31' })).data.recSheetID);
    announcementID = Number(
      (await api.send('POST', 'announcement', { type: 'info', title: attemptName('Stocktake'), message: 'Stocktake on Sunday', displayUntil: '2099-12-31' }))
        .data.announcementID,
    );
    await api.send('POST', 'metricPart', {
      metricID: metric.metricID,
      name: 'Sales',
      divisionPart: 'numerator',
      tableName: 'sales',
      field: 'revenueCount',
      params: '{}',
    });
    page = await adminPage(browser, target, 1280);
  });

  afterAll(async () => {
    await browser?.close();
    await target?.stop();
  });

  /** Serious and critical violations on the page as it is now, one line each (rule, help, where). */
  async function seriousViolations(): Promise<string[]> {
    const result = await new AxeBuilder({ page }).analyze();
    return result.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  }

  /** Every place checked with what axe found there: a test looks at all of them, then expects none. */
  let found: string[] = [];
  async function checkAccessible(what: string): Promise<void> {
    for (const violation of await seriousViolations()) found.push(`${what}: ${violation}`);
  }
  beforeEach(() => {
    found = [];
  });

  /** Goes to a screen and waits until it has drawn (the shell and the screen's content). */
  async function open(path: string): Promise<void> {
    await page.goto(`${target.baseUrl}${path}`);
    await page.locator('.top-bar-avatar').waitFor();
    await page.waitForLoadState('networkidle');
    await page.locator('.ant-spin-spinning').first().waitFor({ state: 'detached' });
  }

  const dialog = () => page.locator('.ant-modal-content').last();

  /** Waits for a dialog and what it loads, so axe sees it as the user does (motion is off: it is at its final size). */
  async function dialogShown(): Promise<void> {
    await dialog().waitFor();
    await page.waitForLoadState('networkidle');
  }

  async function closeDialog(): Promise<void> {
    await dialog().locator('.ant-modal-close').click();
    await page.locator('.ant-modal-content').waitFor({ state: 'detached' });
  }

  it('every screen has exactly one h1, above its tabs, and no serious or critical violation', async () => {
    const screens = [
      '/',
      `/landing/1/${today}/${adminID}`,
      `/landing/3/${today}/${adminID}`,
      '/daily/dailyReport',
      '/daily/dailyTable',
      '/daily/dailyStats',
      '/sales',
      `/sales/${storeID}`,
      '/sales/calculator',
      '/data/rateCards',
      '/data/rateCards/all',
      `/data/rateCards/${rateCardID}/lines`,
      '/targets',
      '/daily',
      '/rota',
      '/rota/view/approval',
      `/rota/view/user/${adminID}`,
      '/recSheets',
      `/recSheets/${recSheetID}/lines`,
      `/recSheets/${recSheetID}/lines/unreconciledSales`,
      '/recSheets/templates',
      '/recSheets/matchRules',
      '/announcements',
      `/announcements/${announcementID}/announcementUsers`,
      '/jobs',
      '/data/users',
      '/data/users/inactive',
      '/data/users/all',
      '/data/users/accessProfiles',
      '/data/stores',
      '/data/storeTypes',
      '/data/saleTypes',
      '/data/skuTypes',
      '/data/bands',
      '/data/discounts',
      '/data/analysisFields',
      '/data/metrics',
      `/data/metrics/${metricID}`,
      '/data/customisation',
      '/data/customisation/favicon',
      '/data/customisation/logo',
      '/data/customisation/loginLogo',
      '/about/licences',
      '/about/support',
      '/no/such/page',
    ];
    const headings: string[] = [];
    for (const path of screens) {
      await open(path);
      await checkAccessible(path);
      // Issue 26: one h1, and it comes before the screen's tabs (the shell's menu is not a tab list).
      const h1 = await page.locator('main h1').allInnerTexts();
      if (h1.length !== 1) headings.push(`${path}: ${h1.length} h1 (${h1.join(' | ')})`);
      if ((await page.locator('h1').count()) !== h1.length) headings.push(`${path}: an h1 outside the screen`);
      // A script text (the tests compile without the DOM's types); 2 is DOCUMENT_POSITION_PRECEDING.
      const tabsAboveTitle = await page.evaluate<boolean>(`(() => {
        const title = document.querySelector('main h1');
        const tabs = document.querySelector('main [role="tablist"]');
        return Boolean(title && tabs && title.compareDocumentPosition(tabs) & 2);
      })()`);
      if (tabsAboveTitle) headings.push(`${path}: the tabs come before the h1`);
    }
    // The login page, nobody signed in: its h1 is the app's name (or its logo).
    const signedOut = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    try {
      await signedOut.goto(`${target.baseUrl}/`);
      await signedOut.getByLabel('Email').waitFor();
      expect(await signedOut.locator('h1').count()).toBe(1);
    } finally {
      await signedOut.close();
    }
    expect(headings).toEqual([]);
    // The landing page's Top dialog and a KPI table's details dialog.
    await open('/');
    await page.getByRole('button', { name: 'Top SKUs...' }).click();
    await dialogShown();
    await checkAccessible('Top SKUs dialog');
    await closeDialog();
    await open(`/landing/1/${today}/${adminID}`);
    await page.locator('.kpi-name-cell button').first().click();
    await dialogShown();
    await checkAccessible('KPI details dialog');
    await closeDialog();
    expect(found).toEqual([]);
    // About 45 screens, each drawn and checked by axe: minutes on a busy machine.
  }, 900_000);

  it('a tab bar with more stores than fit (its "more" button shown) is still a proper list of tabs', async () => {
    const api = await Api.logIn(target.baseUrl, target.adminEmail, target.adminPassword);
    const storeTypeID = (await api.send('POST', 'storeType', { name: attemptName('Kiosk') })).data.storeTypeID;
    for (let i = 0; i < 12; i += 1) await api.send('POST', 'store', { name: attemptName(`Overflow store ${i}`), storeTypeID });
    const narrow = await adminPage(browser, target, 800);
    try {
      await narrow.goto(`${target.baseUrl}/sales`);
      await narrow.locator('.sales-tabs .ant-tabs-nav-more').waitFor();
      const result = await new AxeBuilder({ page: narrow }).analyze();
      const serious = result.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      expect(serious).toEqual([]);
      // The tabs themselves are still announced as tabs of one list.
      expect(await narrow.getByRole('tablist').getByRole('tab', { name: 'All stores' }).count()).toBe(1);
    } finally {
      await narrow.context().close();
    }
  });

  it('the record dialog (create, edit, view, delete), the sale form and the upload wizard have no serious or critical violation', async () => {
    await open('/data/stores');
    for (const button of ['Add', 'Edit', 'View', 'Delete']) {
      if (button === 'Add') await page.getByRole('button', { name: button }).first().click();
      else await rowAction(page.locator('tr.ant-table-row').first(), button);
      await dialogShown();
      await checkAccessible(`stores: ${button} dialog`);
      await closeDialog();
    }
    // A refused save shows its messages: still accessible.
    expectConsoleErrors(failedLoad(400, '/api/store'));
    await page.getByRole('button', { name: 'Add' }).click();
    await dialogShown();
    await dialog().getByRole('button', { name: 'Create' }).click();
    await dialog().locator('.ant-form-item-explain-error').first().waitFor();
    await checkAccessible('stores: refused save');
    await closeDialog();

    await open(`/sales/${storeID}`);
    await page.getByRole('button', { name: 'Add' }).click();
    await dialogShown();
    await checkAccessible('sale form');
    await closeDialog();

    await open(`/data/rateCards/${rateCardID}/lines`);
    await page.getByRole('button', { name: `Upload ${saleTypeName} Lines` }).click();
    await dialogShown();
    await checkAccessible('upload wizard');
    await closeDialog();
    expect(found).toEqual([]);
  });

  it("at 800 px a read-only table that scrolls sideways (a line view's stores, a line's expanded stores) can be reached and scrolled from the keyboard", async () => {
    const narrow = await adminPage(browser, target, 800);
    try {
      const serious = async (what: string) =>
        (await new AxeBuilder({ page: narrow }).analyze()).violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => `${what}: ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      await narrow.goto(`${target.baseUrl}/data/rateCards/${rateCardID}/lines`);
      const row = narrow.locator('tr.ant-table-row', { hasText: 'IP15-128-BLK' });
      await row.getByRole('button', { name: 'View' }).click();
      const view = narrow.locator('.ant-modal-content');
      const stores = view.getByRole('region', { name: 'Stores' });
      await stores.waitFor();
      // The stores' columns are wider than the dialog: the box scrolls, and it takes the focus.
      await eventually(async () => expect(await stores.evaluate((box) => box.scrollWidth > box.clientWidth)).toBe(true));
      const found = await serious('line view');
      await stores.focus();
      expect(await stores.evaluate((box) => box === box.ownerDocument.activeElement)).toBe(true);
      await view.locator('.ant-modal-close').click();
      await view.waitFor({ state: 'detached' });

      await row.getByRole('button', { name: 'Expand row' }).click();
      await narrow.locator('.line-stores').waitFor();
      expect(await narrow.locator('.line-stores').getByRole('region', { name: 'Stores of IP15-128-BLK' }).count()).toBe(1);
      found.push(...(await serious('expanded line')));
      expect(found).toEqual([]);
    } finally {
      await narrow.context().close();
    }
  });

  it('the keyboard reaches every action of a list and of a dialog', async () => {
    await open('/data/stores');
    await page.getByRole('textbox', { name: 'Filter table' }).focus();
    const reached = new Set<string>();
    for (let step = 0; step < 40 && !['Add', 'View', 'Edit', 'More actions'].every((name) => reached.has(name)); step++) {
      await page.keyboard.press('Tab');
      reached.add(await page.locator(':focus').evaluate((element) => (element.getAttribute('aria-label') || element.textContent || '').trim()));
    }
    for (const name of ['Download as Excel', 'Add', 'View', 'Edit', 'More actions'])
      expect({ name, reached: reached.has(name) }).toEqual({ name, reached: true });
    // The row's menu opens from the keyboard, and its items (Copy, Delete) are reached with the arrows.
    await page.keyboard.press('Enter');
    const menu = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').last();
    await menu.getByRole('menuitem', { name: 'Copy' }).waitFor();
    const inMenu = new Set<string>();
    const focusedText = () => page.locator(':focus').evaluate((element) => (element.textContent || '').trim());
    let previous = await focusedText();
    for (let step = 0; step < 4; step++) {
      await page.keyboard.press('ArrowDown');
      // The menu moves its focus a frame after the key: wait for it to move, on a busy machine too.
      const before = previous;
      await eventually(async () => expect(await focusedText()).not.toBe(before));
      previous = await focusedText();
      inMenu.add(previous);
    }
    expect([...inMenu]).toEqual(expect.arrayContaining(['Copy', 'Delete']));
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });

    // Opened from the keyboard, the dialog takes the focus; Tab reaches its inputs and buttons.
    await page.getByRole('button', { name: 'Add' }).focus();
    await page.keyboard.press('Enter');
    await dialogShown();
    const inDialog = new Set<string>();
    for (let step = 0; step < 30; step++) {
      await page.keyboard.press('Tab');
      inDialog.add(
        await page.locator(':focus').evaluate((active) => {
          if (!active.closest('.ant-modal')) return 'outside the dialog';
          return active.id || (active.textContent ?? '').trim();
        }),
      );
    }
    expect(inDialog.has('outside the dialog')).toBe(false);
    for (const name of ['Create', 'Cancel']) expect({ name, reached: inDialog.has(name) }).toEqual({ name, reached: true });
    expect([...inDialog].some((id) => id.endsWith('name'))).toBe(true);
    await page.keyboard.press('Escape');
    await page.locator('.ant-modal-content').waitFor({ state: 'detached' });
  });

  it('focus returns to the button that opened a dialog once it closes', async () => {
    await open('/data/stores');
    const add = page.getByRole('button', { name: 'Add' });
    await add.click();
    await dialogShown();
    await closeDialog();
    expect(await add.evaluate((button) => button === button.ownerDocument.activeElement)).toBe(true);

    const edit = page.getByRole('button', { name: 'Edit' }).first();
    await edit.click();
    await dialogShown();
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    await page.locator('.ant-modal-content').waitFor({ state: 'detached' });
    expect(await edit.evaluate((button) => button === button.ownerDocument.activeElement)).toBe(true);
  });
});
