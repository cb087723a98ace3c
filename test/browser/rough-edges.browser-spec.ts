import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { Api, adminPage, describeInBrowser, launchBrowser, logInThroughUi, newPage, startTarget, type Target } from './browserTarget';
import { eventually } from './waits';

/**
 * Rough edges a new user met (issue 14): unknown paths, tables that hid columns under the pinned
 * actions column, toolbars and dialogs that broke apart at 800 px, and the console errors of a
 * fresh install without branding images.
 */
/** Set to a directory to keep screenshots of the tables checked here, for a person to look at. */
const SHOTS = process.env.ROUGH_EDGES_SHOTS;

describeInBrowser('rough edges', () => {
  jest.setTimeout(180_000);

  let target: Target;
  let browser: Browser;
  let api: Api;
  let rateCardID: number;
  let saleTypeName: string;

  beforeAll(async () => {
    target = await startTarget();
    browser = await launchBrowser();
    api = await Api.logIn(target.baseUrl, target.adminEmail, target.adminPassword);
    // Real names (this file's database is its own, arranged once) and every column filled: the widths a franchise's lists need.
    const storeType = (await api.send('POST', 'storeType', { name: 'Shopping centre kiosk' })).data;
    const stores = [];
    for (const name of ['Newcastle Eldon Square', 'Brighton Churchill Square', 'Birmingham Bullring']) {
      stores.push(
        (
          await api.send('POST', 'store', {
            name,
            storeTypeID: storeType.storeTypeID,
            targetRevenue: true,
            targetQuantity: true,
            postCode: 'NE1 7JB',
            squareFeet: 12500,
          })
        ).data,
      );
    }
    const storeIDs = stores.map((store) => store.storeID);
    saleTypeName = 'New contract';
    const saleType = (await api.send('POST', 'saleType', { name: saleTypeName, storeIDs })).data;
    const skuType = (await api.send('POST', 'skuType', { name: 'Handset' })).data;
    rateCardID = (await api.send('POST', 'rateCard', { name: 'Rate card 2025-01', fromDate: '2025-01-01' })).data.rateCardID as number;
    for (const sku of ['IP15-128-BLK', 'SAM-S24-256-GRY']) {
      await api.send('POST', 'rateCardLine', {
        rateCardID,
        saleTypeID: saleType.saleTypeID,
        skuTypeID: skuType.skuTypeID,
        sku,
        description: 'Device insurance, premium with loss cover',
        customerRRP: 1049.99,
        customerMonthly: 45.5,
        contractMonths: 24,
        rateCardLineStores: stores.map((store, index) => ({ storeID: store.storeID, active: true, revenue: 123.45 + index, commission: 12.5 + index })),
      });
    }
    await api.send('POST', 'discount', {
      name: 'Staff discount',
      saleTypeID: saleType.saleTypeID,
      discountStores: stores.map((store) => ({
        storeID: store.storeID,
        enabled: true,
        captureVariablePercent: false,
        revenueReductionIsFixed: false,
        revenueReductionRatio: 0.1,
        commissionSameAsRevenue: true,
      })),
    });
    if (SHOTS) mkdirSync(SHOTS, { recursive: true });
  });

  afterAll(async () => {
    await browser?.close();
    await target?.stop();
  });

  /** How far the list table overflows its card (0: every column in sight, nothing under the pinned column). */
  async function tableOverflow(page: Page): Promise<number> {
    const table = page.locator('.list-card .ant-table-content').first();
    await page.locator('.list-card .ant-table-row').first().waitFor();
    return table.evaluate((element) => element.scrollWidth - element.clientWidth);
  }

  /** The lines an element's text takes on screen. */
  function lineCount(locator: Locator): Promise<number> {
    return locator.evaluate((element) => {
      const range = element.ownerDocument.createRange();
      range.selectNodeContents(element);
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
    });
  }

  it("an unknown path shows 'Page not found' inside the shell, with a link home", async () => {
    const page = await adminPage(browser, target);
    await page.goto(`${target.baseUrl}/no/such/page`);
    await page.getByText('Page not found').waitFor();
    expect(page.url()).toBe(`${target.baseUrl}/no/such/page`);
    // The shell stays: the top bar and the drawer.
    await page.locator('.top-bar-avatar').waitFor();
    expect(await page.getByRole('menuitem', { name: 'Home' }).count()).toBe(1);
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await page.waitForURL(`${target.baseUrl}/`);
    // The router changes the URL first and keeps the old screen while the home page's chunk loads.
    await page.getByText('Quick actions').waitFor();
    expect(await page.getByText('Page not found').count()).toBe(0);
    await page.context().close();
  });

  it('a fresh install without branding images logs no console errors and no failed requests on any page', async () => {
    const { context, page } = await newPage(browser);
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`${new URL(page.url()).pathname}: ${message.text()}`);
    });
    page.on('response', (response) => {
      if (response.status() >= 400) problems.push(`${response.status()} ${response.request().method()} ${response.url()}`);
    });
    // The login page (login logo and background), then the shell (logo) and its screens (favicon everywhere).
    await logInThroughUi(page, target.baseUrl, target.adminEmail, target.adminPassword);
    for (const path of [
      '/',
      '/data/stores',
      '/data/users',
      '/data/rateCards',
      `/data/rateCards/${rateCardID}/lines`,
      '/sales',
      '/data/customisation',
      '/about/support',
    ]) {
      await page.goto(`${target.baseUrl}${path}`);
      await page.locator('.top-bar-avatar').waitFor();
      await page.waitForLoadState('networkidle');
    }
    expect(problems).toEqual([]);
    await context.close();
  });

  it('at 1280 px every column of stores, users and rate card lines is in sight, none under the actions', async () => {
    const page = await adminPage(browser, target, 1280);
    for (const path of ['/data/stores', '/data/users', `/data/rateCards/${rateCardID}/lines`]) {
      await page.goto(`${target.baseUrl}${path}`);
      const overflow = await tableOverflow(page);
      if (SHOTS) await page.screenshot({ path: join(SHOTS, `rough-edges-1280${path.replace(/\//g, '-')}.png`), fullPage: true });
      expect({ path, overflow }).toEqual({ path, overflow: 0 });
    }
    // The columns shown are whole, none under the actions: the default columns fit the card by
    // priority (dense lists), so the actions column is the table's last, not pinned over others.
    await page.goto(`${target.baseUrl}/data/rateCards/${rateCardID}/lines`);
    await page.locator('.list-card .ant-table-row').first().waitFor();
    const cardRight = await page
      .locator('.list-card .ant-table')
      .first()
      .evaluate((table) => table.getBoundingClientRect().right);
    const headers = await page
      .locator('.list-card thead th')
      .evaluateAll((ths) => ths.map((th) => ({ text: (th.textContent ?? '').trim(), right: th.getBoundingClientRect().right })));
    expect(headers.map((h) => h.text)).toEqual(expect.arrayContaining(['SKU', 'Description', 'RRP', 'Monthly']));
    for (const { text, right } of headers) expect({ text, inside: right <= cardRight + 1 }).toEqual({ text, inside: true });
    await page.context().close();
  });

  it('at 800 px access profiles and stores fit, and the rate card lines toolbar keeps Add beside the other tools', async () => {
    const page = await adminPage(browser, target, 800);
    for (const path of ['/data/users/accessProfiles', '/data/stores']) {
      await page.goto(`${target.baseUrl}${path}`);
      const overflow = await tableOverflow(page);
      if (SHOTS) await page.screenshot({ path: join(SHOTS, `rough-edges-800${path.replace(/\//g, '-')}.png`), fullPage: true });
      expect({ path, overflow }).toEqual({ path, overflow: 0 });
    }
    await page.goto(`${target.baseUrl}/data/rateCards/${rateCardID}/lines`);
    const add = page.locator('.list-toolbar-actions').getByRole('button', { name: 'Add' });
    const upload = page.getByRole('button', { name: `Upload ${saleTypeName} Lines` });
    await upload.waitFor();
    const top = async (locator: Locator) => (await locator.boundingBox())!.y;
    expect(await top(add)).toBe(await top(upload));
    await page.context().close();
  });

  it("the discount dialog's 'Enabled' header is one word on one line and its store table fits", async () => {
    const page = await adminPage(browser, target, 1280);
    await page.goto(`${target.baseUrl}/data/discounts`);
    await page.getByRole('button', { name: 'Edit' }).first().click();
    const header = page.locator('.ant-modal .sub-table').getByRole('columnheader', { name: 'Enabled', exact: true });
    await header.waitFor();
    // One line box: a header broken mid-word ('Enable' / 'd') has two.
    expect(await lineCount(header)).toBe(1);
    const cut = await page.locator('.ant-modal .sub-table .ant-table-content').evaluate((element) => element.scrollWidth - element.clientWidth);
    expect(cut).toBe(0);
    await page.context().close();
  });

  it('at 800 px a view dialog has Close right under its fields, not at the foot of the screen', async () => {
    const page = await adminPage(browser, target, 800);
    await page.goto(`${target.baseUrl}/data/stores`);
    await page.getByRole('button', { name: 'View' }).first().click();
    const close = page.locator('.ant-modal-footer').getByRole('button', { name: 'Close' });
    await close.waitFor();
    // Measure the finished dialog: the record (and its audit block) loads after the buttons show.
    await page.locator('.ant-modal-body .audit').waitFor();
    await page.locator('.ant-modal-body .ant-spin').waitFor({ state: 'detached' });
    // The body's last part (the audit block) and the buttons: before, a short form left the screen's height between them.
    await eventually(async () => {
      const last = await page.locator('.ant-modal-body > *').last().boundingBox();
      const gap = (await close.boundingBox())!.y - (last!.y + last!.height);
      expect(gap).toBeLessThan(60);
    });
    await page.context().close();
  });
});
