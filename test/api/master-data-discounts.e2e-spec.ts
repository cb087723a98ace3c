import {
  as,
  binary,
  Client,
  createDiscount,
  createSaleType,
  createStore,
  createUser,
  expectFailure,
  expectStatus,
  listIDs,
  login,
  Row,
  TestUser,
  xlsxRows,
  unique,
} from '../support/api';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, TestApp } from '../support/test-app';

/**
 * Discounts and their per-store settings (spec 01 sections 3 to 5; docs/http-api.md,
 * "Discount"): the rules applied on save, money and ratio values, the stores a discount
 * may apply at, and GET /api/discountStores with its filters and store scope.
 */

let t: TestApp;
let admin: Client;
let storeA: Row;
let storeB: Row;
let storeC: Row;
/** Offered in A, B and C. */
let saleType: Row;
/** Offered in A only. */
let narrowType: Row;
/** No areas; store A. */
let userA: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  admin = as(t.http, await login(t.http, ADMIN_EMAIL, ADMIN_PASSWORD));
  storeA = await createStore(admin, { name: 'Disc A' });
  storeB = await createStore(admin, { name: 'Disc B', storeTypeID: storeA.storeTypeID });
  storeC = await createStore(admin, { name: 'Disc C', storeTypeID: storeA.storeTypeID });
  saleType = await createSaleType(admin, { storeIDs: [storeA.storeID, storeB.storeID, storeC.storeID] });
  narrowType = await createSaleType(admin, { storeIDs: [storeA.storeID] });
  userA = await createUser(t.http, admin, { areas: [], storeIDs: [storeA.storeID] });
});
afterAll(() => t?.close());

/** Saves one store's settings and answers them as stored. */
async function saved(settings: Row): Promise<Row> {
  const discount = await createDiscount(admin, { saleTypeID: saleType.saleTypeID, discountStores: [{ storeID: storeA.storeID, ...settings }] });
  return discount.discountStores[0];
}

describe('the discount rules are applied by the server on save', () => {
  // commissionSameAsRevenue is off unless set (spec 01 section 4: commission follows revenue "when set"); the dialog agrees.
  it('a new store entry gets the defaults: enabled, no capture, fixed reductions of 0, own commission', async () => {
    expect(await saved({})).toEqual({
      discountStoreID: expect.any(Number),
      discountID: expect.any(Number),
      discountName: expect.any(String),
      discountSaleTypeID: saleType.saleTypeID,
      discountSaleTypeName: saleType.name,
      storeID: storeA.storeID,
      storeName: storeA.name,
      enabled: true,
      captureVariablePercent: false,
      revenueReductionIsFixed: true,
      revenueReductionFixed: 0,
      revenueReductionRatio: 0,
      commissionReductionIsFixed: true,
      commissionReductionFixed: 0,
      commissionReductionRatio: 0,
      commissionSameAsRevenue: false,
    });
  });

  it('without captureVariablePercent both reductions are forced fixed', async () => {
    const row = await saved({
      captureVariablePercent: false,
      revenueReductionIsFixed: false,
      revenueReductionRatio: 0.1,
      commissionReductionIsFixed: false,
      commissionReductionRatio: 0.2,
    });
    expect(row).toEqual(
      expect.objectContaining({
        revenueReductionIsFixed: true,
        commissionReductionIsFixed: true,
        // The values are kept; only the choice is forced.
        revenueReductionRatio: 0.1,
        commissionReductionRatio: 0.2,
      }),
    );
  });

  it('with captureVariablePercent a ratio reduction may be chosen for each', async () => {
    const row = await saved({
      captureVariablePercent: true,
      revenueReductionIsFixed: false,
      revenueReductionRatio: 0.25,
      commissionReductionIsFixed: true,
      commissionReductionFixed: 3.5,
    });
    expect(row).toEqual(
      expect.objectContaining({
        captureVariablePercent: true,
        revenueReductionIsFixed: false,
        revenueReductionRatio: 0.25,
        commissionReductionIsFixed: true,
        commissionReductionFixed: 3.5,
      }),
    );
  });

  it('with commissionSameAsRevenue the commission settings are copied from the revenue ones', async () => {
    const row = await saved({
      captureVariablePercent: true,
      commissionSameAsRevenue: true,
      revenueReductionIsFixed: false,
      revenueReductionFixed: 12.5,
      revenueReductionRatio: 0.15,
      commissionReductionIsFixed: true,
      commissionReductionFixed: 99,
      commissionReductionRatio: 0.9,
    });
    expect(row).toEqual(
      expect.objectContaining({
        commissionSameAsRevenue: true,
        commissionReductionIsFixed: false,
        commissionReductionFixed: 12.5,
        commissionReductionRatio: 0.15,
      }),
    );
    const fixed = await saved({ commissionSameAsRevenue: true, revenueReductionFixed: 20, commissionReductionFixed: 1 });
    expect(fixed).toEqual(expect.objectContaining({ commissionReductionIsFixed: true, commissionReductionFixed: 20 }));
  });

  it('a PUT leaving settings out keeps what the store had; the rules apply to the result', async () => {
    const discount = await createDiscount(admin, {
      saleTypeID: saleType.saleTypeID,
      discountStores: [{ storeID: storeA.storeID, captureVariablePercent: true, revenueReductionIsFixed: false, revenueReductionRatio: 0.3 }],
    });
    const put = (discountStores: Row[]) =>
      admin.put(`/api/discount/${discount.discountID}`, { name: discount.name, saleTypeID: saleType.saleTypeID, discountStores });
    const kept = expectStatus(await put([{ storeID: storeA.storeID, enabled: false }]), 200).body.data.discountStores[0];
    expect(kept).toEqual(expect.objectContaining({ enabled: false, captureVariablePercent: true, revenueReductionIsFixed: false, revenueReductionRatio: 0.3 }));
    const uncaptured = expectStatus(await put([{ storeID: storeA.storeID, captureVariablePercent: false }]), 200).body.data.discountStores[0];
    expect(uncaptured).toEqual(expect.objectContaining({ captureVariablePercent: false, revenueReductionIsFixed: true }));
  });
});

describe('a setting sent as null', () => {
  it('is its default: an emptied amount or ratio is 0, not the value the store had', async () => {
    const discount = await createDiscount(admin, {
      saleTypeID: saleType.saleTypeID,
      discountStores: [
        {
          storeID: storeA.storeID,
          captureVariablePercent: true,
          revenueReductionIsFixed: true,
          revenueReductionFixed: 12.5,
          revenueReductionRatio: 0.3,
          commissionReductionIsFixed: false,
          commissionReductionFixed: 4,
          commissionReductionRatio: 0.2,
        },
      ],
    });
    const res = await admin.put(`/api/discount/${discount.discountID}`, {
      name: discount.name,
      saleTypeID: saleType.saleTypeID,
      discountStores: [
        {
          storeID: storeA.storeID,
          revenueReductionFixed: null,
          revenueReductionRatio: null,
          commissionReductionFixed: null,
          commissionReductionRatio: null,
        },
      ],
    });
    expect(expectStatus(res, 200).body.data.discountStores[0]).toEqual(
      expect.objectContaining({
        // Left out: kept.
        captureVariablePercent: true,
        commissionReductionIsFixed: false,
        // Null: the defaults.
        revenueReductionFixed: 0,
        revenueReductionRatio: 0,
        commissionReductionFixed: 0,
        commissionReductionRatio: 0,
      }),
    );
  });

  it('is the default for flags too: enabled, no capture (so fixed), commission apart from revenue', async () => {
    const discount = await createDiscount(admin, {
      saleTypeID: saleType.saleTypeID,
      discountStores: [
        { storeID: storeA.storeID, enabled: false, captureVariablePercent: true, revenueReductionIsFixed: false, commissionSameAsRevenue: true },
      ],
    });
    const nulls = { enabled: null, captureVariablePercent: null, revenueReductionIsFixed: null, commissionSameAsRevenue: null };
    const res = await admin.put(`/api/discount/${discount.discountID}`, {
      name: discount.name,
      saleTypeID: saleType.saleTypeID,
      discountStores: [{ storeID: storeA.storeID, ...nulls }],
    });
    expect(expectStatus(res, 200).body.data.discountStores[0]).toEqual(
      expect.objectContaining({ enabled: true, captureVariablePercent: false, revenueReductionIsFixed: true, commissionSameAsRevenue: false }),
    );
  });
});

describe('money and ratio values', () => {
  const post = (settings: Row) =>
    admin.post('/api/discount', { name: unique('Bad money'), saleTypeID: saleType.saleTypeID, discountStores: [{ storeID: storeA.storeID, ...settings }] });

  it.each([
    ['revenueReductionFixed', 1.005],
    ['revenueReductionFixed', -1],
    ['revenueReductionFixed', -0.01],
    ['revenueReductionFixed', 1e-7],
    ['revenueReductionFixed', 100_000_000],
    ['revenueReductionFixed', 1e30],
    ['revenueReductionFixed', '10'],
    ['commissionReductionFixed', 0.001],
    ['commissionReductionFixed', -5],
    ['revenueReductionRatio', 0.125],
    ['revenueReductionRatio', 1.01],
    ['revenueReductionRatio', -0.1],
    ['commissionReductionRatio', 0.333],
    ['commissionReductionRatio', 2],
    ['commissionReductionRatio', '0.5'],
    ['enabled', 'yes'],
    ['captureVariablePercent', 1],
    ['commissionSameAsRevenue', 'true'],
  ])('%s = %j is a 400 on discountStores.0.%s, nothing written', async (field, value) => {
    const before = await t.tableCounts();
    const failure = expectFailure(await post({ [field]: value }));
    expect(Object.keys(failure.failMessages)).toEqual([`discountStores.0.${field}`]);
    expect(await t.tableCounts()).toEqual(before);
  });

  it.each([
    ['revenueReductionFixed', 99_999_999.99],
    ['revenueReductionFixed', 0.01],
    ['revenueReductionRatio', 1],
    ['revenueReductionRatio', 0.05],
  ])('%s = %j is accepted and read back exactly', async (field, value) => {
    const res = expectStatus(await post({ captureVariablePercent: true, [field]: value }), 201);
    expect(res.body.data.discountStores[0][field]).toBe(value);
  });
});

describe('the stores a discount applies at', () => {
  it('must offer its sale type: a 400 on the entry naming the store field', async () => {
    const before = await t.tableCounts();
    const res = await admin.post('/api/discount', {
      name: 'Outside',
      saleTypeID: narrowType.saleTypeID,
      discountStores: [{ storeID: storeA.storeID }, { storeID: storeB.storeID }],
    });
    expect(Object.keys(expectFailure(res).failMessages)).toEqual(['discountStores.1.storeID']);
    expect(await t.tableCounts()).toEqual(before);
  });

  it('each store once; stores that exist', async () => {
    const twice = await admin.post('/api/discount', {
      name: 'Twice',
      saleTypeID: saleType.saleTypeID,
      discountStores: [{ storeID: storeA.storeID }, { storeID: storeB.storeID }, { storeID: storeA.storeID }],
    });
    expect(Object.keys(expectFailure(twice).failMessages)).toEqual(['discountStores.2.storeID']);
    const ghost = await admin.post('/api/discount', { name: 'Ghost', saleTypeID: saleType.saleTypeID, discountStores: [{ storeID: 987654 }] });
    expect(Object.keys(expectFailure(ghost).failMessages)).toEqual(['discountStores.0.storeID']);
  });

  it('changing the sale type keeps the stores only if the new one is offered at each of them', async () => {
    const discount = await createDiscount(admin, { saleTypeID: saleType.saleTypeID, discountStores: [{ storeID: storeB.storeID }] });
    const failure = expectFailure(await admin.put(`/api/discount/${discount.discountID}`, { name: discount.name, saleTypeID: narrowType.saleTypeID }));
    expect(Object.keys(failure.failMessages)).toEqual(['saleTypeID']);
    expect((await admin.get(`/api/discounts?discountID=${discount.discountID}`)).body.data.saleTypeID).toBe(saleType.saleTypeID);
    const moved = await admin.put(`/api/discount/${discount.discountID}`, {
      name: discount.name,
      saleTypeID: narrowType.saleTypeID,
      discountStores: [{ storeID: storeA.storeID }],
    });
    expect(expectStatus(moved, 200).body.data).toEqual(expect.objectContaining({ saleTypeID: narrowType.saleTypeID, storeIDs: [storeA.storeID] }));
  });

  it('a store entry keeps its discountStoreID across saves (keyed by store); a store left out goes; no list keeps all', async () => {
    const discount = await createDiscount(admin, {
      saleTypeID: saleType.saleTypeID,
      discountStores: [{ storeID: storeA.storeID }, { storeID: storeB.storeID }],
    });
    const idOf = (row: Row, storeID: number) => row.discountStores.find((s: Row) => s.storeID === storeID)?.discountStoreID;
    const body = { name: discount.name, saleTypeID: saleType.saleTypeID };
    const res = expectStatus(
      await admin.put(`/api/discount/${discount.discountID}`, {
        ...body,
        // The row as read may be sent back: its discountStoreID is ignored.
        discountStores: [{ storeID: storeB.storeID, discountStoreID: idOf(discount, storeB.storeID), revenueReductionFixed: 4 }, { storeID: storeC.storeID }],
      }),
      200,
    ).body.data;
    expect(res.storeIDs.sort()).toEqual([storeB.storeID, storeC.storeID].sort());
    expect(idOf(res, storeB.storeID)).toBe(idOf(discount, storeB.storeID));
    const kept = expectStatus(await admin.put(`/api/discount/${discount.discountID}`, body), 200).body.data;
    expect(kept.discountStores).toEqual(res.discountStores);
  });
});

describe('GET /api/discountStores', () => {
  let enabledA: Row;
  let disabledB: Row;
  let otherType: Row;
  let discount: Row;
  let other: Row;

  beforeAll(async () => {
    discount = await createDiscount(admin, {
      name: 'Filter discount',
      saleTypeID: saleType.saleTypeID,
      discountStores: [
        { storeID: storeA.storeID, enabled: true },
        { storeID: storeB.storeID, enabled: false },
      ],
    });
    enabledA = discount.discountStores.find((s: Row) => s.storeID === storeA.storeID);
    disabledB = discount.discountStores.find((s: Row) => s.storeID === storeB.storeID);
    other = await createDiscount(admin, { name: 'Other type discount', saleTypeID: narrowType.saleTypeID, discountStores: [{ storeID: storeA.storeID }] });
    otherType = other.discountStores[0];
  });

  const ids = async (api: Client, query: string) => listIDs(expectStatus(await api.get(`/api/discountStores?pageLength=500&${query}`), 200)).sort();

  it('filters by discountID, enabled, storeID, discountSaleTypeID and discountStoreID', async () => {
    expect(await ids(admin, `discountID=${discount.discountID}`)).toEqual([enabledA.discountStoreID, disabledB.discountStoreID].sort());
    expect(await ids(admin, `discountID=${discount.discountID}&enabled=1`)).toEqual([enabledA.discountStoreID]);
    expect(await ids(admin, `discountID=${discount.discountID}&enabled=false`)).toEqual([disabledB.discountStoreID]);
    expect(await ids(admin, `discountID=${discount.discountID},${other.discountID}&storeID=${storeA.storeID}`)).toEqual(
      [enabledA.discountStoreID, otherType.discountStoreID].sort(),
    );
    expect(await ids(admin, `discountID=${discount.discountID},${other.discountID}&discountSaleTypeID=${narrowType.saleTypeID}`)).toEqual([
      otherType.discountStoreID,
    ]);
    expect(await ids(admin, `discountStoreID=${disabledB.discountStoreID},${otherType.discountStoreID}`)).toEqual(
      [disabledB.discountStoreID, otherType.discountStoreID].sort(),
    );
  });

  it('what a sales form asks: enabled discounts of a sale type at a store', async () => {
    const res = expectStatus(
      await userA.api.get(`/api/discountStores?enabled=1&storeID=${storeA.storeID}&discountSaleTypeID=${saleType.saleTypeID}&pageLength=500`),
      200,
    );
    // userA's profile shows revenue but not commission (a new profile's defaults): no commission reductions.
    const { commissionReductionFixed: _fixed, commissionReductionRatio: _ratio, commissionSameAsRevenue: _same, ...shown } = enabledA;
    expect(res.body.listData).toContainEqual(shown);
    expect(res.body.listData.every((r: Row) => r.enabled && r.storeID === storeA.storeID && r.discountSaleTypeID === saleType.saleTypeID)).toBe(true);
  });

  it('one record by discountStoreID, the same row as in the discount', async () => {
    const res = expectStatus(await admin.get(`/api/discountStores?discountStoreID=${disabledB.discountStoreID}`), 200);
    expect(res.body.data).toEqual(disabledB);
    expect(res.body.validationResult).toEqual({ fail: false });
  });

  it('is limited to the stores of the access profile: a store outside is not listed, and a 404 by id', async () => {
    const seen = await ids(userA.api, `discountID=${discount.discountID}`);
    expect(seen).toEqual([enabledA.discountStoreID]);
    expectFailure(await userA.api.get(`/api/discountStores?discountStoreID=${disabledB.discountStoreID}`), 404);
    expectFailure(await userA.api.get(`/api/discountStores?storeID=${storeB.storeID}&discountStoreID=${disabledB.discountStoreID}`), 404);
    const none = await createUser(t.http, admin, { areas: [], storeIDs: [] });
    expect(await ids(none.api, '')).toEqual([]);
  });

  it('SystemSetup sees every store (it sets discounts up), whatever the profile grants', async () => {
    const setup = await createUser(t.http, admin, { areas: ['SystemSetup'], storeIDs: [storeA.storeID] });
    expect(await ids(setup.api, `discountID=${discount.discountID}`)).toEqual([enabledA.discountStoreID, disabledB.discountStoreID].sort());
    expectStatus(await setup.api.get(`/api/discountStores?discountStoreID=${disabledB.discountStoreID}`), 200);
  });

  it('the Excel export is store-scoped the same way', async () => {
    const holder = await createUser(t.http, admin, { areas: ['AccessAPI'], storeIDs: [storeB.storeID] });
    const { res, body } = await binary(holder.api.get(`/api/discountStores/excel?discountID=${discount.discountID}`));
    expectStatus(res, 200);
    expect((await xlsxRows(body)).slice(1).map((row) => row[0])).toEqual([disabledB.discountStoreID]);
  });

  it('unknown filters and bad values are a 400; it cannot be written to', async () => {
    expect(Object.keys(expectFailure(await admin.get('/api/discountStores?saleTypeID=1')).failMessages)).toEqual(['saleTypeID']);
    expect(Object.keys(expectFailure(await admin.get('/api/discountStores?enabled=yes')).failMessages)).toEqual(['enabled']);
    expectFailure(await admin.get("/api/discountStores?storeID=1' OR '1'='1"));
    expectFailure(await admin.post('/api/discountStore', { storeID: storeA.storeID }), 404);
    expectFailure(await admin.put(`/api/discountStore/${enabledA.discountStoreID}`, { enabled: false }), 404);
  });
});
