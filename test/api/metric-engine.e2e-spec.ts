import type { Test } from 'supertest';
import { DataSource } from 'typeorm';
import { Client, createMetric, createMetricPart, createStore, expectStatus, Row, TestUser } from '../support/api';
import { BIG, refused, refusedOn } from '../support/refusals';
import { MetricEngine, MetricRequest } from '../../src/modules/kpi/metric-engine';
import { UsersService } from '../../src/modules/users/users/users.service';
import { createSeller, lineStoreOf, newLineStore, recordSale, SalesWorld, salesWorld, setStep, today } from './sales-fixtures';

/**
 * The metric engine (docs/decisions.md, "Metric engine (issue 12, first part)"; docs/http-api.md,
 * "Metric today and the metric part test"): every field of both tables against sums this file
 * computes from the rows it created, params in the list API's vocabulary, multipliers, numerators
 * over denominators, the splits in one statement per group, store scope, months back and hidden
 * figures, and bad params a 400. Sales and daily stats of this file are dated in 2010.
 */

const YEAR = 2010;
const FEB = { fromDate: `${YEAR}-02-01`, toDate: `${YEAR}-02-28` };
const COUNTED = ['recorded', 'modified', 'reconciled'];
const SALE_FIELDS = ['revenueCount', 'adjustedRevenueTotal', 'adjustedRevenueASP', 'commissionTotal', 'commissionASP'];

let w: SalesWorld;
let admin: Client;
/** Three sellers at store A (the world's seller is the first); one at B. */
let sellers: TestUser[];
let sellerB: TestUser;
/** A SKU of its own at A, for the skuLower filter. */
let voucherLine: Row;
/** Store A's type records every daily figure; C is a store of another type that nobody in this file sells at. */
let storeC: Row;
/** Every sale of the file, as the admin's list reads them after the setup. */
let allSales: Row[];
/** Store A only, both figures shown. */
let managerA: TestUser;

const engine = () => w.t.app.get(MetricEngine);
const authUser = async (userID: number) => (await w.t.app.get(UsersService).loadAuthUser(userID))!;

/** What a part of `field` adds up over `rows`, as ARCHITECTURE.md counts (computed here, independently of the server). */
function expectedSales(rows: Row[], field: string): number {
  const counted = rows.filter((r) => COUNTED.includes(r.currentHistoryStep));
  const count = counted.reduce((n, r) => n + (r.isRefund ? -1 : 1), 0);
  const revenue = counted.reduce((n, r) => n + r.adjustedRevenue, 0);
  const commission = counted.reduce((n, r) => n + r.commission, 0);
  const asp = (total: number) => (count === 0 ? 0 : total / count);
  return { revenueCount: count, adjustedRevenueTotal: revenue, adjustedRevenueASP: asp(revenue), commissionTotal: commission, commissionASP: asp(commission) }[
    field
  ]!;
}

const inPeriod = (r: Row, from: string, to: string) => r.saleDate.slice(0, 10) >= from && r.saleDate.slice(0, 10) <= to;

/** The test call as the admin: a part typed in the dialog (metric `metricID`), over a period. */
function test(body: Row, api: Client = admin): Test {
  return api.post('/api/metricPart/test', { divisionPart: 'numerator', tableName: 'sales', field: 'revenueCount', params: '{}', ...FEB, ...body });
}

async function testedPart(body: Row, api: Client = admin): Promise<number | null> {
  return expectStatus(await test(body, api), 200).body.data.part.current;
}

let metric: Row;

/** Runs `work`, answering its result and the figure statements (SUM over sales or daily stats) it ran. */
async function statementsOf<T>(work: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  const runner = w.t.app.get(DataSource).createQueryRunner();
  const proto = Object.getPrototypeOf(runner);
  await runner.release();
  const spy = jest.spyOn(proto, 'query');
  try {
    const result = await work();
    const statements = spy.mock.calls.map((call) => String(call[0])).filter((sql) => sql.includes('SUM('));
    return { result, statements };
  } finally {
    spy.mockRestore();
  }
}

beforeAll(async () => {
  w = await salesWorld(YEAR);
  admin = w.admin;
  // Store A's type records the daily figures.
  const type = expectStatus(await admin.get(`/api/storeTypes?storeTypeID=${w.storeA.storeTypeID}`), 200).body.listData[0];
  expectStatus(
    await admin.put(`/api/storeType/${type.storeTypeID}`, { name: type.name, recordFootfall: true, recordChatCount: true, recordStaffCount: true }),
    200,
  );
  storeC = await createStore(admin, { name: `Metric ${YEAR} C` });
  sellers = [w.seller, await createSeller(w.t, admin, [w.storeA.storeID]), await createSeller(w.t, admin, [w.storeA.storeID])];
  sellerB = await createSeller(w.t, admin, [w.storeB.storeID]);
  managerA = await createSeller(w.t, admin, [w.storeA.storeID], { areas: ['SystemSetup'] });
  voucherLine = await newLineStore(w, w.storeA, { revenue: 12.5, commission: 3.25 }, { sku: `VOUCH${YEAR}` });

  const sale = (api: Client, body: Row) => recordSale(w, api, body);
  const atA = (seller: TestUser, date: string, body: Row = {}) => sale(admin, { attributableToUserID: seller.userID, saleDate: date, ...body });
  // Seller 1: three February sales, one later refunded (its refund row moved into February), one cancelled.
  const refunded = await atA(sellers[0], `${YEAR}-02-03`);
  await atA(sellers[0], `${YEAR}-02-03`);
  const cancelled = await atA(sellers[0], `${YEAR}-02-04`);
  await setStep(w, cancelled.saleID, 'cancelled');
  expectStatus(
    await admin.put(`/api/sale/${refunded.saleID}`, { ...refunded, isRefunded: true, isRefundedNote: 'Back', isRefundedOrderRef: 'R'.repeat(20) }),
    200,
  );
  await w.t.dataSource.query(`UPDATE sale SET saleDate = '${YEAR}-02-05' WHERE refSaleID = ${Number(refunded.saleID)}`);
  // Seller 2: a sale, a voucher sale, a credit-check fail (cancelled) and a reconciled sale in February; one in March.
  await atA(sellers[1], `${YEAR}-02-10`);
  await atA(sellers[1], `${YEAR}-02-10`, { rateCardLineStoreID: voucherLine.rateCardLineStoreID });
  const creditFail = await atA(sellers[1], `${YEAR}-02-11`, { orderRef: '00000000000000000000' });
  await setStep(w, creditFail.saleID, 'cancelled');
  const reconciled = await atA(sellers[1], `${YEAR}-02-12`);
  await setStep(w, reconciled.saleID, 'reconciled');
  await atA(sellers[1], `${YEAR}-03-01`);
  // Seller 3: two voucher sales.
  await atA(sellers[2], `${YEAR}-02-20`, { rateCardLineStoreID: voucherLine.rateCardLineStoreID });
  await atA(sellers[2], `${YEAR}-02-21`, { rateCardLineStoreID: voucherLine.rateCardLineStoreID });
  // Store B: two sales.
  for (const date of [`${YEAR}-02-03`, `${YEAR}-02-14`]) {
    await sale(admin, {
      storeID: w.storeB.storeID,
      attributableToUserID: sellerB.userID,
      rateCardLineStoreID: lineStoreOf(w.line, w.storeB).rateCardLineStoreID,
      saleDate: date,
    });
  }
  allSales = expectStatus(await admin.get(`/api/sales?saleDateGEQ=${YEAR}-01-01&saleDateLEQ=${YEAR}-12-31&pageLength=500`), 200).body.listData;
  expect(allSales.length).toBe(13);

  // Daily stats: four February days at A (one without chats), one at B (store B's type records nothing: none).
  expectStatus(
    await admin.put(`/api/dailyStats/${w.storeA.storeID}`, [
      { dailyStatDate: `${YEAR}-02-03`, footfall: 120, chatCount: 12, staffCount: 3.5 },
      { dailyStatDate: `${YEAR}-02-04`, footfall: 80, chatCount: 9, staffCount: 2 },
      { dailyStatDate: `${YEAR}-02-10`, footfall: 100, staffCount: 2.5 },
      { dailyStatDate: `${YEAR}-02-11`, footfall: 60, chatCount: 5, staffCount: 1.25 },
    ]),
    200,
  );
  metric = await createMetric(admin, { name: `Conversion ${YEAR}`, metricType: 'percent' });
});

afterAll(() => w?.t.close());

const salesAt = (store: Row, from = FEB.fromDate, to = FEB.toDate) => allSales.filter((r) => r.storeID === store.storeID && inPeriod(r, from, to));

describe('sales fields', () => {
  it.each(SALE_FIELDS)('%s at store A in February: counted steps only, refunds -1 with negated amounts', async (field) => {
    const expected = expectedSales(salesAt(w.storeA), field);
    expect(await testedPart({ metricID: metric.metricID, field, storeID: w.storeA.storeID })).toBeCloseTo(expected, 6);
  });

  it.each(SALE_FIELDS)("%s over all the caller's stores and over one day", async (field) => {
    const all = allSales.filter((r) => inPeriod(r, FEB.fromDate, FEB.toDate));
    expect(await testedPart({ metricID: metric.metricID, field })).toBeCloseTo(expectedSales(all, field), 6);
    const day = `${YEAR}-02-05`;
    expect(await testedPart({ metricID: metric.metricID, field, fromDate: day, toDate: day })).toBeCloseTo(
      expectedSales(salesAt(w.storeA, day, day), field),
      6,
    );
  });

  it('the refund row counts -1 on its own date, its original 1 on its date', async () => {
    const day = (d: string) => testedPart({ metricID: metric.metricID, storeID: w.storeA.storeID, fromDate: d, toDate: d });
    expect(await day(`${YEAR}-02-03`)).toBe(2);
    expect(await day(`${YEAR}-02-05`)).toBe(-1);
  });

  it('params filter with the list vocabulary: a sale type, a SKU (case-insensitive contains), a seller', async () => {
    const feb = salesAt(w.storeA);
    const part = (params: Row, field = 'revenueCount') =>
      testedPart({ metricID: metric.metricID, field, storeID: w.storeA.storeID, params: JSON.stringify(params) });
    expect(await part({ saleTypeID: w.saleType.saleTypeID })).toBe(
      expectedSales(
        feb.filter((r) => r.saleTypeID === w.saleType.saleTypeID),
        'revenueCount',
      ),
    );
    const vouchers = feb.filter((r) => r.sku.toLowerCase().includes(`vouch${YEAR}`.toLowerCase()));
    expect(vouchers.length).toBe(3);
    expect(await part({ skuLower: `vouch${YEAR}` }, 'adjustedRevenueTotal')).toBeCloseTo(expectedSales(vouchers, 'adjustedRevenueTotal'), 6);
    expect(await part({ attributableToUserID: sellers[1].userID }, 'commissionTotal')).toBeCloseTo(
      expectedSales(
        feb.filter((r) => r.attributableToUserID === sellers[1].userID),
        'commissionTotal',
      ),
      6,
    );
    // A step filter narrows within the counted steps: cancelled sales never count.
    expect(await part({ currentHistoryStep: 'reconciled,cancelled' })).toBe(1);
  });

  it('the multiplier scales the part', async () => {
    const expected = expectedSales(salesAt(w.storeA), 'adjustedRevenueTotal');
    expect(await testedPart({ metricID: metric.metricID, field: 'adjustedRevenueTotal', storeID: w.storeA.storeID, multiplier: -0.5 })).toBeCloseTo(
      expected * -0.5,
      6,
    );
  });
});

describe('daily stats fields', () => {
  const daily = (field: string, body: Row = {}) =>
    testedPart({ metricID: metric.metricID, tableName: 'dailyStats', field, storeID: w.storeA.storeID, ...body });

  it('totals add up the recorded figures; dayCount counts the days with a row', async () => {
    expect(await daily('footfallTotal')).toBe(120 + 80 + 100 + 60);
    expect(await daily('chatCountTotal')).toBe(12 + 9 + 5);
    expect(await daily('staffCountTotal')).toBeCloseTo(3.5 + 2 + 2.5 + 1.25, 6);
    expect(await daily('dayCount')).toBe(4);
    expect(await daily('dayCount', { fromDate: `${YEAR}-02-04`, toDate: `${YEAR}-02-10` })).toBe(2);
    expect(await daily('dayCount', { storeID: w.storeB.storeID })).toBe(0);
  });

  it('params filter daily stats with their list vocabulary', async () => {
    expect(await daily('footfallTotal', { params: JSON.stringify({ footfallGEQ: 100 }) })).toBe(220);
    expect(await daily('dayCount', { params: JSON.stringify({ dailyStatDateLEQ: `${YEAR}-02-04` }) })).toBe(2);
  });
});

describe('metrics: numerators over denominators', () => {
  it('a metric is its numerators over its denominators, the tested part replacing its saved self', async () => {
    const conversion = await createMetric(admin, { name: `Sales per visit ${YEAR}`, metricType: 'percent' });
    await createMetricPart(admin, { metricID: conversion.metricID, name: 'Sales', field: 'revenueCount' });
    const visits = await createMetricPart(admin, {
      metricID: conversion.metricID,
      name: 'Visits',
      divisionPart: 'denominator',
      tableName: 'dailyStats',
      field: 'footfallTotal',
    });
    const count = expectedSales(salesAt(w.storeA), 'revenueCount');
    const res = expectStatus(
      await test({
        metricID: conversion.metricID,
        storeID: w.storeA.storeID,
        tableName: 'dailyStats',
        field: 'dayCount',
        divisionPart: 'numerator',
        name: 'Days',
      }),
      200,
    ).body.data;
    // Not replacing: three parts, (count + 4 days) / footfall.
    expect(res.metric.result).toBeCloseTo((count + 4) / 360, 6);
    expect(res.metric.parts.map((p: Row) => [p.name, p.divisionPart, p.current])).toEqual([
      ['Sales', 'numerator', count],
      ['Visits', 'denominator', 360],
      ['Days', 'numerator', 4],
    ]);
    expect(res.metric.parts[0]).toEqual(
      expect.objectContaining({ metricName: conversion.name, multiplier: 1, tableName: 'sales', metricSuccessValue: 0, metricSuccessIsLess: 0 }),
    );
    // Replacing the saved denominator with a doubled one.
    const replaced = expectStatus(
      await test({
        metricID: conversion.metricID,
        metricPartID: visits.metricPartID,
        storeID: w.storeA.storeID,
        tableName: 'dailyStats',
        field: 'footfallTotal',
        divisionPart: 'denominator',
        multiplier: 2,
      }),
      200,
    ).body.data;
    expect(replaced.metric.parts).toHaveLength(2);
    expect(replaced.part.current).toBe(720);
    expect(replaced.metric.result).toBeCloseTo(count / 720, 6);
  });

  it('without denominator parts a metric is the sum of its numerators; a denominator adding up to 0 gives no value', async () => {
    const total = await createMetric(admin, { name: `Revenue and commission ${YEAR}`, metricType: 'money' });
    await createMetricPart(admin, { metricID: total.metricID, field: 'adjustedRevenueTotal' });
    const res = expectStatus(await test({ metricID: total.metricID, storeID: w.storeA.storeID, field: 'commissionTotal' }), 200).body.data;
    const feb = salesAt(w.storeA);
    expect(res.metric.result).toBeCloseTo(expectedSales(feb, 'adjustedRevenueTotal') + expectedSales(feb, 'commissionTotal'), 6);
    const zero = expectStatus(
      await test({ metricID: total.metricID, storeID: w.storeB.storeID, tableName: 'dailyStats', field: 'footfallTotal', divisionPart: 'denominator' }),
      200,
    ).body.data;
    expect(zero.part.current).toBe(0);
    expect(zero.metric.result).toBeNull();
  });
});

describe('splits: one statement per table and params, whatever the number of users or stores', () => {
  let mixed: MetricRequest['metrics'];

  beforeAll(async () => {
    const saved = await createMetric(admin, { name: `Split ${YEAR}`, metricType: '2dp' });
    await createMetricPart(admin, { metricID: saved.metricID, field: 'adjustedRevenueTotal' });
    await createMetricPart(admin, { metricID: saved.metricID, field: 'revenueCount', divisionPart: 'denominator' });
    await createMetricPart(admin, { metricID: saved.metricID, field: 'commissionTotal', params: JSON.stringify({ skuLower: 'vouch' }) });
    await createMetricPart(admin, { metricID: saved.metricID, field: 'footfallTotal', tableName: 'dailyStats', divisionPart: 'denominator', multiplier: 0.01 });
    mixed = await engine().savedMetrics([saved.metricID]);
  });

  const valueOf = (rows: Row[]) => {
    const numerator =
      expectedSales(rows, 'adjustedRevenueTotal') +
      expectedSales(
        rows.filter((r) => r.sku.toLowerCase().includes('vouch')),
        'commissionTotal',
      );
    return numerator;
  };

  it('by user: three users from one call, one statement per (table, params)', async () => {
    const user = await authUser(managerA.userID);
    const { result, statements } = await statementsOf(() =>
      engine().evaluate({ metrics: mixed, current: FEB, scope: { userIDs: sellers.map((s) => s.userID) }, splitBy: 'attributableToUserID', user }),
    );
    // Sales with no params, sales with skuLower, daily stats per store and the sellers of each
    // store (who share its footfall): four statements for three users, and one read of the
    // stores' change counters (the key of figures kept from the totals).
    expect(statements).toHaveLength(5);
    expect(statements.filter((sql) => sql.includes('saleFigureVersion'))).toHaveLength(1);
    expect([...result.keys()].sort()).toEqual(sellers.map((s) => s.userID).sort());
    for (const seller of sellers) {
      const rows = salesAt(w.storeA).filter((r) => r.attributableToUserID === seller.userID);
      const [answer] = result.get(seller.userID)!;
      const count = expectedSales(rows, 'revenueCount');
      // Daily stats name no seller: each of store A's three February sellers reads a third of
      // its footfall (360 x 0.01 / 3), so their rates average to the store's.
      expect(answer.parts.map((p) => p.current)).toEqual([
        expect.closeTo(expectedSales(rows, 'adjustedRevenueTotal'), 6),
        count,
        expect.closeTo(
          expectedSales(
            rows.filter((r) => r.sku.toLowerCase().includes('vouch')),
            'commissionTotal',
          ),
          6,
        ),
        expect.closeTo(1.2, 6),
      ]);
      expect(answer.result).toBeCloseTo(valueOf(rows) / (count + 1.2), 6);
    }
  });

  it('by store and by store type, with prior values, as the admin: other stores apart', async () => {
    const user = await authUser(w.adminID);
    const prior = { fromDate: `${YEAR}-03-01`, toDate: `${YEAR}-03-31` };
    const { result, statements } = await statementsOf(() =>
      engine().evaluate({
        metrics: mixed,
        current: FEB,
        prior,
        scope: { storeIDs: [w.storeA.storeID, w.storeB.storeID, storeC.storeID] },
        splitBy: 'storeID',
        user,
      }),
    );
    // Three groups of parts in two periods, and the stores' change counters once.
    expect(statements).toHaveLength(7);
    expect(statements.filter((sql) => sql.includes('saleFigureVersion'))).toHaveLength(1);
    for (const store of [w.storeA, w.storeB, storeC]) {
      const [answer] = result.get(store.storeID)!;
      expect(answer.parts[0].current).toBeCloseTo(expectedSales(salesAt(store), 'adjustedRevenueTotal'), 6);
      expect(answer.parts[1].prior).toBe(expectedSales(salesAt(store, prior.fromDate, prior.toDate), 'revenueCount'));
    }
    const byType = await engine().evaluate({
      metrics: mixed,
      current: FEB,
      scope: { storeTypeIDs: [w.storeA.storeTypeID] },
      splitBy: 'storeStoreTypeID',
      user,
    });
    expect([...byType.keys()]).toEqual([w.storeA.storeTypeID]);
    // A and B share a type.
    const ab = allSales.filter((r) => inPeriod(r, FEB.fromDate, FEB.toDate));
    expect(byType.get(w.storeA.storeTypeID)![0].parts[1].current).toBe(expectedSales(ab, 'revenueCount'));
    expect(byType.get(w.storeA.storeTypeID)![0].parts[3].current).toBeCloseTo(3.6, 6);
  });

  it("keeps figures read from the totals while the stores' counted sales stay the same, and reads them again after any change, even one made in SQL", async () => {
    // A fresh profile per call, as every HTTP request has.
    const ask = async () => engine().evaluate({ metrics: mixed, current: FEB, scope: {}, user: await authUser(managerA.userID) });
    const totalsReads = (statements: string[]) => statements.filter((sql) => sql.includes('saleDayTotal'));
    const first = await statementsOf(ask);
    const again = await statementsOf(ask);
    expect(totalsReads(again.statements)).toHaveLength(0);
    expect(again.result.get(0)![0].parts).toEqual(first.result.get(0)![0].parts);
    // One counted sale's revenue moved by hand: the triggers raise store A's counter, so the totals are read again.
    const sale = salesAt(w.storeA).find((r) => COUNTED.includes(r.currentHistoryStep))!;
    await w.t.dataSource.query(`UPDATE sale SET adjustedRevenue = adjustedRevenue + 1 WHERE saleID = ${Number(sale.saleID)}`);
    try {
      const after = await statementsOf(ask);
      expect(totalsReads(after.statements)).toHaveLength(1);
      expect(after.result.get(0)![0].parts[0].current).toBeCloseTo(Number(first.result.get(0)![0].parts[0].current) + 1, 6);
      // A column the figures do not add up (the note) leaves the counter, and the kept figures, as they are.
      await w.t.dataSource.query(`UPDATE sale SET notes = 'kept' WHERE saleID = ${Number(sale.saleID)}`);
      expect(totalsReads((await statementsOf(ask)).statements)).toHaveLength(0);
    } finally {
      await w.t.dataSource.query(`UPDATE sale SET adjustedRevenue = adjustedRevenue - 1 WHERE saleID = ${Number(sale.saleID)}`);
    }
  });

  it('a caller of store A never reads store B, even asking for it', async () => {
    const user = await authUser(managerA.userID);
    const result = await engine().evaluate({ metrics: mixed, current: FEB, scope: { storeIDs: [w.storeB.storeID] }, splitBy: 'storeID', user });
    expect([...result.keys()]).toEqual([]);
    const all = await engine().evaluate({ metrics: mixed, current: FEB, scope: {}, user });
    expect(all.get(0)![0].parts[1].current).toBe(expectedSales(salesAt(w.storeA), 'revenueCount'));
  });
});

describe('GET /api/metricToday', () => {
  let todayMetric: Row;
  let revenueMetric: Row;
  let commissionMetric: Row;
  const url = (store: Row, ids: Row[], date = `${YEAR}-02-03`) =>
    `/api/metricToday?storeID=${store.storeID}&metricID=${ids.map((m) => m.metricID).join(',')}&saleDate=${date}`;

  beforeAll(async () => {
    todayMetric = await createMetric(admin, { name: `Sales per staff ${YEAR}`, metricType: '2dp' });
    await createMetricPart(admin, { metricID: todayMetric.metricID, field: 'revenueCount' });
    await createMetricPart(admin, { metricID: todayMetric.metricID, field: 'staffCountTotal', tableName: 'dailyStats', divisionPart: 'denominator' });
    revenueMetric = await createMetric(admin, { name: `ASP ${YEAR}`, metricType: 'money' });
    await createMetricPart(admin, { metricID: revenueMetric.metricID, field: 'adjustedRevenueASP' });
    commissionMetric = await createMetric(admin, { name: `Commission ${YEAR}`, metricType: 'money' });
    await createMetricPart(admin, { metricID: commissionMetric.metricID, field: 'commissionTotal' });
  });

  it('answers name and result of each metric for the store and day, in the order asked', async () => {
    const rows = expectStatus(await managerA.api.get(url(w.storeA, [revenueMetric, todayMetric, commissionMetric])), 200).body.listData;
    const day = salesAt(w.storeA, `${YEAR}-02-03`, `${YEAR}-02-03`);
    expect(rows).toEqual([
      { metricID: revenueMetric.metricID, name: revenueMetric.name, result: expect.closeTo(expectedSales(day, 'adjustedRevenueASP'), 6) },
      { metricID: todayMetric.metricID, name: todayMetric.name, result: expect.closeTo(expectedSales(day, 'revenueCount') / 3.5, 6) },
      { metricID: commissionMetric.metricID, name: commissionMetric.name, result: expect.closeTo(expectedSales(day, 'commissionTotal'), 6) },
    ]);
  });

  it('a store outside the profile is a 403', async () => {
    await refused(w.t, () => managerA.api.get(url(w.storeB, [todayMetric])), 403);
  });

  it('revenue and commission metrics answer no value without showRevenue / showCommission, never the figure', async () => {
    const countsOnly = await createSeller(w.t, admin, [w.storeA.storeID], { profile: { showRevenue: false, showCommission: false } });
    const rows = expectStatus(await countsOnly.api.get(url(w.storeA, [revenueMetric, todayMetric, commissionMetric])), 200).body.listData;
    expect(rows.map((r: Row) => [r.result, r.reason])).toEqual([
      [null, 'Revenue is not shown to your access profile'],
      [expect.any(Number), undefined],
      [null, 'Commission is not shown to your access profile'],
    ]);
    const revenueOnly = await createSeller(w.t, admin, [w.storeA.storeID], { profile: { showRevenue: true, showCommission: false } });
    const shown = expectStatus(await revenueOnly.api.get(url(w.storeA, [revenueMetric, commissionMetric])), 200).body.listData;
    expect(shown.map((r: Row) => r.result === null)).toEqual([false, true]);
  });

  it("a day before the user's months back is refused; within them it is answered", async () => {
    const recent = await createSeller(w.t, admin, [w.storeA.storeID], { salesMonthsBack: 2 });
    const failure = await refusedOn(w.t, ['fromDate'], () => recent.api.get(url(w.storeA, [todayMetric])));
    expect(failure.failMessages.fromDate).toMatch(/2 months back/);
    expectStatus(await recent.api.get(url(w.storeA, [todayMetric], today())), 200);
  });

  it.each([
    ['no store', (ids: string) => `/api/metricToday?metricID=${ids}&saleDate=${YEAR}-02-03`, ['storeID']],
    ['a store that is text', (ids: string) => `/api/metricToday?storeID=x&metricID=${ids}&saleDate=${YEAR}-02-03`, ['storeID']],
    ['no metric', () => `/api/metricToday?storeID=STORE&saleDate=${YEAR}-02-03`, ['metricID']],
    ['SQL in the metric list', () => `/api/metricToday?storeID=STORE&metricID=1%20OR%201=1&saleDate=${YEAR}-02-03`, ['metricID']],
    ['a huge metric id', () => `/api/metricToday?storeID=STORE&metricID=${BIG[0]}&saleDate=${YEAR}-02-03`, ['metricID']],
    ['an unknown metric', () => `/api/metricToday?storeID=STORE&metricID=2147483647&saleDate=${YEAR}-02-03`, ['metricID']],
    ['a bad date', (ids: string) => `/api/metricToday?storeID=STORE&metricID=${ids}&saleDate=${YEAR}-02-30`, ['saleDate']],
    ['an unknown name', (ids: string) => `/api/metricToday?storeID=STORE&metricID=${ids}&saleDate=${YEAR}-02-03&colour=red`, ['colour']],
  ])('%s is a 400', async (_label, path, fields) => {
    const ids = String(todayMetric.metricID);
    await refusedOn(w.t, fields, () => managerA.api.get(path(ids).replace('STORE', String(w.storeA.storeID))));
  });
});

describe('POST /api/metricPart/test: bad input is a 400, never a 500', () => {
  it.each([
    ['malformed JSON', '{"saleTypeID": 1', 'Params must be valid JSON'],
    ['a JSON list', '[1]', 'Params must be a JSON object of filters, e.g. {"saleTypeID": 2}'],
    ['a nested value', '{"saleTypeID": {"$gt": 1}}', 'Params: the value of saleTypeID must be text, a number or true/false'],
  ])('%s in params', async (_label, params, message) => {
    const failure = await refusedOn(w.t, ['params'], () => test({ metricID: metric.metricID, params }));
    expect(failure.failMessages.params).toBe(message);
  });

  it.each([
    ['an unknown filter', { colour: 'red' }, /colour: Unknown parameter/],
    ['SQL in a number filter', { saleTypeID: '1 OR 1=1' }, /saleTypeID: Must be a whole number/],
    ['a huge number', { saleTypeID: BIG[0] }, /saleTypeID: Must be a whole number/],
    ['a paging name', { pageLength: 5 }, /pageLength: Not a filter/],
    ['a prototype name', { constructor: 1 }, /constructor: Unknown parameter/],
  ])('%s: a 400 naming the part and the filter', async (_label, params, message) => {
    const request = () => test({ metricID: metric.metricID, name: 'Typed part', params: JSON.stringify(params) });
    const failure = await refusedOn(w.t, ['params'], request);
    expect(failure.failMessages.params).toMatch(/^Metric part "Typed part": /);
    expect(failure.failMessages.params).toMatch(message);
  });

  it('SQL in a text filter stays text: nothing matches', async () => {
    expect(await testedPart({ metricID: metric.metricID, params: JSON.stringify({ skuLower: "x' OR '1'='1" }) })).toBe(0);
  });

  it('a saved part with params the list refuses makes metricToday a 400 naming it', async () => {
    const broken = await createMetric(admin, { name: `Broken ${YEAR}` });
    await createMetricPart(admin, { metricID: broken.metricID, name: 'Wrong filter', params: JSON.stringify({ saleTypeIDs: 1 }) });
    const failure = await refusedOn(w.t, ['params'], () =>
      admin.get(`/api/metricToday?storeID=${w.storeA.storeID}&metricID=${broken.metricID}&saleDate=${YEAR}-02-03`),
    );
    expect(failure.failMessages.params).toBe('Metric part "Wrong filter": saleTypeIDs: Unknown parameter');
  });

  it.each([
    ['a field of the other table', { tableName: 'dailyStats', field: 'revenueCount' }, ['field']],
    ['an unknown table', { tableName: 'users' }, ['tableName']],
    ['a multiplier too large', { multiplier: BIG[0] }, ['multiplier']],
    ['dates the wrong way round', { fromDate: `${YEAR}-02-10`, toDate: `${YEAR}-02-01` }, ['toDate']],
    ['a date that is no day', { fromDate: `${YEAR}-02-30` }, ['fromDate']],
    ['an unknown field', { colour: 'red' }, ['colour']],
    ['an unknown metric', { metricID: 2147483647 }, ['metricID']],
  ])('%s', async (_label, body, fields) => {
    await refusedOn(w.t, fields, () => test({ metricID: metric.metricID, ...(body as Row) }));
  });

  it('needs SystemSetup, and the store must be in the profile', async () => {
    await refused(w.t, () => test({ metricID: metric.metricID }, w.seller.api), 403);
    await refused(w.t, () => test({ metricID: metric.metricID, storeID: w.storeB.storeID }, managerA.api), 403);
  });
});
