import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { Api, attemptName, describeInBrowser, launchBrowser, logInThroughUi, newPage, startTarget, type Target } from './browserTarget';
import { choose, dialog, eventually, messageShown, rowAction, rowOf } from './waits';

type Row = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Screenshots to look at (SHOTS=dir, default /tmp/shots-save-feedback). */
const SHOTS = process.env.SHOTS ?? '/tmp/shots-save-feedback';

/** yyyy-mm-dd of today plus `days` (UTC). */
const day = (days = 0) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A 20-digit order reference unique to this attempt. */
const orderRef = () => `${Date.now()}${Math.floor(Math.random() * 1e7)}`.padEnd(20, '0').slice(0, 20);

/**
 * Issue 26: every save and action says it worked, with a short message naming what changed
 * ('Sale 73358 recorded', 'Store type X saved'), and the saved row is highlighted in its list; a
 * refused save's field message goes as soon as the field is corrected, and the summary with the
 * last one; the sale and record dialogs open with the focus on their first empty field; a message
 * names the label the user sees ('Date is required' under 'Date').
 */
describeInBrowser('save feedback', () => {
  jest.setTimeout(240_000);

  let target: Target;
  let browser: Browser;
  let api: Api;
  const run = Date.now().toString(36);
  const storeName = `Feedback ${run}`;
  const saleTypeName = `Upgrade ${run}`;
  const sku = `FB-${run}`.toUpperCase();
  let storeID: number;
  let saleTypeID: number;
  let lineStoreID: number;
  let me: Row;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    target = await startTarget();
    browser = await launchBrowser();
    api = await Api.logIn(target.baseUrl, target.adminEmail, target.adminPassword);
    me = (await api.send('GET', 'user/me')).data;
    const storeType = (await api.send('POST', 'storeType', { name: `Type ${run}`, recordFootfall: true })).data;
    // A new store joins the administrator's profile.
    storeID = Number((await api.send('POST', 'store', { name: storeName, storeTypeID: storeType.storeTypeID, targetRevenue: true })).data.storeID);
    saleTypeID = Number((await api.send('POST', 'saleType', { name: saleTypeName, storeIDs: [storeID] })).data.saleTypeID);
    const skuType = (await api.send('POST', 'skuType', { name: `Device ${run}` })).data;
    const card = (await api.send('POST', 'rateCard', { name: `Card ${run}`, fromDate: day(-40) })).data;
    const line = (
      await api.send<{ data: Row }>('POST', 'rateCardLine', {
        rateCardID: card.rateCardID,
        saleTypeID,
        skuTypeID: skuType.skuTypeID,
        sku,
        description: `Handset ${run}`,
        rateCardLineStores: [{ storeID, active: true, revenue: 100, commission: 20 }],
      })
    ).data;
    lineStoreID = Number(line.rateCardLineStores[0].rateCardLineStoreID);
  });

  afterAll(async () => {
    await browser?.close();
    await target?.stop();
  });

  /** One login per width (the login limit counts attempts per account); new pages share it. */
  const sessions = new Map<number, BrowserContext>();
  async function adminPage(width = 1280): Promise<Page> {
    const context = sessions.get(width);
    if (context) return context.newPage();
    const { context: fresh, page } = await newPage(browser, width);
    await logInThroughUi(page, target.baseUrl, target.adminEmail, target.adminPassword);
    sessions.set(width, fresh);
    return page;
  }

  const focusedID = (page: Page) => page.evaluate(() => ((globalThis as any).document.activeElement?.id as string | undefined) ?? ''); // eslint-disable-line @typescript-eslint/no-explicit-any
  const saleDialog = (page: Page) => page.locator('.sale-dialog .ant-modal-content');

  async function apiSale(ref = orderRef()): Promise<Row> {
    return (
      await api.send('POST', 'sale', { storeID, saleTypeID, attributableToUserID: me.userID, rateCardLineStoreID: lineStoreID, saleDate: day(), orderRef: ref })
    ).data;
  }

  it('record dialog: focus on the first empty field, a message on create, edit, copy and delete, the saved row highlighted', async () => {
    const page = await adminPage();
    await page.goto(`${target.baseUrl}/data/storeTypes`);
    await page.getByRole('button', { name: 'Add' }).click();
    const form = dialog(page, 'New store type');
    // The name is the first empty field: the focus is there, not on the dialog's frame.
    await eventually(async () => expect(await focusedID(page)).toBe('name'));
    const name = attemptName('Kiosk');
    await page.keyboard.type(name);
    await form.getByRole('button', { name: 'Create' }).click();
    await messageShown(page, `Store type ${name} created`);
    // The new row is highlighted for a moment, then not.
    await rowOf(page, name).and(page.locator('tr.row-just-saved')).waitFor();
    await page.screenshot({ path: `${SHOTS}/store-type-created-1280.png` });
    await page.locator('tr.row-just-saved').waitFor({ state: 'detached' });

    await rowOf(page, name).getByRole('button', { name: 'Edit' }).click();
    const edit = dialog(page, 'Edit store type');
    await edit.getByLabel('Name').fill(`${name} B`);
    await edit.getByRole('button', { name: 'Save' }).click();
    await messageShown(page, `Store type ${name} B saved`);
    await rowOf(page, `${name} B`).and(page.locator('tr.row-just-saved')).waitFor();

    await rowAction(rowOf(page, `${name} B`), 'Copy');
    const copy = dialog(page, 'Copy store type');
    await copy.getByLabel('Name').fill(`${name} C`);
    await copy.getByRole('button', { name: 'Create' }).click();
    await messageShown(page, `Store type ${name} C created`);

    await rowAction(rowOf(page, `${name} C`), 'Delete');
    await dialog(page, 'Delete store type').getByRole('button', { name: 'Delete' }).click();
    await messageShown(page, `Store type ${name} C deleted`);
    await page.close();
  });

  it("record dialog: a field's message goes once corrected, the summary with the last one; messages name the label shown", async () => {
    const page = await adminPage();
    await page.goto(`${target.baseUrl}/recSheets`);
    await page.getByRole('button', { name: 'Add' }).click();
    const form = dialog(page, 'New rec sheet');
    await eventually(async () => expect(await focusedID(page)).toBe('name'));
    await form.getByRole('button', { name: 'Create' }).click();
    // Both fields refused: each message under its field, in the words of its label ('Date', not 'Rec date').
    await form.locator('.ant-form-item-explain-error', { hasText: 'Name is required' }).waitFor();
    await form.locator('.ant-form-item-explain-error', { hasText: /^Date is required$/ }).waitFor();
    await form.locator('[role="alert"]', { hasText: 'Please correct 2 fields' }).waitFor();
    await page.screenshot({ path: `${SHOTS}/rec-sheet-refused-1280.png` });

    // The name corrected: its message goes at once, the summary names the one left.
    const name = attemptName('Sheet');
    await form.getByLabel('Name').fill(name);
    await form.locator('.ant-form-item-explain-error', { hasText: 'Name is required' }).waitFor({ state: 'detached' });
    await form.locator('[role="alert"]', { hasText: 'Date is required' }).waitFor();
    expect(await form.locator('[role="alert"]').textContent()).not.toContain('Please correct');

    // The date given: no message is left, and neither is the summary.
    await form.getByLabel('Date').click();
    await page.keyboard.type('01/11/2026');
    // Tab, not Enter: Enter in a text box saves the form.
    await page.keyboard.press('Tab');
    await form.locator('.ant-form-item-explain-error').waitFor({ state: 'detached' });
    await form.locator('[role="alert"]').waitFor({ state: 'detached' });
    await page.screenshot({ path: `${SHOTS}/rec-sheet-corrected-1280.png` });
    await form.getByRole('button', { name: 'Create' }).click();
    await messageShown(page, `Rec sheet ${name} created`);
    await page.close();
  });

  it('sale dialog: focus on the first empty field; create, edit and refund each say so', async () => {
    const page = await adminPage();
    await page.goto(`${target.baseUrl}/sales/${storeID}`);
    await page.getByRole('button', { name: 'Add' }).click();
    const form = saleDialog(page);
    // The store comes from the tab, the seller and the date are filled: the sale type is the first empty field.
    await eventually(async () => expect(await focusedID(page)).toBe('sale-saleTypeID'));
    await choose(page, form.locator('.ant-select').filter({ has: page.locator('#sale-saleTypeID') }), saleTypeName);
    const ref = orderRef();
    await page.locator('#sale-orderRef').fill(ref);
    await choose(page, form.locator('.ant-select').filter({ has: page.locator('#sale-rateCardLineStoreID') }), sku, sku.slice(0, 5));
    await form.getByRole('button', { name: 'Create' }).click();
    await form.waitFor({ state: 'detached' });
    const created = (await api.send<{ listData: Row[] }>('GET', `sales?orderRef=${ref}`)).listData[0];
    // The id as the refund row names it: no thousands separator.
    await messageShown(page, `Sale ${created.saleID} recorded`);
    await page.locator(`tr.row-just-saved[data-row-key="${created.saleID}"]`).waitFor();
    await page.screenshot({ path: `${SHOTS}/sale-recorded-1280.png` });

    // Edit: the notes changed and saved.
    await page.locator(`tr.ant-table-row[data-row-key="${created.saleID}"]`).getByRole('button', { name: 'Edit' }).click();
    await form.locator('#sale-notes').fill('Customer asked for a case');
    await form.getByRole('button', { name: 'Save' }).click();
    await messageShown(page, `Sale ${created.saleID} saved`);
    await form.waitFor({ state: 'detached' });

    // Refund: through the action dialog, applied on save.
    const sale = await apiSale();
    await page.reload();
    await page.locator(`tr.ant-table-row[data-row-key="${sale.saleID}"]`).getByRole('button', { name: 'Edit' }).click();
    await form.getByRole('button', { name: /Actions/ }).click();
    await page.getByRole('menuitem', { name: 'Refund sale...' }).click();
    const refund = page.locator('.sale-action-dialog .ant-modal-content');
    await refund.getByLabel('Refund reason').fill('Faulty handset');
    await refund.getByLabel('Refund order reference').fill('RF123456789012345678');
    await refund.getByRole('button', { name: 'Refund sale' }).click();
    await form.locator('.pending-action').waitFor();
    await form.getByRole('button', { name: 'Save' }).click();
    await messageShown(page, `Sale ${sale.saleID} refunded`);
    await page.close();
  });

  it("sale form: a refused field's message and the summary go once the field is corrected", async () => {
    const page = await adminPage();
    await page.goto(`${target.baseUrl}/sales/${storeID}`);
    await page.getByRole('button', { name: 'Add' }).click();
    const form = saleDialog(page);
    await choose(page, form.locator('.ant-select').filter({ has: page.locator('#sale-saleTypeID') }), saleTypeName);
    await choose(page, form.locator('.ant-select').filter({ has: page.locator('#sale-rateCardLineStoreID') }), sku, sku.slice(0, 5));
    await page.locator('#sale-orderRef').fill('123');
    await form.getByRole('button', { name: 'Create' }).click();
    await form.locator('.ant-form-item-explain-error', { hasText: 'Should be 20 digits' }).waitFor();
    await form.locator('[role="alert"]').waitFor();
    // Corrected: the message under the field and the summary go before any new save.
    await page.locator('#sale-orderRef').fill(orderRef());
    await form.locator('.ant-form-item-explain-error', { hasText: 'Should be 20 digits' }).waitFor({ state: 'detached' });
    await form.locator('[role="alert"]').waitFor({ state: 'detached' });
    await page.screenshot({ path: `${SHOTS}/sale-corrected-1280.png` });
    await page.close();
  });

  it('unreconciling a sale says so', async () => {
    const sale = await apiSale();
    const sheet = (await api.send('POST', 'recSheet', { name: attemptName('Unrec sheet'), recDate: day() })).data;
    const line = (
      await api.send('POST', 'recSheetLine', {
        recSheetID: sheet.recSheetID,
        storeName,
        saleDate: day(),
        orderRef: sale.orderRef,
        sku,
        description: 'Handset',
        revenue: 100,
      })
    ).data;
    await api.send('PUT', `recSheetLine/${Number(line.recSheetLineID)}/recSale/${Number(sale.saleID)}`, { recNotes: '', changes: {} });
    const page = await adminPage();
    await page.goto(`${target.baseUrl}/sales/${storeID}`);
    await page.locator(`tr.ant-table-row[data-row-key="${sale.saleID}"]`).getByRole('button', { name: 'View' }).click();
    const form = saleDialog(page);
    await form.getByRole('button', { name: /Actions/ }).click();
    await page.getByRole('menuitem', { name: 'Unreconcile...' }).click();
    await page.locator('.ant-modal-content', { hasText: 'Unreconcile sale' }).getByRole('button', { name: 'Unreconcile' }).click();
    await messageShown(page, `Sale ${sale.saleID} unreconciled`);
    await page.close();
  });

  it('the targets and daily stats grids say what they saved', async () => {
    const page = await adminPage();
    await page.goto(`${target.baseUrl}/targets/set/2021-03-01/${storeID}`);
    const total = page.getByLabel('Store total Revenue (£) overall');
    await total.fill('1000');
    await total.press('Enter');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await messageShown(page, `Targets saved for ${storeName}, March 2021`);
    await page.screenshot({ path: `${SHOTS}/targets-saved-1280.png` });

    await page.goto(`${target.baseUrl}/daily/dailyStats/2019-03-01/${storeID}`);
    const footfall = page.getByLabel('Footfall Mon 04/03/2019', { exact: true });
    await footfall.fill('104');
    await footfall.press('Enter');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await messageShown(page, `Daily stats saved for ${storeName}, March 2019`);
    await page.close();
  });

  it('acknowledging an announcement says so', async () => {
    const title = attemptName('Read me');
    const created = (await api.send('POST', 'announcement', { type: 'info', title, message: 'A notice', displayUntil: '2099-12-31', acknowledgable: true }))
      .data;
    await api.send('POST', `announcement/${Number(created.announcementID)}/announcementUsers`, { userIDs: [me.userID] });
    const page = await adminPage();
    await page.goto(`${target.baseUrl}/`);
    await page.locator('.my-announcements .my-announcement').first().waitFor();
    const notice = page.locator('.my-announcement', { hasText: title }).first();
    const more = page.locator('.my-announcements').getByRole('button', { name: /more announcements?$/ });
    // Several announcements share one line: the drawer lists them all.
    if (!(await notice.isVisible()) && (await more.count())) await more.click();
    await page.locator('.my-announcement', { hasText: title }).getByRole('button', { name: /^OK/ }).last().click();
    await messageShown(page, `Announcement ${title} acknowledged`);
    await page.close();
  });
});
