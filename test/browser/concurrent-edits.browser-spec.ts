import { mkdirSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { Api, attemptName, describeInBrowser, launchBrowser, signedInPage, startTarget, type Target } from './browserTarget';
import { expectConsoleErrors, failedLoad } from './pageWatch';

type Row = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const SHOTS = '/tmp/retail-shots/concurrent-edits';

/**
 * Optimistic concurrency in the record dialog (issue 28): a record someone else saved while the
 * dialog was open is not overwritten. Save shows who changed it and when, with Reload, which
 * brings their change into the form and keeps the dialog open; saving from there works. At a
 * desktop and a phone width, where the message and its button must fit.
 */
describeInBrowser('a record changed by someone else while its dialog is open', () => {
  jest.setTimeout(180_000);

  let target: Target;
  let browser: Browser;
  let admin: Api;
  let other: Api;
  let otherName: string;

  beforeAll(async () => {
    target = await startTarget();
    browser = await launchBrowser();
    admin = await Api.logIn(target.baseUrl, target.adminEmail, target.adminPassword);
    const profile = await admin.send('POST', 'accessProfile', { name: attemptName('Setup'), systemAreas: 'SystemSetup' });
    otherName = attemptName('Jane Smith');
    const email = `${otherName.replace(/\s+/g, '.').toLowerCase()}@example.com`;
    const password = 'Other-Pass-123';
    await admin.send('POST', 'user', { name: otherName, email, password, confirm: password, accessProfileID: profile.data.accessProfileID });
    other = await Api.logIn(target.baseUrl, email, password);
    mkdirSync(SHOTS, { recursive: true });
  });

  afterAll(async () => {
    await browser?.close();
    await target?.stop();
  });

  it.each([
    [1280, 800],
    [390, 844],
  ])('at %ipx: Save shows who changed it and when; Reload brings their change into the open dialog', async (width, height) => {
    const name = attemptName('Band');
    const band = (await admin.send('POST', 'band', { name, description: 'Mine' })).data as Row;
    const page = await signedInPage(browser, target, admin, width, height);
    await page.goto(`${target.baseUrl}/data/bands?quickFilter=${encodeURIComponent(name)}`);
    const dialog = page.locator('.ant-modal-content');
    await page.locator('tr.ant-table-row', { hasText: name }).first().getByRole('button', { name: 'Edit' }).click();
    await dialog.getByText('Edit band').waitFor();
    const description = dialog.getByLabel('Description');
    expect(await description.inputValue()).toBe('Mine');

    // Someone else saves the band while the dialog is open.
    const current = (await admin.send<{ data: Row }>('GET', `bands?bandID=${band.bandID}`)).data;
    await other.send('PUT', `band/${band.bandID}`, { ...current, description: 'Theirs' });

    expectConsoleErrors(failedLoad(409, `/api/band/${band.bandID}`));
    await description.fill('Lost?');
    await dialog.getByRole('button', { name: 'Save' }).click();
    const alert = dialog.getByRole('alert');
    await alert.getByText(`Changed by ${otherName} at `).waitFor();
    expect(await alert.textContent()).toMatch(/at \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} since you opened it\. Reload it to see their change\./);
    const reload = alert.getByRole('button', { name: 'Reload' });
    await reload.waitFor();
    // The message and its button fit the dialog at this width.
    const [alertBox, buttonBox] = [await alert.boundingBox(), await reload.boundingBox()];
    expect(alertBox!.x).toBeGreaterThanOrEqual(0);
    expect(alertBox!.x + alertBox!.width).toBeLessThanOrEqual(width);
    expect(buttonBox!.x + buttonBox!.width).toBeLessThanOrEqual(alertBox!.x + alertBox!.width);
    await page.screenshot({ path: `${SHOTS}/conflict-${width}.png` });
    // Nothing of the refused save was written.
    expect((await admin.send<{ data: Row }>('GET', `bands?bandID=${band.bandID}`)).data.description).toBe('Theirs');

    await reload.click();
    await alert.waitFor({ state: 'detached' });
    await page.waitForFunction("document.querySelector('.ant-modal-content textarea')?.value === 'Theirs'");
    await dialog.getByText('Edit band').waitFor();
    await dialog.getByText(`by ${otherName}`).waitFor();

    // From the reloaded record the save goes through.
    await description.fill('Mine again');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await admin.send<{ data: Row }>('GET', `bands?bandID=${band.bandID}`)).data.description).toBe('Mine again');
    await page.context().close();
  });
});
