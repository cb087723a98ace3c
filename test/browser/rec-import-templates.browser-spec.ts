import { mkdirSync } from 'node:fs';
import ExcelJS from 'exceljs';
import type { Browser, Locator, Page } from 'playwright-core';
import { adminPage, Api, attemptName, describeInBrowser, launchBrowser, startTarget, type Target } from './browserTarget';
import { choose, dialog, eventually, expectNoOverflow, messageShown, rowOf, selectLabelled, shot as shotInto, rowAction } from './waits';

type Row = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Screenshots to look at (SHOTS=dir, default /tmp/shots-templates). */
const SHOTS = process.env.SHOTS ?? '/tmp/shots-templates';

/** A supplier whose header names no alias knows: only a template maps them. */
const HEADERS = ['Posted', 'Retailer', 'Deal ID', 'Handset code', 'Plan name', 'Payout'];
/** Where the upload fields are in HEADERS. */
const LETTERS: Array<[string, string]> = [
  ['Sale date', 'A: Posted'],
  ['Store', 'B: Retailer'],
  ['Order number', 'C: Deal ID'],
  ['SKU', 'D: Handset code'],
  ['Description', 'E: Plan name'],
  ['Revenue', 'F: Payout'],
];

/**
 * Supplier templates (issue 24) in a browser: a title-block statement whose headers only a
 * template can map is mapped by hand and saved as the supplier's template; the supplier's next
 * statement (another worksheet, the header row lower, the columns in another order) gets the
 * template on its own, with its header row shown and changeable (another row: no template; back:
 * the template again), and imports. Then the templates list renames and deletes, each confirmed.
 * At 1280x800, 800x900 and 390x844, nothing scrolling sideways.
 */
describeInBrowser('supplier templates of the rec sheet import', () => {
  jest.setTimeout(240_000);

  let target: Target;
  let browser: Browser;
  let api: Api;
  const run = Date.now().toString(36);
  const storeName = `Tpl store ${run}`;
  let sequence = 0;
  /** Order references unique to this attempt. */
  const ref = () => `TPL${run}${(sequence += 1)}`.toUpperCase();

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    target = await startTarget();
    browser = await launchBrowser();
    api = await Api.logIn(target.baseUrl, target.adminEmail, target.adminPassword);
    const storeType = (await api.send('POST', 'storeType', { name: `Tpl type ${run}` })).data;
    await api.send('POST', 'store', { name: storeName, storeTypeID: storeType.storeTypeID });
  });
  afterAll(async () => {
    await browser?.close();
    await target?.stop();
  });

  /** Every template gone, so each width starts with none (the templates are one list for everyone). */
  const deleteTemplates = async () => {
    const listed = await api.send<{ listData: Row[] }>('GET', 'recImportTemplates?pageLength=500');
    for (const template of listed.listData) await api.send('DELETE', `recImportTemplate/${String(template.templateID)}`);
  };

  /** A statement: `title` rows, the headers in `order` (indexes of HEADERS), two sales, a total row. */
  const statement = async (worksheet: string, title: string[][], order: number[], refs: string[]) => {
    const book = new ExcelJS.Workbook();
    const ws = book.addWorksheet(worksheet);
    for (const row of title) ws.addRow(row);
    const sales = [
      ['12/03/2018', storeName, refs[0], 'SIM-30', 'SIM only', '£20.00'],
      ['13/03/2018', storeName, refs[1], 'IP15-128', 'iPhone 15', '35.50'],
    ];
    for (const row of [HEADERS, ...sales]) ws.addRow(order.map((i) => row[i]));
    ws.addRow(order.map((i) => (i === 5 ? 55.5 : i === 4 ? 'Total' : null)));
    return Buffer.from(await book.xlsx.writeBuffer());
  };

  const openWizard = async (page: Page, recSheetID: number, name: string, buffer: Buffer) => {
    await page.goto(`${target.baseUrl}/recSheets/${recSheetID}/lines`);
    await page.getByRole('button', { name: 'Upload revenue reconciliation sheet' }).click();
    const wizard = page.locator('.upload-wizard .ant-modal-content');
    await wizard.locator('input[type=file]').setInputFiles({ name, mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer });
    return wizard;
  };

  /** The wizard within the window, nothing in it or the page scrolling sideways. */
  const fits = async (page: Page, wizard: Locator, width: number) => {
    const box = (await wizard.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
    expect(await wizard.evaluate((node) => node.scrollWidth - node.clientWidth)).toBeLessThanOrEqual(0);
    await expectNoOverflow(page);
  };

  /** The import's check and commit; answers the sheet's lines as [orderRef, revenue]. */
  const commit = async (wizard: Locator, recSheetID: number) => {
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.getByText('No errors found: ready to import').waitFor();
    await wizard.getByRole('button', { name: 'Commit' }).click();
    await wizard.getByText('Imported 2 lines').waitFor();
    await wizard.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
    const lines = await api.send<{ listData: Row[] }>('GET', `recSheetLines?recSheetID=${recSheetID}`);
    return lines.listData.map((l) => [l.orderRef, Number(l.revenue)]);
  };

  it.each([
    [1280, 800],
    [800, 900],
    [390, 844],
  ])('maps a statement by hand, saves it as a template, and the next statement gets it on its own (%ix%i)', async (width, height) => {
    const shot = (page: Page, name: string) => shotInto(page, SHOTS, `${name}-${width}`);
    await deleteTemplates();
    // No saved mapping either: what maps the second file is the template alone.
    await api.send('PUT', 'user/userPreference/defaults/recSheetMap', { value: '{}' });
    const supplier = `Acme Mobile ${run} ${width}`;
    const page = await adminPage(browser, target, width);
    await page.setViewportSize({ width, height });

    // ---- March: headers on row 4 past a title block, nothing maps on its own; mapped by hand and saved ----
    const march = (await api.send('POST', 'recSheet', { name: attemptName('Acme March'), recDate: '2018-03-31' })).data;
    const marchRefs = [ref(), ref()];
    let wizard = await openWizard(
      page,
      Number(march.recSheetID),
      'acme-march.xlsx',
      await statement('March', [['Acme Mobile Ltd - Dealer statement'], ['Period:', 'March 2018'], []], [0, 1, 2, 3, 4, 5], marchRefs),
    );
    let card = wizard.locator('.upload-sheet[data-worksheet="March"]');
    await card.locator('.upload-header-row .ant-select-selection-item', { hasText: /^4: Posted/ }).waitFor();
    await card.locator('.upload-template-state', { hasText: 'No template applied' }).waitFor();
    await card.locator('.ant-tag', { hasText: 'Not mapped' }).waitFor();
    for (const [field, column] of LETTERS) await choose(page, selectLabelled(card, field), column);
    await card.locator('.ant-tag', { hasText: 'Mapped' }).waitFor();
    await card.getByRole('button', { name: 'Save as template' }).click();
    const save = dialog(page, 'Save as template');
    await save.getByLabel('Supplier').fill(supplier);
    await shot(page, 'templates-save-dialog');
    await save.getByRole('button', { name: 'Save' }).click();
    await messageShown(page, `Template ${supplier} saved`);
    await card.locator('.upload-template-state', { hasText: `Template ${supplier} applied` }).waitFor();
    const saved = (await api.send<{ listData: Row[] }>('GET', 'recImportTemplates')).listData;
    expect(saved.map((t) => [t.name, t.mappings])).toEqual([
      [supplier, { posted: 'saleDate', retailer: 'storeName', 'deal id': 'orderRef', 'handset code': 'sku', 'plan name': 'description', payout: 'revenue' }],
    ]);
    expect(await commit(wizard, Number(march.recSheetID))).toEqual([
      [marchRefs[0], 20],
      [marchRefs[1], 35.5],
    ]);

    // ---- April: another worksheet, the headers on row 6, the columns in another order: the template applies itself ----
    // The import remembered March's headers in the user's saved mapping: forgotten, so what maps April is the template.
    await api.send('PUT', 'user/userPreference/defaults/recSheetMap', { value: '{}' });
    const april = (await api.send('POST', 'recSheet', { name: attemptName('Acme April'), recDate: '2018-04-30' })).data;
    const aprilRefs = [ref(), ref()];
    wizard = await openWizard(
      page,
      Number(april.recSheetID),
      'acme-april.xlsx',
      await statement(
        'Statement 04-2018',
        [['Acme Mobile Ltd'], ['Dealer commission statement'], ['Period:', 'April 2018'], ['Dealer:', 'Leeds group'], []],
        [5, 2, 0, 4, 1, 3],
        aprilRefs,
      ),
    );
    card = wizard.locator('.upload-sheet[data-worksheet="Statement 04-2018"]');
    const rowSelect = card.locator('.upload-header-row .ant-select');
    await rowSelect.locator('.ant-select-selection-item', { hasText: /^6: Payout/ }).waitFor();
    await card.locator('.upload-template-state', { hasText: `Template ${supplier} applied` }).waitFor();
    await card.locator('.ant-tag', { hasText: 'Mapped' }).waitFor();
    expect(await selectLabelled(card, 'Template of Statement 04-2018').locator('.ant-select-selection-item').textContent()).toBe(supplier);
    expect(await selectLabelled(card, 'Sale date').locator('.ant-select-selection-item').textContent()).toBe('C: Posted');
    expect(await selectLabelled(card, 'Revenue').locator('.ant-select-selection-item').textContent()).toBe('A: Payout');
    await fits(page, wizard, width);
    await shot(page, 'templates-applied');

    // The header row is changeable: another row holds other headers (no template); back to row 6, the template again.
    await choose(page, rowSelect, '3: Period:');
    await messageShown(page, 'Headers read from row 3 of Statement 04-2018');
    await card.locator('.upload-template-state', { hasText: 'No template applied' }).waitFor();
    await card.locator('.ant-tag', { hasText: 'Not mapped' }).waitFor();
    await choose(page, rowSelect, '6: Payout');
    await card.locator('.upload-template-state', { hasText: `Template ${supplier} applied` }).waitFor();
    await card.locator('.ant-tag', { hasText: 'Mapped' }).waitFor();

    // No template chosen: the mapping starts again from the header names (none known here); the template chosen again.
    const templateSelect = selectLabelled(card, 'Template of Statement 04-2018');
    await choose(page, templateSelect, 'No template');
    await card.locator('.ant-tag', { hasText: 'Not mapped' }).waitFor();
    await choose(page, templateSelect, supplier);
    await messageShown(page, `Template ${supplier} applied to Statement 04-2018`);
    await card.locator('.ant-tag', { hasText: 'Mapped' }).waitFor();

    // Saving again (the applied template's name prefilled) updates that template, not a new one.
    await card.getByRole('button', { name: 'Save as template' }).click();
    const again = dialog(page, 'Save as template');
    expect(await again.getByLabel('Supplier').inputValue()).toBe(supplier);
    await again.getByRole('button', { name: 'Save' }).click();
    await messageShown(page, `Template ${supplier} saved`);
    expect((await api.send<{ listData: Row[] }>('GET', 'recImportTemplates')).listData.map((t) => t.name)).toEqual([supplier]);
    await fits(page, wizard, width);

    expect(await commit(wizard, Number(april.recSheetID))).toEqual([
      [aprilRefs[0], 20],
      [aprilRefs[1], 35.5],
    ]);

    // ---- The templates list, from the rec sheets: renamed and deleted, each confirmed ----
    await page.goto(`${target.baseUrl}/recSheets`);
    await page.getByRole('button', { name: 'Supplier templates' }).click();
    await page.waitForURL(`${target.baseUrl}/recSheets/templates`);
    const row = rowOf(page, supplier);
    await row.waitFor();
    expect(await row.textContent()).toContain('Sale date: posted; Store: retailer; Order number: deal id');
    await page.locator('.ant-spin-spinning').first().waitFor({ state: 'detached' });
    await expectNoOverflow(page);
    await shot(page, 'templates-list');
    const renamed = `${supplier} (B2B Soft)`;
    await row.getByRole('button', { name: 'Edit' }).click();
    const edit = dialog(page, 'Supplier');
    await edit.getByLabel('Supplier').fill(renamed);
    await expectNoOverflow(page);
    await shot(page, 'templates-rename');
    await edit.getByRole('button', { name: 'Save' }).click();
    await messageShown(page, `Template ${renamed} saved`);
    await rowOf(page, renamed).waitFor();
    await rowAction(rowOf(page, renamed), 'Delete');
    await dialog(page, 'Delete this supplier template?').getByRole('button', { name: 'Delete' }).click();
    await messageShown(page, 'Template deleted');
    await page.getByText('There are no supplier templates to show.').waitFor();
    await eventually(async () => expect((await api.send<{ listData: Row[] }>('GET', 'recImportTemplates')).listData).toEqual([]));
    await page.context().close();
  });
});
