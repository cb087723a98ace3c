import {
  binary,
  Client,
  createAccessProfile,
  createRateCard,
  createRateCardLine,
  createSaleType,
  createSkuType,
  createStore,
  createUser,
  expectFailure,
  expectStatus,
  login,
  as,
  Row,
  TestUser,
  xlsxRows,
} from '../support/api';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, TestApp } from '../support/test-app';

/**
 * Revenue and commission visibility (docs/http-api.md, "Revenue and commission figures"): a
 * profile without showRevenue / showCommission never receives that figure: not in lists,
 * records, nested store cells, exports or the rate card compare; filtering or sorting on it is
 * a 400. With the flag everything is there.
 */

let t: TestApp;
let admin: Client;
let storeA: Row;
let storeB: Row;
let from: Row;
let to: Row;
/** The line on both cards whose stores change only their commission; its SKU. */
const COMMISSION_ONLY = 'FIG-COMM';
/** The line on both cards whose revenue changes at store A. */
const REVENUE_TOO = 'FIG-REV';
let lineID: number;

/** Sales staff of store A: revenue yes, commission no (the spec's defaults). */
let noCommission: TestUser;
/** Sales staff of store A who see neither figure. */
let neither: TestUser;
/** Sales staff of store A who see both. */
let both: TestUser;
/** Set-up staff (every store) without commission: edits lines it cannot see the commission of. */
let setupNoCommission: TestUser;

async function staff(showRevenue: boolean, showCommission: boolean, areas = ['RecordSales', 'AccessAPI'], storeIDs = [storeA.storeID]): Promise<TestUser> {
  const profile = await createAccessProfile(admin, { areas, storeIDs, showRevenue, showCommission });
  return createUser(t.http, admin, { accessProfileID: profile.accessProfileID, storeID: storeIDs[0] });
}

const stores = (revenueA: number, commissionA: number) => [
  { storeID: storeA.storeID, active: true, revenue: revenueA, commission: commissionA },
  { storeID: storeB.storeID, active: true, revenue: 20, commission: 4 },
];

beforeAll(async () => {
  t = await startTestApp();
  admin = as(t.http, await login(t.http, ADMIN_EMAIL, ADMIN_PASSWORD));
  storeA = await createStore(admin);
  storeB = await createStore(admin, { storeTypeID: storeA.storeTypeID });
  const saleType = await createSaleType(admin, { storeIDs: [storeA.storeID, storeB.storeID] });
  const skuType = await createSkuType(admin);
  from = await createRateCard(admin);
  to = await createRateCard(admin, {
    fromDate: new Date(new Date(`${from.fromDate.slice(0, 10)}T00:00:00Z`).getTime() + 86_400_000).toISOString().slice(0, 10),
  });
  const line = (card: Row, sku: string, revenueA: number, commissionA: number) =>
    createRateCardLine(admin, {
      rateCardID: card.rateCardID,
      saleTypeID: saleType.saleTypeID,
      skuTypeID: skuType.skuTypeID,
      sku,
      rateCardLineStores: stores(revenueA, commissionA),
    });
  lineID = (await line(from, COMMISSION_ONLY, 10, 2)).rateCardLineID;
  await line(to, COMMISSION_ONLY, 10, 3);
  await line(from, REVENUE_TOO, 15, 1);
  await line(to, REVENUE_TOO, 16, 1);
  noCommission = await staff(true, false);
  neither = await staff(false, false);
  both = await staff(true, true);
  setupNoCommission = await staff(true, false, ['SystemSetup', 'AccessAPI'], [storeA.storeID, storeB.storeID]);
});
afterAll(() => t?.close());

/** Every object in `value` (at any depth) that has a `storeID` and an `active` flag: a store cell. */
function storeCells(value: unknown): Row[] {
  if (Array.isArray(value)) return value.flatMap(storeCells);
  if (!value || typeof value !== 'object') return [];
  const row = value as Row;
  const own = 'storeID' in row && 'active' in row ? [row] : [];
  return [...own, ...Object.values(row).flatMap(storeCells)];
}

/** Asserts which figures the store cells of `body` carry, and that there are some cells. */
function expectFigures(body: unknown, revenue: boolean, commission: boolean) {
  const cells = storeCells(body);
  expect(cells.length).toBeGreaterThan(0);
  for (const cell of cells) {
    expect('revenue' in cell).toBe(revenue);
    expect('commission' in cell).toBe(commission);
    if (revenue) expect(typeof cell.revenue).toBe('number');
    if (commission) expect(typeof cell.commission).toBe('number');
  }
  // Not under any other name either.
  expect(JSON.stringify(body).includes('"commission"')).toBe(commission);
}

const cases: Array<[string, () => TestUser, boolean, boolean]> = [
  ['revenue only', () => noCommission, true, false],
  ['neither', () => neither, false, false],
  ['both', () => both, true, true],
];

describe.each(cases)('a profile seeing %s', (_, who, revenue, commission) => {
  it('lists line stores with only those figures', async () => {
    const res = expectStatus(await who().api.get(`/api/rateCardLineStores?rateCardID=${from.rateCardID}&fkJoins=rateCardLine,rateCardLine.rateCard`), 200);
    expect(res.body.listData).toHaveLength(2); // store A's, of the two lines
    expectFigures(res.body.listData, revenue, commission);
  });

  it('reads one line store with only those figures', async () => {
    const list = expectStatus(await admin.get(`/api/rateCardLineStores?rateCardLineID=${lineID}&storeID=${storeA.storeID}`), 200).body.listData;
    const res = expectStatus(await who().api.get(`/api/rateCardLineStores?rateCardLineStoreID=${list[0].rateCardLineStoreID}`), 200);
    expectFigures(res.body.data, revenue, commission);
  });

  it("shows a line's store cells with only those figures, in the list and the record", async () => {
    const list = expectStatus(await who().api.get(`/api/rateCardLines?rateCardID=${from.rateCardID}&fkJoins=rateCardLineStores,file`), 200);
    expectFigures(list.body.listData, revenue, commission);
    const record = expectStatus(await who().api.get(`/api/rateCardLines?rateCardLineID=${lineID}&fkJoins=rateCardLineStores`), 200);
    expectFigures(record.body.data, revenue, commission);
  });

  it('exports line stores without the hidden columns', async () => {
    const { res, body } = await binary(who().api.get(`/api/rateCardLineStores/excel?rateCardID=${from.rateCardID}&fileName=stores`));
    expectStatus(res, 200);
    const [header, ...rows] = await xlsxRows(body);
    expect(header.includes('Revenue')).toBe(revenue);
    expect(header.includes('Commission')).toBe(commission);
    expect(header).toEqual(expect.arrayContaining(['Store', 'SKU', 'Active']));
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row.length).toBeLessThanOrEqual(header.length);
  });

  it('compares cards with only those figures; a change of a hidden figure is no change', async () => {
    const data = expectStatus(await who().api.get(`/api/rateCardCompare?rateCardIDs=${from.rateCardID},${to.rateCardID}`), 200).body.data;
    const changed = data.saleTypes.flatMap((g: Row) => g.changed) as Row[];
    const fields = (sku: string) => (changed.find((c) => c.sku === sku)?.changes ?? []).map((c: Row) => c.field);
    expect(fields(COMMISSION_ONLY)).toEqual(commission ? ['commission'] : []);
    expect(fields(REVENUE_TOO)).toEqual(revenue ? ['revenue'] : []);
    expect(data.totals).toEqual({ added: 0, removed: 0, changed: Number(commission) + Number(revenue), unchanged: 2 - Number(commission) - Number(revenue) });
    expect(JSON.stringify(data).includes('"commission"')).toBe(commission);
  });

  it('refuses to filter or sort by a hidden figure (400), allows the others', async () => {
    for (const [kind, shown] of [
      ['revenue', revenue],
      ['commission', commission],
    ] as const) {
      for (const query of [`sort=${kind}`, `${kind}GEQ=1`, `${kind}=2`, `${kind}Not=2`]) {
        for (const path of ['/api/rateCardLineStores', '/api/rateCardLineStores/excel']) {
          const res = await who().api.get(`${path}?rateCardID=${from.rateCardID}&${query}`);
          if (shown) expectStatus(res, 200);
          else {
            // The message is keyed by the parameter as sent (commissionGEQ, sort).
            const failMessages = expectFailure(res).failMessages;
            expect(Object.keys(failMessages)).toEqual([query.split('=')[0].startsWith('sort') ? 'sort' : query.split('=')[0]]);
            expect(Object.values(failMessages).join(' ')).toMatch(new RegExp(`${kind} is not shown to your access profile`, 'i'));
          }
        }
      }
    }
  });
});

describe('a set-up profile without commission', () => {
  it('sends a line back without its commission and the saved commission stays', async () => {
    const read = expectStatus(await setupNoCommission.api.get(`/api/rateCardLines?rateCardLineID=${lineID}&fkJoins=rateCardLineStores`), 200).body.data;
    expectFigures(read, true, false);
    const saved = expectStatus(await setupNoCommission.api.put(`/api/rateCardLine/${lineID}`, { ...read, description: 'Edited without commission' }), 200).body
      .data;
    expectFigures(saved, true, false);
    const after = expectStatus(await admin.get(`/api/rateCardLines?rateCardLineID=${lineID}&fkJoins=rateCardLineStores`), 200).body.data;
    expect(after.description).toBe('Edited without commission');
    expect(after.rateCardLineStores.map((s: Row) => [s.storeID, s.revenue, s.commission])).toEqual(
      expect.arrayContaining([
        [storeA.storeID, 10, 2],
        [storeB.storeID, 20, 4],
      ]),
    );
  });
});
