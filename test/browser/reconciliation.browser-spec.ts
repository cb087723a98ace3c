import { mkdirSync } from 'node:fs';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { adminPage, Api, attemptName, describeInBrowser, launchBrowser, startTarget, type Target } from './browserTarget';
import { supplierStatement } from '../support/rec-fixtures';
import { expectConsoleErrors, failedLoad } from './pageWatch';
import { choose, expectNoOverflow, messageShown, rowOf, selectLabelled, shot as shotInto } from './waits';

type Row = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Screenshots to look at (SHOTS=dir, default /tmp/shots-c). */
const SHOTS = process.env.SHOTS ?? '/tmp/shots-c';

/**
 * Revenue reconciliation (issue 10, client) in a browser: a three-sheet workbook uploaded into a
 * rec sheet (two sheets mapped, one skipped with its warning), the validation report, the commit
 * with the progress bar of its job, auto reconcile (one exact match), and a line reconciled by
 * hand with a revenue adjustment, walking to 'There are no more unreconciled rec sheet lines.'.
 * Every new screen at 1280 and 800 px has no sideways overflow. Sales are dated 2018 only.
 */
describeInBrowser('revenue reconciliation in a browser', () => {
  jest.setTimeout(240_000);

  let target: Target;
  let browser: Browser;
  let api: Api;
  const run = Date.now().toString(36);
  const northName = `Rec North ${run}`;
  const southName = `Rec South ${run}`;
  const sku = `RC-${run}`.toUpperCase();
  /** 20-digit order references, unique to this attempt (a retried test meets none of its own). */
  const ref = (n: number) => `${Date.now()}${n}`.padEnd(20, '0').slice(0, 20);
  let exactRef: string;
  let shortRef: string;
  let strayRef: string;
  let exactSale: Row;
  let shortSale: Row;
  /** Creates a sale of the North store on the rate card's line. */
  let sale: (saleDate: string, orderRef: string) => Promise<Row>;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    target = await startTarget();
    browser = await launchBrowser();
    api = await Api.logIn(target.baseUrl, target.adminEmail, target.adminPassword);
    const me = (await api.send('GET', 'user/me')).data;
    const storeType = (await api.send('POST', 'storeType', { name: `Rec type ${run}` })).data;
    const northID = Number((await api.send('POST', 'store', { name: northName, storeTypeID: storeType.storeTypeID })).data.storeID);
    const southID = Number((await api.send('POST', 'store', { name: southName, storeTypeID: storeType.storeTypeID })).data.storeID);
    const saleType = (await api.send('POST', 'saleType', { name: `Rec upgrade ${run}`, storeIDs: [northID, southID] })).data;
    const skuType = (await api.send('POST', 'skuType', { name: `Rec device ${run}` })).data;
    const card = (await api.send('POST', 'rateCard', { name: `Rec card ${run}`, fromDate: '2018-01-01' })).data;
    const line: Row = (
      await api.send('POST', 'rateCardLine', {
        rateCardID: card.rateCardID,
        saleTypeID: saleType.saleTypeID,
        skuTypeID: skuType.skuTypeID,
        sku,
        description: `Phone ${run}`,
        customerRRP: 300,
        customerMonthly: 20,
        contractMonths: 24,
        rateCardLineStores: [
          { storeID: northID, active: true, revenue: 100, commission: 10 },
          { storeID: southID, active: true, revenue: 90, commission: 8 },
        ],
      })
    ).data;
    const lineStoreID = Number(line.rateCardLineStores.find((s: Row) => s.storeID === northID).rateCardLineStoreID);
    sale = async (saleDate: string, orderRef: string) =>
      (
        await api.send('POST', 'sale', {
          storeID: northID,
          saleTypeID: saleType.saleTypeID,
          attributableToUserID: me.userID,
          rateCardLineStoreID: lineStoreID,
          saleDate,
          orderRef,
        })
      ).data;
  });

  afterAll(async () => {
    await browser?.close();
    await target?.stop();
  });

  const shot = (page: Page, name: string) => shotInto(page, SHOTS, name);

  /**
   * North: the exact sale (auto reconciles) and the sale paid £5 short (by hand, adjustment
   * -£5.00). South: an order with no sale (stays unreconciled). Notes: nothing to map, skipped.
   */
  async function workbook(): Promise<Buffer> {
    const book = new ExcelJS.Workbook();
    const north = book.addWorksheet('North');
    north.addRow(['Sale date', 'Store', 'Order number', 'SKU', 'Description', 'Revenue']);
    north.addRow(['2018-03-05', northName, exactRef, sku, 'Phone', 100]);
    north.addRow(['06/03/2018', northName, shortRef, sku, 'Phone', 95]);
    const south = book.addWorksheet('South');
    south.addRow(['Day', 'Store', 'Order number', 'SKU', 'Description', 'Revenue']);
    south.addRow(['2018-03-07', southName, strayRef, sku, 'Phone', 90]);
    const notes = book.addWorksheet('Notes');
    notes.addRow(['Comment']);
    notes.addRow(['Paid in March']);
    return Buffer.from(await book.xlsx.writeBuffer());
  }

  it('imports a three-sheet file, auto reconciles it and reconciles a line by hand with an adjustment', async () => {
    // Reconciling by hand asks the server to check first; the check refuses the short payment until an adjustment is given.
    expectConsoleErrors(failedLoad(400, '/api/recSheetLine/'));
    const sheet = (await api.send('POST', 'recSheet', { name: attemptName('March 2018'), recDate: '2018-03-31' })).data;
    const sheetID = Number(sheet.recSheetID);
    await api.send('PUT', 'user/userPreference/defaults/recSheetMap', { value: '{}' });
    [exactRef, shortRef, strayRef] = [ref(1), ref(2), ref(3)];
    exactSale = await sale('2018-03-05', exactRef);
    shortSale = await sale('2018-03-06', shortRef);

    const page = await adminPage(browser, target);
    // The menu item leads to the sheets, newest first; the row's Lines button to its lines.
    await page.locator('.ant-menu').getByText('Revenue reconciliation').click();
    await rowOf(page, String(sheet.name)).waitFor();
    await rowOf(page, String(sheet.name)).getByRole('button', { name: 'Lines' }).click();
    await page.waitForURL(`**/recSheets/${sheetID}/lines`);
    await page.locator('.rec-sheet-title', { hasText: String(sheet.name) }).waitFor();

    // ---- upload: Choose file ----
    await page.getByRole('button', { name: 'Upload revenue reconciliation sheet' }).click();
    const wizard = page.locator('.upload-wizard .ant-modal-content');
    await wizard.locator('.ant-steps').getByText('Choose file').waitFor();
    await wizard.locator('input[type=file]').setInputFiles({
      name: 'march.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await workbook(),
    });

    // ---- Map fields: each worksheet on its own, prefilled from its headers ----
    const south = wizard.locator('.upload-sheet[data-worksheet="South"]');
    await south.waitFor();
    const notes = wizard.locator('.upload-sheet[data-worksheet="Notes"]');
    // While mapping, a sheet is not 'Skipped': that word is the report's.
    const leftOut = 'Map every field to import this worksheet; until then it is left out.';
    await notes.getByText(leftOut).waitFor();
    await notes.locator('.ant-tag', { hasText: 'Not mapped' }).waitFor();
    expect(await wizard.getByText('Skipped', { exact: true }).count()).toBe(0);
    expect(await wizard.locator('.upload-sheet[data-worksheet="North"]').getByText(leftOut).count()).toBe(0);
    // South's date column is headed 'Day' (no name the field goes by): not prefilled, so mapped by hand.
    await south.getByText(leftOut).waitFor();
    await south.locator('.ant-tag', { hasText: 'Incomplete' }).waitFor();
    await choose(page, selectLabelled(south, 'Sale date'), 'A: Day');
    expect(await south.getByText(leftOut).count()).toBe(0);
    await south.locator('.ant-tag', { hasText: 'Mapped' }).waitFor();
    await shot(page, 'upload-map-1280');

    await wizard.getByRole('button', { name: 'Next' }).click();
    await page.locator('.ant-modal-confirm-title', { hasText: 'Not all worksheets are mapped' }).waitFor();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Continue' }).click();

    // ---- Confirm import: the report ----
    await wizard.getByText('No errors found: ready to import').waitFor();
    expect(await wizard.textContent()).toContain('3 lines from 3 rows in 2 worksheets');
    const warnings = wizard.locator('.upload-warnings tr.ant-table-row');
    expect(await warnings.count()).toBe(1);
    expect(await warnings.first().textContent()).toContain('Notes');
    expect(await warnings.first().textContent()).toContain('Sheet skipped due to incomplete mapping');
    expect(await wizard.locator('.upload-errors').count()).toBe(0);
    await shot(page, 'upload-report-1280');

    // ---- Commit, with the job's progress bar ----
    const progressShown = wizard.locator('.upload-commit-progress .ant-progress').waitFor({ state: 'attached', timeout: 20_000 });
    await wizard.getByRole('button', { name: 'Commit' }).click();
    await progressShown;
    await wizard.getByText('Imported 3 lines').waitFor();
    await wizard.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
    await wizard.waitFor({ state: 'detached' });
    for (const orderRef of [exactRef, shortRef, strayRef]) await rowOf(page, orderRef).waitFor();
    // The mapping is remembered by header text.
    const preference = await api.send<{ data: { value: string } }>('GET', 'user/userPreference/defaults/recSheetMap');
    expect(JSON.parse(preference.data.value)).toMatchObject({ day: 'saleDate', 'order number': 'orderRef', revenue: 'revenue' });

    // ---- Auto reconcile: one exact match, two without a sale ----
    await page.getByRole('button', { name: 'Auto reconcile' }).click();
    const autoDialog = page.locator('.auto-rec-dialog .ant-modal-content');
    await autoDialog.getByRole('button', { name: 'Start' }).click();
    await autoDialog.getByText('Auto reconcile finished: 1 of 3 lines reconciled').waitFor();
    const counts = await autoDialog.locator('.auto-rec-counts').textContent();
    expect(counts).toContain('Lines considered3');
    expect(counts).toContain('Reconciled1');
    expect(counts).toContain('No matching sale2');
    await autoDialog.getByRole('button', { name: 'Undo this run' }).waitFor();
    await shot(page, 'auto-rec-1280');
    await autoDialog.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
    await autoDialog.waitFor({ state: 'detached' });
    expect((await api.send('GET', `sales?saleID=${exactSale.saleID}`)).data.currentHistoryStep).toBe('reconciled');
    // The linked line names its sale in words, never by id.
    await rowOf(page, exactRef).getByText('Reconciled to sale of 05/03/2018').waitFor();
    expect(await rowOf(page, exactRef).textContent()).not.toContain(`sale ${exactSale.saleID}`);

    // ---- Manual reconcile from the unreconciled filter ----
    await page.locator('.rec-sheet-tabs').getByText('Unreconciled', { exact: true }).click();
    await page.waitForURL(`**/recSheets/${sheetID}/lines/unreconciled`);
    await rowOf(page, shortRef).waitFor();
    // The line auto reconcile linked is not listed (once the tab's own answer is in).
    await rowOf(page, exactRef).waitFor({ state: 'detached', timeout: 10_000 });
    await page.getByRole('button', { name: 'Manual reconcile' }).click();
    const manual = page.locator('.manual-rec-dialog .ant-modal-content');
    await manual.locator('.manual-rec-line').getByText(shortRef).waitFor();
    expect(await manual.locator('.manual-rec-counter').textContent()).toContain('Line 1 of 2');
    // The suggested sale with the same order reference comes first, with its reason.
    const suggestion = manual.locator('.manual-rec-suggestions tr.ant-table-row').first();
    await suggestion.getByText(shortRef).waitFor();
    expect((await suggestion.textContent())?.toLowerCase()).toContain('order');
    await suggestion.getByRole('button', { name: 'Choose' }).click();
    await manual.locator('.manual-rec-effect', { hasText: 'Adjustment needed' }).waitFor();
    expect(await manual.getByLabel('Adjustment').inputValue()).toBe('-5.00');
    await manual.getByLabel('Notes').fill('Supplier paid £5 less');
    await shot(page, 'manual-rec-1280');
    await manual.getByRole('button', { name: 'Reconcile' }).click();

    // The next line: the South order without a sale. Skip ends the walk; Back returns to it.
    await manual.locator('.manual-rec-line').getByText(strayRef).waitFor();
    await manual.getByRole('button', { name: 'Skip' }).click();
    await manual.getByText('There are no more unreconciled rec sheet lines.').waitFor();
    await manual.getByRole('button', { name: 'Back' }).click();
    await manual.locator('.manual-rec-line').getByText(strayRef).waitFor();
    await manual.locator('.manual-rec-footer').getByRole('button', { name: 'Close' }).click();
    await manual.waitFor({ state: 'detached' });

    const reconciled = (await api.send('GET', `sales?saleID=${shortSale.saleID}`)).data;
    expect(reconciled.currentHistoryStep).toBe('reconciled');
    expect(Number(reconciled.adjustment)).toBe(-5);
    expect(Number(reconciled.adjustedRevenue)).toBe(95);

    // The line shows under Sale adjustments, with its reason; the list left the unreconciled tab.
    await page.locator('.rec-sheet-tabs').getByText('Sale adjustments').click();
    await rowOf(page, shortRef).waitFor();
    expect(await rowOf(page, shortRef).textContent()).toContain('-£5.00');
    expect(await rowOf(page, shortRef).textContent()).toContain('Supplier paid £5 less');
    await page.context().close();
  });

  it('shows every new screen at 1280 and 800 px without sideways overflow', async () => {
    const sheets = await api.send<{ listData: Row[] }>('GET', 'recSheets?pageLength=1');
    const sheetID = Number(sheets.listData[0].recSheetID);
    const paths: [string, string, string][] = [
      ['recSheets', '/recSheets', '.ant-table'],
      ['lines', `/recSheets/${sheetID}/lines`, '.rec-sheet-tabs'],
      ['unreconciled', `/recSheets/${sheetID}/lines/unreconciled`, '.rec-sheet-tabs'],
      ['reconciled', `/recSheets/${sheetID}/lines/reconciled`, '.rec-sheet-tabs'],
      ['saleAdjustments', `/recSheets/${sheetID}/lines/saleAdjustments`, '.rec-sheet-tabs'],
      ['unreconciledSales', `/recSheets/${sheetID}/lines/unreconciledSales`, '.rec-sheet-tabs'],
      ['jobs', '/jobs', '.ant-table'],
    ];
    for (const width of [1280, 800]) {
      const page = await adminPage(browser, target, width);
      for (const [name, path, ready] of paths) {
        await page.goto(`${target.baseUrl}${path}`);
        await page.locator(ready).first().waitFor();
        await page.locator('.ant-table-tbody tr:not(.ant-table-measure-row)').first().waitFor();
        await page.locator('.ant-spin-spinning').first().waitFor({ state: 'detached' });
        await expectNoOverflow(page);
        await shot(page, `${name}-${width}`);
      }
      // The jobs page says how jobs run (GET /api/jobQueue): in process in the tests.
      await page.goto(`${target.baseUrl}/jobs`);
      await page.locator('.jobs-mode', { hasText: 'In process' }).waitFor();
      // Auto reconcile and Manual reconcile are not offered on the reconciled filter.
      await page.goto(`${target.baseUrl}/recSheets/${sheetID}/lines/reconciled`);
      await page.locator('.rec-sheet-tabs').waitFor();
      await page.getByRole('button', { name: 'Upload revenue reconciliation sheet' }).waitFor();
      expect(await page.getByRole('button', { name: 'Auto reconcile' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Manual reconcile' }).count()).toBe(0);
      // The manual reconcile dialog at this width.
      await page.goto(`${target.baseUrl}/recSheets/${sheetID}/lines/unreconciled`);
      await page.getByRole('button', { name: 'Manual reconcile' }).click();
      const manual = page.locator('.manual-rec-dialog .ant-modal-content');
      await manual.locator('.manual-rec-line').waitFor();
      await manual.locator('.manual-rec-suggestions').waitFor();
      await expectNoOverflow(page);
      await shot(page, `manual-rec-dialog-${width}`);
      await page.context().close();
    }
  });

  /** A supplier's statement (rows 1-4 a title block, headers on row 5 named the supplier's way), two sales, a total and a note. */
  const statement = (refs: string[]) =>
    supplierStatement(
      'October',
      '01/03/2018 - 31/03/2018',
      [
        ['12/03/2018', northName, `'${refs[0]}`, sku, 'Phone', '£1,234.50'],
        ['13/03/2018', northName, refs[1], sku, 'Clawback', '(12.50)'],
      ],
      [[null, null, null, null, 'Total', 1222], ['Payment will be made by BACS within 30 days.']],
    );

  it.each([1280, 800, 390])('imports a statement with a title block: the header row shown and changeable, the footer a warning (%i px)', async (width) => {
    const sheet = (await api.send('POST', 'recSheet', { name: attemptName('Acme statement'), recDate: '2018-03-31' })).data;
    const refs = [ref(7), ref(8)];
    await api.send('PUT', 'user/userPreference/defaults/recSheetMap', { value: '{}' });
    const page = await adminPage(browser, target, width);
    await page.goto(`${target.baseUrl}/recSheets/${String(sheet.recSheetID)}/lines`);
    await page.getByRole('button', { name: 'Upload revenue reconciliation sheet' }).click();
    const wizard = page.locator('.upload-wizard .ant-modal-content');
    await wizard.locator('input[type=file]').setInputFiles({
      name: 'acme-march.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await statement(refs),
    });
    const card = wizard.locator('.upload-sheet[data-worksheet="October"]');
    /** The wizard within the window, nothing in it scrolling sideways. */
    const wizardFits = async () => {
      const box = (await wizard.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      expect(await wizard.evaluate((node) => node.scrollWidth - node.clientWidth)).toBeLessThanOrEqual(0);
    };
    const rowSelect = card.locator('.upload-header-row .ant-select');
    // Found on row 5, past the title block; every field mapped from the supplier's names.
    await rowSelect.locator('.ant-select-selection-item', { hasText: /^5: Txn Date/ }).waitFor();
    await card.locator('.ant-tag', { hasText: 'Mapped' }).waitFor();
    expect(await selectLabelled(card, 'Order number').locator('.ant-select-selection-item').textContent()).toBe('C: Order No.');
    expect(await selectLabelled(card, 'Revenue').locator('.ant-select-selection-item').textContent()).toBe('F: Net Revenue');
    await wizardFits();
    await shot(page, `statement-map-${width}`);

    // A wrong row picked: its cells offered, nothing mapped; back to row 5.
    await rowSelect.click();
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').last().getByText('1: Acme Mobile Ltd - Dealer commission statement').waitFor();
    await shot(page, `statement-rows-${width}`);
    await page.keyboard.press('Escape');
    await choose(page, rowSelect, '2: Period:');
    await messageShown(page, 'Headers read from row 2 of October');
    await card.locator('.ant-tag', { hasText: 'Not mapped' }).waitFor();
    await choose(page, rowSelect, '5: Txn Date');
    await card.locator('.ant-tag', { hasText: 'Mapped' }).waitFor();

    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.getByText('No errors found: ready to import').waitFor();
    expect(await wizard.textContent()).toContain('2 lines from 2 rows in 1 worksheet; 2 rows of totals and notes left out.');
    const warnings = wizard.locator('.upload-warnings tr.ant-table-row');
    await warnings.first().waitFor();
    expect(await warnings.allTextContents()).toEqual([
      expect.stringContaining('Row 8 skipped: a totals row'),
      expect.stringContaining('Row 9 skipped: a note, not a sale'),
    ]);
    await wizardFits();
    await shot(page, `statement-report-${width}`);
    await wizard.getByRole('button', { name: 'Commit' }).click();
    await wizard.getByText('Imported 2 lines').waitFor();
    const lines = await api.send<{ listData: Row[] }>('GET', `recSheetLines?recSheetID=${String(sheet.recSheetID)}`);
    expect(lines.listData.map((l) => [l.orderRef, Number(l.revenue)])).toEqual([
      [refs[0], 1234.5],
      [refs[1], -12.5],
    ]);
    await page.context().close();
  });
});
