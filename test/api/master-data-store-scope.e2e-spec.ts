import {
  as,
  Client,
  createAnalysisField,
  createDiscount,
  createSaleType,
  createStore,
  createStoreType,
  createUser,
  expectStatus,
  login,
  Row,
  TestUser,
} from '../support/api';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, TestApp } from '../support/test-app';

/**
 * The store lists inside master rows (docs/decisions.md, "Store lists inside master rows"):
 * every user reads sale types, discounts, analysis fields and store types, but their stores
 * (with the settings a discount has there, and the counts) are only the user's own, unless
 * the user sets those lists up: SystemSetup, and for store types also UserSetup.
 */

let t: TestApp;
let admin: Client;
let storeA: Row;
let storeB: Row;
let saleType: Row;
let discount: Row;
let field: Row;
/** No areas; store A only. */
let single: TestUser;
/** SystemSetup; store A only. */
let setup: TestUser;
/** UserSetup; store A only. */
let userSetup: TestUser;
/** No areas, no stores. */
let storeless: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  admin = as(t.http, await login(t.http, ADMIN_EMAIL, ADMIN_PASSWORD));
  const storeType = await createStoreType(admin);
  storeA = await createStore(admin, { name: 'Scope A', storeTypeID: storeType.storeTypeID });
  storeB = await createStore(admin, { name: 'Scope B', storeTypeID: storeType.storeTypeID });
  saleType = await createSaleType(admin, { storeIDs: [storeA.storeID, storeB.storeID] });
  discount = await createDiscount(admin, {
    saleTypeID: saleType.saleTypeID,
    discountStores: [
      { storeID: storeA.storeID, revenueReductionFixed: 5 },
      { storeID: storeB.storeID, revenueReductionFixed: 7 },
    ],
  });
  field = await createAnalysisField(admin, { analysisListItems: [{ code: 'Yes' }], storeIDs: [storeA.storeID, storeB.storeID] });
  single = await createUser(t.http, admin, { areas: [], storeIDs: [storeA.storeID] });
  setup = await createUser(t.http, admin, { areas: ['SystemSetup'], storeIDs: [storeA.storeID] });
  userSetup = await createUser(t.http, admin, { areas: ['UserSetup'], storeIDs: [storeA.storeID] });
  storeless = await createUser(t.http, admin, { areas: [], storeIDs: [] });
});
afterAll(() => t?.close());

/** The row as the list shows it to `api`, and the same row read by its id. */
async function rowFor(api: Client, listPath: string, idField: string, id: number, extra = ''): Promise<Row> {
  const list = expectStatus(await api.get(`/api/${listPath}?${idField}=${id},0${extra}`), 200).body.listData as Row[];
  const record = expectStatus(await api.get(`/api/${listPath}?${idField}=${id}${extra}`), 200).body.data;
  expect(list).toEqual([record]);
  return record;
}

const names = (links: Row[]) => links.map((link) => link.storeName);

describe('a single-store user sees only their store in the rows', () => {
  it('sale types: saleTypeStores, storeIDs and storeCount', async () => {
    const row = await rowFor(single.api, 'saleTypes', 'saleTypeID', saleType.saleTypeID, '&fkJoins=saleTypeStores');
    expect(names(row.saleTypeStores)).toEqual(['Scope A']);
    expect(row).toEqual(expect.objectContaining({ storeIDs: [storeA.storeID], storeCount: 1 }));
  });

  it("discounts: only their store's settings", async () => {
    const row = await rowFor(single.api, 'discounts', 'discountID', discount.discountID, '&fkJoins=discountStores');
    expect(row.discountStores).toEqual([expect.objectContaining({ storeID: storeA.storeID, revenueReductionFixed: 5 })]);
    expect(row).toEqual(expect.objectContaining({ storeIDs: [storeA.storeID], storeCount: 1 }));
  });

  it('analysis fields: analysisFieldStores and storeIDs (the items are the same for everyone)', async () => {
    const row = await rowFor(single.api, 'analysisFields', 'analysisFieldID', field.analysisFieldID, '&fkJoins=analysisListItems,analysisFieldStores');
    expect(names(row.analysisFieldStores)).toEqual(['Scope A']);
    expect(row.storeIDs).toEqual([storeA.storeID]);
    expect(row.analysisListItems).toEqual(field.analysisListItems);
  });

  it('store types: stores and storeCount', async () => {
    const row = await rowFor(single.api, 'storeTypes', 'storeTypeID', storeA.storeTypeID, '&fkJoins=stores');
    expect(row.stores).toEqual([{ storeID: storeA.storeID, name: 'Scope A' }]);
    expect(row.storeCount).toBe(1);
  });

  it('the records themselves are still listed (everyone reads master data)', async () => {
    expect(await rowFor(storeless.api, 'saleTypes', 'saleTypeID', saleType.saleTypeID)).toEqual(
      expect.objectContaining({ saleTypeStores: [], storeIDs: [], storeCount: 0 }),
    );
    expect(await rowFor(storeless.api, 'discounts', 'discountID', discount.discountID)).toEqual(
      expect.objectContaining({ discountStores: [], storeIDs: [], storeCount: 0 }),
    );
    expect(await rowFor(storeless.api, 'analysisFields', 'analysisFieldID', field.analysisFieldID)).toEqual(
      expect.objectContaining({ analysisFieldStores: [], storeIDs: [] }),
    );
    expect(await rowFor(storeless.api, 'storeTypes', 'storeTypeID', storeA.storeTypeID)).toEqual(expect.objectContaining({ stores: [], storeCount: 0 }));
  });
});

describe('those who set the lists up see every store', () => {
  it('SystemSetup: every store of every row, whatever its profile grants', async () => {
    expect((await rowFor(setup.api, 'saleTypes', 'saleTypeID', saleType.saleTypeID)).storeCount).toBe(2);
    expect(names((await rowFor(setup.api, 'discounts', 'discountID', discount.discountID)).discountStores)).toEqual(['Scope A', 'Scope B']);
    expect(names((await rowFor(setup.api, 'analysisFields', 'analysisFieldID', field.analysisFieldID)).analysisFieldStores)).toEqual(['Scope A', 'Scope B']);
    expect((await rowFor(setup.api, 'storeTypes', 'storeTypeID', storeA.storeTypeID)).storeCount).toBe(2);
  });

  it("UserSetup (who assigns stores to profiles) sees every store type's stores, but not other stores' discounts", async () => {
    expect((await rowFor(userSetup.api, 'storeTypes', 'storeTypeID', storeA.storeTypeID)).storeCount).toBe(2);
    expect((await rowFor(userSetup.api, 'saleTypes', 'saleTypeID', saleType.saleTypeID)).storeIDs).toEqual([storeA.storeID]);
    expect((await rowFor(userSetup.api, 'discounts', 'discountID', discount.discountID)).storeIDs).toEqual([storeA.storeID]);
  });

  it('a save answers the whole record to its SystemSetup author', async () => {
    const res = await setup.api.put(`/api/saleType/${saleType.saleTypeID}`, { name: saleType.name });
    expect(expectStatus(res, 200).body.data.storeIDs.sort()).toEqual([storeA.storeID, storeB.storeID].sort());
  });
});
