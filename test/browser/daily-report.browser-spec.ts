import type { Browser, Page } from 'playwright-core';
import { Api, adminPage, attemptName, describeInBrowser, launchBrowser, logInThroughUi, newPage, startTarget, type Target } from './browserTarget';
import { shot as shotInto } from './waits';

type Row = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Screenshots for a person to look at (DAILY_SHOTS=dir); none by default. */
const SHOTS = process.env.DAILY_SHOTS;

/** The exact texts of spec 02 §2.2 and §5. */
const NO_REPORTED_FIELDS = 'No analysis fields at this store are configured for daily reporting...';
const DATE_IN_FUTURE = 'This date is in the future';

/** This file's days: its card starts on 1 January 2018, its sales are in June. */
const DAY = '2018-06-15';
const NEXT_DAY = '2018-06-16';

/**
 * The daily report and the daily table (issue 12) in a browser: a field's headings with the day's
 * quantities and revenue at a store with sales, the send dialog's message and link, the text for a
 * store without reported fields and for a day in the future; the daily table's rows and totals
 * row, a split change through the toolbar, invalid parameters redirected, the months-back message
 * without a call, the Excel link answering a file; both screens at 1280 and 800 px, nothing
 * cut and no raw ids or codes.
 */
describeInBrowser('daily report and daily table in a browser', () => {
  jest.setTimeout(180_000);

  let target: Target;
  let browser: Browser;
  let api: Api;
  let north: Row;
  let south: Row;
  let seller: { name: string; email: string; password: string };
  let adminName: string;

  beforeAll(async () => {
    target = await startTarget();
    browser = await launchBrowser();
    api = await Api.logIn(target.baseUrl, target.adminEmail, target.adminPassword);
    const me = (await api.send('GET', 'user/me')).data as Row;
    adminName = me.name;
    // New stores join the administrator's profile.
    const storeType = (await api.send('POST', 'storeType', { name: attemptName('High street') })).data;
    north = (await api.send('POST', 'store', { name: attemptName('Daily North'), storeTypeID: storeType.storeTypeID })).data;
    south = (await api.send('POST', 'store', { name: attemptName('Daily South'), storeTypeID: storeType.storeTypeID })).data;
    const saleType = (await api.send('POST', 'saleType', { name: attemptName('Contracts'), storeIDs: [north.storeID, south.storeID] })).data;
    const skuType = (await api.send('POST', 'skuType', { name: attemptName('Device') })).data;
    const card = (await api.send('POST', 'rateCard', { name: attemptName('Daily card'), fromDate: '2018-01-01' })).data;
    const line = (
      await api.send('POST', 'rateCardLine', {
        rateCardID: card.rateCardID,
        saleTypeID: saleType.saleTypeID,
        skuTypeID: skuType.skuTypeID,
        sku: 'DAILY-PHONE',
        description: 'Phone with case',
        customerRRP: 499,
        customerMonthly: 25,
        contractMonths: 24,
        rateCardLineStores: [
          { storeID: north.storeID, active: true, revenue: 100, commission: 40 },
          { storeID: south.storeID, active: true, revenue: 90, commission: 30 },
        ],
      })
    ).data as Row;
    const lineAt = (store: Row) => line.rateCardLineStores.find((ls: Row) => ls.storeID === store.storeID).rateCardLineStoreID;
    // Asked at North only: Gold and Silver are reported as Handsets, None not at all.
    const field = (
      await api.send('POST', 'analysisField', {
        name: attemptName('Handset'),
        label: 'Handset sold',
        inputType: 'single',
        storeIDs: [north.storeID],
        analysisListItems: [
          { code: 'GLD', description: 'Gold', dailyReportAs: 'Handsets' },
          { code: 'SLV', description: 'Silver', dailyReportAs: 'Handsets' },
          { code: 'NON', description: 'None' },
        ],
      })
    ).data as Row;
    await api.send('POST', 'metric', { name: 'New sales', metricType: 'integer' }).then((metric) =>
      api.send('POST', 'metricPart', {
        metricID: metric.data.metricID,
        name: 'Sales',
        divisionPart: 'numerator',
        tableName: 'sales',
        field: 'revenueCount',
        params: '{}',
      }),
    );
    // A seller at North whose profile shows two months back.
    const profile = (
      await api.send('POST', 'accessProfile', { name: attemptName('Sellers'), systemAreas: 'RecordSales', storeIDs: [north.storeID], showRevenue: true })
    ).data;
    seller = { name: attemptName('Rita Seller'), email: `${attemptName('rita').replace(/\W+/g, '.')}@example.com`, password: 'Seller-pass-1234' };
    const created = (
      await api.send('POST', 'user', {
        name: seller.name,
        email: seller.email,
        password: seller.password,
        confirm: seller.password,
        accessProfileID: profile.accessProfileID,
        storeID: north.storeID,
        salesMonthsBack: 2,
      })
    ).data as Row;

    const sale = (store: Row, userID: number, saleDate: string, code?: string) =>
      api.send('POST', 'sale', {
        storeID: store.storeID,
        saleTypeID: saleType.saleTypeID,
        attributableToUserID: userID,
        rateCardLineStoreID: lineAt(store),
        saleDate,
        orderRef: '12345678901234567890',
        saleAnalysisValues: code ? [{ analysisFieldID: field.analysisFieldID, analysisValue: code }] : [],
      });
    // North on the day: three Handsets (two by the admin, one by the seller), one not reported, one cancelled.
    await sale(north, me.userID, DAY, 'GLD');
    await sale(north, me.userID, DAY, 'SLV');
    await sale(north, created.userID, DAY, 'GLD');
    await sale(north, me.userID, DAY, 'NON');
    const cancelled = (await sale(north, me.userID, DAY, 'GLD')).data as Row;
    await api.send('PUT', `sale/${cancelled.saleID}`, { ...cancelled, newStep: 'cancelled', newStepNote: 'Entered twice' });
    // South the next day.
    await sale(south, me.userID, NEXT_DAY);
  });

  afterAll(async () => {
    await browser?.close();
    await target?.stop();
  });

  const shot = (page: Page, name: string) => shotInto(page, SHOTS, name);

  /** Nothing wider than the window, and no ids, codes or missing values in the page's text. */
  async function readable(page: Page): Promise<void> {
    const overflow = await page.evaluate(() => {
      const doc = (globalThis as any).document; // eslint-disable-line @typescript-eslint/no-explicit-any
      return doc.documentElement.scrollWidth - doc.documentElement.clientWidth;
    });
    expect(overflow).toBeLessThanOrEqual(0);
    const text = await page.locator('.daily-page').innerText();
    expect(text).not.toMatch(/attributableToUserID|storeStoreTypeID|storeID|analysisField|metric\d|undefined|NaN|null|GLD|SLV/);
  }

  it.each([1280, 800])("the report shows the field's headings with the day's figures at %i px, and composes the message", async (width) => {
    const page = await adminPage(browser, target, width);
    await page.goto(`${target.baseUrl}/daily/dailyReport/${north.storeID}/${DAY}`);
    const card = page.locator('.daily-report-field', { hasText: 'Handset sold' });
    const row = card.locator('tbody tr', { hasText: 'Handsets' });
    await row.waitFor();
    expect((await row.locator('td').allInnerTexts()).map((t) => t.trim())).toEqual(['Handsets', '3', '£300.00']);
    expect(await card.locator('tbody tr').count()).toBe(1);
    // The day's metrics at the store (the metric shown in tables).
    const metric = page.locator('.daily-metric', { hasText: 'New sales' });
    await metric.waitFor();
    expect(await metric.locator('dd').innerText()).toBe('4');
    await readable(page);
    await shot(page, `report-${width}`);

    await page.getByRole('button', { name: 'Send Quantity and Revenue' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('To').fill('manager@example.com');
    const message = await dialog.getByLabel('Message').inputValue();
    expect(message).toContain('Handset sold\nHandsets: 3 (£300.00)');
    expect(message).toContain('Metrics\nNew sales: 4');
    const href = (await dialog.getByRole('link', { name: 'Open in e-mail' }).getAttribute('href')) ?? '';
    expect(href.startsWith('mailto:manager@example.com?subject=Daily%20report')).toBe(true);
    expect(decodeURIComponent(href.split('&body=')[1])).toContain('Handsets: 3 (£300.00)');
    await dialog.getByText('WhatsApp', { exact: true }).click();
    expect(await dialog.getByRole('link', { name: 'Open in WhatsApp' }).getAttribute('href')).toMatch(/^https:\/\/wa\.me\/\?text=Daily%20report/);
    await shot(page, `report-send-${width}`);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: /Send Quantity$/ }).click();
    const quantities = await page.getByRole('dialog').getByLabel('Message').inputValue();
    expect(quantities).toContain('Handsets: 3');
    expect(quantities).not.toContain('£');
    await page.context().close();
  });

  it('a store without reported fields says so; a day in the future says so; no parameters open a store and today', async () => {
    const page = await adminPage(browser, target, 1280);
    await page.goto(`${target.baseUrl}/daily/dailyReport/${south.storeID}/${NEXT_DAY}`);
    await page.getByText(NO_REPORTED_FIELDS, { exact: true }).waitFor();
    await page.goto(`${target.baseUrl}/daily/dailyReport/${north.storeID}/2999-01-01`);
    await page.getByText(DATE_IN_FUTURE, { exact: true }).waitFor();
    await page.goto(`${target.baseUrl}/daily/dailyReport`);
    await page.waitForURL(/\/daily\/dailyReport\/\d+\/\d{4}-\d{2}-\d{2}$/);
    // The store picker changes the route.
    await page.goto(`${target.baseUrl}/daily/dailyReport/${north.storeID}/${DAY}`);
    await page.getByLabel('Store', { exact: true }).first().click();
    await page.locator('.ant-select-item-option[title="All my stores"]').click();
    await page.waitForURL(new RegExp(`/daily/dailyReport/all/${DAY}$`));
    await page.locator('.daily-report-field', { hasText: 'Handset sold' }).locator('tbody tr', { hasText: 'Handsets' }).waitFor();
    await page.context().close();
  });

  it.each([1280, 800])('the daily table shows a row per seller and a totals row, and changes split at %i px', async (width) => {
    const page = await adminPage(browser, target, width);
    await page.goto(`${target.baseUrl}/daily/dailyTable/${north.storeID},${south.storeID}/attributableToUserID/2018-06-01/2018-06-30`);
    const table = page.locator('.daily-table');
    const rowOf = (name: string) => table.locator('tbody tr.ant-table-row', { hasText: name });
    await rowOf(seller.name).waitFor();
    expect(await table.locator('thead th').allInnerTexts()).toEqual(['User', 'New sales']);
    expect((await rowOf(adminName).locator('td').allInnerTexts()).map((t) => t.trim())).toEqual([adminName, '4']);
    expect((await rowOf(seller.name).locator('td').allInnerTexts()).map((t) => t.trim())).toEqual([seller.name, '1']);
    const totals = table.locator('.kpi-totals-row');
    expect((await totals.locator('td').allInnerTexts()).map((t) => t.trim())).toEqual(['Total', '5']);
    await readable(page);
    await shot(page, `table-${width}`);

    await page.getByLabel('Split by').first().click();
    await page.locator('.ant-select-item-option[title="By store"]').click();
    await page.waitForURL(/\/storeID\/2018-06-01\/2018-06-30$/);
    await rowOf(south.name).waitFor();
    expect(await table.locator('thead th').first().innerText()).toBe('Store');
    expect((await rowOf(north.name).locator('td').allInnerTexts()).map((t) => t.trim())).toEqual([north.name, '4']);
    expect((await rowOf(south.name).locator('td').allInnerTexts()).map((t) => t.trim())).toEqual([south.name, '1']);
    await readable(page);
    await shot(page, `table-by-store-${width}`);

    // The Excel link answers the file.
    const href = await page.getByRole('link', { name: /Excel/ }).getAttribute('href');
    expect(href).toMatch(/^\/api\/kpi\/drhTable\/excel\?.*fileName=Daily.*token=/);
    const answer = await fetch(`${target.baseUrl}${href}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('spreadsheetml');
    expect(answer.headers.get('content-disposition')).toContain('Daily table 2018-06-01 to 2018-06-30.xlsx');
    await page.context().close();
  });

  it('invalid parameters go to the profile stores, split by user, today to today', async () => {
    const page = await adminPage(browser, target, 1280);
    await page.goto(`${target.baseUrl}/daily/dailyTable/abc/region/2018-13-01/yesterday`);
    await page.waitForURL(/\/daily\/dailyTable\/[\d,]+\/attributableToUserID\/(\d{4}-\d{2}-\d{2})\/\1$/);
    const [storeIDs] = new URL(page.url()).pathname.split('/').slice(3);
    expect(storeIDs.split(',').map(Number)).toEqual(expect.arrayContaining([north.storeID, south.storeID]));
    await page.locator('.daily-table .kpi-totals-row').waitFor();
    await page.context().close();
  });

  it('a from date past the months back says so and asks the server nothing', async () => {
    const { page } = await newPage(browser, 1280);
    await logInThroughUi(page, target.baseUrl, seller.email, seller.password);
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/kpi/drhTable')) asked.push(request.url());
    });
    await page.goto(`${target.baseUrl}/daily/dailyTable/${north.storeID}/attributableToUserID/2018-06-01/2018-06-30`);
    await page.getByText('2 months max restriction', { exact: true }).waitFor();
    await shot(page, 'table-months-back');
    expect(asked).toEqual([]);
    await page.context().close();
  });
});
