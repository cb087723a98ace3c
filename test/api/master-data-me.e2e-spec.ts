import {
  as,
  Client,
  createAnalysisField,
  createMetric,
  createMetricPart,
  createSaleType,
  createStore,
  createUser,
  expectStatus,
  login,
  Row,
  TestUser,
} from '../support/api';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, TestApp } from '../support/test-app';

/**
 * GET /api/user/me carries the master data the user's forms need (spec 01 section 3, Me;
 * docs/http-api.md): the analysis fields and sale types of the user's stores, and the
 * metric parts with their metric's name.
 */

let t: TestApp;
let admin: Client;
let storeA: Row;
let storeB: Row;
let storeC: Row;
/** Stores A and B, no areas. */
let userAB: TestUser;
/** No stores. */
let userNone: TestUser;
let fieldA: Row;
let fieldBC: Row;
let fieldC: Row;
let typeAC: Row;
let typeC: Row;
let metric: Row;
let numerator: Row;
let denominator: Row;

beforeAll(async () => {
  t = await startTestApp();
  admin = as(t.http, await login(t.http, ADMIN_EMAIL, ADMIN_PASSWORD));
  storeA = await createStore(admin, { name: 'Me A' });
  storeB = await createStore(admin, { name: 'Me B', storeTypeID: storeA.storeTypeID });
  storeC = await createStore(admin, { name: 'Me C', storeTypeID: storeA.storeTypeID });
  userAB = await createUser(t.http, admin, { areas: [], storeIDs: [storeA.storeID, storeB.storeID] });
  userNone = await createUser(t.http, admin, { areas: [], storeIDs: [] });
  fieldA = await createAnalysisField(admin, {
    name: 'Me insurance',
    label: 'Insurance?',
    analysisListItems: [{ code: 'Yes', enableTargets: true }, { code: 'No' }],
    targetQuantity: true,
    storeIDs: [storeA.storeID],
  });
  fieldBC = await createAnalysisField(admin, {
    name: 'Me IMEI',
    inputType: 'text',
    regex: '\\d{15}',
    required: true,
    storeIDs: [storeB.storeID, storeC.storeID],
  });
  fieldC = await createAnalysisField(admin, { name: 'Me other store', storeIDs: [storeC.storeID] });
  await createAnalysisField(admin, { name: 'Me nowhere', storeIDs: [] });
  typeAC = await createSaleType(admin, { name: 'Me upgrade', storeIDs: [storeA.storeID, storeC.storeID] });
  typeC = await createSaleType(admin, { name: 'Me SIM only', storeIDs: [storeC.storeID] });
  metric = await createMetric(admin, { name: 'Me conversion', metricType: 'percent' });
  numerator = await createMetricPart(admin, { metricID: metric.metricID, name: 'Sales', params: '{"saleTypeID": 1}' });
  denominator = await createMetricPart(admin, {
    metricID: metric.metricID,
    name: 'Footfall',
    divisionPart: 'denominator',
    tableName: 'dailyStats',
    field: 'footfallTotal',
    multiplier: 0.5,
  });
});
afterAll(() => t?.close());

async function me(api: Client): Promise<Row> {
  return expectStatus(await api.get('/api/user/me'), 200).body.data;
}

describe('GET /api/user/me', () => {
  it("analysisFields: the fields that apply to one of the user's stores, with items and (their) stores", async () => {
    const data = await me(userAB.api);
    expect(data.analysisFields.map((f: Row) => f.analysisFieldID)).toEqual([fieldBC.analysisFieldID, fieldA.analysisFieldID]);
    const [imei, insurance] = data.analysisFields;
    expect(insurance).toEqual({
      ...fieldA,
      analysisFieldStores: fieldA.analysisFieldStores,
      storeIDs: [storeA.storeID],
    });
    expect(insurance.analysisListItems.map((i: Row) => i.code)).toEqual(['Yes', 'No']);
    // Only the user's stores are listed, not store C.
    expect(imei).toEqual(expect.objectContaining({ regex: '^\\d{15}$', required: true, analysisListItems: [], storeIDs: [storeB.storeID] }));
    expect(imei.analysisFieldStores).toEqual([expect.objectContaining({ storeID: storeB.storeID, storeName: storeB.name })]);
    expect(data.analysisFields.map((f: Row) => f.analysisFieldID)).not.toContain(fieldC.analysisFieldID);
  });

  it("saleTypes: the sale types offered in one of the user's stores, with saleTypeStores", async () => {
    const data = await me(userAB.api);
    expect(data.saleTypes).toEqual([
      {
        ...typeAC,
        saleTypeStores: [expect.objectContaining({ storeID: storeA.storeID, storeName: storeA.name })],
        storeIDs: [storeA.storeID],
        storeCount: 1,
      },
    ]);
    expect(data.saleTypes.map((s: Row) => s.saleTypeID)).not.toContain(typeC.saleTypeID);
  });

  it('metricParts: every part with its metric name, without params', async () => {
    const data = await me(userAB.api);
    const parts = data.metricParts.filter((p: Row) => p.metricID === metric.metricID);
    expect(parts).toEqual([
      {
        metricPartID: numerator.metricPartID,
        metricID: metric.metricID,
        metricName: 'Me conversion',
        name: 'Sales',
        divisionPart: 'numerator',
        multiplier: 1,
        tableName: 'sales',
        field: 'revenueCount',
      },
      {
        metricPartID: denominator.metricPartID,
        metricID: metric.metricID,
        metricName: 'Me conversion',
        name: 'Footfall',
        divisionPart: 'denominator',
        multiplier: 0.5,
        tableName: 'dailyStats',
        field: 'footfallTotal',
      },
    ]);
  });

  it('a user without stores gets no analysis fields or sale types, but the metric parts', async () => {
    const data = await me(userNone.api);
    expect(data.analysisFields).toEqual([]);
    expect(data.saleTypes).toEqual([]);
    expect(data.metricParts.map((p: Row) => p.metricPartID)).toEqual(expect.arrayContaining([numerator.metricPartID, denominator.metricPartID]));
  });

  it('follows changes: a field given to store A shows at once', async () => {
    expectStatus(
      await admin.put(`/api/analysisField/${fieldC.analysisFieldID}`, { name: fieldC.name, inputType: 'single', storeIDs: [storeC.storeID, storeA.storeID] }),
      200,
    );
    const data = await me(userAB.api);
    expect(data.analysisFields.map((f: Row) => f.name)).toEqual(['Me IMEI', 'Me insurance', 'Me other store']);
  });

  it("keeps what it carried before (the foundation's fields)", async () => {
    const data = await me(userAB.api);
    expect(data).toEqual(
      expect.objectContaining({
        userID: userAB.userID,
        accessProfile: expect.objectContaining({ accessProfileStores: expect.any(Array) }),
        revenueCommission: 'revenue',
      }),
    );
  });
});
