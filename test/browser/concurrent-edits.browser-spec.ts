import { mkdirSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { Api, attemptName, describeInBrowser, launchBrowser, signedInPage, startTarget, type Target } from './browserTarget';
import { expectConsoleErrors, failedLoad } from './pageWatch';
import { eventually, rowAction, rowOf } from './waits';

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
    // A table row, or on a phone the row's card.
    await rowAction(rowOf(page, name), 'Edit');
    await dialog.getByText('Edit band').waitFor();
    const description = dialog.getByLabel('Description');
    // The dialog is drawn at once and fills its fields when the record it asks for is in.
    await eventually(async () => expect(await description.inputValue()).toBe('Mine'));

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

  it('the rota line dialog: Save shows who changed the line, and Reload brings their times into the open dialog', async () => {
    const type = (await admin.send('POST', 'storeType', { name: attemptName('Rota type') })).data as Row;
    const store = (await admin.send('POST', 'store', { name: attemptName('Rota store'), storeTypeID: type.storeTypeID })).data as Row;
    const staff = await admin.send('POST', 'accessProfile', { name: attemptName('Rota staff'), systemAreas: '', storeIDs: [store.storeID] });
    const personName = attemptName('Ann Rota');
    const person = (
      await admin.send('POST', 'user', {
        name: personName,
        email: `${personName.replace(/\W+/g, '.').toLowerCase()}@example.com`,
        password: 'Rota-Pass-123',
        confirm: 'Rota-Pass-123',
        accessProfileID: staff.data.accessProfileID,
      })
    ).data as Row;
    // The other user plans this store's rota too.
    const planners = await admin.send('POST', 'accessProfile', { name: attemptName('Planners'), systemAreas: 'RecordRotaLines', storeIDs: [store.storeID] });
    const plannerName = attemptName('Paul Planner');
    const plannerEmail = `${plannerName.replace(/\W+/g, '.').toLowerCase()}@example.com`;
    await admin.send('POST', 'user', {
      name: plannerName,
      email: plannerEmail,
      password: 'Plan-Pass-123',
      confirm: 'Plan-Pass-123',
      accessProfileID: planners.data.accessProfileID,
    });
    const planner = await Api.logIn(target.baseUrl, plannerEmail, 'Plan-Pass-123');
    const line = (
      await admin.send('POST', 'rotaLine', { storeID: store.storeID, userID: person.userID, rotaDate: '2023-03-13', plannedFrom: '09:00', plannedTo: '17:00' })
    ).data as Row;

    const page = await signedInPage(browser, target, admin, 1280, 800);
    await page.goto(`${target.baseUrl}/rota/plan?storeID=${store.storeID}&week=2023-03-13`);
    await page.locator('.rota-line-chip').first().click();
    const dialog = page.locator('.ant-modal-content');
    await dialog.getByText(/^Rota line of /).waitFor();

    const current = (await admin.send<{ data: Row }>('GET', `rotaLines?rotaLineID=${line.rotaLineID}`)).data;
    await planner.send('PUT', `rotaLine/${line.rotaLineID}`, { updatedDate: current.updatedDate, plannedFrom: '10:00', notes: 'Late start' });

    expectConsoleErrors(failedLoad(409, `/api/rotaLine/${line.rotaLineID}`));
    await dialog.getByLabel('Notes').fill('Mine');
    await dialog.getByRole('button', { name: 'Save' }).click();
    const alert = dialog.getByRole('alert');
    await alert.locator('.ant-alert-message', { hasText: `Changed by ${plannerName} at ` }).waitFor();
    // The dialog is taller than the screen and was scrolled to Save: the message comes into view.
    await eventually(async () => {
      const box = (await alert.boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height).toBeLessThanOrEqual(800);
    });
    await page.screenshot({ path: `${SHOTS}/rota-conflict-1280.png` });
    await alert.getByRole('button', { name: 'Reload' }).click();
    await alert.waitFor({ state: 'detached' });
    await page.waitForFunction("document.querySelector('.ant-modal-content textarea')?.value === 'Late start'");
    expect(await dialog.getByLabel('From').inputValue()).toBe('10:00');

    // From the reloaded line the save goes through.
    await dialog.getByLabel('Notes').fill('Late start, then till close');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    const saved = (await admin.send<{ data: Row }>('GET', `rotaLines?rotaLineID=${line.rotaLineID}`)).data;
    expect([saved.plannedFrom, saved.notes]).toEqual(['10:00', 'Late start, then till close']);
    await page.context().close();
  });
});
