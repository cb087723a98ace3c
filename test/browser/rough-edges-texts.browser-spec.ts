import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { Api, adminPage, attemptName, describeInBrowser, launchBrowser, startTarget, type Target } from './browserTarget';

type Row = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Screenshots for a person to look at (ROUGH_SHOTS=dir); none by default. */
const SHOTS = process.env.ROUGH_SHOTS;
async function shot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

const WIDTHS = [1280, 800];

/**
 * The rough edges of issue 14 in texts: access profiles' system areas by what they grant (a
 * grouped checklist in the dialog), '—' for empty values in lists and view dialogs, a store's
 * values in the line view saying what applies, the next card's banner giving its date once,
 * the compare dialog as a paged table of lines and stores with old → new highlighted, and
 * 'Email' as the label.
 */
describeInBrowser('rough edges: texts', () => {
  jest.setTimeout(240_000);

  let target: Target;
  let browser: Browser;
  let api: Api;
  const run = Date.now().toString(36);
  const northName = `North ${run}`;
  const southName = `South ${run}`;
  const saleTypeName = `Handsets ${run}`;
  const nextName = `Autumn ${run}`;
  let currentCard: Row;
  let nextCard: Row;
  let saleTypeID: number;
  let skuTypeID: number;
  let northID: number;
  let southID: number;
  /** A line with no band and no legacy SKU; South has its own RRP, North none. */
  const plainSku = `PLAIN-${run}`;
  /** Lines on both cards whose stores' revenue changes: two changed rows each. */
  const CHANGED_LINES = 12;

  const line = (rateCardID: number, sku: string, revenue: number, extra: Row = {}) =>
    api.send('POST', 'rateCardLine', {
      rateCardID,
      saleTypeID,
      sku,
      skuTypeID,
      description: `Phone ${sku}`,
      customerRRP: 199,
      customerMonthly: 0,
      contractMonths: 0,
      rateCardLineStores: [
        { storeID: northID, active: true, revenue, commission: 1 },
        { storeID: southID, active: true, revenue, commission: 1 },
      ],
      ...extra,
    });

  beforeAll(async () => {
    target = await startTarget();
    browser = await launchBrowser();
    api = await Api.logIn(target.baseUrl, target.adminEmail, target.adminPassword);
    const storeType = await api.send('POST', 'storeType', { name: `Type ${run}` });
    northID = Number((await api.send('POST', 'store', { name: northName, storeTypeID: storeType.data.storeTypeID })).data.storeID);
    southID = Number((await api.send('POST', 'store', { name: southName, storeTypeID: storeType.data.storeTypeID })).data.storeID);
    saleTypeID = Number((await api.send('POST', 'saleType', { name: saleTypeName, storeIDs: [northID, southID] })).data.saleTypeID);
    skuTypeID = Number((await api.send('POST', 'skuType', { name: `Device ${run}`, excludeDiscount: false })).data.skuTypeID);
    // Whatever cards an earlier attempt left, one in force and one to come.
    const cards = await api.send<{ listData: Row[] }>('GET', 'rateCards?pageLength=500');
    for (const card of cards.listData) await api.send('DELETE', `rateCard/${card.rateCardID}`);
    currentCard = (await api.send('POST', 'rateCard', { name: `Spring ${run}`, fromDate: '2020-01-01' })).data;
    nextCard = (await api.send('POST', 'rateCard', { name: nextName, fromDate: '2099-09-01' })).data;
    for (let i = 0; i < CHANGED_LINES; i++) {
      const sku = `CH${String(i).padStart(2, '0')}-${run}`;
      await line(Number(currentCard.rateCardID), sku, 10);
      await line(Number(nextCard.rateCardID), sku, 12);
    }
    await line(Number(currentCard.rateCardID), plainSku, 10, {
      rateCardLineStores: [
        { storeID: northID, active: true, revenue: 10, commission: 1 },
        { storeID: southID, active: true, revenue: 10, commission: 1, customerRRP: 149 },
      ],
    });
  });

  /**
   * One signed-in page per width for every test: the login allows an account 10 attempts a
   * minute, and this file's tests would take more.
   */
  const pages = new Map<number, Page>();
  async function pageAt(width: number): Promise<Page> {
    if (!pages.has(width)) pages.set(width, await adminPage(browser, target, width));
    return pages.get(width)!;
  }

  afterAll(async () => {
    await browser?.close();
    await target?.stop();
  });

  const rowOf = (page: Page, text: string) => page.locator('tr.ant-table-row', { hasText: text }).first();

  it.each(WIDTHS)('lists access profiles by what their areas grant, and edits them as a grouped checklist (%i px)', async (width) => {
    const name = attemptName('Counter staff');
    const profile = (await api.send('POST', 'accessProfile', { name, systemAreas: 'RecordSales, RecordRefunds, UserSetup', storeIDs: [] })).data;
    const page = await pageAt(width);
    await page.goto(`${target.baseUrl}/data/users/accessProfiles`);
    const row = rowOf(page, name);
    await row.waitFor();
    const areas = row.locator('.system-areas-summary');
    await areas.getByText('Record new sales; Refund sales').waitFor();
    expect(await areas.innerText()).toMatch(/Sales:\s*Record new sales; Refund sales · Administration:\s*Manage users/);
    expect(await row.innerText()).not.toMatch(/RecordSales|RecordRefunds|UserSetup/);
    // One line, the whole text on hover.
    expect(
      await row.evaluate((tr) => (tr as unknown as { getBoundingClientRect: () => { height: number } }).getBoundingClientRect().height),
    ).toBeLessThanOrEqual(40);
    expect(await areas.getAttribute('title')).toMatch(/^Sales: Record new sales; Refund sales\nAdministration: Manage users/);
    // No stores: a dash, not a blank (the Stores column gives way to the areas at 800 px).
    if (width >= 1280) expect(await row.locator('td').allInnerTexts()).toContain('—');
    await shot(page, `access-profiles-${width}`);

    await row.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.locator('.ant-modal-content', { hasText: 'Edit access profile' });
    const checklist = dialog.locator('.system-areas-input');
    await checklist.waitFor();
    const headings = await checklist.locator('.system-area-group-heading').allInnerTexts();
    expect(headings.map((h) => h.trim())).toEqual(['Sales', 'Reconciliation', 'Targets and daily', 'Rota', 'Administration']);
    const sales = checklist.getByRole('group', { name: 'Sales' });
    expect(await sales.getByRole('checkbox', { name: /Record new sales/ }).isChecked()).toBe(true);
    expect(await sales.getByRole('checkbox', { name: /Edit recorded sales/ }).isChecked()).toBe(false);
    // Part of the group ticked: its heading says so.
    expect(await sales.locator('.system-area-group-heading .ant-checkbox-indeterminate').count()).toBe(1);
    await shot(page, `access-profile-dialog-${width}`);

    // A heading ticks its whole group; an area is unticked by its description.
    await checklist.getByRole('group', { name: 'Targets and daily' }).getByRole('checkbox', { name: 'Targets and daily' }).check();
    await sales.getByRole('checkbox', { name: /Refund sales/ }).uncheck();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    const saved = await api.send<{ data: Row }>('GET', `accessProfiles?accessProfileID=${Number(profile.accessProfileID)}`);
    expect(String(saved.data.systemAreas).split(', ').sort()).toEqual(['RecordDailyStats', 'RecordSales', 'RecordTargets', 'UserSetup']);
    await rowOf(page, name).getByText('Set monthly targets', { exact: false }).waitFor();
  });

  it.each(WIDTHS)("shows '—' for empty values and says what a store's missing values are (%i px)", async (width) => {
    const page = await pageAt(width);
    await page.goto(`${target.baseUrl}/data/rateCards/${currentCard.rateCardID}/lines`);
    // The card has more lines than a page: find it by its SKU.
    await page.getByLabel('Filter table').fill(plainSku);
    const row = rowOf(page, plainSku);
    await row.waitFor();
    // The Band column of a line without a band.
    const headers = (await page.locator('.ant-table-thead th').allInnerTexts()).map((h) => h.trim());
    const band = headers.indexOf('Band');
    expect(band).toBeGreaterThan(-1);
    expect((await row.locator('td').nth(band).innerText()).trim()).toBe('—');

    await row.getByRole('button', { name: 'View' }).click();
    const dialog = page.locator('.ant-modal-content', { hasText: 'View rate card line' });
    await dialog.locator('.sub-table').waitFor();
    expect((await dialog.locator('.read-only-value[data-field="bandID"]').innerText()).trim()).toBe('—');
    expect((await dialog.locator('.read-only-value[data-field="legacySKU"]').innerText()).trim()).toBe('—');

    const store = (name: string, field: string) => dialog.locator('.sub-table tr.ant-table-row', { hasText: name }).locator(`[data-field="${field}"]`);
    expect((await store(northName, 'sku').innerText()).trim()).toBe(`Same as the line (${plainSku})`);
    expect((await store(northName, 'customerRRP').innerText()).trim()).toBe('Same as the line (£199.00)');
    expect((await store(northName, 'excludeDiscount').innerText()).trim()).toBe('Same as the SKU type (No)');
    expect((await store(southName, 'customerRRP').innerText()).trim()).toBe('£149.00');
    expect(await dialog.innerText()).not.toContain("Line's");
    await shot(page, `line-view-${width}`);
  });

  it.each(WIDTHS)('gives the next card its date once in the banner (%i px)', async (width) => {
    const page = await pageAt(width);
    await page.goto(`${target.baseUrl}/data/rateCards`);
    const banner = page.locator('.rate-card-banner.ant-alert-info');
    await banner.getByText('See its lines').waitFor();
    const text = await banner.innerText();
    expect(text).toContain(`The next rate card, ${nextName}, takes effect on 01/09/2099.`);
    expect(text.split('01/09/2099').length - 1).toBe(1);
    await shot(page, `current-card-${width}`);
  });

  it.each(WIDTHS)('compares two cards in a paged table of lines and stores, old → new highlighted (%i px)', async (width) => {
    const page = await pageAt(width);
    await page.goto(`${target.baseUrl}/data/rateCards/all`);
    const byName = (name: string) => page.locator('tr.ant-table-row').filter({ has: page.getByRole('cell', { name, exact: true }) });
    await byName(nextName).waitFor();
    await byName(String(currentCard.name)).locator('.ant-checkbox-input').check();
    await byName(nextName).locator('.ant-checkbox-input').check();
    await page.getByRole('button', { name: 'Compare' }).click();
    const dialog = page.locator('.ant-modal-content', { hasText: 'Compare rate cards' });
    const table = dialog.locator('.compare-sale-type', { hasText: saleTypeName });
    await table.locator('tr.ant-table-row').first().waitFor();
    expect((await table.locator('.ant-table-thead th').allInnerTexts()).map((h) => h.trim())).toEqual(['Change', 'SKU', 'Description', 'Store', 'Values']);

    // 12 changed lines at 2 stores and the removed line (its own row and 2 stores): 27 rows, 20 a page.
    expect(await table.locator('tr.ant-table-row').count()).toBe(20);
    const pager = table.locator('.ant-pagination');
    await pager.getByTitle('2').waitFor();
    const changed = table.locator('tr.compare-changed', { hasText: 'CH00' }).filter({ hasText: northName });
    expect(await changed.count()).toBe(1);
    expect((await changed.locator('.compare-old').innerText()).trim()).toBe('£10.00');
    expect((await changed.locator('.compare-new').innerText()).trim()).toBe('£12.00');
    expect(await changed.locator('mark').count()).toBe(1);
    expect(await changed.innerText()).toMatch(/Revenue\s*£10\.00\s*→\s*£12\.00/);
    expect(await dialog.locator('ul.compare-details').count()).toBe(0);
    await shot(page, `compare-${width}`);

    await pager.getByTitle('2').click();
    const removed = table.locator('tr.compare-removed');
    await removed.first().waitFor();
    expect(await table.locator('tr.ant-table-row').count()).toBe(7);
    expect(await removed.count()).toBe(3);
    expect(await removed.first().innerText()).toMatch(/The line[\s\S]*RRP\s*£199\.00/);
  });

  it.each(WIDTHS)("labels the login's field 'Email', one word (%i px)", async (width) => {
    const page = await pageAt(width);
    await page.goto(`${target.baseUrl}/data/users/all`);
    await page.locator('tr.ant-table-row').first().getByRole('button', { name: 'Edit' }).click();
    const dialog = page.locator('.ant-modal-content', { hasText: 'Edit user' });
    await dialog.getByLabel('Email', { exact: true }).waitFor();
    expect(await dialog.innerText()).not.toMatch(/e-mail/i);
    await page.goto(`${target.baseUrl}/about/support`);
    await page.locator('.about-details').waitFor();
    expect(await page.locator('.about-details th').allInnerTexts()).toContain('Email');
  });
});
