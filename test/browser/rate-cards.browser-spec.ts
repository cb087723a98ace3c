import ExcelJS from 'exceljs';
import type { Browser, Locator, Page } from 'playwright-core';
import { Api, attemptName, describeInBrowser, launchBrowser, logInThroughUi, newPage, startTarget, type Target } from './browserTarget';
import { rowAction } from './waits';

type Row = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** The spec's words (spec 01 §8), two spaces after the first '!'. */
const NO_ACTIVE_RATE_CARD = 'There is no active rate card!  Sales cannot be recorded!';

/**
 * Before any card is in force (a fresh database with only a future card): the error banner, its
 * two spaces kept on screen, and the banner linking to the next card's lines. It needs a database
 * of its own, so it does not run against BROWSER_BASE_URL.
 */
describeInBrowser('rate cards in a browser: no card in force yet', () => {
  let target: Target;
  let browser: Browser;
  let api: Api;
  const ownDatabase = !process.env.BROWSER_BASE_URL;

  beforeAll(async () => {
    if (!ownDatabase) return;
    target = await startTarget();
    browser = await launchBrowser();
    api = await Api.logIn(target.baseUrl, target.adminEmail, target.adminPassword);
    // Rate cards are read by users with a store; a new store joins the administrator's profile.
    const storeType = await api.send('POST', 'storeType', { name: attemptName('Type') });
    await api.send('POST', 'store', { name: attemptName('Store'), storeTypeID: storeType.data.storeTypeID });
  });

  afterAll(async () => {
    await browser?.close();
    await target?.stop();
  });

  (ownDatabase ? it : it.skip)("shows the no-active-card banner and links to the next card's lines", async () => {
    // Only a future card, whatever an earlier attempt left.
    const cards = await api.send<{ listData: Row[] }>('GET', 'rateCards?pageLength=500');
    for (const card of cards.listData) await api.send('DELETE', `rateCard/${card.rateCardID}`);
    const futureName = attemptName('Autumn');
    const future = (await api.send('POST', 'rateCard', { name: futureName, fromDate: '2098-09-01' })).data;

    const { page } = await newPage(browser);
    await logInThroughUi(page, target.baseUrl, target.adminEmail, target.adminPassword);
    await page.goto(`${target.baseUrl}/data/rateCards`);
    const noCard = page.locator('.rate-card-banner.ant-alert-error');
    await noCard.waitFor();
    // innerText is the text as rendered: without pre-wrap the two spaces would show as one.
    expect(await noCard.innerText()).toContain(NO_ACTIVE_RATE_CARD);
    expect(await page.getByRole('heading', { name: /Rate card effective from/ }).count()).toBe(0);

    const next = page.locator('.rate-card-banner.ant-alert-info');
    expect(await next.innerText()).toContain(`The next rate card, ${futureName}, takes effect on 01/09/2098.`);
    await next.getByRole('link', { name: 'See its lines' }).click();
    await page.waitForURL(new RegExp(`/data/rateCards/${Number(future.rateCardID)}/lines$`));
    await page.getByRole('heading', { name: new RegExp(futureName) }).waitFor();
    await page.context().close();
  });
});

/**
 * Rate cards (issue 4) in a browser: lines uploaded from a two-sheet workbook
 * through the wizard (one error in the report, fixed by mapping the columns
 * again, then imported and listed, with the file to download), a copy of an
 * uploaded line (no file), the current card with the next card's banner, and
 * 'Compare' enabled only with exactly two cards ticked. A store's own RRP typed in
 * the line dialog shows marked in the expanded row.
 */
describeInBrowser('rate cards in a browser', () => {
  jest.setTimeout(180_000);

  let target: Target;
  let browser: Browser;
  let api: Api;
  const run = Date.now().toString(36);
  const northName = `North ${run}`;
  const southName = `South ${run}`;
  const saleTypeName = `Handsets ${run}`;
  const skuTypeName = `Device ${run}`;
  const currentName = `Spring ${run}`;
  const nextName = `Future ${run}`;
  let currentCard: Row;
  let northID: number;

  beforeAll(async () => {
    target = await startTarget();
    browser = await launchBrowser();
    api = await Api.logIn(target.baseUrl, target.adminEmail, target.adminPassword);
    const storeType = await api.send('POST', 'storeType', { name: `Type ${run}` });
    const north = await api.send('POST', 'store', { name: northName, storeTypeID: storeType.data.storeTypeID });
    const south = await api.send('POST', 'store', { name: southName, storeTypeID: storeType.data.storeTypeID });
    northID = Number(north.data.storeID);
    await api.send('POST', 'saleType', { name: saleTypeName, storeIDs: [north.data.storeID, south.data.storeID] });
    await api.send('POST', 'skuType', { name: skuTypeName });
    currentCard = (await api.send('POST', 'rateCard', { name: currentName, fromDate: '2024-01-01' })).data;
    await api.send('POST', 'rateCard', { name: nextName, fromDate: '2099-01-01' });
  });

  afterAll(async () => {
    await browser?.close();
    await target?.stop();
  });

  async function adminPage(width = 1280): Promise<Page> {
    const { page } = await newPage(browser, width);
    await logInThroughUi(page, target.baseUrl, target.adminEmail, target.adminPassword);
    return page;
  }

  const wizard = (page: Page) => page.locator('.upload-wizard .ant-modal-content');
  const rowOf = (page: Page, text: string) => page.locator('tr.ant-table-row', { hasText: text }).first();

  /** Picks `option` in the drop-down labelled `label` within `scope` (the newest open list: antd adds each at the end). */
  async function choose(page: Page, scope: Locator, label: string, option: string) {
    const select = scope
      .locator('.ant-select')
      .filter({ has: page.getByRole('combobox', { name: label, exact: true }) })
      .first();
    await select.click();
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').last().locator('.ant-select-item-option', { hasText: option }).click();
    await select.locator('.ant-select-selection-item', { hasText: option }).waitFor();
  }

  /**
   * Phones: headers named as the fields, two good rows. Tablets: 'SKU' holds the long
   * product name and 'Description' the code, so the prefilled mapping gives one error.
   * Notes: nothing to map, skipped.
   */
  async function workbook(): Promise<Buffer> {
    const book = new ExcelJS.Workbook();
    const phones = book.addWorksheet('Phones');
    phones.addRow(['SKU', 'Description', 'SKU type', 'Customer RRP', 'Revenue', 'Commission']);
    phones.addRow([`PH1-${run}`, 'Phone one', skuTypeName, 199, 20, 5]);
    phones.addRow([`PH2-${run}`, 'Phone two', skuTypeName, 299.5, 25, 6.25]);
    const tablets = book.addWorksheet('Tablets');
    tablets.addRow(['Description', 'SKU', 'SKU type', 'Revenue', 'Commission']);
    tablets.addRow([`TB1-${run}`, 'Tablet ten inch with keyboard case', skuTypeName, 30, 6]);
    const notes = book.addWorksheet('Notes');
    notes.addRow(['Comment']);
    notes.addRow(['Nothing to import here']);
    return Buffer.from(await book.xlsx.writeBuffer());
  }

  it('uploads lines from two worksheets: one error reported, the mapping fixed, then imported', async () => {
    // Start from an empty card and no saved mapping, also when this is a retry.
    const lines = await api.send<{ listData: Row[] }>('GET', `rateCardLines?rateCardID=${currentCard.rateCardID}&pageLength=500`);
    if (lines.listData.length) await api.send('DELETE', 'rateCardLines', { rateCardLineIDs: lines.listData.map((l) => l.rateCardLineID) });
    await api.send('PUT', 'user/userPreference/defaults/rateCardMap', { value: '{}' });

    // A wide screen: the lines' 'Stores' and 'Uploaded from' columns give way below 1920 px (dense
    // lists fit their default columns by priority; the expanded row keeps the stores).
    const page = await adminPage(1920);
    await page.goto(`${target.baseUrl}/data/rateCards/${currentCard.rateCardID}/lines`);
    await page.getByRole('heading', { name: new RegExp(currentName) }).waitFor();
    await page.locator('.sale-type-tabs').getByText(saleTypeName).waitFor();

    await page.getByRole('button', { name: `Upload ${saleTypeName} Lines` }).click();
    await wizard(page).locator('.ant-steps').getByText('Choose file').waitFor();
    await wizard(page)
      .locator('input[type=file]')
      .setInputFiles({
        name: 'lines.xlsx',
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer: await workbook(),
      });

    // Map fields: every worksheet, prefilled from the header names.
    const tablets = wizard(page).locator('.upload-sheet[data-worksheet="Tablets"]');
    await tablets.waitFor();
    const notes = wizard(page).locator('.upload-sheet[data-worksheet="Notes"]');
    // While mapping, an unmapped sheet is 'Not mapped' and left out; 'Skipped' is the report's word.
    const leftOut = 'Map every required field to import this worksheet; until then it is left out.';
    await notes.getByText(leftOut).waitFor();
    await notes.locator('.ant-tag', { hasText: 'Not mapped' }).waitFor();
    expect(await tablets.getByText(leftOut).count()).toBe(0);
    expect(await tablets.locator('.ant-select', { has: page.getByRole('combobox', { name: 'SKU', exact: true }) }).textContent()).toContain('B: SKU');

    await wizard(page).getByRole('button', { name: 'Next' }).click();
    await page.locator('.ant-modal-confirm-title', { hasText: 'Not all worksheets are mapped' }).waitFor();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Continue' }).click();

    // Confirm import: the report has one row; Import stays disabled.
    const errors = wizard(page).locator('.upload-errors tr.ant-table-row');
    await errors.first().waitFor();
    expect(await errors.count()).toBe(1);
    expect(await errors.first().textContent()).toMatch(/Row 2 col (2|B) value "Tablet ten inch with keyboard case" error: "SKU must be at most 25 characters"/);
    expect(await wizard(page).getByRole('button', { name: 'Import' }).isDisabled()).toBe(true);

    // Back to the mapping: the code is in column A, the name in column B.
    await wizard(page).getByRole('button', { name: 'Back to mapping' }).click();
    await choose(page, tablets, 'SKU', 'A: Description');
    await choose(page, tablets, 'Description', 'B: SKU');
    await wizard(page).getByRole('button', { name: 'Next' }).click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Continue' }).click();
    await wizard(page).getByText('No errors found: ready to import').waitFor();
    expect(await wizard(page).textContent()).toContain('3 lines from 3 rows in 2 worksheets');

    await wizard(page).getByRole('button', { name: 'Import' }).click();
    await wizard(page).getByText(`Imported 3 ${saleTypeName} lines`).waitFor();
    await wizard(page).locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
    await wizard(page).waitFor({ state: 'detached' });

    // The list shows the lines, with store values in words (never ids), and the tab's count.
    for (const sku of [`PH1-${run}`, `PH2-${run}`, `TB1-${run}`]) await rowOf(page, sku).waitFor();
    expect(await rowOf(page, `TB1-${run}`).textContent()).toContain('Tablet ten inch with keyboard case');
    expect(await rowOf(page, `PH2-${run}`).textContent()).toContain('£299.50');
    expect(await page.locator('.sale-type-tabs .line-count').first().textContent()).toContain('3');
    await rowOf(page, `PH1-${run}`).locator('.ant-table-row-expand-icon').click();
    const stores = page.locator('.line-stores');
    await stores.getByText(northName).waitFor();
    expect(await stores.textContent()).toContain('£20.00');

    // A store's own RRP, typed in the line dialog (the line's RRP is the placeholder), is shown marked.
    await rowOf(page, `PH1-${run}`).getByRole('button', { name: 'Edit' }).click();
    const lineDialog = page.locator('.ant-modal-content', { hasText: 'Edit rate card line' });
    const northRow = lineDialog.locator('.sub-table tr.ant-table-row', { hasText: northName });
    const ownRRP = northRow.getByRole('textbox', { name: 'Own RRP' });
    expect(await ownRRP.getAttribute('placeholder')).toMatch(/^\d+\.\d\d$/);
    await ownRRP.fill('123.45');
    await lineDialog.getByRole('button', { name: 'Save' }).click();
    await lineDialog.waitFor({ state: 'detached' });
    await rowOf(page, `PH1-${run}`).getByText('own values at 1 store').waitFor();
    if (!(await stores.isVisible())) await rowOf(page, `PH1-${run}`).locator('.ant-table-row-expand-icon').click();
    await stores.locator('.store-override', { hasText: '£123.45' }).waitFor();

    // The mapping is remembered by header names for the next file.
    const preference = await api.send<{ data: { value: string } }>('GET', 'user/userPreference/defaults/rateCardMap');
    expect(JSON.parse(preference.data.value)).toMatchObject({ 'sku type': 'skuTypeName', 'customer rrp': 'customerRRP', revenue: 'revenue' });

    // 'Uploaded from' downloads the file for SystemSetup.
    const fileLink = rowOf(page, `PH2-${run}`).getByRole('link', { name: 'lines.xlsx' });
    expect(await fileLink.getAttribute('href')).toMatch(/^\/api\/file\/\d+\/download\?token=./);
    const [download] = await Promise.all([page.waitForEvent('download'), fileLink.click()]);
    expect(download.suggestedFilename()).toBe('lines.xlsx');
    expect(await download.failure()).toBeNull();

    // A copy of an uploaded line has no file.
    const copySku = `CP-${Date.now().toString(36)}`;
    await rowAction(rowOf(page, `PH2-${run}`), 'Copy');
    const copyDialog = page.locator('.ant-modal-content', { hasText: 'Copy rate card line' });
    await copyDialog.getByLabel('SKU', { exact: true }).fill(copySku);
    await copyDialog.getByRole('button', { name: 'Create' }).click();
    await copyDialog.waitFor({ state: 'detached' });
    await rowOf(page, copySku).waitFor();
    expect(await rowOf(page, copySku).getByRole('link').count()).toBe(0);
    expect(await rowOf(page, copySku).textContent()).not.toContain('lines.xlsx');
    expect(await rowOf(page, `PH2-${run}`).textContent()).toContain('lines.xlsx');
    await page.context().close();
  });

  it('shows the file name without a link to users who may not download it', async () => {
    const email = `${attemptName('reader').replace(/\s+/g, '.')}@example.com`;
    const password = 'Reader-123!';
    const profile = await api.send('POST', 'accessProfile', { name: attemptName('Readers'), systemAreas: '', storeIDs: [northID] });
    await api.send('POST', 'user', { name: attemptName('Reader'), email, password, confirm: password, accessProfileID: profile.data.accessProfileID });
    // The column is hidden by default for them: choose it, as the column chooser saves it.
    const reader = await Api.logIn(target.baseUrl, email, password);
    await reader.send('PUT', 'user/userPreference/TableColumns/rateCardLines', { value: 'sku,description,file' });

    const { page } = await newPage(browser);
    await logInThroughUi(page, target.baseUrl, email, password);
    await page.goto(`${target.baseUrl}/data/rateCards/${currentCard.rateCardID}/lines`);
    await rowOf(page, `PH1-${run}`).getByText('lines.xlsx').waitFor();
    expect(await rowOf(page, `PH1-${run}`).getByRole('link').count()).toBe(0);
    expect(await page.getByRole('button', { name: `Upload ${saleTypeName} Lines` }).count()).toBe(0);
    await page.context().close();
  });

  it('shows the current card with the next one, and compares only two selected cards', async () => {
    const page = await adminPage();
    await page.goto(`${target.baseUrl}/data/rateCards`);
    await page.getByRole('heading', { name: 'Rate card effective from 01/01/2024' }).waitFor();
    await page.locator('.rate-card-banner').getByText('See its lines').waitFor();

    await page.getByRole('tab', { name: 'All Rate Cards' }).click();
    await page.waitForURL(/\/data\/rateCards\/all$/);
    const compare = page.getByRole('button', { name: 'Compare' });
    await rowOf(page, nextName).waitFor();
    expect(await compare.isDisabled()).toBe(true);
    await rowOf(page, currentName).locator('.ant-checkbox-input').check();
    expect(await compare.isDisabled()).toBe(true);
    await rowOf(page, nextName).locator('.ant-checkbox-input').check();
    expect(await compare.isDisabled()).toBe(false);

    await compare.click();
    const dialog = page.locator('.ant-modal-content', { hasText: 'Compare rate cards' });
    await dialog.locator('.compare-sale-type').first().waitFor();
    expect(await dialog.locator('.compare-cards').textContent()).toContain(`From ${currentName} (01/01/2024) to ${nextName} (01/01/2099)`);
    // The future card has none of the current card's lines: removed, in red, with their prices.
    // One row for the line's own values and one per store, so a removed line's row comes first.
    expect(
      await dialog
        .locator('tr.compare-removed', { hasText: `PH2-${run}` })
        .first()
        .textContent(),
    ).toContain('RRP £299.50 · Monthly £0.00');
    await dialog.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
    await page.context().close();
  });
});
