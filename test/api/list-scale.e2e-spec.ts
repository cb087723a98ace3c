import type { QueryRunner } from 'typeorm';
import type { AuthUser } from '../../src/common/auth/auth-user';
import { ListService, UNINDEXED_SORT_MAX } from '../../src/common/list/list.service';
import type { ListDefinition } from '../../src/common/list/list-definition';
import { storeList } from '../../src/modules/master-data/stores/stores.service';
import { rateCardLineList, rateCardLineStoreList } from '../../src/modules/rate-cards/lines/rate-card-line-rows';
import { saleList } from '../../src/modules/sales/sale-rows';
import {
  as,
  binary,
  Client,
  createRateCard,
  createSaleType,
  createSkuType,
  createAccessProfile,
  createStore,
  createUser,
  expectFailure,
  expectStatus,
  listIDs,
  login,
  Row,
  xlsxRows,
} from '../support/api';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, TestApp } from '../support/test-app';

/**
 * The list engine at scale (issue 7, docs/http-api.md "List parameters"): pages cut by the
 * database with the id breaking ties, counts from their own query, listIDs as a window,
 * large lists refusing sorts no index serves, and the Excel export read by keyset.
 *
 * Rate card line stores are the large list here: LINES lines on one card, each with a row in
 * store A and every second one in store B (more rows than UNINDEXED_SORT_MAX in all), written
 * with multi-row INSERTs; everything is read back through HTTP.
 */

const LINES = 7_000;
const SALES = 6_000;
let t: TestApp;
let admin: Client;
let storeA: Row;
let storeB: Row;
/** Every line store as inserted: id, store, revenue, commission, effective SKU. */
let lineStores: Array<{ id: number; storeID: number; revenue: number; commission: number; sku: string; active: boolean }>;

async function insertRows(runner: QueryRunner, table: string, rows: Row[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) {
    await runner.manager
      .createQueryBuilder()
      .insert()
      .into(table)
      .values(rows.slice(i, i + 500))
      .execute();
  }
}

beforeAll(async () => {
  t = await startTestApp();
  admin = as(t.http, await login(t.http, ADMIN_EMAIL, ADMIN_PASSWORD));
  storeA = await createStore(admin);
  storeB = await createStore(admin);
  const saleType = await createSaleType(admin, { storeIDs: [storeA.storeID, storeB.storeID] });
  const skuType = await createSkuType(admin);
  const card = await createRateCard(admin);
  const audit = { createdByUserName: 'test', createdDate: new Date(), updatedByUserName: 'test', updatedDate: new Date() };
  const runner = t.dataSource.createQueryRunner();
  try {
    const lines = Array.from({ length: LINES }, (_, i) => ({
      rateCardID: card.rateCardID,
      saleTypeID: saleType.saleTypeID,
      skuTypeID: skuType.skuTypeID,
      sku: `SC-${String(i).padStart(5, '0')}`,
      // Few distinct values: sorts by them are mostly ties.
      description: `Product ${i % 4}`,
      customerRRP: 0,
      customerMonthly: 10,
      contractMonths: 24,
      ...audit,
    }));
    await insertRows(runner, 'rateCardLine', lines);
    const lineIDs = (
      await t.dataSource.query(`SELECT rateCardLineID AS id, sku FROM rateCardLine WHERE rateCardID = ? ORDER BY rateCardLineID`, [card.rateCardID])
    ).map((r: Row) => ({ id: Number(r.id), sku: String(r.sku) }));
    const rows: Row[] = [];
    lineIDs.forEach((line: { id: number; sku: string }, i: number) => {
      // Every 9th store row has its own SKU, which sorts elsewhere than the line's.
      const override = i % 9 === 0 ? `AA-${String(i).padStart(5, '0')}` : null;
      rows.push({ rateCardLineID: line.id, storeID: storeA.storeID, revenue: (i % 7) * 5, commission: i % 3, sku: override, active: true });
      if (i % 2 === 0)
        rows.push({ rateCardLineID: line.id, storeID: storeB.storeID, revenue: (i % 5) * 10, commission: 1, sku: override, active: i % 4 === 0 });
    });
    await insertRows(runner, 'rateCardLineStore', rows);
    const skuOf = new Map(lineIDs.map((line: { id: number; sku: string }) => [line.id, line.sku]));
    lineStores = (
      await t.dataSource.query(
        `SELECT rateCardLineStoreID AS id, rateCardLineID AS lineID, storeID, revenue, commission, sku, active FROM rateCardLineStore WHERE storeID IN (?, ?)`,
        [storeA.storeID, storeB.storeID],
      )
    ).map((r: Row) => ({
      id: Number(r.id),
      storeID: Number(r.storeID),
      revenue: Number(r.revenue),
      commission: Number(r.commission),
      sku: r.sku ?? skuOf.get(Number(r.lineID)),
      active: Boolean(Number(r.active)),
    }));
    // Sales over two years in both stores, so the query planners choose as they do with real data
    // (an empty table gives them nothing to choose by): the sales sorts' plans are checked below.
    const adminID = (await admin.get('/api/user/me')).body.data.userID;
    const lineStoreA = lineStores.find((ls) => ls.storeID === storeA.storeID)!;
    const lineStoreB = lineStores.find((ls) => ls.storeID === storeB.storeID)!;
    const lineIDOf = async (id: number) =>
      Number((await t.dataSource.query('SELECT rateCardLineID AS id FROM rateCardLineStore WHERE rateCardLineStoreID = ?', [id]))[0].id);
    const [lineA, lineB] = [await lineIDOf(lineStoreA.id), await lineIDOf(lineStoreB.id)];
    const sales = Array.from({ length: SALES }, (_, i) => {
      const inA = i % 3 !== 0;
      const day = new Date(Date.UTC(2020, 0, 1) + Math.floor((i * 730) / SALES) * 86_400_000).toISOString().slice(0, 10);
      return {
        storeID: inA ? storeA.storeID : storeB.storeID,
        saleTypeID: saleType.saleTypeID,
        attributableToUserID: adminID,
        saleDate: day,
        orderRef: String(10_000_000_000_000_000_000n + BigInt(i)),
        rateCardID: card.rateCardID,
        rateCardLineID: inA ? lineA : lineB,
        rateCardLineStoreID: inA ? lineStoreA.id : lineStoreB.id,
        sku: `SC-${i % 50}`,
        currentHistoryStep: 'recorded',
        revenue: 10,
        adjustedRevenue: 10,
        ...audit,
      };
    });
    await insertRows(runner, 'sale', sales);
    if (t.dataSource.options.type !== 'better-sqlite3') await t.dataSource.query('ANALYZE TABLE sale');
    else await t.dataSource.query('ANALYZE');
  } finally {
    await runner.release();
  }
}, 180_000);
afterAll(() => t?.close());

/** A set-up user for the engine's own calls (the medium tests below skip HTTP). */
const setUpUser = {
  userID: 1,
  name: 'test',
  storeIDs: [],
  systemAreas: new Set(['SystemSetup']),
  showRevenue: true,
  showCommission: true,
} as unknown as AuthUser;

type Expected = (typeof lineStores)[number];
const inStore = (store: Row) => lineStores.filter((ls) => ls.storeID === store.storeID);
/** The order the list must give: the sort value, then the id, both in the sort's direction. */
function ordered(rows: Expected[], key: 'revenue' | 'commission' | 'sku' | 'id', dir: 'asc' | 'desc'): number[] {
  const sign = dir === 'asc' ? 1 : -1;
  const compare = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);
  return [...rows].sort((a, b) => sign * (compare(a[key], b[key]) || a.id - b.id)).map((r) => r.id);
}

/** Every page of a list, one request each, concatenated. */
async function allPages(query: string, pageLength: number): Promise<{ ids: number[]; rowCounts: Set<number> }> {
  const ids: number[] = [];
  const rowCounts = new Set<number>();
  for (let page = 0; ; page++) {
    const res = expectStatus(await admin.get(`/api/rateCardLineStores?${query}&page=${page}&pageLength=${pageLength}`), 200);
    rowCounts.add(res.body.page.rowCount);
    expect(listIDs(res)).toEqual(res.body.listData.map((r: Row) => r.rateCardLineStoreID));
    if (res.body.listData.length === 0) return { ids, rowCounts };
    ids.push(...res.body.listData.map((r: Row) => r.rateCardLineStoreID));
  }
}

describe('pages cut by the database', () => {
  it.each([
    ['revenue', 'asc'],
    ['revenue', 'desc'],
    ['commission', 'desc'],
    ['sku', 'asc'],
  ] as const)('sorted by %s %s with ties, every row is on exactly one page, in order', async (sort, dir) => {
    const expected = ordered(inStore(storeB), sort, dir);
    const { ids, rowCounts } = await allPages(`storeID=${storeB.storeID}&sort=${sort}&sortDir=${dir}`, 500);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expected);
    expect([...rowCounts]).toEqual([expected.length]);
  });

  it('a deep page is the same slice of the order as walking there', async () => {
    const expected = ordered(inStore(storeA), 'revenue', 'desc');
    const res = expectStatus(await admin.get(`/api/rateCardLineStores?storeID=${storeA.storeID}&sort=revenue&sortDir=desc&page=120&pageLength=50`), 200);
    expect(res.body.listData.map((r: Row) => r.rateCardLineStoreID)).toEqual(expected.slice(6000, 6050));
    expect(res.body.page).toEqual(
      expect.objectContaining({ page: 120, rowCount: expected.length, pageCount: Math.ceil(expected.length / 50), listIDsFrom: 6000 }),
    );
  });

  it('rowCount is the filtered total, whatever the page', async () => {
    const query = `storeID=${storeB.storeID}&revenueGEQ=20&active=1`;
    const res = expectStatus(await admin.get(`/api/rateCardLineStores?${query}&page=3&pageLength=25`), 200);
    const expected = lineStores.filter((ls) => ls.storeID === storeB.storeID && ls.revenue >= 20 && ls.active);
    expect(expected.length).toBeGreaterThan(100);
    expect(res.body.page.rowCount).toBe(expected.length);
    expect(listIDs(res)).toEqual(ordered(expected, 'id', 'asc').slice(75, 100));
  });

  it("an answer's size depends on the page length, not on how many rows match", async () => {
    const everything = expectStatus(await admin.get('/api/rateCardLineStores?pageLength=10'), 200);
    expect(everything.body.page.rowCount).toBeGreaterThanOrEqual(LINES * 1.5);
    expect(everything.body.listIDs).toHaveLength(10);
    expect(everything.text.length).toBeLessThan(10_000);
  });
});

describe('listIDs: a window of the ordered ids', () => {
  it('windows beyond the page follow on from each other and cover the list exactly once', async () => {
    const expected = ordered(inStore(storeA), 'revenue', 'asc');
    const ids: number[] = [];
    for (let from = 0; from < expected.length; from += 2_500) {
      const res = expectStatus(await admin.get(`/api/rateCardLineStores?storeID=${storeA.storeID}&sort=revenue&listIDsFrom=${from}&listIDsLength=2500`), 200);
      expect(res.body.page.listIDsFrom).toBe(from);
      expect(res.body.listData).toHaveLength(10);
      ids.push(...listIDs(res));
    }
    expect(ids).toEqual(expected);
  });
});

describe('a large list sorts by what no index serves only while few rows match', () => {
  it(`past ${UNINDEXED_SORT_MAX} matching rows, sort=description is a 400 naming sort and the indexed sorts`, async () => {
    const failure = expectFailure(await admin.get('/api/rateCardLineStores?sort=description'));
    expect(failure.failMessages.sort).toMatch(/^10,500 rows match: sorting by description needs at most 10,000\. Filter the list further, or sort by /);
    expect(failure.failMessages.sort).toMatch(/revenue/);
    expectFailure(await admin.get('/api/rateCardLineStores/excel?sort=description'));
  });

  it('names as alternatives only sorts the caller may use: no hidden figure', async () => {
    const profile = await createAccessProfile(admin, { areas: ['SystemSetup'], storeIDs: [storeA.storeID, storeB.storeID], showCommission: false });
    const noCommission = await createUser(t.http, admin, { accessProfileID: profile.accessProfileID });
    const message = expectFailure(await noCommission.api.get('/api/rateCardLineStores?sort=description')).failMessages.sort;
    expect(message).toMatch(/or sort by .*revenue/);
    expect(message).not.toMatch(/commission/);
  });

  it('filtered to fewer rows, the same sort is answered, in order', async () => {
    const res = expectStatus(await admin.get(`/api/rateCardLineStores?storeID=${storeB.storeID}&sort=sku&sortDir=desc&pageLength=20`), 200);
    expect(listIDs(res)).toEqual(ordered(inStore(storeB), 'sku', 'desc').slice(0, 20));
  });

  it('indexed sorts are answered at any size', async () => {
    expectStatus(await admin.get(`/api/rateCardLineStores?storeID=${storeA.storeID}&sort=revenue&sortDir=desc`), 200);
    expectStatus(await admin.get('/api/rateCardLineStores?sort=storeID'), 200);
  });

  it('every indexed sort of a large list has its index, and the database reads the page from it (no sort step)', async () => {
    const lists = t.app.get(ListService);
    const runner = t.dataSource.createQueryRunner();
    const mysql = t.dataSource.options.type !== 'better-sqlite3';
    const sortSteps = async (sql: string, params: unknown[]): Promise<string[]> => {
      const plan: Row[] = await t.dataSource.query(`${mysql ? 'EXPLAIN' : 'EXPLAIN QUERY PLAN'} ${sql}`, params);
      return plan.map((step) => String(mysql ? (step.Extra ?? '') : step.detail)).filter((text) => /filesort|temporary|TEMP B-TREE/i.test(text));
    };
    try {
      // Sales are always limited to the profile's stores: read them as a one-store user does.
      const storeUser = { ...setUpUser, storeIDs: [storeA.storeID] } as AuthUser;
      const lists_: Array<[ListDefinition<Row>, AuthUser]> = [
        [rateCardLineList as ListDefinition<Row>, setUpUser],
        [rateCardLineStoreList as ListDefinition<Row>, setUpUser],
        [saleList as ListDefinition<Row>, storeUser],
      ];
      for (const [definition, user] of lists_) {
        expect(definition.large).toBe(true);
        expect(definition.fields[definition.defaultSort.field].indexed).toBe(true);
        const metadata = t.dataSource.getMetadata(definition.entity);
        const table = await runner.getTable(metadata.tableName);
        for (const [name, field] of Object.entries(definition.fields)) {
          if (!field.indexed) continue;
          const [alias, column] = field.column.split('.');
          expect(alias).toBe(definition.alias);
          const after = field.indexed === true ? [] : [...field.indexed.after];
          const columns = [...after.map((f) => definition.fields[f].column.split('.')[1]), column];
          const primary = after.length === 0 && metadata.primaryColumns.some((c) => c.databaseName === column);
          const index = table!.indices.some((i) => i.columnNames.join() === columns.join());
          expect({ name, index: primary || index }).toEqual({ name, index: true });
          for (const sortDir of ['asc', 'desc']) {
            const query = { sort: name, sortDir, page: '3', pageLength: '10', ...Object.fromEntries(after.map((f) => [f, String(storeA.storeID)])) };
            const [sql, params] = lists.pageQuery(definition, query, user);
            expect({ name, sortDir, sortSteps: await sortSteps(sql, params) }).toEqual({ name, sortDir, sortSteps: [] });
          }
        }
      }
    } finally {
      await runner.release();
    }
  });

  it('a field indexed behind the store sorts at any size only with one store chosen', async () => {
    // revenue needs storeID=one store; over every store it is the 10,000-row rule.
    expectStatus(await admin.get(`/api/rateCardLineStores?storeID=${storeA.storeID}&sort=revenue`), 200);
    const failure = expectFailure(await admin.get('/api/rateCardLineStores?sort=revenue'));
    expect(failure.failMessages.sort).toMatch(/or sort by .*revenue \(filtered to one storeID\)/);
  });
});

describe('a large list with a range filter', () => {
  it('sorts few matches after reading them by the filter, not along the sort index', () => {
    const lists = t.app.get(ListService);
    const query = { storeID: String(storeA.storeID), revenueGEQ: '30', sort: 'rateCardLineStoreID', sortDir: 'desc' };
    const orderBy = (q: Record<string, string>, rowCount?: number) =>
      lists.pageQuery(rateCardLineStoreList as ListDefinition<Row>, q, setUpUser, rowCount)[0].split('ORDER BY')[1];
    expect(orderBy(query, 500)).toMatch(/^\s*COALESCE\(/);
    // Many matches: the index order is the cheap one. No range: the optimizer has no guess to get wrong.
    expect(orderBy(query, UNINDEXED_SORT_MAX + 1)).not.toMatch(/COALESCE/);
    expect(orderBy({ storeID: String(storeA.storeID), sort: 'rateCardLineStoreID', sortDir: 'desc' }, 500)).not.toMatch(/COALESCE/);
    // A range on the sort's own field is read along its index in order.
    expect(orderBy({ storeID: String(storeA.storeID), revenueGEQ: '30', sort: 'revenue', sortDir: 'desc' }, 500)).not.toMatch(/COALESCE/);
  });

  it('answers the same pages either way', async () => {
    const expected = inStore(storeA)
      .filter((ls) => ls.revenue >= 30)
      .map((ls) => ls.id)
      .sort((a, b) => b - a);
    const ids: number[] = [];
    for (let page = 0; ids.length < expected.length; page += 1) {
      const res = expectStatus(
        await admin.get(`/api/rateCardLineStores?storeID=${storeA.storeID}&revenueGEQ=30&sort=rateCardLineStoreID&sortDir=desc&pageLength=500&page=${page}`),
        200,
      );
      expect(res.body.page.rowCount).toBe(expected.length);
      ids.push(...listIDs(res));
    }
    expect(ids).toEqual(expected);
  });
});

describe('the Excel export of a long list', () => {
  it('holds every matching row in the list order, across many read batches', async () => {
    const { res, body } = await binary(
      t.http.get(`/api/rateCardLineStores/excel?token=${encodeURIComponent(admin.token)}&storeID=${storeA.storeID}&sort=revenue&sortDir=desc`),
    );
    expectStatus(res, 200);
    const [header, ...rows] = await xlsxRows(body);
    const id = header.indexOf('ID');
    expect(rows.map((r) => r[id])).toEqual(ordered(inStore(storeA), 'revenue', 'desc'));
  });
});

describe('keyset batches (the export reader) on a nullable sort column', () => {
  it.each(['ASC', 'DESC'] as const)('stores by postCode %s, two at a time, equal the list order', async (dir) => {
    for (const postCode of [null, null, 'E1 7AA', 'E1 7AA', 'N1 1AA', null, 'E1 7AA']) await createStore(admin, { postCode });
    const lists = t.app.get(ListService);
    const q = lists.parse(storeList, { sort: 'postCode', sortDir: dir, pageLength: '500' }, setUpUser);
    const batched: number[] = [];
    for await (const rows of lists.batches(storeList, q, setUpUser, 2)) batched.push(...rows.map((r) => Number(r.storeID)));
    const listed = expectStatus(await admin.get(`/api/stores?sort=postCode&sortDir=${dir}&pageLength=500`), 200);
    expect(batched).toEqual(listIDs(listed));
    expect(new Set(batched).size).toBe(batched.length);
    // A window in the back half is read in the reversed order: NULLs and ties land the same.
    const from = Math.ceil(batched.length * 0.6);
    const window = expectStatus(await admin.get(`/api/stores?sort=postCode&sortDir=${dir}&listIDsFrom=${from}&listIDsLength=4`), 200);
    expect(listIDs(window)).toEqual(batched.slice(from, from + 4));
    const tail = expectStatus(await admin.get(`/api/stores?sort=postCode&sortDir=${dir}&listIDsFrom=${batched.length - 2}&listIDsLength=10`), 200);
    expect(listIDs(tail)).toEqual(batched.slice(-2));
  });
});

describe('the aggregate total is computed by the database over every matching row', () => {
  it('page.aggregateTotal sums the aggregate; listIDs carry each row’s', async () => {
    const lists = t.app.get(ListService);
    const withTotal = { ...rateCardLineStoreList, aggregate: 'rateCardLineStore.revenue' } as ListDefinition<Row>;
    const q = lists.parse(withTotal, { storeID: String(storeB.storeID), sort: 'revenue', pageLength: '5' }, setUpUser);
    const result = await lists.run(withTotal, q, setUpUser);
    const expected = inStore(storeB);
    expect(result.page.aggregateTotal).toBe(expected.reduce((sum, ls) => sum + ls.revenue, 0));
    expect(result.listIDs.map((entry) => entry.aggregate)).toEqual(
      ordered(expected, 'revenue', 'asc')
        .slice(0, 5)
        .map((id) => expected.find((ls) => ls.id === id)!.revenue),
    );
  });

  it('an aggregate declared a figure is neither listed nor totalled for a profile that does not show it', async () => {
    const lists = t.app.get(ListService);
    const asRevenue = {
      ...rateCardLineStoreList,
      aggregate: 'rateCardLineStore.revenue',
      figures: { revenue: ['revenue', 'aggregate'] },
    } as ListDefinition<Row>;
    const noRevenue = { ...setUpUser, showRevenue: false } as AuthUser;
    const hidden = await lists.run(asRevenue, lists.parse(asRevenue, { storeID: String(storeB.storeID), pageLength: '5' }, noRevenue), noRevenue);
    expect(hidden.page.aggregateTotal).toBeUndefined();
    expect(hidden.listIDs.map((entry) => entry.aggregate)).toEqual([null, null, null, null, null]);
    const shown = await lists.run(asRevenue, lists.parse(asRevenue, { storeID: String(storeB.storeID), pageLength: '5' }, setUpUser), setUpUser);
    expect(shown.page.aggregateTotal).toBe(inStore(storeB).reduce((sum, ls) => sum + ls.revenue, 0));
  });
});
