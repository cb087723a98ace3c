import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { Api, adminPage, attemptName, describeInBrowser, launchBrowser, signedInPage, startTarget, type Target } from './browserTarget';
import { eventually, holdRequests } from './waits';

type Row = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const SHOTS = '/tmp/retail-shots/landing';

/** Today as the browser and the server (Europe/London, the machine's zone in CI) count it. */
function day(offset = 0): string {
  const date = new Date(Date.now() + offset * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);
}

/**
 * The landing dashboard (issue 12) as the administrator sees a seller of this file: `/` lands on
 * /landing/0/{today}/{own id}; the cards of the seller's day with a trend arrow; a card click
 * opens exactly its sales; the Top users dialog; the league table with its totals row and
 * colours; a store's tab; the details dialog; the month navigator; at 1280 and 800 px.
 */
describeInBrowser('landing dashboard in a browser', () => {
  jest.setTimeout(180_000);

  let target: Target;
  let browser: Browser;
  let api: Api;
  let store: Row;
  let seller: Row;
  let adminID: number;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    target = await startTarget();
    browser = await launchBrowser();
    api = await Api.logIn(target.baseUrl, target.adminEmail, target.adminPassword);
    adminID = Number((await api.send('GET', 'user/me')).data.userID);
    const run = attemptName('Landing');
    const storeType = (await api.send('POST', 'storeType', { name: `Type ${run}` })).data;
    // New stores join the administrator's profile.
    store = (await api.send('POST', 'store', { name: `Store ${run}`, storeTypeID: storeType.storeTypeID })).data;
    const saleType = (await api.send('POST', 'saleType', { name: `Type ${run}`, storeIDs: [store.storeID] })).data;
    const skuType = (await api.send('POST', 'skuType', { name: `Device ${run}` })).data;
    const card = (await api.send('POST', 'rateCard', { name: `Card ${run}`, fromDate: day(-400) })).data;
    const line = (
      await api.send<{ data: Row }>('POST', 'rateCardLine', {
        rateCardID: card.rateCardID,
        saleTypeID: saleType.saleTypeID,
        skuTypeID: skuType.skuTypeID,
        sku: `LND-${Date.now()}`.slice(0, 20),
        description: `Landing phone ${run}`,
        customerRRP: 300,
        customerMonthly: 20,
        contractMonths: 24,
        rateCardLineStores: [{ storeID: store.storeID, active: true, revenue: 250, commission: 25 }],
      })
    ).data;
    const profile = (
      await api.send('POST', 'accessProfile', {
        name: `Seller ${run}`,
        systemAreas: 'RecordSales',
        storeIDs: [store.storeID],
        showRevenue: true,
        showCommission: true,
      })
    ).data;
    // Months back 1: the seller may go back to last month and no further.
    seller = (
      await api.send('POST', 'user', {
        name: `Seller ${run}`,
        email: `seller.${Date.now()}@example.com`,
        password: 'Landing-test-1!',
        confirm: 'Landing-test-1!',
        accessProfileID: profile.accessProfileID,
        salesMonthsBack: 1,
      })
    ).data;
    // A metric for the tables: sales counted.
    const metric = (await api.send('POST', 'metric', { name: `Sales ${run}`, metricType: 'integer', successValue: 2 })).data;
    await api.send('POST', 'metricPart', {
      metricID: metric.metricID,
      name: `Sales ${run}`,
      divisionPart: 'numerator',
      tableName: 'sales',
      field: 'revenueCount',
      params: '{}',
    });
    const ref = (n: number) => `${Date.now()}${n}`.padEnd(20, '0').slice(0, 20);
    // Three sales today and one yesterday: the day card reads £750, up on the prior day's £250.
    for (const [n, saleDate] of [day(), day(), day(), day(-1)].entries()) {
      await api.send('POST', 'sale', {
        storeID: store.storeID,
        saleTypeID: saleType.saleTypeID,
        attributableToUserID: seller.userID,
        rateCardLineStoreID: line.rateCardLineStores[0].rateCardLineStoreID,
        saleDate,
        orderRef: ref(n),
      });
    }
  });

  afterAll(async () => {
    await browser?.close();
    await target?.stop();
  });

  const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  const sellerCards = () => `${target.baseUrl}/landing/0/${day()}/${seller.userID}`;

  it('/ lands on the own cards of today; a bad address goes back there', async () => {
    const page = await adminPage(browser, target);
    await page.goto(`${target.baseUrl}/`);
    await page.waitForURL(`${target.baseUrl}/landing/0/${day()}/${adminID}`);
    await page.locator('.kpi-card').first().waitFor();
    await page.goto(`${target.baseUrl}/landing/cards/${day()}/${seller.userID}`);
    await page.waitForURL(`${target.baseUrl}/landing/0/${day()}/${adminID}`);
    await page.context().close();
  });

  it("the seller's day card with its trend arrow; a click opens exactly those sales (1280 px)", async () => {
    const page = await adminPage(browser, target);
    await page.goto(sellerCards());
    const dayCard = page.locator('.kpi-card', { hasText: 'Day' }).first();
    await dayCard.waitFor();
    expect(await dayCard.locator('.kpi-card-value').textContent()).toBe('£750');
    expect(await dayCard.locator('.kpi-card-count').textContent()).toBe('3 sales');
    // Prior day £250: +200.0 %, an up arrow in green.
    const prior = dayCard.locator('.kpi-comparison', { hasText: 'Prior' });
    expect(await prior.locator('.kpi-trend-green').textContent()).toContain('+200.0%');
    expect(await prior.locator('.anticon-arrow-up').count()).toBe(1);
    await page.locator('.kpi-trend-chart svg').first().waitFor();
    await shot(page, 'cards-1280');

    await dayCard.click();
    await page.waitForURL(/\/sales/);
    await eventually(async () => expect(await page.locator('.ant-table-row').count()).toBe(3));
    await page.context().close();
  });

  it('the cards keep the places their placeholders held, and nothing shifts as the figures and the chart arrive (1280 px)', async () => {
    const page = await adminPage(browser, target);
    const figures = await holdRequests(page, (url) => url.pathname === '/api/kpi/cards');
    await page.goto(sellerCards());
    // The dashboard shows once the announcements have answered; the figures are still held.
    await page.locator('.landing-dashboard:not(.landing-dashboard-waiting) .kpi-card-placeholder').first().waitFor();
    const placeholder = await page.locator('.kpi-card-placeholder').first().boundingBox();
    // Layout shifts from now on, as Lighthouse counts them (none caused by the user). A script
    // text: the tests compile without the DOM's types.
    await page.evaluate(`
      window.shifted = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.shifted += entry.value;
      }).observe({ type: 'layout-shift' });
    `);
    figures.release();
    const first = page.locator('.kpi-card').first();
    await first.locator('.kpi-card-value').waitFor();
    const card = await first.boundingBox();
    expect({ x: card!.x, y: card!.y, width: card!.width }).toEqual({ x: placeholder!.x, y: placeholder!.y, width: placeholder!.width });
    expect(card!.height).toBeGreaterThanOrEqual(placeholder!.height);
    // The chart comes after the cards, into a place of its own height.
    await page.locator('.kpi-trend-chart svg').first().waitFor();
    await page.waitForTimeout(300);
    expect(await page.evaluate<number>('window.shifted')).toBeLessThan(0.02);
    await page.context().close();
  });

  it('the Top users dialog ranks the month by revenue; Commission switches the cards', async () => {
    const page = await adminPage(browser, target);
    await page.goto(sellerCards());
    await page.getByRole('button', { name: 'Top users...' }).click();
    const dialog = page.getByRole('dialog', { name: 'Top users' });
    await dialog.locator('.ant-table-row').first().waitFor();
    await dialog.getByLabel('Filter table').fill(String(seller.name));
    await eventually(async () => expect(await dialog.locator('.ant-table-row').count()).toBe(1));
    expect(await dialog.locator('.ant-table-row').textContent()).toContain('£1,000.00');
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Commission', { exact: true }).click();
    const dayCard = page.locator('.kpi-card', { hasText: 'Day' }).first();
    await dayCard.locator('.kpi-card-value', { hasText: /^£75$/ }).waitFor();
    expect(await dayCard.locator('.kpi-card-value').textContent()).toBe('£75');
    await page.context().close();
  });

  it('the league table: a row per seller with totals, colours and the details dialog (800 px)', async () => {
    const page = await adminPage(browser, target, 800);
    await page.goto(sellerCards());
    await page.getByRole('tab', { name: 'League table' }).click();
    await page.waitForURL(`${target.baseUrl}/landing/1/${day()}/${seller.userID}`);
    const users = page.locator('.kpi-table').first();
    const row = users.locator('.ant-table-row', { hasText: String(seller.name) });
    await row.waitFor();
    await users.locator('.kpi-totals-row').waitFor();
    await row.getByRole('button', { name: `Details of ${seller.name}` }).click();
    const details = page.getByRole('dialog');
    await details.getByText('Numerator').first().waitFor();
    await shot(page, 'league-details-800');
    await details.getByRole('button', { name: 'Close', exact: true }).last().click();
    await details.waitFor({ state: 'hidden' });
    await shot(page, 'league-800');
    await page.context().close();
  });

  it("a store's tab shows its users; the month navigator goes back a month and forward again", async () => {
    const page = await adminPage(browser, target);
    await page.goto(sellerCards());
    await page.getByRole('tab', { name: String(store.name) }).click();
    const table = page.locator('.kpi-table').first();
    await table.locator('.ant-table-row', { hasText: String(seller.name) }).waitFor();
    await shot(page, 'store-tab-1280');
    const previousMonth = new Date(`${day().slice(0, 7)}-01T00:00:00Z`);
    previousMonth.setUTCDate(0);
    const lastDay = previousMonth.toISOString().slice(0, 10);
    await page.locator('.month-navigator button').first().click();
    await page.waitForURL(new RegExp(`/landing/\\d+/${lastDay}/`));
    await page.locator('.month-navigator button').last().click();
    await page.waitForURL(new RegExp(`/landing/\\d+/${day()}/`));
    await page.context().close();
  });

  it("a seller with one month back: the previous month once, then 'Max 1 mon', disabled", async () => {
    const sellerApi = await Api.logIn(target.baseUrl, String(seller.email), 'Landing-test-1!');
    const page = await signedInPage(browser, target, sellerApi, 800);
    await page.waitForURL(`${target.baseUrl}/landing/0/${day()}/${seller.userID}`);
    const previous = page.locator('.month-navigator button').first();
    expect(await previous.isEnabled()).toBe(true);
    await previous.click();
    await page.waitForURL((url) => !url.pathname.includes(`/${day()}/`));
    await page.getByRole('button', { name: 'Max 1 mon' }).waitFor();
    expect(await page.getByRole('button', { name: 'Max 1 mon' }).isDisabled()).toBe(true);
    // A seller has one store: no All users, All stores or All types tabs, and their store's tab.
    expect(await page.getByRole('tab', { name: 'All stores' }).count()).toBe(0);
    expect(await page.getByRole('tab', { name: String(store.name) }).count()).toBe(1);
    await shot(page, 'seller-months-back-800');
    await page.context().close();
  });
});
