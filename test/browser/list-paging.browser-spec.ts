import type { Browser, Page } from 'playwright-core';
import { Api, describeInBrowser, launchBrowser, logInThroughUi, newPage, startTarget, type Target } from './browserTarget';

/**
 * The generic list on a list longer than one page (issue 7): the answer holds only the page's
 * ids, yet the view dialog's Previous and Next walk the whole list across pages, and a
 * selection made on one page survives moving to another.
 */
describeInBrowser('a list longer than one page', () => {
  jest.setTimeout(120_000);

  let target: Target;
  let browser: Browser;
  const run = Date.now().toString(36);
  /** Store type names that sort together, after anything else the database holds. */
  const names = Array.from({ length: 23 }, (_, i) => `Zz paging ${run} ${String(i).padStart(2, '0')}`);

  beforeAll(async () => {
    target = await startTarget();
    browser = await launchBrowser();
    const api = await Api.logIn(target.baseUrl, target.adminEmail, target.adminPassword);
    for (const name of names) await api.send('POST', 'storeType', { name });
    // Reading rate cards needs a store; then twelve cards: more than one page of the all-cards list.
    const storeType = await api.send('POST', 'storeType', { name: `Paging type ${run}` });
    await api.send('POST', 'store', { name: `Paging store ${run}`, storeTypeID: storeType.data.storeTypeID });
    for (let i = 0; i < 12; i++) {
      await api.send('POST', 'rateCard', { name: `Paging card ${run} ${String.fromCharCode(65 + i)}x`, fromDate: `19${String(10 + i)}-0${(i % 9) + 1}-01` });
    }
  });

  afterAll(async () => {
    await browser?.close();
    await target?.stop();
  });

  const dialog = (page: Page) => page.locator('.ant-modal-content');

  async function storeTypes(width: number): Promise<Page> {
    const { page } = await newPage(browser, width);
    await logInThroughUi(page, target.baseUrl, target.adminEmail, target.adminPassword);
    await page.goto(`${target.baseUrl}/data/storeTypes?sort=name&sortDir=asc&quickFilter=${encodeURIComponent(`Zz paging ${run}`)}`);
    await page.locator('tr.ant-table-row', { hasText: names[0] }).waitFor();
    return page;
  }

  it.each([1280, 800])('Previous and Next step from the last row of page 1 into page 2 and back (%i px)', async (width) => {
    const page = await storeTypes(width);
    await page.locator('tr.ant-table-row', { hasText: names[9] }).getByRole('button', { name: 'View' }).click();
    await dialog(page).getByText('10 of 23').waitFor();
    await dialog(page).getByText(names[9]).first().waitFor();
    await dialog(page).getByRole('button', { name: 'Next' }).click();
    await dialog(page).getByText('11 of 23').waitFor();
    await dialog(page).getByText(names[10]).first().waitFor();
    await page.screenshot({ path: `/tmp/list-paging-step-${width}.png` });
    await dialog(page).getByRole('button', { name: 'Previous' }).click();
    await dialog(page).getByText('10 of 23').waitFor();
    await dialog(page).getByText(names[9]).first().waitFor();
    await page.close();
  });

  it('Next is disabled on the last row of the list, Previous on the first', async () => {
    const page = await storeTypes(1280);
    await page.locator('tr.ant-table-row', { hasText: names[0] }).getByRole('button', { name: 'View' }).click();
    await dialog(page).getByText('1 of 23').waitFor();
    expect(await dialog(page).getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
    await page.goto(`${page.url()}&page=3`);
    await page.locator('tr.ant-table-row', { hasText: names[22] }).getByRole('button', { name: 'View' }).click();
    await dialog(page).getByText('23 of 23').waitFor();
    expect(await dialog(page).getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    await page.close();
  });

  it('a row ticked on page 1 stays ticked on page 2: Compare enables with one from each page', async () => {
    const { page } = await newPage(browser, 1280);
    await logInThroughUi(page, target.baseUrl, target.adminEmail, target.adminPassword);
    await page.goto(`${target.baseUrl}/data/rateCards/all?quickFilter=${encodeURIComponent(`Paging card ${run}`)}&sort=name&sortDir=asc`);
    // A card's row also names the next card, so rows are told apart by the first cell (after the
    // row's checkbox, named 'Select rate card {name}').
    const row = (name: string) => page.getByRole('row', { name: new RegExp(`^Select rate card ${name} ${name} `) });
    await row(`Paging card ${run} Ax`).locator('input[type=checkbox]').check();
    const compare = page.getByRole('button', { name: 'Compare' });
    expect(await compare.isDisabled()).toBe(true);
    await page.locator('.ant-pagination-item-2').click();
    await row(`Paging card ${run} Lx`).locator('input[type=checkbox]').check();
    // Evaluated in the page (a string: the test's own types have no DOM).
    await page.waitForFunction(`![...document.querySelectorAll('button')].find((b) => b.textContent.includes('Compare')).disabled`);
    expect(await compare.isEnabled()).toBe(true);
    await compare.click();
    // The compare dialog opens on the two cards, one from each page.
    await page.locator('.ant-modal-content').getByText(`Paging card ${run} Ax`).first().waitFor();
    await page.locator('.ant-modal-content').getByText(`Paging card ${run} Lx`).first().waitFor();
    await page.screenshot({ path: '/tmp/list-paging-selection.png' });
    await page.close();
  });
});
