import { DataSource } from 'typeorm';
import { Client, createMetric, createMetricPart, expectStatus, login, Row, TestUser } from '../support/api';
import { createSeller, recordSale, SalesWorld, salesWorld } from './sales-fixtures';

/**
 * The dashboard's answers kept whole (docs/decisions.md, "dashboard answers kept"): a call asked
 * again while nothing it read has changed reads one version and no figure; any change to what it
 * holds (sales, targets, daily stats, metrics, stores, store types, users' names, rate card
 * lines' descriptions), through the API or in SQL, makes the next call read again; an answer that
 * reads `sale` itself is never kept; each caller gets answers made for their own profile; the
 * kept bytes go compressed as the client accepts, with an ETag. Sales are in March 2011.
 */

const YEAR = 2011;
const DATE = '2011-03-15';

let w: SalesWorld;
let admin: Client;
/** Stores A and B, both figures, year cards. */
let manager: TestUser;
/** Store A and B, commission only. */
let commissionOnly: TestUser;
/** Sales counted over footfall. */
let conversion: Row;

/** Runs `work`, answering its result and every statement it ran. */
async function statementsOf<T>(work: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  const runner = w.t.app.get(DataSource).createQueryRunner();
  const proto = Object.getPrototypeOf(runner);
  await runner.release();
  const spy = jest.spyOn(proto, 'query');
  try {
    const result = await work();
    return { result, statements: spy.mock.calls.map((call) => String(call[0])) };
  } finally {
    spy.mockRestore();
  }
}

const figureReads = (statements: string[]) => statements.filter((sql) => sql.includes('SUM(') && !sql.includes('dataVersion'));
const versionReads = (statements: string[]) => statements.filter((sql) => sql.includes('dataVersion'));

async function cards(api: Client = manager.api): Promise<Row> {
  return expectStatus(await api.get(`/api/kpi/cards?date=${DATE}&userID=${w.seller.userID}`), 200).body.data;
}

async function tables(splitBy = 'storeID', api: Client = manager.api): Promise<Row[]> {
  return expectStatus(await api.get(`/api/kpi/tables?date=${DATE}&splitBy=${splitBy}`), 200).body.listData;
}

/** Runs `call` twice: the second must read no figure, only the version. */
async function expectKept<T>(call: () => Promise<T>): Promise<T> {
  const first = await call();
  const again = await statementsOf(call);
  expect(figureReads(again.statements)).toEqual([]);
  expect(versionReads(again.statements)).toHaveLength(1);
  expect(again.result).toEqual(first);
  return first;
}

beforeAll(async () => {
  w = await salesWorld(YEAR);
  admin = w.admin;
  const both = [w.storeA.storeID, w.storeB.storeID];
  manager = await createSeller(w.t, admin, both, { areas: ['RecordSales', 'ViewYearCards'] });
  commissionOnly = await createSeller(w.t, admin, both, { areas: ['RecordSales'], profile: { showRevenue: false, showCommission: true } });
  expectStatus(await admin.put(`/api/store/${w.storeA.storeID}`, { ...w.storeA, targetRevenue: true, targetQuantity: true }), 200);
  const type = expectStatus(await admin.get(`/api/storeTypes?storeTypeID=${w.storeA.storeTypeID}`), 200).body.listData[0];
  expectStatus(await admin.put(`/api/storeType/${type.storeTypeID}`, { name: type.name, recordFootfall: true }), 200);
  await recordSale(w, admin, { saleDate: DATE });
  await recordSale(w, admin, { saleDate: DATE });
  expectStatus(await admin.put(`/api/dailyStats/${w.storeA.storeID}`, [{ dailyStatDate: DATE, footfall: 40 }]), 200);
  conversion = await createMetric(admin, { name: 'Kept 2011 conversion', metricType: 'percent', successValue: 0.05 });
  await createMetricPart(admin, { metricID: conversion.metricID, tableName: 'sales', field: 'revenueCount', divisionPart: 'numerator', params: '{}' });
  await createMetricPart(admin, { metricID: conversion.metricID, tableName: 'dailyStats', field: 'footfallTotal', divisionPart: 'denominator', params: '{}' });
});

afterAll(() => w?.t.close());

const monthCard = (data: Row) => data.cards.find((c: Row) => c.period === 'month');
const storeCard = (data: Row, store: Row) => data.storeCards.find((s: Row) => s.storeID === store.storeID);
const tableRow = (listData: Row[], name: string, key: number) => listData.find((t) => t.name === name)!.rows.find((r: Row) => r.key === key);
const footfallOf = (row: Row) => row.metricParts[`metric${conversion.metricID}`].find((p: Row) => p.field === 'footfallTotal').current;

describe('kept dashboard answers', () => {
  it('answers cards, tables, league tables and the daily table again from what it kept: one version read, no figure read, the same answer', async () => {
    await expectKept(() => cards());
    await expectKept(() => tables());
    await expectKept(async () => expectStatus(await manager.api.get(`/api/kpi/leagueTables?date=${DATE}`), 200).body.listData);
    await expectKept(async () => expectStatus(await manager.api.get(`/api/kpi/drhTable?fromDate=${YEAR}-03-01&toDate=${DATE}`), 200).body.data);
    // A login writes the user's row, not their name: the answer stays kept.
    await login(w.t.http, manager.email, manager.password);
    expect(figureReads((await statementsOf(() => cards())).statements)).toEqual([]);
  });

  it('reads again after any change to what the answer holds, made through the API or in SQL', async () => {
    const sql = (statement: string) => w.t.dataSource.query(statement);
    let data = await expectKept(() => cards());
    const before = monthCard(data).current;

    // A sale recorded through the API: the month's count.
    await recordSale(w, admin, { saleDate: DATE });
    data = await expectKept(() => cards());
    expect(monthCard(data).current.revenueCount).toBe(before.revenueCount + 1);

    // A sale's amount changed in SQL (the sales' triggers).
    const [sale] = await sql(`SELECT saleID FROM sale WHERE storeID = ${w.storeA.storeID} AND saleDate = '${DATE}' ORDER BY saleID LIMIT 1`);
    await sql(`UPDATE sale SET adjustedRevenue = adjustedRevenue + 5 WHERE saleID = ${Number(sale.saleID)}`);
    data = await expectKept(() => cards());
    expect(monthCard(data).current.adjustedRevenueTotal).toBeCloseTo(before.adjustedRevenueTotal + 100 + 5, 2);

    // A target through the API.
    expectStatus(await admin.put(`/api/targets/${w.storeA.storeID}/${YEAR}-03-01`, [{ userID: w.seller.userID, targetType: 'quantity', target: 7 }]), 200);
    data = await expectKept(() => cards());
    expect(data.targets).toEqual([expect.objectContaining({ targetType: 'quantity', target: 7 })]);

    // A store's, a user's and a rate card line's names, in SQL.
    await sql(`UPDATE store SET name = 'Kept 2011 renamed' WHERE storeID = ${w.storeA.storeID}`);
    await sql(`UPDATE user SET name = 'Kept seller renamed' WHERE userID = ${w.seller.userID}`);
    await sql(`UPDATE rateCardLine SET description = 'Kept line renamed' WHERE rateCardLineID = ${w.line.rateCardLineID}`);
    data = await expectKept(() => cards());
    expect(storeCard(data, w.storeA).storeName).toBe('Kept 2011 renamed');
    expect(data.users[0].name).toBe('Kept seller renamed');
    expect(monthCard(data).tops.revenue.topSKU.rateCardLineDescription).toBe('Kept line renamed');

    // A day's footfall through the API; a metric's name and a store type's in SQL.
    let listData = await expectKept(() => tables());
    expect(footfallOf(tableRow(listData, 'day', w.storeA.storeID))).toBe(40);
    expectStatus(await admin.put(`/api/dailyStats/${w.storeA.storeID}`, [{ dailyStatDate: DATE, footfall: 55 }]), 200);
    listData = await expectKept(() => tables());
    expect(footfallOf(tableRow(listData, 'day', w.storeA.storeID))).toBe(55);
    await sql(`UPDATE metric SET name = 'Kept 2011 renamed metric' WHERE metricID = ${conversion.metricID}`);
    listData = await expectKept(() => tables());
    expect(listData[0].columns.map((c: Row) => c.title)).toContain('Kept 2011 renamed metric');
    await sql(`UPDATE storeType SET name = 'Kept 2011 type' WHERE storeTypeID = ${w.storeA.storeTypeID}`);
    listData = await expectKept(() => tables('storeStoreTypeID'));
    expect(tableRow(listData, 'month', w.storeA.storeTypeID).name).toBe('Kept 2011 type');
  });

  it('sends an answer that read sales themselves (a part filtered on the order reference) without keeping it', async () => {
    const byOrder = await createMetric(admin, { name: 'Kept 2011 by order', metricType: 'integer', showInTables: true });
    const [sale] = await w.t.dataSource.query(
      `SELECT saleID, orderRef FROM sale WHERE storeID = ${w.storeA.storeID} AND saleDate = '${DATE}' ORDER BY saleID LIMIT 1`,
    );
    const part = await createMetricPart(admin, {
      metricID: byOrder.metricID,
      tableName: 'sales',
      field: 'revenueCount',
      divisionPart: 'numerator',
      params: JSON.stringify({ orderRef: sale.orderRef }),
    });
    const count = (listData: Row[]) => listData.find((t) => t.name === 'month')!.totalsRow.values[`metric${byOrder.metricID}`];
    const first = count(await tables());
    expect(first).toBeGreaterThan(0);
    // The order reference is no total's column: changing it moves no version, and the next call still sees it.
    await w.t.dataSource.query(`UPDATE sale SET orderRef = '99999999999999999999' WHERE saleID = ${Number(sale.saleID)}`);
    expect(count(await tables())).toBe(first - 1);
    expectStatus(await admin.delete(`/api/metricPart/${part.metricPartID}`), 200);
    expectStatus(await admin.delete(`/api/metric/${byOrder.metricID}`), 200);
  });

  it('makes each caller their own answer: a profile without revenue never gets one kept for a profile with it', async () => {
    expect(monthCard(await cards(manager.api)).current.adjustedRevenueTotal).not.toBeNull();
    const hidden = monthCard(await cards(commissionOnly.api)).current;
    expect(hidden.adjustedRevenueTotal).toBeNull();
    expect(hidden.commissionTotal).not.toBeNull();
  });

  it('sends the kept bytes compressed as the client accepts (brotli, gzip or none), with an ETag a browser revalidates with', async () => {
    const url = `/api/kpi/cards?date=${DATE}&userID=${w.seller.userID}`;
    const get = (encoding: string) => manager.api.get(url).set('Accept-Encoding', encoding);
    const plain = await get('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(Number(plain.headers['content-length'])).toBe(Buffer.byteLength(plain.text));
    const answer = plain.body;
    expect(answer.data.storeCards).toHaveLength(2);
    // Decoded by the client (it would fail on anything else), the same answer.
    const br = await get('gzip, deflate, br, zstd');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.body).toEqual(answer);
    const gz = await get('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.body).toEqual(answer);
    expect(br.headers.vary).toMatch(/Accept-Encoding/);
    const etag = plain.headers.etag;
    expect(etag).toMatch(/^W\/"/);
    expect((await manager.api.get(url).set('If-None-Match', etag)).status).toBe(304);
    // Another caller's answer is another entity.
    const other = await commissionOnly.api.get(url).set('If-None-Match', etag);
    expect(other.status).toBe(200);
  });
});
