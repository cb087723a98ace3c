import {
  as,
  Client,
  createAccessProfile,
  createAnalysisField,
  createBand,
  createDiscount,
  createRateCard,
  createRateCardLine,
  createSaleType,
  createSkuType,
  createStore,
  createUser,
  expectFailure,
  expectStatus,
  login,
  Row,
  TestUser,
} from '../support/api';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, TestApp } from '../support/test-app';

/**
 * The sales console's core (docs/http-api.md, "Sales"): recording priced from the card in force,
 * the list row, the actions and their history. This file's cards start in 2011 and its sales
 * are dated 2011, apart from refunds (dated today), so no other file's card is in force for them.
 */

let t: TestApp;
let admin: Client;
let store: Row;
let otherStore: Row;
let saleType: Row;
let line: Row;
let lineStore: Row;
let discount: Row;
let band: Row;
let seller: TestUser;
let adminID: number;

const ORDER = '12345678901234567890';

beforeAll(async () => {
  t = await startTestApp();
  admin = as(t.http, await login(t.http, ADMIN_EMAIL, ADMIN_PASSWORD));
  adminID = (await admin.get('/api/user/me')).body.data.userID;
  store = await createStore(admin, { name: 'Sales Core A' });
  otherStore = await createStore(admin, { name: 'Sales Core B', storeTypeID: store.storeTypeID });
  saleType = await createSaleType(admin, { storeIDs: [store.storeID, otherStore.storeID] });
  band = await createBand(admin, { name: 'GOLD' });
  const skuType = await createSkuType(admin, { excludeDiscount: false });
  const card = await createRateCard(admin, { fromDate: '2011-01-01' });
  line = await createRateCardLine(admin, {
    rateCardID: card.rateCardID,
    saleTypeID: saleType.saleTypeID,
    skuTypeID: skuType.skuTypeID,
    bandID: band.bandID,
    rateCardLineStores: [
      { storeID: store.storeID, active: true, revenue: 100, commission: 40 },
      { storeID: otherStore.storeID, active: true, revenue: 90, commission: 30 },
    ],
  });
  lineStore = line.rateCardLineStores.find((ls: Row) => ls.storeID === store.storeID);
  discount = await createDiscount(admin, {
    saleTypeID: saleType.saleTypeID,
    discountStores: [
      {
        storeID: store.storeID,
        enabled: true,
        captureVariablePercent: true,
        revenueReductionIsFixed: false,
        revenueReductionRatio: 1,
        commissionSameAsRevenue: true,
      },
    ],
  });
  await createAnalysisField(admin, {
    name: 'Tier',
    inputType: 'single',
    autoFillFrom: 'rateCardLineBandName',
    storeIDs: [store.storeID],
    analysisListItems: [{ code: 'gold' }, { code: 'SILVER' }],
  });
  const profile = await createAccessProfile(admin, {
    areas: ['RecordSales', 'RecordRefunds', 'UpdateSales'],
    storeIDs: [store.storeID],
    showRevenue: true,
    showCommission: true,
  });
  seller = await createUser(t.http, admin, { accessProfileID: profile.accessProfileID });
});
afterAll(() => t?.close());

const saleBody = (body: Row = {}): Row => ({
  storeID: store.storeID,
  saleTypeID: saleType.saleTypeID,
  attributableToUserID: seller.userID,
  rateCardLineStoreID: lineStore.rateCardLineStoreID,
  saleDate: '2011-02-03',
  orderRef: ORDER,
  ...body,
});

async function record(api: Client, body: Row = {}): Promise<Row> {
  const res = expectStatus(await api.post('/api/sale', saleBody(body)), 201);
  return res.body.data;
}

describe('recording a sale', () => {
  it('prices it from the line store and discount, autofills analysis values and writes history', async () => {
    const discountStoreID = discount.discountStores[0].discountStoreID;
    const sale = await record(seller.api, { discountStoreID, discountPercent: 15, revenue: 9999, commission: 9999 });
    expect(sale).toEqual(
      expect.objectContaining({
        storeName: 'Sales Core A',
        saleDate: '2011-02-03T00:00:00.000Z',
        sku: line.sku,
        revenue: 85,
        commission: 34,
        adjustedRevenue: 85,
        currentHistoryStep: 'recorded',
        discountName: discount.name,
        discountPercent: 15,
      }),
    );
    expect(sale.saleAnalysisValues).toEqual([expect.objectContaining({ analysisValue: 'gold' })]);
    const history = expectStatus(await seller.api.get(`/api/histories?documentType=sale&documentID=${sale.saleID}`), 200).body.listData;
    expect(history).toEqual([expect.objectContaining({ step: 'recorded', description: 'Sale recorded', createdByUserName: seller.data.name })]);
  });

  it('refuses a SKU that is not on the card in force on the sale date', async () => {
    const failure = expectFailure(await seller.api.post('/api/sale', saleBody({ saleDate: '2010-12-31' })));
    expect(failure.failMessages.rateCardLineStoreID).toMatch(/not available/);
  });

  it('refuses a store outside the profile with 403 and hides its sales with 404', async () => {
    const otherLineStore = line.rateCardLineStores.find((ls: Row) => ls.storeID === otherStore.storeID);
    expectStatus(await seller.api.post('/api/sale', saleBody({ storeID: otherStore.storeID, rateCardLineStoreID: otherLineStore.rateCardLineStoreID })), 403);
    const theirs = await record(admin, { storeID: otherStore.storeID, rateCardLineStoreID: otherLineStore.rateCardLineStoreID, attributableToUserID: adminID });
    expectStatus(await seller.api.get(`/api/sales?saleID=${theirs.saleID}`), 404);
  });
});

describe('actions', () => {
  it('refunds: the original is marked, a refund row has the negated amounts', async () => {
    const sale = await record(seller.api);
    const res = await seller.api.put(`/api/sale/${sale.saleID}`, {
      ...sale,
      isRefunded: true,
      isRefundedNote: 'Changed mind',
      isRefundedOrderRef: 'abcde12345abcde12345xyz',
    });
    const original = expectStatus(res, 200).body.data;
    expect(original).toEqual(expect.objectContaining({ isRefunded: true, isRefundedOrderRef: 'ABCDE12345ABCDE12345' }));
    const refunds = expectStatus(await seller.api.get(`/api/sales?refSaleID=${sale.saleID}`), 200).body.listData;
    expect(refunds).toEqual([expect.objectContaining({ isRefund: true, refSaleID: sale.saleID, revenue: -100, commission: -40 })]);
  });

  it('cancels with a reason and counts 0', async () => {
    const sale = await record(seller.api);
    expect(expectFailure(await seller.api.put(`/api/sale/${sale.saleID}`, { ...sale, newStep: 'cancelled' })).failMessages.newStepNote).toBe(
      'You must explain the reason for cancelling',
    );
    const cancelled = expectStatus(await seller.api.put(`/api/sale/${sale.saleID}`, { ...sale, newStep: 'cancelled', newStepNote: 'Customer left' }), 200).body
      .data;
    expect(cancelled).toEqual(expect.objectContaining({ currentHistoryStep: 'cancelled', revenue: 0, commission: 0 }));
    const listed = expectStatus(await seller.api.get(`/api/sales?saleID=${sale.saleID}`), 200).body;
    expect(listed.listIDs[0].selectable).toBe(false);
  });
});

describe('the seller picker', () => {
  it('lists the users whose profile has the store (worksAtStoreID)', async () => {
    const elsewhere = await createUser(t.http, admin, { areas: ['RecordSales'], storeIDs: [otherStore.storeID, store.storeID] });
    const onlyOther = await createUser(t.http, admin, { login: false, areas: ['RecordSales'], storeIDs: [otherStore.storeID] });
    const ids = (res: { body: Row }) => res.body.listData.map((u: Row) => u.userID);
    const atStore = ids(expectStatus(await elsewhere.api.get(`/api/users?worksAtStoreID=${store.storeID}&pageLength=500`), 200));
    expect(atStore).toEqual(expect.arrayContaining([seller.userID, elsewhere.userID]));
    expect(atStore).not.toContain(onlyOther.userID);
    const atOther = ids(expectStatus(await elsewhere.api.get(`/api/users?worksAtStoreID=${otherStore.storeID}&pageLength=500`), 200));
    expect(atOther).toEqual(expect.arrayContaining([onlyOther.userID, elsewhere.userID]));
    expect(atOther).not.toContain(seller.userID);
    expectFailure(await elsewhere.api.get('/api/users?worksAtStoreID=abc'));
  });
});

describe('sellers (docs/decisions.md, issue 26)', () => {
  it('a user whose access profile does not sell is not offered as a seller (sellsAtStoreID) and is refused as one', async () => {
    const notSelling = await createAccessProfile(admin, { areas: ['RecordSales', 'UpdateSales'], storeIDs: [store.storeID], sells: false });
    expect(notSelling.sells).toBe(false);
    const headOffice = await createUser(t.http, admin, { accessProfileID: notSelling.accessProfileID });
    const ids = async (query: string) =>
      (expectStatus(await headOffice.api.get(`/api/users?${query}&active=1&pageLength=500`), 200).body.listData as Row[]).map((u) => u.userID);
    const sellers = await ids(`sellsAtStoreID=${store.storeID}`);
    expect(sellers).toContain(seller.userID);
    expect(sellers).not.toContain(headOffice.userID);
    // They still work at the store (an announcement to its users reaches them).
    expect(await ids(`worksAtStoreID=${store.storeID}`)).toContain(headOffice.userID);
    // They record the store's sales, for its sellers only.
    const body = {
      storeID: store.storeID,
      saleTypeID: saleType.saleTypeID,
      rateCardLineStoreID: lineStore.rateCardLineStoreID,
      saleDate: '2011-03-01',
      orderRef: '55555555550000000001',
    };
    const refusal = expectFailure(await headOffice.api.post('/api/sale', { ...body, attributableToUserID: headOffice.userID }));
    expect(refusal.failMessages).toEqual({ attributableToUserID: 'Choose a seller who works at this store' });
    expectStatus(await headOffice.api.post('/api/sale', { ...body, attributableToUserID: seller.userID }), 201);
    // /user/me says so, and the sale dialog leaves the seller to choose.
    expect(expectStatus(await headOffice.api.get('/api/user/me'), 200).body.data.accessProfile.sells).toBe(false);
  });

  it('a new profile sells unless told otherwise', async () => {
    expect((await createAccessProfile(admin, { areas: ['RecordSales'], storeIDs: [store.storeID] })).sells).toBe(true);
  });
});

describe('bulk change of rate card', () => {
  it('fills the analysis fields taken from the line again from the new line', async () => {
    const silver = await createBand(admin, { name: 'SILVER' });
    const laterCard = await createRateCard(admin, { fromDate: '2011-06-01' });
    await createRateCardLine(admin, {
      rateCardID: laterCard.rateCardID,
      saleTypeID: saleType.saleTypeID,
      skuTypeID: line.skuTypeID,
      sku: line.sku,
      bandID: silver.bandID,
      rateCardLineStores: [{ storeID: store.storeID, active: true, revenue: 70, commission: 20 }],
    });
    const sale = await record(seller.api, { orderRef: '55555666667777788888' });
    expect(sale.saleAnalysisValues.map((v: Row) => v.analysisValue)).toEqual(['gold']);
    const body = { saleID: String(sale.saleID), rateCardID: laterCard.rateCardID, notes: 'Moved to the summer card' };
    expectStatus(await seller.api.put('/api/sales/changeRateCard', body), 200);
    const moved = expectStatus(await seller.api.get(`/api/sales?saleID=${sale.saleID}`), 200).body.data;
    expect(moved).toEqual(expect.objectContaining({ rateCardID: laterCard.rateCardID, revenue: 70, commission: 20, currentHistoryStep: 'modified' }));
    expect(moved.saleAnalysisValues.map((v: Row) => v.analysisValue)).toEqual(['SILVER']);
  });
});
