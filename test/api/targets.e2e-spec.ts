import { Client, createAnalysisField, expectFailure, expectStatus, Row, TestUser } from '../support/api';
import { BIG, refused, refusedOn } from '../support/refusals';
import { createSeller, recordSale, SalesWorld, salesWorld, setStep } from './sales-fixtures';

/**
 * Targets (docs/http-api.md, "Targets (issue 11)"; docs/decisions.md, "Targets"): a store's
 * month saved whole with RecordTargets, entries the store's grid cannot hold dropped and
 * reported, malformed values a 400 that writes nothing, actuals counted as ARCHITECTURE.md says,
 * and revenue kept from a profile without showRevenue. Sales of this file are dated in 2020 and
 * its targets are for months of 2020.
 */

const YEAR = 2020;
const COUNTED = 'recorded,modified,reconciled';

let w: SalesWorld;
/** Store A targets revenue and quantity; store B revenue only (the default). */
let storeA: Row;
let storeB: Row;
/** RecordTargets and the sales areas at A and B, showing revenue. */
let manager: TestUser;
/** RecordTargets at A, without showRevenue. */
let quantityManager: TestUser;
/** Store A without RecordTargets. */
let reader: TestUser;
/** RecordTargets at B only. */
let outsider: TestUser;
/** An inactive user whose profile has store A. */
let inactive: TestUser;
/** An active user whose profile has store B only. */
let elsewhere: TestUser;
/** Single, targets both types, at A: X and Y enabled for targets, Z not. */
let field: Row;
let itemX: Row;
let itemY: Row;
let itemZ: Row;
/** Single, revenue only, at A. */
let revenueField: Row;
/** Single, targets both, at B only. */
let fieldAtB: Row;
/** Multi, at A, with target flags (set in the database: the API offers them to single fields only). */
let multiField: Row;

const put = (api: Client, store: Row, date: string, body?: unknown) => api.put(`/api/targets/${store.storeID}/${date}`, body);
const putRaw = (store: Row, date: string, raw: string) =>
  manager.api.put(`/api/targets/${store.storeID}/${date}`).set('Content-Type', 'application/json').send(raw);
const actualsOf = (api: Client, store: Row, date: string) => api.get(`/api/targets/actuals?storeID=${store.storeID}&targetDate=${date}`);

/** The month's targets with actuals, as `api` (the manager unless told) reads them. */
async function grid(store: Row, date: string, api: Client = manager.api): Promise<Row[]> {
  return expectStatus(await actualsOf(api, store, date), 200).body.listData;
}

/** Saves as the manager and answers the body (validationResult, listData, data). */
async function save(store: Row, date: string, entries: Row[], api: Client = manager.api): Promise<Row> {
  const body = expectStatus(await put(api, store, date, entries), 200).body;
  expect(body.validationResult).toEqual({ fail: false });
  return body;
}

/** A cell's coordinates and value, for comparing grids whatever ids and names they carry. */
const cellOf = (r: Row) => [r.targetType, r.userID, r.targetForUserID, r.analysisFieldID, r.analysisListItemID, r.target, r.isTarget, r.hours, r.weight];
const cells = (rows: Row[]) => rows.map(cellOf).sort();

/** A user's overall quantity target of `target`. */
const userQuantity = (user: TestUser, target: number, more: Row = {}): Row => ({ userID: user.userID, targetType: 'quantity', target, ...more });

/** The seller's quantity target of `target` for `item` of `itemField` (the first item unless told). */
const sellerItem = (target: number, itemField: Row, item: Row = itemField.analysisListItems[0]): Row => ({
  ...userQuantity(w.seller, target),
  analysisFieldID: itemField.analysisFieldID,
  analysisListItemID: item.analysisListItemID,
});

function month(m: number): string {
  return `${YEAR}-${String(m).padStart(2, '0')}-01`;
}

beforeAll(async () => {
  w = await salesWorld(YEAR);
  const { t, admin } = w;
  storeA = expectStatus(await admin.put(`/api/store/${w.storeA.storeID}`, { ...w.storeA, targetRevenue: true, targetQuantity: true }), 200).body.data;
  storeB = w.storeB;
  expect(storeB).toEqual(expect.objectContaining({ targetRevenue: true, targetQuantity: false }));
  const both = [storeA.storeID, storeB.storeID];
  manager = await createSeller(t, admin, both, { areas: ['RecordTargets', 'RecordSales', 'RecordRefunds', 'UpdateSales'] });
  quantityManager = await createSeller(t, admin, [storeA.storeID], { areas: ['RecordTargets'], profile: { showRevenue: false } });
  reader = await createSeller(t, admin, [storeA.storeID], { areas: [] });
  outsider = await createSeller(t, admin, [storeB.storeID], { areas: ['RecordTargets'] });
  inactive = await createSeller(t, admin, [storeA.storeID], { active: false, login: false });
  elsewhere = await createSeller(t, admin, [storeB.storeID], { login: false });

  field = await createAnalysisField(admin, {
    inputType: 'single',
    targetRevenue: true,
    targetQuantity: true,
    storeIDs: [storeA.storeID],
    analysisListItems: [
      { code: 'X', description: 'Extra large', enableTargets: true },
      { code: 'Y', enableTargets: true },
      { code: 'Z', enableTargets: false },
    ],
  });
  [itemX, itemY, itemZ] = ['X', 'Y', 'Z'].map((code) => field.analysisListItems.find((i: Row) => i.code === code));
  revenueField = await createAnalysisField(admin, {
    inputType: 'single',
    targetRevenue: true,
    storeIDs: [storeA.storeID],
    analysisListItems: [{ code: 'R', enableTargets: true }],
  });
  fieldAtB = await createAnalysisField(admin, {
    inputType: 'single',
    targetRevenue: true,
    targetQuantity: true,
    storeIDs: [storeB.storeID],
    analysisListItems: [{ code: 'B1', enableTargets: true }],
  });
  multiField = await createAnalysisField(admin, { inputType: 'multi', storeIDs: [storeA.storeID], analysisListItems: [{ code: 'M1', enableTargets: true }] });
  await t.dataSource.query(`UPDATE analysisField SET targetRevenue = 1, targetQuantity = 1 WHERE analysisFieldID = ${Number(multiField.analysisFieldID)}`);
});
afterAll(() => w?.t.close());

describe('permissions and store scope', () => {
  it('saving needs RecordTargets (403, nothing written); reading does not', async () => {
    await refused(w.t, () => put(reader.api, storeA, month(1), [userQuantity(w.seller, 5)]), 403);
    expect(await grid(storeA, month(1), reader.api)).toEqual([]);
  });

  it('a store outside the profile is a 403 on PUT (whatever the body) and on actuals, nothing written', async () => {
    await refused(w.t, () => put(outsider.api, storeA, month(1), [userQuantity(w.seller, 5)]), 403);
    await refused(w.t, () => put(outsider.api, storeA, month(1), 'not a list'), 403);
    await refused(w.t, () => put(outsider.api, { storeID: 2_000_000_000 }, month(1), []), 403);
    expectFailure(await actualsOf(outsider.api, storeA, month(1)), 403);
  });

  it('reading and saving need a store in the profile (403)', async () => {
    const storeless = await createSeller(w.t, w.admin, [], { areas: ['RecordTargets'] });
    expectFailure(await storeless.api.get('/api/targets'), 403);
    expectFailure(await actualsOf(storeless.api, storeA, month(1)), 403);
    expectFailure(await storeless.api.get(`/api/accessProfileStores?storeID=${storeA.storeID}`), 403);
  });

  it('GET /api/targets lists only the stores of the profile', async () => {
    await save(storeA, month(2), [userQuantity(w.seller, 3)]);
    await save(storeB, month(2), [{ userID: manager.userID, targetType: 'revenue', target: 300 }]);
    const atA: Row[] = expectStatus(await reader.api.get(`/api/targets?targetDate=${month(2)}&pageLength=500`), 200).body.listData;
    expect(atA.map((r) => r.storeID)).toEqual([storeA.storeID]);
    const atB: Row[] = expectStatus(await outsider.api.get(`/api/targets?targetDate=${month(2)}&pageLength=500`), 200).body.listData;
    expect(atB.map((r) => r.storeID)).toEqual([storeB.storeID]);
    expect(expectStatus(await outsider.api.get(`/api/targets?storeID=${storeA.storeID}&targetDate=${month(2)}`), 200).body.listData).toEqual([]);
    const both: Row[] = expectStatus(await manager.api.get(`/api/targets?targetDate=${month(2)}&pageLength=500`), 200).body.listData;
    expect(both.map((r) => r.storeID).sort()).toEqual([storeA.storeID, storeB.storeID].sort());
    // A target of another store, asked for by id, is not found.
    expectFailure(await outsider.api.get(`/api/targets?targetID=${atA[0].targetID}`), 404);
    expect(expectStatus(await reader.api.get(`/api/targets?targetID=${atA[0].targetID}`), 200).body.data).toEqual(
      expect.objectContaining({ targetID: atA[0].targetID }),
    );
  });

  describe('a profile without showRevenue', () => {
    const revenue = (target: number) => ({ userID: w.seller.userID, targetType: 'revenue', target });

    it('sees no revenue targets in the list or the actuals', async () => {
      await save(storeA, month(3), [revenue(1000), userQuantity(w.seller, 10)]);
      const listed: Row[] = expectStatus(await quantityManager.api.get(`/api/targets?storeID=${storeA.storeID}&targetDate=${month(3)}`), 200).body.listData;
      expect(listed.map((r) => r.targetType)).toEqual(['quantity']);
      expect((await grid(storeA, month(3), quantityManager.api)).map((r) => r.targetType)).toEqual(['quantity']);
      expect(expectStatus(await quantityManager.api.get(`/api/targets?storeID=${storeA.storeID}&targetType=revenue`), 200).body.listData).toEqual([]);
      // The control: a profile showing revenue sees both.
      expect((await grid(storeA, month(3))).map((r) => r.targetType).sort()).toEqual(['quantity', 'revenue']);
    });

    it('a revenue entry in its PUT is a 400 naming the entry, nothing written', async () => {
      const before = await grid(storeA, month(3));
      await refusedOn(w.t, ['targets.1.targetType'], () => put(quantityManager.api, storeA, month(3), [userQuantity(w.seller, 11), revenue(5)]));
      expect(await grid(storeA, month(3))).toEqual(before);
    });

    it('its saves replace the quantity targets and leave the revenue targets as they are', async () => {
      await save(storeA, month(4), [revenue(700), { userID: 0, targetType: 'revenue', target: 2000 }, userQuantity(w.seller, 4)]);
      const revenueBefore = (await grid(storeA, month(4))).filter((r) => r.targetType === 'revenue');
      expect(revenueBefore).toHaveLength(2);
      const saved = await save(storeA, month(4), [userQuantity(w.seller, 6)], quantityManager.api);
      expect(saved.listData).toEqual([expect.objectContaining({ ...userQuantity(w.seller, 6), targetForUserID: w.seller.userID, analysisFieldID: 0 })]);
      await save(storeA, month(4), [], quantityManager.api);
      const after = await grid(storeA, month(4));
      expect(after).toEqual(revenueBefore);
    });
  });
});

describe('the month in the path', () => {
  it.each(['2020-03-02', '2020-13-01', '2020-00-01', '2020-3-01', 'abc', '2020-03-01T00:00:00.000Z', '20200301'])(
    '%s is a 400 on PUT, nothing written',
    async (date) => {
      const failure = await refused(w.t, () => put(manager.api, storeA, encodeURIComponent(date), [userQuantity(w.seller, 1)]));
      expect(Object.keys(failure.failMessages)).toEqual(['targetDate']);
    },
  );

  it.each(['2020-03-02', 'abc', ''])('targetDate=%s is a 400 on actuals', async (date) => {
    expectFailure(await actualsOf(manager.api, storeA, date));
  });

  it('actuals without a store or with a bad one is a 400', async () => {
    expectFailure(await manager.api.get(`/api/targets/actuals?targetDate=${month(1)}`));
    expectFailure(await manager.api.get(`/api/targets/actuals?storeID=abc&targetDate=${month(1)}`));
    expectFailure(await manager.api.get(`/api/targets/actuals?storeID=${storeA.storeID}`));
  });
});

describe('values: a 400 naming the entry and field, nothing written', () => {
  const DATE = month(5);
  let before: Row[];
  beforeAll(async () => {
    await save(storeA, DATE, [userQuantity(w.seller, 9), { userID: 0, targetType: 'quantity', target: 20 }]);
    before = await grid(storeA, DATE);
  });
  afterEach(async () => {
    expect(await grid(storeA, DATE)).toEqual(before);
  });

  const refusedAt = (fields: string[], entries: Row[]) => refusedOn(w.t, fields, () => put(manager.api, storeA, DATE, entries));

  it('the control: per-user 2 decimals and a whole store total are accepted', async () => {
    const saved = await save(storeA, month(6), [userQuantity(w.seller, 2.55), { userID: 0, targetType: 'quantity', target: 10 }]);
    expect(saved.listData.map((r: Row) => r.target).sort()).toEqual([10, 2.55]);
    await save(storeA, month(6), []);
  });

  it.each<[string, Row, string]>([
    ['a per-user target with 3 decimals', { target: 2.555 }, 'target'],
    ['a negative target', { target: -1 }, 'target'],
    ['a target as a string', { target: '5' }, 'target'],
    ['a null target', { target: null }, 'target'],
    ['hours with decimals', { hours: 1.5 }, 'hours'],
    ['negative hours', { hours: -1 }, 'hours'],
    ['hours over a month (745)', { hours: 745 }, 'hours'],
    ['hours as a string', { hours: '10' }, 'hours'],
    ['weight with decimals', { weight: 50.5 }, 'weight'],
    ['negative weight', { weight: -5 }, 'weight'],
    ['weight over 1000', { weight: 1001 }, 'weight'],
    ['a user id as a string', { userID: String(1) }, 'userID'],
    ['a negative user', { userID: -1 }, 'userID'],
    ['an unknown target type', { targetType: 'margin' }, 'targetType'],
    ['isTarget as a string', { isTarget: 'yes' }, 'isTarget'],
    ['an unknown field', { colour: 'red' }, 'colour'],
    ['a field id with decimals', { analysisFieldID: 1.5, analysisListItemID: 1 }, 'analysisFieldID'],
  ])('%s', async (_what, spoil, key) => {
    await refusedAt([`targets.1.${key}`], [userQuantity(w.seller, 1), userQuantity(manager, 2, spoil)]);
  });

  it('the messages name the entry by its position in the list sent', async () => {
    const failure = await refusedAt(['targets.1.colour', 'targets.1.target'], [userQuantity(w.seller, 1), userQuantity(manager, 2.555, { colour: 'red' })]);
    expect(failure.failMessages).toEqual({
      'targets.1.colour': 'Unknown field targets.1.colour',
      'targets.1.target': 'Target must be a number with at most 2 decimals',
    });
  });

  it.each(BIG)('a target of %d is a 400', async (n) => {
    await refusedAt(['targets.0.target'], [userQuantity(w.seller, n)]);
  });

  it('a store total with decimals is a 400 (10.5)', async () => {
    await refusedAt(['targets.0.target'], [{ userID: 0, targetType: 'quantity', target: 10.5 }]);
  });

  it("hours or weight on a store total are a 400 (they are a user row's share of it)", async () => {
    await refusedAt(['targets.0.hours'], [{ userID: 0, targetType: 'quantity', target: 10, hours: 5 }]);
    await refusedAt(['targets.0.weight'], [{ userID: 0, targetType: 'quantity', target: 10, weight: 100 }]);
  });

  it('more entries than a grid can hold (10 001) is a 400', async () => {
    const many = Array.from({ length: 10_001 }, () => userQuantity(w.seller, 1));
    expect(Object.keys((await refused(w.t, () => put(manager.api, storeA, DATE, many))).failMessages)).toEqual(['targets']);
  });

  it('two entries for one cell are a 400 naming the second', async () => {
    await refusedAt(['targets.1'], [userQuantity(w.seller, 1), userQuantity(w.seller, 2)]);
    await refusedAt(['targets.2'], [sellerItem(1, field, itemX), userQuantity(w.seller, 1), sellerItem(3, field, itemX)]);
  });

  it('a list item without its field, or a field without an item, is a 400', async () => {
    await refusedAt(['targets.0.analysisListItemID'], [{ ...userQuantity(w.seller, 1), analysisListItemID: itemX.analysisListItemID }]);
    await refusedAt(['targets.0.analysisListItemID'], [{ ...userQuantity(w.seller, 1), analysisFieldID: field.analysisFieldID }]);
  });

  it("a targetForUserID other than the row's user is a 400 (the row's own is accepted)", async () => {
    await refusedAt(['targets.0.targetForUserID'], [userQuantity(w.seller, 1, { targetForUserID: manager.userID })]);
    await refusedAt(['targets.0.targetForUserID'], [userQuantity(w.seller, 1, { targetForUserID: 0 })]);
    await refusedAt(['targets.0.targetForUserID'], [{ userID: 0, targetType: 'quantity', target: 1, targetForUserID: w.seller.userID }]);
    const own = [userQuantity(w.seller, 1, { targetForUserID: w.seller.userID }), { userID: 0, targetType: 'quantity', target: 1, targetForUserID: 0 }];
    const saved = await save(storeA, month(6), own);
    expect(saved.listData.map((r: Row) => [r.userID, r.targetForUserID]).sort()).toEqual(
      [
        [0, 0],
        [w.seller.userID, w.seller.userID],
      ].sort(),
    );
    await save(storeA, month(6), []);
  });

  it('a missing userID, targetType or target is a 400', async () => {
    await refusedAt(['targets.0.userID'], [{ targetType: 'quantity', target: 1 }]);
    await refusedAt(['targets.0.targetType'], [{ userID: w.seller.userID, target: 1 }]);
    await refusedAt(['targets.0.target'], [{ userID: w.seller.userID, targetType: 'quantity' }]);
  });

  it.each([
    ['malformed JSON', '[{"userID": 1'],
    ['a JSON object', '{"userID": 1, "targetType": "quantity", "target": 1}'],
    ['a JSON string', '"targets"'],
    ['JSON null', 'null'],
    ['a list holding a number', '[1]'],
    ['a list holding null', '[null]'],
    ['a list holding a list', '[[]]'],
  ])('%s as the body is a 400', async (_what, raw) => {
    await refused(w.t, () => putRaw(storeA, DATE, raw));
  });

  it('an empty body is a 400 (an empty list is the way to clear a month)', async () => {
    await refused(w.t, () => manager.api.put(`/api/targets/${storeA.storeID}/${DATE}`));
  });

  it('__proto__ in an entry is an unknown field', async () => {
    await refused(w.t, () => putRaw(storeA, DATE, `[{"userID": ${w.seller.userID}, "targetType": "quantity", "target": 1, "__proto__": {"isTarget": false}}]`));
  });
});

describe('entries the grid cannot hold are dropped, reported, and the rest saved', () => {
  /** Saves `kept` plus `entry` in an empty month, expects `entry` dropped with `reason`, and empties the month again. */
  async function dropped(store: Row, entry: Row, reason: RegExp | string): Promise<void> {
    const date = 7;
    const kept = { userID: 0, targetType: 'revenue', target: 100 };
    const body = await save(store, month(date), [kept, entry]);
    expect(body.data.dropped).toEqual([{ index: 1, reason: expect.stringMatching(reason) }]);
    expect(cells(body.listData)).toEqual(
      cells([{ ...kept, targetForUserID: 0, analysisFieldID: 0, analysisListItemID: 0, isTarget: true, hours: 0, weight: 0 }]),
    );
    expect(cells(await grid(store, month(date)))).toEqual(cells(body.listData));
    await save(store, month(date), []);
  }

  it('the control: a user of the store, an item of a targeting field at the store are saved, nothing dropped', async () => {
    const entries = [
      userQuantity(w.seller, 1),
      sellerItem(2, field, itemX),
      {
        userID: 0,
        targetType: 'revenue',
        target: 5,
        analysisFieldID: revenueField.analysisFieldID,
        analysisListItemID: revenueField.analysisListItems[0].analysisListItemID,
      },
    ];
    const body = await save(storeA, month(7), entries);
    expect(body.data).toEqual({ dropped: [] });
    expect(body.listData).toHaveLength(3);
    await save(storeA, month(7), []);
  });

  it('a user who is inactive', async () => {
    await dropped(storeA, userQuantity(inactive, 3), "The user is not among the store's users");
  });

  it('a user whose profile does not have the store', async () => {
    await dropped(storeA, userQuantity(elsewhere, 3), "The user is not among the store's users");
  });

  it("a user of the store whose profile does not sell (an administrator: the grid's rows are the store's sellers)", async () => {
    const notSelling = await createSeller(w.t, w.admin, [storeA.storeID], { login: false, profile: { sells: false } });
    await dropped(storeA, userQuantity(notSelling, 3), "The user is not among the store's users");
  });

  it('a user id that does not exist', async () => {
    await dropped(storeA, { userID: 2_000_000_000, targetType: 'revenue', target: 3 }, "The user is not among the store's users");
  });

  it('an overall target of a type the store does not target (quantity at B)', async () => {
    await dropped(storeB, { userID: 0, targetType: 'quantity', target: 3 }, 'The store does not target quantity');
    await dropped(storeB, { userID: manager.userID, targetType: 'quantity', target: 3 }, 'The store does not target quantity');
  });

  it('a field that is not at the store', async () => {
    await dropped(storeA, sellerItem(1, fieldAtB), 'The analysis field is not targeted at this store');
  });

  it('a field that is not single input (even with target flags)', async () => {
    await dropped(storeA, sellerItem(1, multiField), 'The analysis field is not targeted at this store');
  });

  it('a field that does not target that type', async () => {
    await dropped(storeA, sellerItem(1, revenueField), 'The analysis field does not target quantity');
  });

  it('a field id that does not exist', async () => {
    await dropped(
      storeA,
      { ...userQuantity(w.seller, 1), analysisFieldID: 2_000_000_000, analysisListItemID: 1 },
      'The analysis field is not targeted at this store',
    );
  });

  it('a list item that is not in the field', async () => {
    await dropped(storeA, sellerItem(1, field, revenueField.analysisListItems[0]), 'The list item is not in the analysis field');
  });

  it('a list item without enableTargets', async () => {
    await dropped(storeA, sellerItem(1, field, itemZ), 'The list item is not enabled for targets');
  });

  it('dropped entries are reported by their position among several', async () => {
    const body = await save(storeA, month(12), [userQuantity(inactive, 1), userQuantity(w.seller, 2), userQuantity(elsewhere, 3), userQuantity(manager, 4)]);
    expect(body.data.dropped.map((d: Row) => d.index)).toEqual([0, 2]);
    expect(body.listData.map((r: Row) => r.userID).sort()).toEqual([w.seller.userID, manager.userID].sort());
    await save(storeA, month(12), []);
  });
});

describe('saving a whole grid', () => {
  const SLEEP = () => new Promise((resolve) => setTimeout(resolve, 1100));

  it('replaces the month: a cell left out is deleted, unchanged cells keep id and stamps, other months and stores untouched', async () => {
    const DATE = month(8);
    const itemTarget = sellerItem(2, field, itemY);
    const first: Row[] = (
      await save(storeA, DATE, [userQuantity(w.seller, 5), userQuantity(manager, 6), { userID: 0, targetType: 'quantity', target: 11 }, itemTarget])
    ).listData;
    expect(first).toHaveLength(4);
    const otherMonth = (await save(storeA, month(9), [userQuantity(w.seller, 1)])).listData;
    const otherStore = (await save(storeB, DATE, [{ userID: 0, targetType: 'revenue', target: 10 }])).listData;
    await SLEEP();
    const find = (rows: Row[], userID: number, fieldID = 0) =>
      rows.find((r) => r.userID === userID && r.analysisFieldID === fieldID && r.targetType === 'quantity');
    const second: Row[] = (await save(storeA, DATE, [userQuantity(w.seller, 5), userQuantity(manager, 7), { ...itemTarget, target: 3 }])).listData;
    expect(second).toHaveLength(3);
    expect(find(second, 0)).toBeUndefined();
    // Unchanged: every field as it was, the update stamp included.
    const sellerBefore = find(first, w.seller.userID)!;
    expect(without(find(second, w.seller.userID)!, ['actual'])).toEqual(without(sellerBefore, ['actual']));
    // Changed: the same id and creation, a new value and update stamp.
    const managerAfter = find(second, manager.userID)!;
    const managerBefore = find(first, manager.userID)!;
    expect(managerAfter).toEqual(expect.objectContaining({ targetID: managerBefore.targetID, target: 7, createdDate: managerBefore.createdDate }));
    expect(managerAfter.updatedDate).not.toBe(managerBefore.updatedDate);
    expect(find(second, w.seller.userID, field.analysisFieldID)).toEqual(
      expect.objectContaining({ targetID: find(first, w.seller.userID, field.analysisFieldID)!.targetID, target: 3 }),
    );
    expect(await grid(storeA, DATE)).toEqual(second);
    expect(await grid(storeA, month(9))).toEqual(otherMonth);
    expect(await grid(storeB, DATE)).toEqual(otherStore);
    // An empty list clears the month.
    expect((await save(storeA, DATE, [])).listData).toEqual([]);
    expect(await grid(storeA, month(9))).toEqual(otherMonth);
  });

  it('stamps the saver; another user editing a cell is its updater, its creator stays', async () => {
    const DATE = month(10);
    const [row] = (await save(storeA, DATE, [userQuantity(w.seller, 5)])).listData;
    expect(row).toEqual(expect.objectContaining({ createdByUserName: manager.data.name, updatedByUserName: manager.data.name }));
    const [edited] = (await save(storeA, DATE, [userQuantity(w.seller, 8)], quantityManager.api)).listData;
    expect(edited).toEqual(
      expect.objectContaining({ targetID: row.targetID, target: 8, createdByUserName: manager.data.name, updatedByUserName: quantityManager.data.name }),
    );
    await save(storeA, DATE, []);
  });

  it('a cell with isTarget false keeps its hours and weight and no value; one with no hours either is not stored', async () => {
    const DATE = month(11);
    const body = await save(storeA, DATE, [
      userQuantity(w.seller, 40, { isTarget: false, hours: 120, weight: 100 }),
      userQuantity(manager, 0, { isTarget: false, hours: 0, weight: 0 }),
      { userID: 0, targetType: 'quantity', target: 100 },
    ]);
    expect(body.listData).toHaveLength(2);
    expect(body.listData.find((r: Row) => r.userID === w.seller.userID)).toEqual(
      expect.objectContaining({ isTarget: false, target: 0, hours: 120, weight: 100, targetForUserID: w.seller.userID }),
    );
    expect(await grid(storeA, DATE)).toEqual(body.listData);
    await save(storeA, DATE, []);
  });

  it('what GET answers goes back unchanged: actuals, names, ids and audit fields are accepted and ignored', async () => {
    const DATE = month(12);
    await save(storeA, DATE, [
      userQuantity(w.seller, 5, { hours: 100, weight: 100 }),
      { userID: 0, targetType: 'revenue', target: 900 },
      sellerItem(2, field, itemX),
    ]);
    const read = await grid(storeA, DATE);
    const again = await save(storeA, DATE, read);
    expect(again.listData).toEqual(read);
    expect(again.data).toEqual({ dropped: [] });
    // The list's rows go back too, and claiming other ids, names, stores or actuals changes nothing.
    const listed: Row[] = expectStatus(await manager.api.get(`/api/targets?storeID=${storeA.storeID}&targetDate=${DATE}`), 200).body.listData;
    expect((await save(storeA, DATE, listed)).listData).toEqual(read);
    const claims = { targetID: 1, storeID: storeB.storeID, storeName: 'X', userName: 'Y', actual: 123456, error: 'none' };
    const lying = read.map((r) => ({ ...r, ...claims, createdByUserName: 'hacker', updatedDate: '2001-01-01T00:00:00.000Z' }));
    expect((await save(storeA, DATE, lying)).listData).toEqual(read);
    expect(await grid(storeB, DATE)).toEqual([]);
    await save(storeA, DATE, []);
  });

  it('saves of the same new grid at once all succeed and make each cell once', async () => {
    const DATE = month(1);
    const grids = Array.from({ length: 5 }, (_, n) => [userQuantity(w.seller, n + 1), { userID: 0, targetType: 'revenue', target: 100 + n }]);
    const answers = await Promise.all(grids.map((entries) => put(manager.api, storeA, DATE, entries)));
    for (const res of answers) expectStatus(res, 200);
    const rows = await grid(storeA, DATE);
    expect(rows).toHaveLength(2);
    await save(storeA, DATE, []);
  });
});

function without(row: Row, names: string[]): Row {
  return Object.fromEntries(Object.entries(row).filter(([k]) => !names.includes(k)));
}

describe('actuals', () => {
  const MARCH = month(3);
  const APRIL = month(4);
  /** Seller's sales in March: X recorded, X modified, Y reconciled, X cancelled; manager: X recorded. */
  let sellerSales: Row[];
  let managerSale: Row;
  let rows: Row[];
  /** The March grid's row of `userID` (0 store total) for the item (overall when none). */
  const rowOf = (type: string, userID: number, item?: Row) =>
    rows.find((r) => r.targetType === type && r.userID === userID && r.analysisListItemID === (item?.analysisListItemID ?? 0))!;
  const saleOn = (api: Client, userID: number, day: string, code: string) =>
    recordSale(w, api, {
      attributableToUserID: userID,
      saleDate: day,
      saleAnalysisValues: [{ analysisFieldID: field.analysisFieldID, analysisValue: code }],
    });

  beforeAll(async () => {
    sellerSales = [];
    for (const code of ['X', 'X', 'Y', 'X']) sellerSales.push(await saleOn(w.seller.api, w.seller.userID, `${YEAR}-03-10`, code));
    await setStep(w, sellerSales[1].saleID, 'modified');
    await setStep(w, sellerSales[2].saleID, 'reconciled');
    const [, , , cancelled] = sellerSales;
    expectStatus(await w.seller.api.put(`/api/sale/${cancelled.saleID}`, { ...cancelled, newStep: 'cancelled', newStepNote: 'Customer left' }), 200);
    managerSale = await saleOn(manager.api, manager.userID, `${YEAR}-03-31`, 'X');
    // Sales either side of March and at store B do not count in March at A.
    await saleOn(w.seller.api, w.seller.userID, `${YEAR}-02-29`, 'X');
    await saleOn(w.seller.api, w.seller.userID, `${YEAR}-04-01`, 'X');
    const atB = { storeID: storeB.storeID, rateCardLineStoreID: w.lineB.rateCardLineStoreID };
    await recordSale(w, manager.api, { ...atB, attributableToUserID: manager.userID, saleDate: `${YEAR}-03-15` });
    // A refund of a March sale, dated in April: lowers April, leaves March.
    expectStatus(
      await w.seller.api.put(`/api/sale/${sellerSales[0].saleID}`, {
        ...sellerSales[0],
        isRefunded: true,
        isRefundedNote: 'Changed mind',
        isRefundedOrderRef: '98765432109876543210',
      }),
      200,
    );
    const [refund] = expectStatus(await w.admin.get(`/api/sales?refSaleID=${sellerSales[0].saleID}`), 200).body.listData;
    await w.t.dataSource.query(`UPDATE sale SET saleDate = '${YEAR}-04-20' WHERE saleID = ${Number(refund.saleID)}`);

    const targets = (type: string) => [
      { userID: 0, targetType: type, target: 10 },
      { userID: w.seller.userID, targetType: type, target: 5 },
      { userID: manager.userID, targetType: type, target: 5 },
      { userID: 0, targetType: type, target: 4, analysisFieldID: field.analysisFieldID, analysisListItemID: itemX.analysisListItemID },
      { userID: w.seller.userID, targetType: type, target: 3, analysisFieldID: field.analysisFieldID, analysisListItemID: itemX.analysisListItemID },
      { userID: w.seller.userID, targetType: type, target: 1, analysisFieldID: field.analysisFieldID, analysisListItemID: itemY.analysisListItemID },
    ];
    const all = [...targets('quantity'), ...targets('revenue')];
    await save(storeA, MARCH, all);
    await save(storeA, APRIL, all.slice(0, 2).concat(all.slice(6, 8)));
    rows = await grid(storeA, MARCH);
  });

  it('count recorded, modified and reconciled sales, never cancelled ones, in the month only', () => {
    // Seller: X recorded (refunded later, still counting), X modified, Y reconciled; the cancelled X does not count.
    expect(rowOf('quantity', w.seller.userID).actual).toBe(3);
    expect(rowOf('revenue', w.seller.userID).actual).toBe(300);
    expect(rowOf('quantity', manager.userID).actual).toBe(1);
    expect(rowOf('revenue', manager.userID).actual).toBe(100);
  });

  it('a store total counts every user of the store', () => {
    expect(rowOf('quantity', 0).actual).toBe(4);
    expect(rowOf('revenue', 0).actual).toBe(400);
  });

  it('a list item target counts the sales with that analysis value', () => {
    expect(rowOf('quantity', w.seller.userID, itemX).actual).toBe(2);
    expect(rowOf('revenue', w.seller.userID, itemX).actual).toBe(200);
    expect(rowOf('quantity', w.seller.userID, itemY).actual).toBe(1);
    expect(rowOf('quantity', 0, itemX).actual).toBe(3);
    expect(rowOf('revenue', 0, itemX).actual).toBe(300);
  });

  it('a refund counts -1 and its negative revenue on its own date (April), its original still counting in March', async () => {
    const april = await grid(storeA, APRIL);
    const of = (type: string, userID: number) => april.find((r) => r.targetType === type && r.userID === userID)!;
    // April: one sale on the 1st, less the refund of a March sale.
    expect(of('quantity', 0).actual).toBe(0);
    expect(of('revenue', 0).actual).toBe(0);
    expect(of('quantity', w.seller.userID).actual).toBe(0);
    expect(of('revenue', w.seller.userID).actual).toBe(0);
  });

  it('each row names its field label, item code and item description; error is empty for a cell the grid can hold', () => {
    expect(rowOf('quantity', 0, itemX)).toEqual(
      expect.objectContaining({ analysisFieldLabel: field.label, analysisListItemCode: 'X', analysisListItemDescription: 'Extra large', error: '' }),
    );
    expect(rowOf('quantity', 0)).toEqual(
      expect.objectContaining({
        analysisFieldLabel: '',
        analysisListItemCode: '',
        analysisListItemDescription: '',
        error: '',
        userName: '',
        targetForUserID: 0,
      }),
    );
    expect(rowOf('quantity', w.seller.userID)).toEqual(
      expect.objectContaining({
        userName: w.seller.data.name,
        targetForUserName: w.seller.data.name,
        storeName: storeA.name,
        targetDate: `${MARCH}T00:00:00.000Z`,
      }),
    );
  });

  it('actualSaleParams decodes to the sales filter, and GET /api/sales with it lists exactly the sales behind the actual', async () => {
    for (const row of rows) {
      const params = JSON.parse(Buffer.from(row.actualSaleParams, 'base64url').toString('utf8'));
      const expected: Row = { storeID: storeA.storeID, targetDate: MARCH, currentHistoryStep: COUNTED };
      if (row.targetForUserID !== 0) expected.attributableToUserID = row.targetForUserID;
      if (row.analysisListItemID !== 0) expected.analysisValue = row.analysisListItemCode;
      expect(params).toEqual(expected);
      const query = new URLSearchParams({ ...params, pageLength: '500' }).toString();
      const sales: Row[] = expectStatus(await w.admin.get(`/api/sales?${query}`), 200).body.listData;
      const counted = sales.reduce((n, s) => n + (s.isRefund ? -1 : 1), 0);
      const revenue = sales.reduce((n, s) => n + Math.round(s.adjustedRevenue * 100), 0) / 100;
      expect([row.targetType, row.userID, row.analysisListItemCode, row.targetType === 'quantity' ? counted : revenue]).toEqual([
        row.targetType,
        row.userID,
        row.analysisListItemCode,
        row.actual,
      ]);
    }
    const storeTotal = JSON.parse(Buffer.from(rowOf('quantity', 0).actualSaleParams, 'base64url').toString('utf8'));
    const ids: number[] = expectStatus(
      await w.admin.get(`/api/sales?${new URLSearchParams({ ...storeTotal, pageLength: '500' }).toString()}`),
      200,
    ).body.listData.map((s: Row) => s.saleID);
    expect(ids.sort()).toEqual([...sellerSales.slice(0, 3), managerSale].map((s) => s.saleID).sort());
  });

  it('a target the grid can no longer hold says why in error (a user who left the store)', async () => {
    const leaver = await createSeller(w.t, w.admin, [storeA.storeID], { login: false });
    await save(storeA, month(5), [userQuantity(leaver, 3)]);
    expect((await grid(storeA, month(5))).find((r) => r.userID === leaver.userID)!.error).toBe('');
    await w.t.dataSource.query(`UPDATE user SET active = 0 WHERE userID = ${Number(leaver.userID)}`);
    expect((await grid(storeA, month(5))).find((r) => r.userID === leaver.userID)!.error).toBe("The user is not among the store's users");
  });

  it('GET /api/targets answers the same targets, and its filters work', async () => {
    const base = `/api/targets?storeID=${storeA.storeID}&targetDate=${MARCH}&pageLength=500`;
    const listed: Row[] = expectStatus(await manager.api.get(base), 200).body.listData;
    expect(cells(listed)).toEqual(cells(rows));
    expect(listed.find((r) => r.analysisListItemID === itemX.analysisListItemID)).toEqual(
      expect.objectContaining({ analysisListItemDescription: 'Extra large' }),
    );
    const quantity: Row[] = expectStatus(await manager.api.get(`${base}&targetType=quantity`), 200).body.listData;
    expect(quantity).toHaveLength(6);
    const forSeller: Row[] = expectStatus(await manager.api.get(`${base}&targetForUserNameLower=${encodeURIComponent(w.seller.data.name.toUpperCase())}`), 200)
      .body.listData;
    expect(forSeller.map((r) => r.targetForUserID)).toEqual(Array(6).fill(w.seller.userID));
    const storeName = encodeURIComponent(storeA.name.toUpperCase());
    const byStore: Row[] = expectStatus(await manager.api.get(`/api/targets?targetDate=${MARCH}&storeNameLower=${storeName}&pageLength=500`), 200).body
      .listData;
    expect(byStore).toHaveLength(12);
  });

  it.each([
    ['targetDate=2020-3-1', 'targetDate', 'Must be a date yyyy-mm-dd'],
    // A date with a time is a date, but not this filter's format.
    ['targetDate=2020-03-01T10:00', 'targetDate', 'Must be a date yyyy-mm-dd'],
    // Text, but not a type: the message says what is allowed (not 'Must be text').
    ['targetType=margin', 'targetType', 'One of quantity, revenue'],
    ['targetType=quantity,margin', 'targetType', 'One of quantity, revenue'],
    [`storeNameLower=${'s'.repeat(51)}`, 'storeNameLower', 'Must be text of at most 50 characters'],
    [`targetForUserNameLower=${'u'.repeat(26)}`, 'targetForUserNameLower', 'Must be text of at most 25 characters'],
  ])('GET /api/targets?%s is a 400 naming the filter', async (query, key, message) => {
    const failure = expectFailure(await manager.api.get(`/api/targets?${query}`));
    expect(failure.failMessages).toEqual({ [key]: message });
  });
});

describe('GET /api/accessProfileStores and /api/analysisFieldStores, as the grid reads them', () => {
  it("a store's profiles with their users (active flag included)", async () => {
    const res = expectStatus(
      await reader.api.get(`/api/accessProfileStores?storeID=${storeA.storeID}&fkJoins=accessProfile,accessProfile.users&pageLength=500`),
      200,
    );
    const rows: Row[] = res.body.listData;
    expect(new Set(rows.map((r) => r.storeID))).toEqual(new Set([storeA.storeID]));
    const users = rows.flatMap((r) => r.accessProfile.users as Row[]);
    expect(users).toEqual(expect.arrayContaining([expect.objectContaining({ userID: w.seller.userID, name: w.seller.data.name, active: true })]));
    expect(users).toEqual(expect.arrayContaining([expect.objectContaining({ userID: inactive.userID, active: false })]));
    expect(users.map((u) => u.userID)).not.toContain(elsewhere.userID);
    // Without fkJoins, no users.
    const plain: Row[] = expectStatus(await reader.api.get(`/api/accessProfileStores?storeID=${storeA.storeID}`), 200).body.listData;
    expect(plain[0].accessProfile).toBeUndefined();
  });

  it("only the caller's stores", async () => {
    expect(
      expectStatus(await reader.api.get(`/api/accessProfileStores?storeID=${storeB.storeID}&fkJoins=accessProfile,accessProfile.users`), 200).body.listData,
    ).toEqual([]);
    const all: Row[] = expectStatus(await reader.api.get('/api/accessProfileStores?pageLength=500'), 200).body.listData;
    expect(all.length).toBeGreaterThan(0);
    expect(new Set(all.map((r) => r.storeID))).toEqual(new Set([storeA.storeID]));
  });

  it('an unknown fkJoin is a 400', async () => {
    expectFailure(await reader.api.get(`/api/accessProfileStores?storeID=${storeA.storeID}&fkJoins=accessProfile.password`));
  });

  it("a store's analysis fields with their list items", async () => {
    const rows: Row[] = expectStatus(
      await reader.api.get(`/api/analysisFieldStores?storeID=${storeA.storeID}&fkJoins=analysisField,analysisField.analysisListItems&pageLength=500`),
      200,
    ).body.listData;
    const targeted = rows.find((r) => r.analysisFieldID === field.analysisFieldID)!;
    expect(targeted.analysisField).toEqual(expect.objectContaining({ inputType: 'single', targetRevenue: true, targetQuantity: true }));
    expect(targeted.analysisField.analysisListItems.map((i: Row) => [i.code, i.enableTargets])).toEqual([
      ['X', true],
      ['Y', true],
      ['Z', false],
    ]);
    expect(rows.map((r) => r.analysisFieldID)).not.toContain(fieldAtB.analysisFieldID);
  });
});
