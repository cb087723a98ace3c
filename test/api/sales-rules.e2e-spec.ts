import {
  createAnalysisField,
  createRateCard,
  createRateCardLine,
  createSaleType,
  createStore,
  expectFailure,
  expectStatus,
  Row,
  TestUser,
} from '../support/api';
import {
  createSeller,
  discountAt,
  newLineStore,
  historyOf,
  lineStoreOf,
  ORDER,
  readSale,
  recordSale,
  saleBody,
  SalesWorld,
  salesWorld,
  today,
} from './sales-fixtures';

/**
 * The rules of a sale's save (docs/http-api.md, "Sales", "Saving"; ARCHITECTURE.md "Revenue and
 * commission of a sale"; docs/decisions.md "Discount reductions"). This file's cards start in
 * 2012 and its sales are dated 2012, except the months-back clamp, which needs last month.
 */

let w: SalesWorld;
const YEAR = 2012;

beforeAll(async () => {
  w = await salesWorld(YEAR);
});
afterAll(() => w?.t.close());

const SKU_NOT_AVAILABLE = 'The selected SKU is not available at that store on this rate card for this sale type';
const PERCENT_MESSAGE = 'Discount percent must be 0 to 40 in steps of 5';

async function amountsOf(body: Row): Promise<{ revenue: number; commission: number }> {
  const sale = await recordSale(w, w.seller.api, body);
  // What the list reads back from the database, not only what the save answered.
  const stored = await readSale(w, sale.saleID);
  expect({ revenue: sale.revenue, commission: sale.commission }).toEqual({ revenue: stored.revenue, commission: stored.commission });
  expect(stored.adjustedRevenue).toBe(stored.revenue);
  return { revenue: stored.revenue, commission: stored.commission };
}

async function calculator(query: string, api = w.seller.api): Promise<Row> {
  return expectStatus(await api.get(`/api/sale/revenueCommission?rateCardLineStoreID=${w.lineA.rateCardLineStoreID}${query}`), 200).body.data;
}

describe('amounts for every discount variant (saved and from the calculator)', () => {
  const variants: Array<[string, Row, number | null, { revenue: number; commission: number }]> = [
    ['no discount', {}, null, { revenue: 100, commission: 40 }],
    [
      'fixed amounts off revenue and commission',
      { captureVariablePercent: false, revenueReductionFixed: 12.5, commissionReductionFixed: 5, commissionSameAsRevenue: false },
      null,
      { revenue: 87.5, commission: 35 },
    ],
    [
      'without a captured percent a ratio setting is ignored: fixed only',
      { captureVariablePercent: false, revenueReductionIsFixed: false, revenueReductionRatio: 0.5, revenueReductionFixed: 5, commissionSameAsRevenue: true },
      null,
      { revenue: 95, commission: 35 },
    ],
    [
      'fixed, commission the same as revenue',
      { captureVariablePercent: false, revenueReductionFixed: 10, commissionSameAsRevenue: true },
      null,
      { revenue: 90, commission: 30 },
    ],
    [
      'ratio 0.5 of a captured 20 percent on revenue, fixed on commission',
      {
        captureVariablePercent: true,
        revenueReductionIsFixed: false,
        revenueReductionRatio: 0.5,
        commissionReductionIsFixed: true,
        commissionReductionFixed: 3,
        commissionSameAsRevenue: false,
      },
      20,
      { revenue: 90, commission: 37 },
    ],
    [
      'ratio 1 of a captured 10 percent on both, commission by its own ratio',
      {
        captureVariablePercent: true,
        revenueReductionIsFixed: false,
        revenueReductionRatio: 1,
        commissionReductionIsFixed: false,
        commissionReductionRatio: 0.25,
        commissionSameAsRevenue: false,
      },
      10,
      { revenue: 90, commission: 39 },
    ],
    [
      'ratio 1 of a captured 40 percent, commission the same as revenue',
      { captureVariablePercent: true, revenueReductionIsFixed: false, revenueReductionRatio: 1, commissionSameAsRevenue: true },
      40,
      { revenue: 60, commission: 24 },
    ],
    [
      'a captured percent with a fixed reduction takes the fixed amount only',
      { captureVariablePercent: true, revenueReductionIsFixed: true, revenueReductionFixed: 7, commissionSameAsRevenue: true },
      25,
      { revenue: 93, commission: 33 },
    ],
    [
      'a captured percent of 0 takes nothing off',
      { captureVariablePercent: true, revenueReductionIsFixed: false, revenueReductionRatio: 1, commissionSameAsRevenue: true },
      0,
      { revenue: 100, commission: 40 },
    ],
    [
      'never below 0',
      { captureVariablePercent: false, revenueReductionFixed: 150, commissionReductionFixed: 60, commissionSameAsRevenue: false },
      null,
      { revenue: 0, commission: 0 },
    ],
  ];

  it.each(variants)('%s', async (_name, settings, percent, expected) => {
    const discountStoreID = Object.keys(settings).length ? (await discountAt(w, settings)).discountStoreID : null;
    const body: Row = discountStoreID ? { discountStoreID, ...(percent != null ? { discountPercent: percent } : {}) } : {};
    expect(await amountsOf(body)).toEqual(expected);

    const query = `${discountStoreID ? `&discountStoreID=${discountStoreID}` : ''}${percent != null ? `&discountPercent=${percent}` : ''}`;
    expect(await calculator(query)).toEqual(expected);
    expect(await calculator(`${query}&isRefund=true`)).toEqual({ revenue: -expected.revenue + 0, commission: -expected.commission + 0 });
    expect(await calculator(`${query}&isCancelled=true`)).toEqual({ revenue: 0, commission: 0 });
    expect(await calculator(`${query}&isCancelled=1&isRefund=1`)).toEqual({ revenue: 0, commission: 0 });
  });

  it('rounds a ratio reduction to the penny', async () => {
    const lineStore = await newLineStore(w, w.storeA, { revenue: 33.33, commission: 10.01 });
    const discount = await discountAt(w, {
      captureVariablePercent: true,
      revenueReductionIsFixed: false,
      revenueReductionRatio: 1,
      commissionSameAsRevenue: true,
    });
    // 15% of 33.33 is 4.9995 (5.00 off) and of 10.01 is 1.5015 (1.50 off).
    expect(await amountsOf({ rateCardLineStoreID: lineStore.rateCardLineStoreID, discountStoreID: discount.discountStoreID, discountPercent: 15 })).toEqual({
      revenue: 28.33,
      commission: 8.51,
    });
  });

  it('ignores amounts and every other server field the client sends', async () => {
    const discount = await discountAt(w, { captureVariablePercent: false, revenueReductionFixed: 10, commissionSameAsRevenue: true });
    const sent = saleBody(w, {
      discountStoreID: discount.discountStoreID,
      revenue: 9999,
      commission: 9999,
      adjustment: 500,
      adjustedRevenue: 1,
      unreconciledRevenue: 7,
      recSheetLinesTotal: 3,
      recSheetLinesCount: 4,
      rateCardID: 999999,
      rateCardLineID: 999999,
      sku: 'HACKED',
      currentHistoryStep: 'reconciled',
      currentHistoryID: 999999,
      isRefund: true,
      refSaleID: 1,
      dupeCount: 9,
      discountName: 'Free',
      storeName: 'Elsewhere',
    });
    const sale = expectStatus(await w.seller.api.post('/api/sale', sent), 201).body.data;
    const stored = await readSale(w, sale.saleID);
    expect(stored).toEqual(
      expect.objectContaining({
        revenue: 90,
        commission: 30,
        adjustment: 0,
        adjustedRevenue: 90,
        unreconciledRevenue: 90,
        recSheetLinesTotal: 0,
        recSheetLinesCount: 0,
        rateCardID: w.card.rateCardID,
        rateCardLineID: w.line.rateCardLineID,
        sku: w.line.sku,
        currentHistoryStep: 'recorded',
        isRefund: false,
        refSaleID: null,
        discountName: expect.not.stringMatching(/^Free$/),
        storeName: w.storeA.name,
      }),
    );
    // The same on an edit: the row sent back with other amounts keeps the server's.
    const edited = expectStatus(
      await w.seller.api.put(`/api/sale/${sale.saleID}`, { ...stored, revenue: 1, commission: 1, adjustedRevenue: 1, notes: 'Edited' }),
      200,
    ).body.data;
    expect(edited).toEqual(expect.objectContaining({ revenue: 90, commission: 30, adjustedRevenue: 90, notes: 'Edited', currentHistoryStep: 'modified' }));
  });
});

describe('discount rules', () => {
  let fixed: Row;
  let capturing: Row;
  beforeAll(async () => {
    fixed = await discountAt(w, { captureVariablePercent: false, revenueReductionFixed: 10, commissionSameAsRevenue: true });
    capturing = await discountAt(w, { captureVariablePercent: true, revenueReductionIsFixed: false, revenueReductionRatio: 1, commissionSameAsRevenue: true });
  });

  async function refused(body: Row, field: string, message?: string | RegExp): Promise<void> {
    const before = await w.t.tableCounts();
    const failure = expectFailure(await w.seller.api.post('/api/sale', saleBody(w, body)));
    if (message instanceof RegExp) expect(failure.failMessages[field]).toMatch(message);
    else if (message) expect(failure.failMessages[field]).toBe(message);
    else expect(failure.failMessages[field]).toEqual(expect.any(String));
    expect(await w.t.tableCounts()).toEqual(before);
  }

  it('refuses a disabled discount', async () => {
    const disabled = await discountAt(w, { enabled: false, captureVariablePercent: false, revenueReductionFixed: 10 });
    await refused({ discountStoreID: disabled.discountStoreID }, 'discountStoreID');
  });

  it('refuses a discount of another store', async () => {
    const atB = await discountAt(w, { captureVariablePercent: false, revenueReductionFixed: 10 }, w.storeB);
    await refused({ discountStoreID: atB.discountStoreID }, 'discountStoreID');
  });

  it('refuses a discount of another sale type at the store', async () => {
    const otherType = await createSaleType(w.admin, { storeIDs: [w.storeA.storeID] });
    const other = await discountAt(w, { captureVariablePercent: false, revenueReductionFixed: 10 }, w.storeA, { saleTypeID: otherType.saleTypeID });
    await refused({ discountStoreID: other.discountStoreID }, 'discountStoreID');
  });

  it('refuses a discount that does not exist', async () => {
    await refused({ discountStoreID: 9_999_999 }, 'discountStoreID');
  });

  it('refuses a discount on a SKU whose type excludes discounts, and on a line store that excludes them', async () => {
    await refused(
      { rateCardLineStoreID: w.exclLineA.rateCardLineStoreID, discountStoreID: fixed.discountStoreID },
      'discountStoreID',
      'This SKU is excluded from discounts',
    );
    // Without the discount the same SKU records at its full amounts.
    expect(await amountsOf({ rateCardLineStoreID: w.exclLineA.rateCardLineStoreID })).toEqual({ revenue: 50, commission: 20 });
    const overridden = await newLineStore(w, w.storeA, { revenue: 70, commission: 7, excludeDiscount: true });
    await refused(
      { rateCardLineStoreID: overridden.rateCardLineStoreID, discountStoreID: capturing.discountStoreID, discountPercent: 10 },
      'discountStoreID',
      'This SKU is excluded from discounts',
    );
  });

  it.each([[12], [45], [-5], [2.5], ['10']])('refuses discountPercent %p (0 to 40 in steps of 5)', async (percent) => {
    await refused({ discountStoreID: capturing.discountStoreID, discountPercent: percent }, 'discountPercent', PERCENT_MESSAGE);
  });

  it('refuses a percent with a discount that does not capture one, or with no discount', async () => {
    await refused({ discountStoreID: fixed.discountStoreID, discountPercent: 10 }, 'discountPercent');
    await refused({ discountPercent: 10 }, 'discountPercent');
  });

  it('keeps the captured percent on the row and no percent for a fixed discount', async () => {
    const withPercent = await recordSale(w, w.seller.api, { discountStoreID: capturing.discountStoreID, discountPercent: 35 });
    expect(withPercent).toEqual(expect.objectContaining({ discountPercent: 35, revenue: 65, commission: 26 }));
    const withFixed = await recordSale(w, w.seller.api, { discountStoreID: fixed.discountStoreID, discountPercent: 0 });
    expect(withFixed).toEqual(expect.objectContaining({ discountPercent: null, revenue: 90, commission: 30 }));
  });
});

describe('GET /api/sale/revenueCommission', () => {
  it('refuses bad parameters with 400 and a line store outside the profile with 404', async () => {
    const base = `/api/sale/revenueCommission?rateCardLineStoreID=${w.lineA.rateCardLineStoreID}`;
    expect(expectFailure(await w.seller.api.get(`${base}&discountPercent=12`)).failMessages.discountPercent).toBe(PERCENT_MESSAGE);
    expect(expectFailure(await w.seller.api.get(`${base}&discountPercent=45`)).failMessages.discountPercent).toBe(PERCENT_MESSAGE);
    expectFailure(await w.seller.api.get(`${base}&discountPercent=-5`));
    expectFailure(await w.seller.api.get(`${base}&isRefund=maybe`));
    expectFailure(await w.seller.api.get(`${base}&revenue=5`));
    expectFailure(await w.seller.api.get(`${base}&discountStoreID=1%20OR%201=1`));
    expectFailure(await w.seller.api.get('/api/sale/revenueCommission'));
    expectFailure(await w.seller.api.get('/api/sale/revenueCommission?rateCardLineStoreID=99999999999999999999'));
    expectStatus(await w.seller.api.get(`/api/sale/revenueCommission?rateCardLineStoreID=${w.lineB.rateCardLineStoreID}`), 404);
    expectStatus(await w.seller.api.get('/api/sale/revenueCommission?rateCardLineStoreID=9999999'), 404);
    const atB = await discountAt(w, { captureVariablePercent: false, revenueReductionFixed: 10 }, w.storeB);
    expectFailure(await w.seller.api.get(`${base}&discountStoreID=${atB.discountStoreID}`));
  });

  it('takes nothing off for a disabled discount or a SKU that excludes discounts', async () => {
    const disabled = await discountAt(w, { enabled: false, captureVariablePercent: false, revenueReductionFixed: 10, commissionSameAsRevenue: true });
    expect(await calculator(`&discountStoreID=${disabled.discountStoreID}`)).toEqual({ revenue: 100, commission: 40 });
    const fixed = await discountAt(w, { captureVariablePercent: false, revenueReductionFixed: 10, commissionSameAsRevenue: true });
    const excluded = `/api/sale/revenueCommission?rateCardLineStoreID=${w.exclLineA.rateCardLineStoreID}&discountStoreID=${fixed.discountStoreID}`;
    expect(expectStatus(await w.seller.api.get(excluded), 200).body.data).toEqual({ revenue: 50, commission: 20 });
    expect(await calculator(`&discountStoreID=${fixed.discountStoreID}`)).toEqual({ revenue: 90, commission: 30 });
  });

  it('leaves out the figures the profile hides', async () => {
    const noRevenue = await createSeller(w.t, w.admin, [w.storeA.storeID], { profile: { showRevenue: false } });
    const noCommission = await createSeller(w.t, w.admin, [w.storeA.storeID], { profile: { showCommission: false } });
    expect(await calculator('', noRevenue.api)).toEqual({ commission: 40 });
    expect(await calculator('', noCommission.api)).toEqual({ revenue: 100 });
  });
});

describe('store scope', () => {
  let theirs: Row;
  beforeAll(async () => {
    theirs = await recordSale(w, w.admin, { storeID: w.storeB.storeID, rateCardLineStoreID: w.lineB.rateCardLineStoreID, attributableToUserID: w.adminID });
  });

  it('answers 403 for a body naming a store outside the profile, writing nothing', async () => {
    const before = await w.t.tableCounts();
    expectFailure(await w.seller.api.post('/api/sale', saleBody(w, { storeID: w.storeB.storeID, rateCardLineStoreID: w.lineB.rateCardLineStoreID })), 403);
    const mine = await recordSale(w);
    const after = await w.t.tableCounts();
    expectFailure(
      await w.seller.api.put(`/api/sale/${mine.saleID}`, { ...mine, storeID: w.storeB.storeID, rateCardLineStoreID: w.lineB.rateCardLineStoreID }),
      403,
    );
    expect(await w.t.tableCounts()).toEqual(after);
    expect((await readSale(w, mine.saleID)).storeID).toBe(w.storeA.storeID);
    expect(after.sale).toBe(before.sale + 1);
  });

  it('answers 404 for every call on a sale of a store outside the profile', async () => {
    const id = theirs.saleID;
    expectStatus(await w.seller.api.get(`/api/sales?saleID=${id}`), 404);
    expectStatus(await w.seller.api.put(`/api/sale/${id}`, saleBody(w, { notes: 'Mine now' })), 404);
    expectStatus(await w.seller.api.put(`/api/sale/${id}`, { ...theirs, newStep: 'cancelled', newStepNote: 'No' }), 404);
    expectStatus(await w.seller.api.put(`/api/sale/${id}`, { ...theirs, isRefunded: true, isRefundedNote: 'No', isRefundedOrderRef: ORDER }), 404);
    expectStatus(await w.seller.api.delete(`/api/sale/${id}`), 404);
    expectStatus(await w.seller.api.get(`/api/sale/steps/${id}`), 404);
    expectStatus(await w.seller.api.get(`/api/histories?documentType=sale&documentID=${id}`), 404);
    const listed = expectStatus(await w.seller.api.get(`/api/sales?saleDateGEQ=${YEAR}-01-01&storeID=${w.storeB.storeID}`), 200).body;
    expect(listed.listData).toEqual([]);
    const still = await readSale(w, id);
    expect(still).toEqual(expect.objectContaining({ currentHistoryStep: 'recorded', isRefunded: false, notes: '' }));
  });
});

describe('the SKU must be on the card in force on the sale date', () => {
  let laterCard: Row;
  let laterLine: Row;
  beforeAll(async () => {
    laterCard = await createRateCard(w.admin, { fromDate: `${YEAR}-07-01` });
    laterLine = await newLineStore(w, w.storeA, { revenue: 120, commission: 50 }, { rateCardID: laterCard.rateCardID, sku: w.line.sku });
  });

  async function notAvailable(body: Row): Promise<void> {
    const before = await w.t.tableCounts();
    expect(expectFailure(await w.seller.api.post('/api/sale', saleBody(w, body))).failMessages.rateCardLineStoreID).toBe(SKU_NOT_AVAILABLE);
    expect(await w.t.tableCounts()).toEqual(before);
  }

  it('accepts the last day of the card and refuses the first day of the next card and days before any card', async () => {
    expect((await recordSale(w, w.seller.api, { saleDate: `${YEAR}-06-30` })).rateCardID).toBe(w.card.rateCardID);
    expect((await recordSale(w, w.seller.api, { saleDate: `${YEAR}-01-01` })).rateCardID).toBe(w.card.rateCardID);
    await notAvailable({ saleDate: `${YEAR}-07-01` });
    await notAvailable({ saleDate: `${YEAR - 1}-12-31` });
  });

  it('refuses an inactive line store, another store’s line store, another sale type’s line and a line store that does not exist', async () => {
    const inactive = await newLineStore(
      w,
      w.storeA,
      { active: false, revenue: 10, commission: 1 },
      { rateCardLineStores: [{ storeID: w.storeB.storeID, active: true, revenue: 10, commission: 1 }] },
    );
    expect(inactive).toBeDefined();
    await notAvailable({ rateCardLineStoreID: inactive.rateCardLineStoreID });
    await notAvailable({ rateCardLineStoreID: w.lineB.rateCardLineStoreID });
    const otherType = await createSaleType(w.admin, { storeIDs: [w.storeA.storeID] });
    await notAvailable({ saleTypeID: otherType.saleTypeID });
    await notAvailable({ rateCardLineStoreID: 9_999_999 });
  });

  it('checks it again on an edit only when the line store, date, store or sale type changes', async () => {
    const sale = await recordSale(w, w.seller.api, { rateCardLineStoreID: laterLine.rateCardLineStoreID, saleDate: `${YEAR}-08-10` });
    expect(sale.rateCardID).toBe(laterCard.rateCardID);
    // A card from 1 August, made after the sale, leaves its line out of force on its date: notes still save.
    await createRateCard(w.admin, { fromDate: `${YEAR}-08-01` });
    const edited = expectStatus(await w.seller.api.put(`/api/sale/${sale.saleID}`, { ...sale, notes: 'Still fine' }), 200).body.data;
    expect(edited).toEqual(expect.objectContaining({ notes: 'Still fine', rateCardID: laterCard.rateCardID, revenue: 120 }));
    for (const change of [{ saleDate: `${YEAR}-08-11` }, { saleTypeID: w.saleType.saleTypeID, rateCardLineStoreID: w.lineA.rateCardLineStoreID }]) {
      const failure = expectFailure(await w.seller.api.put(`/api/sale/${sale.saleID}`, { ...edited, ...change }));
      expect(failure.failMessages.rateCardLineStoreID).toBe(SKU_NOT_AVAILABLE);
    }
    expect(await readSale(w, sale.saleID)).toEqual(expect.objectContaining({ saleDate: `${YEAR}-08-10T00:00:00.000Z`, notes: 'Still fine' }));
  });
});

describe('months-back clamp', () => {
  /** The first day of the month `back` months before this one. */
  function firstOfMonth(back: number): string {
    const [y, m] = today().split('-').map(Number);
    return new Date(Date.UTC(y, m - 1 - back, 1)).toISOString().slice(0, 10);
  }

  let clampLine: Row;
  let clamped: TestUser;
  beforeAll(async () => {
    // A card from the first day of last month, so a sale clamped to that day finds its line.
    const fromDate = firstOfMonth(1);
    const existing = expectStatus(await w.admin.get(`/api/rateCards?fromDate=${fromDate}`), 200).body.listData[0];
    const card = existing ?? (await createRateCard(w.admin, { fromDate }));
    clampLine = await newLineStore(w, w.storeA, { revenue: 10, commission: 2 }, { rateCardID: card.rateCardID });
    const later = expectStatus(await w.admin.get(`/api/rateCards?fromDateGEQ=${isoNextDay(fromDate)}`), 200).body.listData;
    expect(later).toEqual([]);
    clamped = await createSeller(w.t, w.admin, [w.storeA.storeID], { salesMonthsBack: 1 });
  });

  function isoNextDay(day: string): string {
    return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  }

  it('moves a date before the first day of last month to that day for a user with salesMonthsBack 1', async () => {
    const sale = await recordSale(w, clamped.api, {
      attributableToUserID: clamped.userID,
      rateCardLineStoreID: clampLine.rateCardLineStoreID,
      saleDate: `${YEAR}-03-01`,
    });
    expect(sale.saleDate).toBe(`${firstOfMonth(1)}T00:00:00.000Z`);
    expect((await readSale(w, sale.saleID)).saleDate).toBe(`${firstOfMonth(1)}T00:00:00.000Z`);
  });

  it('keeps a date inside the window, and does not clamp for a user without a limit', async () => {
    const sale = await recordSale(w, clamped.api, {
      attributableToUserID: clamped.userID,
      rateCardLineStoreID: clampLine.rateCardLineStoreID,
      saleDate: today(),
    });
    expect(sale.saleDate).toBe(`${today()}T00:00:00.000Z`);
    // The unlimited seller keeps the 2012 date, where the clamp card's line is not in force.
    const failure = expectFailure(
      await w.seller.api.post('/api/sale', saleBody(w, { rateCardLineStoreID: clampLine.rateCardLineStoreID, saleDate: `${YEAR}-03-01` })),
    );
    expect(failure.failMessages.rateCardLineStoreID).toBe(SKU_NOT_AVAILABLE);
  });
});

describe('the seller', () => {
  it('must be an active user who works at the store', async () => {
    const elsewhere = await createSeller(w.t, w.admin, [w.storeB.storeID], { login: false });
    const inactive = await createSeller(w.t, w.admin, [w.storeA.storeID], { login: false, active: false });
    const before = await w.t.tableCounts();
    for (const attributableToUserID of [elsewhere.userID, inactive.userID, 9_999_999]) {
      const failure = expectFailure(await w.seller.api.post('/api/sale', saleBody(w, { attributableToUserID })));
      expect(failure.failMessages.attributableToUserID).toBe('Choose a seller who works at this store');
    }
    expect(await w.t.tableCounts()).toEqual(before);
    const colleague = await createSeller(w.t, w.admin, [w.storeA.storeID, w.storeB.storeID], { login: false });
    expect((await recordSale(w, w.seller.api, { attributableToUserID: colleague.userID })).attributableToUserName).toBe(colleague.data.name);
  });
});

describe('analysis fields', () => {
  let storeC: Row;
  let saleTypeC: Row;
  let lineC: Row;
  let noMatchLineC: Row;
  let sellerC: TestUser;
  const f: Record<string, Row> = {};

  beforeAll(async () => {
    storeC = await createStore(w.admin, { name: 'Sales 2012 C' });
    saleTypeC = await createSaleType(w.admin, { storeIDs: [storeC.storeID] });
    const line = await createRateCardLine(w.admin, {
      rateCardID: w.card.rateCardID,
      saleTypeID: saleTypeC.saleTypeID,
      skuTypeID: w.skuType.skuTypeID,
      bandID: w.band.bandID,
      description: 'Super Gadget phone',
      rateCardLineStores: [{ storeID: storeC.storeID, active: true, revenue: 20, commission: 5 }],
    });
    lineC = lineStoreOf(line, storeC);
    noMatchLineC = lineStoreOf(
      await createRateCardLine(w.admin, {
        rateCardID: w.card.rateCardID,
        saleTypeID: saleTypeC.saleTypeID,
        skuTypeID: w.skuType.skuTypeID,
        description: 'Plain phone',
        rateCardLineStores: [{ storeID: storeC.storeID, active: true, revenue: 20, commission: 5 }],
      }),
      storeC,
    );
    const storeIDs = [storeC.storeID];
    f.code = await createAnalysisField(w.admin, { label: 'Account code', inputType: 'text', required: true, regex: '^[A-Z]{3}\\d$', storeIDs });
    f.channel = await createAnalysisField(w.admin, { label: 'Channel', inputType: 'text', defaultValue: 'Walk-in', storeIDs });
    f.colour = await createAnalysisField(w.admin, { label: 'Colour', inputType: 'single', storeIDs, analysisListItems: [{ code: 'RED' }, { code: 'BLUE' }] });
    f.extras = await createAnalysisField(w.admin, {
      label: 'Extras',
      inputType: 'multi',
      storeIDs,
      analysisListItems: [{ code: 'X1' }, { code: 'X2' }, { code: 'X3' }],
    });
    f.tier = await createAnalysisField(w.admin, {
      label: 'Tier',
      inputType: 'single',
      autoFillFrom: 'rateCardLineBandName',
      storeIDs,
      analysisListItems: [{ code: 'gold' }, { code: 'SILVER' }],
    });
    f.kind = await createAnalysisField(w.admin, {
      label: 'Kind',
      inputType: 'single',
      autoFillFrom: 'rateCardLineDescriptionContains',
      storeIDs,
      analysisListItems: [{ code: 'WIDGET' }, { code: 'GADGET' }],
    });
    sellerC = await createSeller(w.t, w.admin, [storeC.storeID]);
  });

  const value = (field: string, analysisValue: string) => ({ analysisFieldID: f[field].analysisFieldID, analysisValue });
  const bodyC = (body: Row = {}) =>
    saleBody(w, {
      storeID: storeC.storeID,
      saleTypeID: saleTypeC.saleTypeID,
      attributableToUserID: sellerC.userID,
      rateCardLineStoreID: lineC.rateCardLineStoreID,
      ...body,
    });
  const answers = (sale: Row) =>
    Object.fromEntries(
      Object.entries(f).map(([name, field]) => [
        name,
        sale.saleAnalysisValues.filter((v: Row) => v.analysisFieldID === field.analysisFieldID).map((v: Row) => v.analysisValue),
      ]),
    );

  async function refusedOn(values: Row[], field: string, message: string): Promise<void> {
    const before = await w.t.tableCounts();
    const failure = expectFailure(await sellerC.api.post('/api/sale', bodyC({ saleAnalysisValues: values })));
    expect(failure.failMessages[field === '*' ? 'saleAnalysisValues' : `saleAnalysisValues.${f[field].analysisFieldID}`]).toBe(message);
    expect(await w.t.tableCounts()).toEqual(before);
  }

  it('requires a required field', async () => {
    await refusedOn([], 'code', 'Account code is required');
    await refusedOn([value('code', '   ')], 'code', 'Account code is required');
  });

  it("checks a text value against the field's regex", async () => {
    await refusedOn([value('code', 'abc1')], 'code', 'Account code is not in the expected format');
    await refusedOn([value('code', 'ABC12')], 'code', 'Account code is not in the expected format');
    await refusedOn([value('code', 'ABC1'), value('code', 'ABC2')], 'code', 'Account code takes one value');
    // A regex typed without anchors is stored anchored: the whole value must match.
    const loose = await createAnalysisField(w.admin, { label: 'Loose', inputType: 'text', regex: '[0-9]{2}', storeIDs: [storeC.storeID] });
    const looseValue = (analysisValue: string) => ({ analysisFieldID: loose.analysisFieldID, analysisValue });
    const before = await w.t.tableCounts();
    const failure = expectFailure(await sellerC.api.post('/api/sale', bodyC({ saleAnalysisValues: [value('code', 'ABC1'), looseValue('x12x')] })));
    expect(failure.failMessages[`saleAnalysisValues.${loose.analysisFieldID}`]).toBe('Loose is not in the expected format');
    expect(await w.t.tableCounts()).toEqual(before);
    const sale = expectStatus(await sellerC.api.post('/api/sale', bodyC({ saleAnalysisValues: [value('code', 'ABC1'), looseValue('12')] })), 201).body.data;
    expect(sale.saleAnalysisValues).toEqual(expect.arrayContaining([expect.objectContaining({ analysisFieldID: loose.analysisFieldID, analysisValue: '12' })]));
  });

  it('takes item codes for single and multi fields (ignoring case), one value for a single field', async () => {
    await refusedOn([value('code', 'ABC1'), value('colour', 'GREEN')], 'colour', 'Choose Colour from its list');
    await refusedOn([value('code', 'ABC1'), value('colour', 'RED'), value('colour', 'BLUE')], 'colour', 'Colour takes one value');
    await refusedOn([value('code', 'ABC1'), value('extras', 'X1'), value('extras', 'X9')], 'extras', 'Choose Extras from its list');
    await refusedOn(
      [value('code', 'ABC1'), { analysisFieldID: 9_999_999, analysisValue: 'x' }],
      '*',
      'An analysis value is for a field this store does not ask',
    );
    const sale = expectStatus(
      await sellerC.api.post(
        '/api/sale',
        bodyC({ saleAnalysisValues: [value('code', 'ABC1'), value('colour', 'red'), value('extras', 'X1'), value('extras', 'x3')] }),
      ),
      201,
    ).body.data;
    expect(answers(sale)).toEqual(expect.objectContaining({ code: ['ABC1'], colour: ['RED'], extras: ['X1', 'X3'] }));
  });

  it('fills defaults on a new sale and autofills from the band and description whatever was sent', async () => {
    const sale = expectStatus(
      await sellerC.api.post('/api/sale', bodyC({ saleAnalysisValues: [value('code', 'XYZ9'), value('tier', 'SILVER'), value('kind', 'WIDGET')] })),
      201,
    ).body.data;
    expect(answers(sale)).toEqual({ code: ['XYZ9'], channel: ['Walk-in'], colour: [], extras: [], tier: ['gold'], kind: ['GADGET'] });
    // A line with no band and no item code in its description: both autofilled fields are empty.
    const plain = expectStatus(
      await sellerC.api.post(
        '/api/sale',
        bodyC({
          rateCardLineStoreID: noMatchLineC.rateCardLineStoreID,
          saleAnalysisValues: [value('code', 'XYZ9'), value('tier', 'SILVER'), value('kind', 'GADGET')],
        }),
      ),
      201,
    ).body.data;
    expect(answers(plain)).toEqual(expect.objectContaining({ tier: [], kind: [] }));
    // On an edit the default is not filled again and the autofill still wins.
    const edited = expectStatus(
      await sellerC.api.put(`/api/sale/${sale.saleID}`, { ...sale, saleAnalysisValues: [value('code', 'XYZ8'), value('tier', 'SILVER')] }),
      200,
    ).body.data;
    expect(answers(edited)).toEqual({ code: ['XYZ8'], channel: [], colour: [], extras: [], tier: ['gold'], kind: ['GADGET'] });
    const history = await historyOf(sellerC.api, sale.saleID);
    expect(history[history.length - 1].description).toMatch(/analysis values/);
  });
});
