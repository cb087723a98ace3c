import type { Browser, Page } from 'playwright-core';
import { Api, attemptName, signedInPage, describeInBrowser, launchBrowser, startTarget, type Target } from './browserTarget';
import { expectConsoleErrors, failedLoad } from './pageWatch';
import { eventually, shot as shotInto } from './waits';

type Row = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Screenshots for a person to look at (FIGURE_SHOTS=dir); none by default. */
const SHOTS = process.env.FIGURE_SHOTS;

const QUESTION = 'You have NOT saved your changes, are you sure you want to continue?';

/**
 * The targets screen (spec 02 §2.1, §4 "Targets editor", §5): hours distribution typed in the
 * grid, saved and read back; progress and difference after a sale; copying a month; the
 * question on leaving unsaved changes. Months of 2021 only, each test its own month, on a store
 * of its own, at 1280 and 800 px.
 */
describeInBrowser('targets screen in a browser', () => {
  jest.setTimeout(240_000);

  let target: Target;
  let browser: Browser;
  let api: Api;
  let storeID: number;
  let ann: Row;
  let bob: Row;
  let admin: Row;
  let saleType: Row;
  let lineStoreID: number;
  let field: Row;
  let storeTypeID: number;

  beforeAll(async () => {
    target = await startTarget();
    browser = await launchBrowser();
    api = await Api.logIn(target.baseUrl, target.adminEmail, target.adminPassword);
    admin = (await api.send('GET', 'user/me')).data;
    const storeType = (await api.send('POST', 'storeType', { name: attemptName('Targets type') })).data;
    storeTypeID = Number(storeType.storeTypeID);
    // New stores join the administrator's profile: the administrator is one of its users too.
    const store = (
      await api.send('POST', 'store', { name: attemptName('Targets store'), storeTypeID: storeType.storeTypeID, targetRevenue: true, targetQuantity: true })
    ).data;
    storeID = Number(store.storeID);
    // A single field targeting revenue: RED takes targets, BLUE does not.
    field = (
      await api.send('POST', 'analysisField', {
        name: attemptName('Colour'),
        label: 'Colour',
        inputType: 'single',
        targetRevenue: true,
        targetQuantity: false,
        storeIDs: [storeID],
        analysisListItems: [
          { code: 'RED', description: 'Red', enableTargets: true },
          { code: 'BLUE', description: 'Blue', enableTargets: false },
          // More targeted items: a grid wider than 800 px, which scrolls inside its area.
          ...['GREEN', 'YELLOW', 'BLACK', 'WHITE', 'SILVER', 'GOLD'].map((code) => ({ code, enableTargets: true })),
        ],
      })
    ).data;
    const profile = (
      await api.send('POST', 'accessProfile', { name: attemptName('Sellers'), systemAreas: 'RecordSales', storeIDs: [storeID], showRevenue: true })
    ).data;
    const user = async (name: string) =>
      (
        await api.send('POST', 'user', {
          name: attemptName(name),
          email: `${attemptName(name).replace(/\s/g, '.').toLowerCase()}@example.com`,
          password: 'Targets-1234!',
          confirm: 'Targets-1234!',
          accessProfileID: profile.accessProfileID,
          storeID,
        })
      ).data;
    ann = await user('Ann');
    bob = await user('Bob');
    saleType = (await api.send('POST', 'saleType', { name: attemptName('Upgrade'), storeIDs: [storeID] })).data;
    const skuType = (await api.send('POST', 'skuType', { name: attemptName('Device') })).data;
    const card = (await api.send('POST', 'rateCard', { name: attemptName('Card 2021'), fromDate: '2021-01-01' })).data;
    const line: Row = (
      await api.send('POST', 'rateCardLine', {
        rateCardID: card.rateCardID,
        saleTypeID: saleType.saleTypeID,
        skuTypeID: skuType.skuTypeID,
        sku: `TGT-${Date.now().toString(36)}`.toUpperCase(),
        description: 'Phone for targets',
        rateCardLineStores: [{ storeID, active: true, revenue: 100, commission: 10 }],
      })
    ).data;
    lineStoreID = Number(line.rateCardLineStores[0].rateCardLineStoreID);
  });

  afterAll(async () => {
    await browser?.close();
    await target?.stop();
  });

  const shot = (page: Page, name: string) => shotInto(page, SHOTS, name, false);
  const open = async (page: Page, path: string) => {
    await page.goto(`${target.baseUrl}${path}`);
    await page.getByRole('table', { name: 'Targets' }).waitFor();
  };
  const actuals = async (month: string) => (await api.send<{ listData: Row[] }>('GET', `targets/actuals?storeID=${storeID}&targetDate=${month}`)).listData;
  const put = (month: string, entries: Row[]) => api.send('PUT', `targets/${storeID}/${month}`, entries);
  const entry = (user: Row | null, target: number, extra: Row = {}) => ({
    userID: user ? user.userID : 0,
    analysisFieldID: 0,
    analysisListItemID: 0,
    targetType: 'revenue',
    target,
    ...extra,
  });
  const userRow = (page: Page, user: Row) => page.locator('tr.ant-table-row', { hasText: user.name });
  const storeTotalLabel = 'Store total Revenue (£) overall';
  const saveButton = (page: Page) => page.getByRole('button', { name: 'Save', exact: true });

  it.each([
    [1280, '2021-03-01'],
    [800, '2021-04-01'],
  ])('distributes a store total by hours, saves it and reads it back at %i px', async (width, month) => {
    await put(month, []);
    const page = await signedInPage(browser, target, api, width);
    await open(page, `/targets/set/${month}/${storeID}`);
    expect(await saveButton(page).isDisabled()).toBe(true);
    // The columns: revenue overall and Red (Blue has no targets), quantity overall.
    await page.getByLabel(`${ann.name} Revenue (£) Colour Red`).waitFor();
    expect(await page.getByLabel(`${ann.name} Revenue (£) Colour Blue`).count()).toBe(0);
    await page.getByLabel(`${ann.name} Quantity overall`).waitFor();

    // No targets yet: ticking asks nothing, and every user shows hours 1 and weight 100.
    await page.getByLabel('Input using hours to distribute totals').check();
    await eventually(async () => expect(await page.getByLabel(`Hours ${ann.name}`).inputValue()).toBe('1'));
    await eventually(async () => expect(await page.getByLabel(`Weight ${bob.name}`).inputValue()).toBe('100'));
    await page.getByLabel(`Hours ${ann.name}`).fill('3');
    await page.getByLabel(`Hours ${ann.name}`).press('Enter');
    await page.getByLabel(`Hours ${admin.name}`).fill('0');
    await page.getByLabel(`Hours ${admin.name}`).press('Enter');
    // A store total: digits only (the point is refused), then spread 3:1 over Ann and Bob.
    await page.getByLabel(storeTotalLabel).fill('1000');
    await page.getByLabel(storeTotalLabel).press('.');
    // The point is refused: '1000' while typed, money ('£1,000.00') once the box is not being edited (issue 26).
    await eventually(async () => expect(['1000', '£1,000.00']).toContain(await page.getByLabel(storeTotalLabel).inputValue()));
    await page.getByLabel(storeTotalLabel).press('Enter');
    await eventually(async () => expect(await userRow(page, ann).textContent()).toContain('£750.00'));
    await eventually(async () => expect(await userRow(page, bob).textContent()).toContain('£250.00'));
    await shot(page, `targets-set-hours-${width}`);
    // The page never scrolls sideways (the table does, inside its area); the name column stays pinned.
    const overflow = await page.evaluate(() => {
      const doc = (globalThis as any).document; // eslint-disable-line @typescript-eslint/no-explicit-any
      return doc.documentElement.scrollWidth - doc.documentElement.clientWidth;
    });
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await page.getByRole('columnheader', { name: 'User' }).getAttribute('class')).toContain('ant-table-cell-fix-left');
    // Items are headed by their description (GOLD has none, so its code), under the field's label.
    const headers = await page.locator('.grid-editor-table thead th').allInnerTexts();
    expect(headers).toEqual(expect.arrayContaining(['User', 'Hours', 'Weight', 'Revenue (£)', 'Colour', 'Overall', 'Red', 'GOLD', 'Quantity']));
    expect(headers).not.toContain('RED');

    await eventually(async () => expect(await saveButton(page).isEnabled()).toBe(true));
    await saveButton(page).click();
    await eventually(async () => expect(await saveButton(page).isDisabled()).toBe(true));
    const saved = await actuals(month);
    const annTarget = saved.find((t) => t.userID === ann.userID && t.analysisFieldID === 0 && t.targetType === 'revenue');
    expect(annTarget).toMatchObject({ target: 750, hours: 3, weight: 100, targetForUserID: ann.userID });
    expect(saved.find((t) => t.userID === 0 && t.targetType === 'revenue' && t.analysisFieldID === 0)?.target).toBe(1000);

    await page.reload();
    await page.getByRole('table', { name: 'Targets' }).waitFor();
    await eventually(async () => expect(await page.getByLabel('Input using hours to distribute totals').isChecked()).toBe(true));
    await eventually(async () => expect(await page.getByLabel(`Hours ${ann.name}`).inputValue()).toBe('3'));
    await eventually(async () => expect(await userRow(page, ann).textContent()).toContain('£750.00'));
    await eventually(async () => expect(await page.getByLabel(storeTotalLabel).inputValue()).toBe('£1,000.00'));

    // Unticking asks 'Remove Hours' and keeps the values.
    // (A click, not uncheck(): the box changes only once the question is answered.)
    await page.getByLabel('Input using hours to distribute totals').click();
    await page.getByRole('button', { name: 'Remove Hours' }).click();
    await eventually(async () => expect(await page.getByLabel(`Hours ${ann.name}`).count()).toBe(0));
    await eventually(async () => expect(await page.getByLabel(`${ann.name} Revenue (£) overall`).inputValue()).toBe('£750.00'));
    // Ticking again with targets asks 'Use Hours' before overwriting them.
    await page.getByLabel('Input using hours to distribute totals').click();
    await page.getByRole('dialog').getByText('All targets except store totals for this store and month will be overwritten', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Use Hours' }).click();
    // Everyone at hours 1 and weight 100 again: an even split of the 1000 over the three users.
    for (const user of [ann, bob, admin]) await eventually(async () => expect(await userRow(page, user).textContent()).toMatch(/£33[34]\.00/));
    await page.context().close();
  });

  it.each([
    [1280, '2021-05-01'],
    [800, '2021-06-01'],
  ])('shows progress and difference after a sale, linking to the sales, at %i px', async (width, month) => {
    await put(month, [entry(null, 200), entry(ann, 100), entry(bob, 50), entry(null, 4, { targetType: 'quantity' })]);
    // One sale in the month, also when the test runs again.
    const sold = await api.send<{ listData: Row[] }>('GET', `sales?storeID=${storeID}&saleDateGEQ=${month}&saleDateLEQ=${month.slice(0, 8)}28`);
    if (sold.listData.length === 0)
      await api.send('POST', 'sale', {
        storeID,
        saleTypeID: saleType.saleTypeID,
        attributableToUserID: ann.userID,
        rateCardLineStoreID: lineStoreID,
        saleDate: `${month.slice(0, 8)}10`,
        orderRef: `${Date.now()}`.padEnd(20, '7').slice(0, 20),
      });
    const page = await signedInPage(browser, target, api, width);
    await open(page, `/targets/progress/${month}/${storeID}`);
    const annCell = userRow(page, ann).locator('a.targets-met');
    // Each cell reads the actual of the target, and the percentage.
    await eventually(async () => expect(await annCell.textContent()).toContain('£100.00 of £100.00'));
    await eventually(async () => expect(await annCell.textContent()).toContain('100.0%'));
    const totalRow = page.locator('tr.ant-table-row', { hasText: 'Store total' });
    await eventually(async () => expect(await totalRow.locator('a.targets-missed').first().textContent()).toContain('£100.00 of £200.00'));
    await eventually(async () => expect(await totalRow.locator('a.targets-missed').first().textContent()).toContain('50.0%'));
    await eventually(async () => expect(await userRow(page, bob).locator('a.targets-missed').textContent()).toContain('£0.00'));
    expect(await annCell.getAttribute('href')).toMatch(new RegExp(`^/sales/${storeID}/params/[A-Za-z0-9_-]+$`));
    await shot(page, `targets-progress-${width}`);

    // Difference, with the target of the URL highlighted until a click.
    const bobTarget = (await actuals(month)).find((t) => t.userID === bob.userID);
    await open(page, `/targets/variance/${month}/${storeID}/${bobTarget!.targetID}`);
    await eventually(async () => expect(await totalRow.locator('a.targets-missed').first().textContent()).toContain('-£100.00'));
    await eventually(async () => expect(await userRow(page, ann).locator('a.targets-met').textContent()).toContain('£0.00'));
    await eventually(async () => expect(await userRow(page, ann).locator('a.targets-met').textContent()).toContain('target £100.00'));
    await eventually(async () => expect(await userRow(page, bob).locator('a.targets-missed').textContent()).toContain('-£50.00'));
    await page.getByText('The target you clicked').waitFor();
    await shot(page, `targets-variance-${width}`);
    await page.getByRole('columnheader', { name: 'User' }).click();
    await eventually(async () => expect(await page.getByText('The target you clicked').isVisible()).toBe(false));

    // The link opens the sales behind the actual: Ann's sale.
    await open(page, `/targets/progress/${month}/${storeID}`);
    await userRow(page, ann).locator('a.targets-met').click();
    // The sales screen turns /sales/{storeID}/params/{base64} into its filters: Ann's, this store's.
    await page.waitForURL((url) => url.pathname === `/sales/${storeID}` && decodeURIComponent(url.search).includes(`attributableToUserID=${ann.userID}`), {
      waitUntil: 'commit',
    });
    await page.context().close();
  });

  it.each([
    [1280, '2021-07-01', '2021-09-01', 40],
    [800, '2021-08-01', '2021-10-01', 64],
  ])('copies a month into the grid at %i px', async (width, from, to, total) => {
    // The source is not the month before: the day picked chooses it.
    await put(from, [
      entry(null, total, { targetType: 'quantity' }),
      entry(bob, 12.5, { targetType: 'quantity' }),
      entry(ann, 30, { analysisFieldID: field.analysisFieldID, analysisListItemID: field.analysisListItems[0].analysisListItemID }),
    ]);
    const page = await signedInPage(browser, target, api, width);
    await open(page, `/targets/set/${to}/${storeID}`);
    await page.getByRole('button', { name: 'Copy from another month' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('The current targets of this store and month will be overwritten.').waitFor();
    // Any day of the source month chooses it.
    const picker = dialog.getByLabel('Copy from');
    await picker.click();
    await picker.fill(`15/${from.slice(5, 7)}/2021`);
    await picker.press('Enter');
    const copyButton = dialog.getByRole('button', { name: 'Copy 3 targets' });
    await eventually(async () => expect(await copyButton.isEnabled()).toBe(true));
    await shot(page, `targets-copy-${width}`);
    await copyButton.click();
    await eventually(async () => expect(await page.getByLabel('Store total Quantity overall').inputValue()).toBe(String(total)));
    await eventually(async () => expect(await page.getByLabel(`${bob.name} Quantity overall`).inputValue()).toBe('12.5'));
    await eventually(async () => expect(await page.getByLabel(`${ann.name} Revenue (£) Colour Red`).inputValue()).toBe('£30.00'));
    await saveButton(page).click();
    await eventually(async () => expect(await saveButton(page).isDisabled()).toBe(true));
    const copied = await actuals(to);
    expect(copied.map((t) => [t.userID, t.targetType, t.analysisListItemID, t.target]).sort()).toEqual(
      [
        [0, 'quantity', 0, total],
        [bob.userID, 'quantity', 0, 12.5],
        [ann.userID, 'revenue', field.analysisListItems[0].analysisListItemID, 30],
      ].sort(),
    );
    await page.context().close();
  });

  it.each([
    [1280, '2022-01-01'],
    [800, '2022-02-01'],
  ])('a value over the maximum is refused naming its cell, the grid left unsaved, at %i px', async (width, month) => {
    // The server refuses the save with a 400 naming the cell.
    expectConsoleErrors(failedLoad(400, '/api/targets/'));
    await put(month, []);
    const page = await signedInPage(browser, target, api, width);
    await open(page, `/targets/set/${month}/${storeID}`);
    const bobQuantity = `${bob.name} Quantity overall`;
    await page.getByLabel(storeTotalLabel).fill('999999999');
    await page.getByLabel(bobQuantity).fill('999999999');
    await page.getByLabel(bobQuantity).press('Enter');
    await eventually(async () => expect(await saveButton(page).isEnabled()).toBe(true));
    await saveButton(page).click();
    const failure = page.locator('.grid-editor-failure');
    await failure.waitFor();
    await shot(page, `targets-save-failure-${width}`);
    // As the record dialog: a summary over 'Label - message' per cell, each naming its cell as the
    // grid shows it, never the server's key (targets.0.target) nor its joined summary.
    const summary = failure.locator('.ant-alert-message');
    const details = failure.locator('.fail-details li');
    expect(await summary.innerText()).toBe('Please correct 2 fields');
    expect(await details.allInnerTexts()).toEqual([
      'Store total, Revenue (£) overall - Target must be at most 99999999',
      `${bob.name}, Quantity overall - Target must be at most 99999999`,
    ]);
    expect(await failure.innerText()).not.toContain('targets.');
    // Nothing saved, the grid still unsaved with the values typed.
    expect(await saveButton(page).isEnabled()).toBe(true);
    expect(await page.getByLabel(storeTotalLabel).inputValue()).toBe('£999,999,999.00');
    expect(await actuals(month)).toEqual([]);

    // One failing cell: its message alone, naming the cell.
    await page.getByLabel(bobQuantity).fill('5');
    await page.getByLabel(bobQuantity).press('Enter');
    await saveButton(page).click();
    await eventually(async () => expect(await summary.innerText()).toBe('Store total, Revenue (£) overall - Target must be at most 99999999'));
    expect(await details.count()).toBe(0);
    await shot(page, `targets-save-failure-one-${width}`);
    expect(await saveButton(page).isEnabled()).toBe(true);
    expect(await actuals(month)).toEqual([]);

    // Corrected, it saves and the message goes.
    await page.getByLabel(storeTotalLabel).fill('1000');
    await page.getByLabel(storeTotalLabel).press('Enter');
    await saveButton(page).click();
    await eventually(async () => expect(await saveButton(page).isDisabled()).toBe(true));
    expect(await failure.count()).toBe(0);
    expect((await actuals(month)).map((t) => [t.userID, t.targetType, t.target]).sort()).toEqual(
      [
        [0, 'revenue', 1000],
        [bob.userID, 'quantity', 5],
      ].sort(),
    );
    await page.context().close();
  });

  it('corrects the URL and says when a store has nothing to target', async () => {
    const page = await signedInPage(browser, target, api, 1280);
    // A day that is not the first: the first of its month, the URL replaced.
    await page.goto(`${target.baseUrl}/targets/progress/2021-02-17/${storeID}`);
    await page.waitForURL(`${target.baseUrl}/targets/progress/2021-02-01/${storeID}`);
    // An unknown view: the set view.
    await page.goto(`${target.baseUrl}/targets/totals/2021-02-01/${storeID}`);
    await page.waitForURL(`${target.baseUrl}/targets/set/2021-02-01/${storeID}`);
    const plain = (await api.send('POST', 'store', { name: attemptName('No targets store'), storeTypeID, targetRevenue: false, targetQuantity: false })).data;
    await page.goto(`${target.baseUrl}/targets/set/2021-02-01/${Number(plain.storeID)}`);
    await page.getByText('There is nothing to target at this store', { exact: false }).waitFor();
    expect(await page.getByRole('table', { name: 'Targets' }).count()).toBe(0);
    await page.context().close();
  });

  it.each([1280, 800])("a profile without stores reads 'No store selected...' on targets and daily stats at %i px", async (width) => {
    const profile = (
      await api.send('POST', 'accessProfile', { name: attemptName(`No stores ${width}`), systemAreas: 'RecordTargets, RecordDailyStats', storeIDs: [] })
    ).data;
    const name = attemptName(`Nora Nostore ${width}`);
    const email = `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`;
    await api.send('POST', 'user', { name, email, password: 'Targets-1234!', confirm: 'Targets-1234!', accessProfileID: profile.accessProfileID });
    const page = await signedInPage(browser, target, await Api.logIn(target.baseUrl, email, 'Targets-1234!'), width);
    for (const path of ['/targets', '/daily/dailyStats']) {
      await page.goto(`${target.baseUrl}${path}`);
      await page.getByText('No store selected...', { exact: true }).waitFor();
      // No store to redirect to: the address stays, and no grid shows.
      expect(new URL(page.url()).pathname).toBe(path);
      expect(await page.locator('.grid-editor-table').count()).toBe(0);
      await shot(page, `no-store${path.replace(/\//g, '-')}-${width}`);
    }
    await page.context().close();
  });

  it.each([
    [1280, '2021-11-01'],
    [800, '2021-12-01'],
  ])('asks before leaving unsaved changes and stays on No at %i px', async (width, month) => {
    const page = await signedInPage(browser, target, api, width);
    await open(page, `/targets/set/${month}/${storeID}`);
    await page.getByLabel(`${bob.name} Revenue (£) overall`).fill('12.34');
    await eventually(async () => expect(await saveButton(page).isEnabled()).toBe(true));
    await page.getByRole('tab', { name: 'Progress' }).click();
    const question = page.getByRole('dialog').filter({ hasText: QUESTION });
    await question.waitFor();
    await question.getByRole('button', { name: 'No' }).click();
    await eventually(async () => expect(await question.isVisible()).toBe(false));
    expect(new URL(page.url()).pathname).toBe(`/targets/set/${month}/${storeID}`);
    await eventually(async () => expect(await page.getByLabel(`${bob.name} Revenue (£) overall`).inputValue()).toBe('£12.34'));
    await page.context().close();
  });
});
