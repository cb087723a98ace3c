import { Client, createMetric, createMetricPart, expectFailure, expectStatus, binary, xlsxRows, Row, TestUser } from '../support/api';
import { createSeller, lineStoreOf, recordSale, SalesWorld, salesWorld, setStep } from './sales-fixtures';

/**
 * The dashboard's figures (issue 12; docs/http-api.md "KPI"): every card figure against sums
 * this file computes from the sales it created (cancelled, credit-check fails, refunds, other
 * stores and users out of scope), the prior and last-year spans at a leap-year month end,
 * months back, hidden revenue, targets, each split of the tables, league tables, the daily
 * table with the drhMetrics preference, Top dialogs and the Excel files. Sales are in 2007-2008.
 */

const YEAR = 2008;
const DATE = '2008-02-29';
const COUNTED = ['recorded', 'modified', 'reconciled'];

let w: SalesWorld;
let admin: Client;
let s1: TestUser;
let s2: TestUser;
/** Sells at store B. */
let sB: TestUser;
/** Store B only, revenue and commission shown. */
let managerB: TestUser;
/** Store A, commission only (no showRevenue), pro-rates targets. */
let commissionOnly: TestUser;
/** Every sale of the file at A and B, as the admin's list reads them after the setup. */
let allSales: Row[];
/** A metric of this file: sales counted, green from 1.5. */
let metric: Row;
/** Sales counted over footfall (parts on both tables), green from 5 %. */
let conversion: Row;

const day = (r: Row) => String(r.saleDate).slice(0, 10);

/** What a card adds up over `rows` (ARCHITECTURE.md: counted steps, refunds -1 with negated amounts), computed here. */
function sums(rows: Row[]) {
  const counted = rows.filter((r) => COUNTED.includes(r.currentHistoryStep));
  const money = (pick: (r: Row) => number) => Math.round(counted.reduce((n, r) => n + Math.round(pick(r) * 100), 0)) / 100;
  return {
    revenueCount: counted.reduce((n, r) => n + (r.isRefund ? -1 : 1), 0),
    adjustedRevenueTotal: money((r) => r.adjustedRevenue),
    commissionTotal: money((r) => r.commission),
  };
}

const between = (rows: Row[], from: string, to: string) => rows.filter((r) => day(r) >= from && day(r) <= to);
const by = (user: TestUser) => allSales.filter((r) => r.attributableToUserID === user.userID);
const figuresOf = (side: Row) => ({ revenueCount: side.revenueCount, adjustedRevenueTotal: side.adjustedRevenueTotal, commissionTotal: side.commissionTotal });
const decode = (params: string) => JSON.parse(Buffer.from(params, 'base64url').toString('utf8'));

async function cards(api: Client, query: string): Promise<Row> {
  return expectStatus(await api.get(`/api/kpi/cards?${query}`), 200).body.data;
}

beforeAll(async () => {
  w = await salesWorld(YEAR);
  admin = w.admin;
  s1 = w.seller;
  s2 = await createSeller(w.t, admin, [w.storeA.storeID]);
  sB = await createSeller(w.t, admin, [w.storeB.storeID]);
  managerB = await createSeller(w.t, admin, [w.storeB.storeID], { areas: ['RecordSales'] });
  commissionOnly = await createSeller(w.t, admin, [w.storeA.storeID], {
    areas: ['RecordSales'],
    profile: { showRevenue: false, showCommission: true },
    proRateTargetsOnActual: true,
  });
  // Store A targets revenue and quantity; its type records footfall.
  expectStatus(await admin.put(`/api/store/${w.storeA.storeID}`, { ...w.storeA, targetRevenue: true, targetQuantity: true }), 200);

  const atA = (seller: TestUser, date: string, body: Row = {}) => recordSale(w, admin, { attributableToUserID: seller.userID, saleDate: date, ...body });
  // s1 on 29 February: two sales, one cancelled, and a credit-check fail; the refund of a sale of the 10th lands on the 29th.
  await atA(s1, DATE);
  const cancelled = await atA(s1, DATE);
  await setStep(w, cancelled.saleID, 'cancelled');
  const creditFail = await atA(s1, DATE, { orderRef: '00000000000000000000' });
  await setStep(w, creditFail.saleID, 'cancelled');
  const refunded = await atA(s1, '2008-02-10');
  expectStatus(
    await admin.put(`/api/sale/${refunded.saleID}`, { ...refunded, isRefunded: true, isRefundedNote: 'Back', isRefundedOrderRef: 'R'.repeat(20) }),
    200,
  );
  await w.t.dataSource.query(`UPDATE sale SET saleDate = '${DATE}' WHERE refSaleID = ${Number(refunded.saleID)}`);
  // The day before, a reconciled sale; the prior month's span (1 to 29 January) holds the 29th, not the 30th.
  const reconciled = await atA(s1, '2008-02-28');
  await setStep(w, reconciled.saleID, 'reconciled');
  await atA(s1, '2008-01-29');
  await atA(s1, '2008-01-30');
  // Last year: sales recorded in 2008 and moved (the card is in force from 2008): 28 February 2007 is the py of the 29th.
  for (const date of ['2007-02-28', '2007-02-27', '2007-03-01']) {
    const sale = await atA(s1, '2008-02-01');
    await w.t.dataSource.query(`UPDATE sale SET saleDate = '${date}' WHERE saleID = ${Number(sale.saleID)}`);
  }
  // s2 at A and sB at B.
  await atA(s2, '2008-02-15');
  await atA(s2, DATE);
  await recordSale(w, admin, {
    storeID: w.storeB.storeID,
    attributableToUserID: sB.userID,
    rateCardLineStoreID: lineStoreOf(w.line, w.storeB).rateCardLineStoreID,
    saleDate: DATE,
  });

  allSales = expectStatus(
    await admin.get(`/api/sales?saleDateGEQ=2007-01-01&saleDateLEQ=2008-12-31&storeID=${w.storeA.storeID},${w.storeB.storeID}&pageLength=500`),
    200,
  ).body.listData;
  expect(allSales.length).toBe(14);

  // Stores A and B share a type, which records footfall: two days at A and one at B in February.
  const type = expectStatus(await admin.get(`/api/storeTypes?storeTypeID=${w.storeA.storeTypeID}`), 200).body.listData[0];
  expectStatus(await admin.put(`/api/storeType/${type.storeTypeID}`, { name: type.name, recordFootfall: true }), 200);
  expectStatus(
    await admin.put(`/api/dailyStats/${w.storeA.storeID}`, [
      { dailyStatDate: '2008-02-28', footfall: 40 },
      { dailyStatDate: DATE, footfall: 60 },
    ]),
    200,
  );
  expectStatus(await admin.put(`/api/dailyStats/${w.storeB.storeID}`, [{ dailyStatDate: DATE, footfall: 10 }]), 200);
  conversion = await createMetric(admin, { name: 'KPI 2008 conversion', metricType: 'percent', successValue: 0.05 });
  await createMetricPart(admin, { metricID: conversion.metricID, tableName: 'sales', field: 'revenueCount', divisionPart: 'numerator', params: '{}' });
  await createMetricPart(admin, { metricID: conversion.metricID, tableName: 'dailyStats', field: 'footfallTotal', divisionPart: 'denominator', params: '{}' });

  metric = await createMetric(admin, { name: 'KPI 2008 sales per day', metricType: '2dp', successValue: 1.5 });
  await createMetricPart(admin, { metricID: metric.metricID, tableName: 'sales', field: 'revenueCount', divisionPart: 'numerator', params: '{}' });
});

afterAll(() => w?.t.close());

describe('GET /api/kpi/cards', () => {
  it('day, month and year cards of one user: current, prior and py against sums of the sales, at a leap-year month end', async () => {
    const data = await cards(admin, `date=${DATE}&userID=${s1.userID}`);
    const mine = by(s1);
    const expected = {
      day: [
        ['2008-02-29', '2008-02-29'],
        ['2008-02-28', '2008-02-28'],
        ['2007-02-28', '2007-02-28'],
      ],
      month: [
        ['2008-02-01', '2008-02-29'],
        ['2008-01-01', '2008-01-29'],
        ['2007-02-01', '2007-02-28'],
      ],
      year: [
        ['2008-01-01', '2008-02-29'],
        ['2007-01-01', '2007-02-28'],
        ['2007-01-01', '2007-02-28'],
      ],
    } as const;
    expect(data.cards.map((c: Row) => c.period)).toEqual(['day', 'month', 'year']);
    for (const card of data.cards) {
      const spans = expected[card.period as keyof typeof expected];
      (['current', 'prior', 'py'] as const).forEach((side, i) => {
        expect([card[side].fromDate, card[side].toDate]).toEqual(spans[i]);
        expect(figuresOf(card[side])).toEqual(sums(between(mine, spans[i][0], spans[i][1])));
      });
    }
    // The day: one counted sale and the refund row (-1): a count of 0, its amounts net.
    expect(data.cards[0].current.revenueCount).toBe(0);
    expect(data.users).toEqual([{ userID: s1.userID, name: s1.data.name }]);
  });

  it('trends follow the rule: 100 when the earlier is 0, else the change rounded down to a tenth, with colours', async () => {
    const data = await cards(admin, `date=${DATE}&userID=${s1.userID}`);
    const month = data.cards[1];
    const change = (now: number, then: number) => (then === 0 ? 100 : Math.floor(((now - then) / Math.abs(then)) * 1000 + 1e-6) / 10);
    for (const measure of ['revenueCount', 'adjustedRevenueTotal', 'commissionTotal']) {
      const percent = change(month.current[measure], month.prior[measure]);
      expect(month.trends.prior[measure]).toEqual({ percent, colour: percent > 0 ? 'green' : percent < 0 ? 'red' : 'amber' });
    }
  });

  it('the trend chart: cumulative by day this month, the prior month and last year, against the card figures', async () => {
    const data = await cards(admin, `date=${DATE}&userID=${s1.userID}`);
    const month = data.cards[1];
    const revenue = data.trend.revenue;
    expect(data.trend.daysInMonth).toBe(29);
    expect(revenue.points[28].current).toBe(month.current.adjustedRevenueTotal);
    expect(revenue.points[28].prior).toBe(month.prior.adjustedRevenueTotal);
    expect(revenue.points[27].py).toBe(month.py.adjustedRevenueTotal);
    expect(revenue.points[28].py).toBeNull();
    // Each day adds that day's sales: the 10th holds the refunded sale, the 29th its refund.
    const tenth = sums(between(by(s1), '2008-02-01', '2008-02-10')).adjustedRevenueTotal;
    expect(revenue.points[9].current).toBe(tenth);
    expect(revenue.projected).toBe(month.current.adjustedRevenueTotal);
  });

  it("a card's params open exactly the sales it adds up", async () => {
    const data = await cards(admin, `date=${DATE}&userID=${s1.userID}`);
    const month = data.cards[1].current;
    const filter = decode(month.params);
    expect(filter).toMatchObject({ attributableToUserID: String(s1.userID), saleDateGEQ: '2008-02-01', saleDateLEQ: DATE });
    const query = new URLSearchParams({ ...filter, pageLength: '500' }).toString();
    const listed = expectStatus(await admin.get(`/api/sales?${query}`), 200).body.listData;
    expect(sums(listed)).toEqual(figuresOf(month));
  });

  it('several users: the main cards add them up; a user card each; names of unknown users say so', async () => {
    const data = await cards(admin, `date=${DATE}&userID=${s1.userID},${s2.userID},999999`);
    const both = [...by(s1), ...by(s2)];
    expect(figuresOf(data.cards[1].current)).toEqual(sums(between(both, '2008-02-01', DATE)));
    expect(data.userCards.map((u: Row) => u.userID)).toEqual([s1.userID, s2.userID, 999999]);
    expect(figuresOf(data.userCards[1].card.current)).toEqual(sums(between(by(s2), '2008-02-01', DATE)));
    expect(data.userCards[2].name).toBe('(Username not found)');
    expect(data.userCards[2].card.current.revenueCount).toBe(0);
  });

  it("store cards: each of the caller's stores, all its sellers; myStores lists them", async () => {
    const data = await cards(admin, `date=${DATE}&userID=${s1.userID}`);
    const storeA = data.storeCards.find((s: Row) => s.storeID === w.storeA.storeID);
    const atA = allSales.filter((r) => r.storeID === w.storeA.storeID);
    expect(figuresOf(storeA.card.current)).toEqual(sums(between(atA, '2008-02-01', DATE)));
    expect(figuresOf(storeA.card.py)).toEqual(sums(between(atA, '2007-02-01', '2007-02-28')));
    expect(data.myStores.map((s: Row) => s.storeID)).toEqual(expect.arrayContaining([w.storeA.storeID, w.storeB.storeID]));
  });

  it("another store's manager adds up only their store: s1's sales at A are not theirs", async () => {
    const data = await cards(managerB.api, `date=${DATE}&userID=${s1.userID}`);
    expect(figuresOf(data.cards[1].current)).toEqual({ revenueCount: 0, adjustedRevenueTotal: 0, commissionTotal: 0 });
    expect(data.storeCards.map((s: Row) => s.storeID)).toEqual([w.storeB.storeID]);
    // No ViewYearCards: no year card.
    expect(data.cards.map((c: Row) => c.period)).toEqual(['day', 'month']);
    const top = data.cards[1].tops.revenue;
    expect(top.topStore.storeID).toBe(w.storeB.storeID);
    expect(top.topUser.attributableToUserID).toBe(sB.userID);
  });

  it('tops: the best SKU, seller and store by revenue, with ASPs', async () => {
    const data = await cards(admin, `date=${DATE}&userID=${s1.userID}`);
    const month = between(allSales, '2008-02-01', DATE);
    const bySeller = [s1, s2, sB]
      .map((u) => ({ u, ...sums(month.filter((r) => r.attributableToUserID === u.userID)) }))
      .sort((a, b) => b.adjustedRevenueTotal - a.adjustedRevenueTotal);
    const top = data.cards[1].tops.revenue.topUser;
    expect(top.attributableToUserID).toBe(bySeller[0].u.userID);
    expect(top.adjustedRevenueTotal).toBe(bySeller[0].adjustedRevenueTotal);
    expect(top.adjustedRevenueASP).toBeCloseTo(bySeller[0].adjustedRevenueTotal / bySeller[0].revenueCount, 2);
  });

  it('without showRevenue: no revenue figure, top or target anywhere; commission still shown', async () => {
    const data = await cards(commissionOnly.api, `date=${DATE}&userID=${s1.userID}`);
    const text = JSON.stringify(data);
    for (const card of data.cards) for (const side of ['current', 'prior', 'py']) expect(card[side].adjustedRevenueTotal).toBeNull();
    expect(data.cards[1].current.commissionTotal).toBe(sums(between(by(s1), '2008-02-01', DATE)).commissionTotal);
    expect(data.cards[1].tops.revenue).toBeUndefined();
    expect(data.cards[1].tops.commission.topSKU).not.toBeNull();
    expect(text).not.toMatch(/"adjustedRevenue(Total|ASP)":\d/);
    expect(data.targets.every((t: Row) => t.targetType !== 'revenue')).toBe(true);
  });

  it("targets: the users' month targets against their actual, met, projected, and pro-rated only for a user who asks", async () => {
    const put = await admin.put(`/api/targets/${w.storeA.storeID}/2008-02-01`, [
      { userID: s1.userID, targetType: 'quantity', target: 1 },
      { userID: s1.userID, targetType: 'revenue', target: 10000 },
      { userID: 0, targetType: 'quantity', target: 50 },
    ]);
    expectStatus(put, 200);
    const data = await cards(admin, `date=${DATE}&userID=${s1.userID}`);
    const month = sums(between(by(s1), '2008-02-01', DATE));
    const quantity = data.targets.find((t: Row) => t.targetType === 'quantity');
    const revenue = data.targets.find((t: Row) => t.targetType === 'revenue');
    expect(quantity).toMatchObject({ target: 1, actual: month.revenueCount, met: month.revenueCount >= 1 });
    expect(revenue).toMatchObject({ target: 10000, actual: month.adjustedRevenueTotal, met: false, projectedColour: 'red' });
    // A month already over projects its actual.
    expect(revenue.projected).toBe(month.adjustedRevenueTotal);
    expect(revenue.proRatedTarget).toBeUndefined();
    const storeA = data.storeCards.find((s: Row) => s.storeID === w.storeA.storeID);
    expect(storeA.targets).toEqual([expect.objectContaining({ targetType: 'quantity', target: 50 })]);
    // commissionOnly pro-rates (a past month: the whole target) and sees no revenue target.
    const theirs = await cards(commissionOnly.api, `date=${DATE}&userID=${s1.userID}`);
    expect(theirs.targets).toEqual([expect.objectContaining({ targetType: 'quantity', target: 1, proRatedTarget: 1 })]);
  });

  it('refuses a future date, a date past months back, bad users and unknown parameters, naming each', async () => {
    const future = expectFailure(await admin.get('/api/kpi/cards?date=2999-01-01'));
    expect(future.failMessages.date).toBe('This date is in the future');
    const limited = await createSeller(w.t, admin, [w.storeA.storeID], { salesMonthsBack: 2 });
    const old = expectFailure(await limited.api.get(`/api/kpi/cards?date=${DATE}`));
    expect(old.failMessages.date).toMatch(/^2 months max restriction/);
    const bad = expectFailure(await admin.get('/api/kpi/cards?date=2008-02-30&userID=1;DROP TABLE sale&colour=1'));
    expect(Object.keys(bad.failMessages).sort()).toEqual(['colour', 'date', 'userID']);
    // A user's own cards today with a short months back: last year's side is not available, not refused.
    const today = await cards(limited.api, '');
    expect(today.cards[1].py).toMatchObject({ available: false, revenueCount: null, adjustedRevenueTotal: null });
  });
});

describe('GET /api/kpi/tables, leagueTables, drhTable', () => {
  const column = () => `metric${metric.metricID}`;

  it.each([
    ['attributableToUserID', (r: Row) => r.attributableToUserID],
    ['storeID', (r: Row) => r.storeID],
  ])('split by %s: a row per key with the metric of its sales, colours, parts and a totals row', async (splitBy, keyOf) => {
    const listData = expectStatus(await admin.get(`/api/kpi/tables?date=${DATE}&splitBy=${splitBy}`), 200).body.listData;
    const month = listData.find((t: Row) => t.name === 'month');
    expect(month.columns[0]).toMatchObject({ name: 'name' });
    expect(month.displayAs[column()]).toBe('2dp');
    const inMonth = between(allSales, '2008-02-01', DATE);
    const keys = [...new Set(inMonth.map(keyOf))];
    for (const key of keys) {
      const row = month.rows.find((r: Row) => r.key === key);
      const count = sums(inMonth.filter((r) => keyOf(r) === key)).revenueCount;
      expect(row.values[column()]).toBe(count);
      expect(row.colors[column()]).toBe(count >= 1.5 ? 'green' : 'red');
      expect(row.metricParts[column()][0]).toMatchObject({
        current: count,
        prior: sums(
          between(
            allSales.filter((r) => keyOf(r) === key),
            '2008-01-01',
            '2008-01-29',
          ),
        ).revenueCount,
      });
    }
    expect(month.totalsRow.values[column()]).toBe(sums(inMonth).revenueCount);
  });

  it('a metric with parts on both tables: sales over footfall, per store and in total', async () => {
    const listData = expectStatus(await admin.get(`/api/kpi/tables?date=${DATE}&splitBy=storeID`), 200).body.listData;
    const month = listData.find((t: Row) => t.name === 'month');
    const inMonth = between(allSales, '2008-02-01', DATE);
    const column = `metric${conversion.metricID}`;
    const salesAt = (store: Row) => sums(inMonth.filter((r) => r.storeID === store.storeID)).revenueCount;
    const rowOf = (store: Row) => month.rows.find((r: Row) => r.key === store.storeID);
    expect(rowOf(w.storeA).values[column]).toBeCloseTo(salesAt(w.storeA) / 100, 6);
    expect(rowOf(w.storeB).values[column]).toBeCloseTo(salesAt(w.storeB) / 10, 6);
    expect(month.totalsRow.values[column]).toBeCloseTo(sums(inMonth).revenueCount / 110, 6);
    expect(rowOf(w.storeB).colors[column]).toBe(salesAt(w.storeB) / 10 >= 0.05 ? 'green' : 'red');
    expect(rowOf(w.storeA).metricParts[column].map((p: Row) => [p.tableName, p.divisionPart, p.current])).toEqual([
      ['sales', 'numerator', salesAt(w.storeA)],
      ['dailyStats', 'denominator', 100],
    ]);
  });

  it('split by user, sales over footfall: each seller reads an equal share of the footfall of the stores they sold in', async () => {
    const listData = expectStatus(await admin.get(`/api/kpi/tables?date=${DATE}&splitBy=attributableToUserID`), 200).body.listData;
    const month = listData.find((t: Row) => t.name === 'month');
    const inMonth = between(allSales, '2008-02-01', DATE);
    const column = `metric${conversion.metricID}`;
    const rowOf = (user: TestUser) => month.rows.find((r: Row) => r.key === user.userID);
    const soldBy = (user: TestUser) => sums(inMonth.filter((r) => r.attributableToUserID === user.userID)).revenueCount;
    // Store A's 100 visitors are shared by its two sellers this month, store B's 10 go to its one.
    for (const seller of [s1, s2]) {
      expect(rowOf(seller).metricParts[column].map((p: Row) => p.current)).toEqual([soldBy(seller), 50]);
      expect(rowOf(seller).values[column]).toBeCloseTo(soldBy(seller) / 50, 6);
    }
    expect(rowOf(sB).values[column]).toBeCloseTo(soldBy(sB) / 10, 6);
    // The shares add up to the stores' footfall: the totals row is the stores' conversion.
    expect(month.totalsRow.values[column]).toBeCloseTo(sums(inMonth).revenueCount / 110, 6);
  });

  it('split by store type, one store only: the store tab', async () => {
    const listData = expectStatus(await admin.get(`/api/kpi/tables?date=${DATE}&storeID=${w.storeB.storeID}&splitBy=storeStoreTypeID`), 200).body.listData;
    const dayTable = listData.find((t: Row) => t.name === 'day');
    expect(dayTable.rows.map((r: Row) => r.key)).toEqual([w.storeB.storeTypeID]);
    expect(dayTable.totalsRow.values[column()]).toBe(1);
    expect(decode(dayTable.params)).toMatchObject({ storeID: String(w.storeB.storeID), saleDateGEQ: DATE, saleDateLEQ: DATE });
  });

  it("another store's table is a 403; a bad split a 400", async () => {
    expectStatus(await managerB.api.get(`/api/kpi/tables?date=${DATE}&storeID=${w.storeA.storeID}`), 403);
    expectFailure(await admin.get(`/api/kpi/tables?date=${DATE}&splitBy=sku`));
  });

  it("league tables: users and stores of all the caller's stores", async () => {
    const listData = expectStatus(await managerB.api.get(`/api/kpi/leagueTables?date=${DATE}`), 200).body.listData;
    expect(listData.map((t: Row) => t.name)).toEqual(['users', 'stores']);
    expect(listData[0].rows.map((r: Row) => r.key)).toEqual([sB.userID]);
    expect(listData[1].rows.map((r: Row) => r.name)).toEqual([w.storeB.name]);
  });

  it('the daily table reads the drhMetrics preference, over the range, split as asked', async () => {
    expectStatus(await admin.put('/api/user/userPreference/defaults/drhMetrics', { value: `${metric.metricID},999999` }), 200);
    const data = expectStatus(await admin.get(`/api/kpi/drhTable?fromDate=2008-02-10&toDate=${DATE}&storeIDs=${w.storeA.storeID}&splitBy=storeID`), 200).body
      .data;
    expect(data.columns.map((c: Row) => c.name)).toEqual(['name', column()]);
    expect(data.rows).toHaveLength(1);
    const atA = between(
      allSales.filter((r) => r.storeID === w.storeA.storeID),
      '2008-02-10',
      DATE,
    );
    expect(data.totalsRow.values[column()]).toBe(sums(atA).revenueCount);
    expect(data.prior).toEqual({ fromDate: '2008-01-21', toDate: '2008-02-09' });
    expectFailure(await admin.get(`/api/kpi/drhTable?fromDate=${DATE}&toDate=2008-02-01`));
  });

  it('Excel: the tables and the daily table as sheets, with the token in the query', async () => {
    const { res, body } = await binary(w.t.http.get(`/api/kpi/tables/excel?date=${DATE}&splitBy=storeID&fileName=kpi&token=${admin.token}`));
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toContain('kpi.xlsx');
    const rows = await xlsxRows(body);
    expect(rows[0][0]).toBe('Store');
    expect(rows.some((r) => r[0] === w.storeA.name)).toBe(true);
    expect(rows[rows.length - 1][0]).toBe('Total');
    const drh = await binary(w.t.http.get(`/api/kpi/drhTable/excel?fromDate=2008-02-01&toDate=${DATE}&token=${admin.token}`));
    expect(drh.res.status).toBe(200);
    expectStatus(await w.t.http.get(`/api/kpi/tables/excel?date=${DATE}&fileName=a/b&token=${admin.token}`), 400);
  });

  it('Excel needs AccessAPI (document 02 section 6), as every list export does', async () => {
    // commissionOnly records sales and reads the dashboard, without AccessAPI.
    for (const path of [`kpi/tables/excel?date=${DATE}`, `kpi/drhTable/excel?fromDate=2008-02-01&toDate=${DATE}`]) {
      expectStatus(await w.t.http.get(`/api/${path}&token=${commissionOnly.token}`), 403);
      expectStatus(await commissionOnly.api.get(`/api/${path.replace('/excel', '')}`), 200);
    }
  });
});

describe('GET /api/kpi/stores, skus, users (Top dialogs)', () => {
  const month = `saleDateGEQ=2008-02-01&saleDateLEQ=${DATE}`;

  it('users: a page sorted by revenue count with totals and ASPs, counted as the cards count', async () => {
    const body = expectStatus(await admin.get(`/api/kpi/users?${month}&sort=revenueCount&sortDir=desc&pageLength=10`), 200).body;
    const inMonth = between(allSales, '2008-02-01', DATE);
    const expected = [s1, s2, sB].map((u) => ({ userID: u.userID, ...sums(inMonth.filter((r) => r.attributableToUserID === u.userID)) }));
    for (const e of expected) {
      const row = body.listData.find((r: Row) => r.attributableToUserID === e.userID);
      expect(row).toMatchObject({ revenueCount: e.revenueCount, adjustedRevenueTotal: e.adjustedRevenueTotal, commissionTotal: e.commissionTotal });
    }
    const counts = body.listData.map((r: Row) => r.revenueCount);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(body.page).toMatchObject({ page: 0, pageLength: 10, rowCount: 3 });
  });

  it('stores: filters of the sales list, quickFilter on the name, paging', async () => {
    const onlyB = expectStatus(await admin.get(`/api/kpi/stores?${month}&storeID=${w.storeB.storeID}`), 200).body;
    expect(onlyB.listData.map((r: Row) => r.storeID)).toEqual([w.storeB.storeID]);
    const quick = expectStatus(await admin.get(`/api/kpi/stores?${month}&quickFilter=${encodeURIComponent(w.storeA.name)}`), 200).body;
    expect(quick.listData.map((r: Row) => r.storeName)).toEqual([w.storeA.name]);
    const second = expectStatus(await admin.get(`/api/kpi/stores?${month}&pageLength=10&page=1`), 200).body;
    expect(second.listData).toEqual([]);
  });

  it('skus: sorted by ASP; a hidden figure cannot be sorted on, an unknown filter is a 400', async () => {
    const body = expectStatus(await admin.get(`/api/kpi/skus?${month}&sort=commissionASP`), 200).body;
    expect(body.listData[0]).toHaveProperty('sku');
    expect(body.listData[0]).toHaveProperty('rateCardLineDescription');
    expectFailure(await commissionOnly.api.get(`/api/kpi/skus?${month}&sort=adjustedRevenueASP`));
    expectFailure(await admin.get(`/api/kpi/skus?${month}&colour=red`));
    expectFailure(await admin.get(`/api/kpi/skus?${month}&pageLength=7`));
    const hidden = expectStatus(await commissionOnly.api.get(`/api/kpi/skus?${month}`), 200).body;
    expect(hidden.listData.every((r: Row) => r.adjustedRevenueTotal === null && r.adjustedRevenueASP === null)).toBe(true);
  });
});
