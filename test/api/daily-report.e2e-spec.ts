import { DataSource } from 'typeorm';
import { Client, createAnalysisField, createStore, expectFailure, expectStatus, Row, TestUser } from '../support/api';
import { createSeller, lineStoreOf, recordSale, SalesWorld, salesWorld, setStep } from './sales-fixtures';

/**
 * The daily report (issue 12; docs/http-api.md "Daily report"): per analysis field asked at the
 * store with items reported daily, the day's counted sales under each dailyReportAs heading,
 * against sums this file computes from the sales it created (cancelled, credit-check fails,
 * refunds on their own day, modified and reconciled sales, other days and other stores); a sale
 * counted once per heading of a multi field; 'all' stores; revenue hidden without showRevenue;
 * one grouped statement; 403 for another store; 400s. Sales are in 2009.
 */

const YEAR = 2009;
const DATE = '2009-03-10';
const COUNTED = ['recorded', 'modified', 'reconciled'];

let w: SalesWorld;
let admin: Client;
/** Store B only, revenue shown. */
let managerB: TestUser;
/** Store A, no showRevenue. */
let noRevenue: TestUser;
/** Handset: single, at A and B; items H1 and H2 are 'Handsets', H3 'Premium', H9 not reported. */
let handset: Row;
/** Extras: multi, at A; X and Y are 'Accessories' (one spelled ' accessories '), W 'Cases', V not reported. */
let extras: Row;
/** Single, at A, no item reported: not in the report. */
let unreported: Row;
/** Single, at B only, item B1 'Bundles'. */
let onlyB: Row;
/** Every sale of the file, as the admin's list reads them after the setup. */
let allSales: Row[];

const day = (r: Row) => String(r.saleDate).slice(0, 10);

/** The report's figures computed here: counted sales of the stores on the day holding one of the codes, refunds -1. */
function expected(field: Row, codes: string[], storeIDs: number[]) {
  const rows = allSales.filter(
    (r) =>
      COUNTED.includes(r.currentHistoryStep) &&
      day(r) === DATE &&
      storeIDs.includes(r.storeID) &&
      r.saleAnalysisValues.some((v: Row) => v.analysisFieldID === field.analysisFieldID && codes.includes(v.analysisValue)),
  );
  return {
    quantity: rows.reduce((n, r) => n + (r.isRefund ? -1 : 1), 0),
    revenue: Math.round(rows.reduce((n, r) => n + Math.round(r.adjustedRevenue * 100), 0)) / 100,
  };
}

async function report(api: Client, query: string): Promise<Row> {
  return expectStatus(await api.get(`/api/kpi/dailyReport?${query}`), 200).body.data;
}

const answers = (values: Array<[Row, string]>) => values.map(([field, analysisValue]) => ({ analysisFieldID: field.analysisFieldID, analysisValue }));

beforeAll(async () => {
  w = await salesWorld(YEAR);
  admin = w.admin;
  managerB = await createSeller(w.t, admin, [w.storeB.storeID], { areas: ['RecordSales'] });
  noRevenue = await createSeller(w.t, admin, [w.storeA.storeID], { areas: ['RecordSales'], profile: { showRevenue: false, showCommission: true } });
  const both = [w.storeA.storeID, w.storeB.storeID];
  handset = await createAnalysisField(admin, {
    label: 'Handset sold',
    storeIDs: both,
    analysisListItems: [
      { code: 'H1', description: 'Band one', dailyReportAs: 'Handsets' },
      { code: 'H2', description: 'Band two', dailyReportAs: 'Handsets' },
      { code: 'H3', description: 'Premium band', dailyReportAs: 'Premium' },
      { code: 'H9', description: 'Not reported' },
    ],
  });
  extras = await createAnalysisField(admin, {
    label: 'Extras sold',
    inputType: 'multi',
    storeIDs: [w.storeA.storeID],
    analysisListItems: [
      { code: 'X', dailyReportAs: 'Accessories' },
      { code: 'W', dailyReportAs: 'Cases' },
      { code: 'Y', dailyReportAs: ' accessories ' },
      { code: 'V' },
    ],
  });
  unreported = await createAnalysisField(admin, { label: 'Colour', storeIDs: both, analysisListItems: [{ code: 'Red' }, { code: 'Blue' }] });
  onlyB = await createAnalysisField(admin, { label: 'B extras', storeIDs: [w.storeB.storeID], analysisListItems: [{ code: 'B1', dailyReportAs: 'Bundles' }] });

  const atA = (values: Array<[Row, string]>, body: Row = {}) => recordSale(w, admin, { saleDate: DATE, saleAnalysisValues: answers(values), ...body });
  // Counted at A on the day: H1 with X and Y (one Accessories), H2 with W (then edited: modified), H3 reconciled, H9.
  await atA([
    [handset, 'H1'],
    [extras, 'X'],
    [extras, 'Y'],
    [unreported, 'Red'],
  ]);
  const edited = await atA([
    [handset, 'H2'],
    [extras, 'W'],
  ]);
  expectStatus(await admin.put(`/api/sale/${edited.saleID}`, { ...edited, notes: 'Edited on the day' }), 200);
  const reconciled = await atA([
    [handset, 'H3'],
    [extras, 'V'],
  ]);
  await setStep(w, reconciled.saleID, 'reconciled');
  await atA([[handset, 'H9']]);
  // Not counted: a cancelled H3, a credit-check fail with H1 and X.
  const cancelled = await atA([[handset, 'H3']]);
  await setStep(w, cancelled.saleID, 'cancelled');
  const creditFail = await atA(
    [
      [handset, 'H1'],
      [extras, 'X'],
    ],
    { orderRef: '00000000000000000000' },
  );
  await setStep(w, creditFail.saleID, 'cancelled');
  // A sale of the 5th refunded: the refund row (-1, negated amounts) lands on the day; the original stays on the 5th.
  const refunded = await atA(
    [
      [handset, 'H2'],
      [extras, 'Y'],
    ],
    { saleDate: '2009-03-05' },
  );
  expectStatus(
    await admin.put(`/api/sale/${refunded.saleID}`, { ...refunded, isRefunded: true, isRefundedNote: 'Back', isRefundedOrderRef: 'R'.repeat(20) }),
    200,
  );
  await w.t.dataSource.query(`UPDATE sale SET saleDate = '${DATE}' WHERE refSaleID = ${Number(refunded.saleID)}`);
  // The day after, at A.
  await atA([[handset, 'H1']], { saleDate: '2009-03-11' });
  // At B on the day: H1 and B1, and H2.
  const atB = (values: Array<[Row, string]>) =>
    recordSale(w, admin, {
      storeID: w.storeB.storeID,
      attributableToUserID: managerB.userID,
      rateCardLineStoreID: lineStoreOf(w.line, w.storeB).rateCardLineStoreID,
      saleDate: DATE,
      saleAnalysisValues: answers(values),
    });
  await atB([
    [handset, 'H1'],
    [onlyB, 'B1'],
  ]);
  await atB([[handset, 'H2']]);

  allSales = expectStatus(
    await admin.get(`/api/sales?saleDateGEQ=2009-01-01&saleDateLEQ=2009-12-31&storeID=${w.storeA.storeID},${w.storeB.storeID}&pageLength=500`),
    200,
  ).body.listData;
  expect(allSales.length).toBe(11);
  expect(allSales.find((r) => r.saleID === edited.saleID)?.currentHistoryStep).toBe('modified');
});

afterAll(() => w?.t.close());

describe('GET /api/kpi/dailyReport', () => {
  it("one store: its reported fields by label, each heading's quantity and revenue against the file's sums", async () => {
    const data = await report(admin, `storeID=${w.storeA.storeID}&saleDate=${DATE}`);
    expect(data.storeID).toBe(w.storeA.storeID);
    expect(data.saleDate).toBe(DATE);
    const A = [w.storeA.storeID];
    expect(data.fields).toEqual([
      {
        analysisFieldID: extras.analysisFieldID,
        label: 'Extras sold',
        groups: [
          { name: 'Accessories', ...expected(extras, ['X', 'Y'], A) },
          { name: 'Cases', ...expected(extras, ['W'], A) },
        ],
      },
      {
        analysisFieldID: handset.analysisFieldID,
        label: 'Handset sold',
        groups: [
          { name: 'Handsets', ...expected(handset, ['H1', 'H2'], A) },
          { name: 'Premium', ...expected(handset, ['H3'], A) },
        ],
      },
    ]);
    // By hand: H1, H2 and the refund of an H2 (-1) are 1 Handset worth £100; the H1 sale with X and Y is one Accessories sale.
    expect(data.fields[1].groups[0]).toEqual({ name: 'Handsets', quantity: 1, revenue: 100 });
    expect(data.fields[0].groups[0]).toEqual({ name: 'Accessories', quantity: 0, revenue: 0 });
    expect(data.fields[1].groups[1]).toEqual({ name: 'Premium', quantity: 1, revenue: 100 });
  });

  it("'all': the caller's stores, with the fields of each", async () => {
    const both = [w.storeA.storeID, w.storeB.storeID];
    const data = await report(admin, `storeID=all&saleDate=${DATE}`);
    expect(data.storeID).toBe('all');
    expect(data.fields.map((f: Row) => f.label)).toEqual(['B extras', 'Extras sold', 'Handset sold']);
    expect(data.fields[0].groups).toEqual([{ name: 'Bundles', ...expected(onlyB, ['B1'], both) }]);
    expect(data.fields[2].groups).toEqual([
      { name: 'Handsets', ...expected(handset, ['H1', 'H2'], both) },
      { name: 'Premium', ...expected(handset, ['H3'], both) },
    ]);
    expect(data.fields[2].groups[0]).toEqual({ name: 'Handsets', quantity: 3, revenue: 280 });
    // Store B's manager: all is store B.
    const theirs = await report(managerB.api, `storeID=all&saleDate=${DATE}`);
    expect(theirs.fields.map((f: Row) => f.label)).toEqual(['B extras', 'Handset sold']);
    expect(theirs.fields[1].groups[0]).toEqual({ name: 'Handsets', ...expected(handset, ['H1', 'H2'], [w.storeB.storeID]) });
  });

  it('a day without sales answers every heading at 0; a store without reported fields answers none', async () => {
    const data = await report(admin, `storeID=${w.storeA.storeID}&saleDate=2009-03-12`);
    expect(data.fields.flatMap((f: Row) => f.groups.map((g: Row) => [g.quantity, g.revenue]))).toEqual([
      [0, 0],
      [0, 0],
      [0, 0],
      [0, 0],
    ]);
    const storeC = await createStore(admin, { name: 'Daily report C', storeTypeID: w.storeA.storeTypeID });
    expect((await report(admin, `storeID=${storeC.storeID}&saleDate=${DATE}`)).fields).toEqual([]);
  });

  it('without showRevenue: quantities only, revenue null', async () => {
    const data = await report(noRevenue.api, `storeID=${w.storeA.storeID}&saleDate=${DATE}`);
    const handsets = data.fields.find((f: Row) => f.analysisFieldID === handset.analysisFieldID);
    expect(handsets.groups).toEqual([
      { name: 'Handsets', quantity: expected(handset, ['H1', 'H2'], [w.storeA.storeID]).quantity, revenue: null },
      { name: 'Premium', quantity: expected(handset, ['H3'], [w.storeA.storeID]).quantity, revenue: null },
    ]);
    expect(JSON.stringify(data)).not.toMatch(/"revenue":-?\d/);
  });

  it('adds up in one grouped statement over the sales, whatever the number of stores, fields and headings', async () => {
    const runner = w.t.app.get(DataSource).createQueryRunner();
    const proto = Object.getPrototypeOf(runner);
    await runner.release();
    const spy = jest.spyOn(proto, 'query');
    try {
      await report(admin, `storeID=all&saleDate=${DATE}`);
      const statements = spy.mock.calls.map((call) => String(call[0])).filter((sql) => /\bsaleAnalysisValue\b/.test(sql));
      expect(statements).toHaveLength(1);
      expect(statements[0]).toMatch(/GROUP BY/);
    } finally {
      spy.mockRestore();
    }
  });

  it('another store is a 403; bad, future, too old and unknown parameters are 400s naming each', async () => {
    expectStatus(await managerB.api.get(`/api/kpi/dailyReport?storeID=${w.storeA.storeID}&saleDate=${DATE}`), 403);
    const future = expectFailure(await admin.get(`/api/kpi/dailyReport?storeID=${w.storeA.storeID}&saleDate=2999-01-01`));
    expect(future.failMessages).toEqual({ saleDate: 'This date is in the future' });
    const limited = await createSeller(w.t, admin, [w.storeA.storeID], { salesMonthsBack: 2 });
    const old = expectFailure(await limited.api.get(`/api/kpi/dailyReport?storeID=${w.storeA.storeID}&saleDate=${DATE}`));
    expect(old.failMessages.saleDate).toMatch(/^2 months max restriction/);
    const bad = expectFailure(await admin.get('/api/kpi/dailyReport?storeID=1;DROP&saleDate=2009-02-30&colour=red'));
    expect(Object.keys(bad.failMessages).sort()).toEqual(['colour', 'saleDate', 'storeID']);
    for (const storeID of ['0', `${w.storeA.storeID},${w.storeB.storeID}`, 'ALL', '']) {
      expect(expectFailure(await admin.get(`/api/kpi/dailyReport?storeID=${storeID}&saleDate=${DATE}`)).failMessages).toEqual({
        storeID: "Choose a store's id or all",
      });
    }
    expect(expectFailure(await admin.get(`/api/kpi/dailyReport?storeID=all`)).failMessages).toEqual({ saleDate: 'Choose a date (yyyy-mm-dd)' });
    expect(expectFailure(await admin.get(`/api/kpi/dailyReport?storeID=all&storeID=2&saleDate=${DATE}`)).failMessages).toHaveProperty('storeID');
    // Without a token: 403, as every call.
    expectStatus(await w.t.http.get(`/api/kpi/dailyReport?storeID=all&saleDate=${DATE}`), 403);
  });
});
