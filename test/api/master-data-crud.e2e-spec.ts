import {
  as,
  createAccessProfile,
  binary,
  Client,
  createAnalysisField,
  createBand,
  createDiscount,
  createMetric,
  createMetricPart,
  createSaleType,
  createSkuType,
  createStore,
  createUser,
  expectFailure,
  expectStatus,
  listIDs,
  login,
  Row,
  TestUser,
  unique,
  xlsxRows,
} from '../support/api';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, TestApp } from '../support/test-app';

/**
 * The master data of issue 3 through the generic routes (docs/http-api.md, "Master data
 * (issue 3)"): create, read, update, delete and audit for every resource; reads open to
 * any user (metric parts: SystemSetup), writes SystemSetup only; defaults; the stores of a
 * sale type; deletes refused while other records use the record.
 */

let t: TestApp;
let admin: Client;
let adminName: string;
let storeA: Row;
let storeB: Row;
/** SystemSetup, store A: edits as someone other than the administrator. */
let setup: TestUser;
/** Every area but SystemSetup, store A. */
let noSetup: TestUser;
/** No areas at all, store A. */
let plain: TestUser;

const ALL_BUT_SETUP = [
  'RecordSales',
  'UpdateSales',
  'RecordRefunds',
  'RecordCreditFails',
  'RevenueReconciliation',
  'UserSetup',
  'Announce',
  'AccessAPI',
  'ViewYearCards',
  'RecordTargets',
  'RecordDailyStats',
  'ApproveRotaLines',
  'RecordRotaLines',
];

beforeAll(async () => {
  t = await startTestApp();
  admin = as(t.http, await login(t.http, ADMIN_EMAIL, ADMIN_PASSWORD));
  adminName = (await admin.get('/api/user/me')).body.data.name;
  storeA = await createStore(admin, { name: 'Crud Store A' });
  storeB = await createStore(admin, { name: 'Crud Store B', storeTypeID: storeA.storeTypeID });
  // Profiles that show both figures, as the administrator's does: what each reads is then what
  // the administrator reads (discounts carry figures; test/api/security-round-two.e2e-spec.ts hides them).
  const profile = async (areas: string[]) =>
    (await createAccessProfile(admin, { areas, storeIDs: [storeA.storeID], showRevenue: true, showCommission: true })).accessProfileID;
  setup = await createUser(t.http, admin, { name: 'Setup Sally', accessProfileID: await profile(['SystemSetup']) });
  noSetup = await createUser(t.http, admin, { name: 'No Setup Nick', accessProfileID: await profile(ALL_BUT_SETUP) });
  plain = await createUser(t.http, admin, { name: 'Plain Pat', accessProfileID: await profile([]) });
});
afterAll(() => t?.close());

interface Resource {
  singular: string;
  plural: string;
  idField: string;
  /** Who may read the list (the others get a 403). */
  readableByAnyone: boolean;
  /** A body to create, and what the answer must hold. */
  create: () => Promise<{ body: Row; expected: Row }>;
  /** A changed body for PUT, and what the answer must hold. */
  update: (record: Row) => Promise<{ body: Row; expected: Row }>;
}

const resources: Resource[] = [
  {
    singular: 'saleType',
    plural: 'saleTypes',
    idField: 'saleTypeID',
    readableByAnyone: true,
    create: async () => {
      const body = { name: unique('Upgrade'), storeIDs: [storeA.storeID] };
      return {
        body,
        expected: {
          name: body.name,
          storeIDs: [storeA.storeID],
          storeCount: 1,
          saleTypeStores: [{ saleTypeStoreID: expect.any(Number), storeID: storeA.storeID, storeName: storeA.name }],
        },
      };
    },
    update: async (record) => {
      const body = { name: `${record.name} renamed`, storeIDs: [storeA.storeID, storeB.storeID] };
      return { body, expected: { name: body.name, storeIDs: [storeA.storeID, storeB.storeID], storeCount: 2 } };
    },
  },
  {
    singular: 'skuType',
    plural: 'skuTypes',
    idField: 'skuTypeID',
    readableByAnyone: true,
    create: async () => {
      const body = { name: unique('Handset'), description: 'Phones', excludeDiscount: true };
      return { body, expected: body };
    },
    update: async (record) => {
      const body = { name: `${record.name} renamed`, description: 'Mobile phones', excludeDiscount: false };
      return { body, expected: body };
    },
  },
  {
    singular: 'band',
    plural: 'bands',
    idField: 'bandID',
    readableByAnyone: true,
    create: async () => {
      const body = { name: unique('A'), description: 'Premium handsets' };
      return { body, expected: body };
    },
    update: async (record) => {
      const body = { name: `${record.name}+`, description: 'Top handsets' };
      return { body, expected: body };
    },
  },
  {
    singular: 'discount',
    plural: 'discounts',
    idField: 'discountID',
    readableByAnyone: true,
    create: async () => {
      const saleType = await createSaleType(admin, { storeIDs: [storeA.storeID, storeB.storeID] });
      const body = {
        name: unique('Loyalty'),
        saleTypeID: saleType.saleTypeID,
        discountStores: [{ storeID: storeA.storeID, revenueReductionFixed: 10, commissionReductionFixed: 2.5 }],
      };
      return {
        body,
        expected: {
          name: body.name,
          saleTypeID: saleType.saleTypeID,
          saleTypeName: saleType.name,
          storeCount: 1,
          storeIDs: [storeA.storeID],
          discountStores: [
            expect.objectContaining({
              discountStoreID: expect.any(Number),
              storeID: storeA.storeID,
              storeName: storeA.name,
              discountName: body.name,
              discountSaleTypeID: saleType.saleTypeID,
              revenueReductionFixed: 10,
              commissionReductionFixed: 2.5,
            }),
          ],
        },
      };
    },
    update: async (record) => {
      const body = {
        name: `${record.name} renamed`,
        saleTypeID: record.saleTypeID,
        discountStores: [{ storeID: storeB.storeID, enabled: false, revenueReductionFixed: 5 }],
      };
      return {
        body,
        expected: {
          name: body.name,
          storeIDs: [storeB.storeID],
          discountStores: [expect.objectContaining({ storeID: storeB.storeID, enabled: false, revenueReductionFixed: 5 })],
        },
      };
    },
  },
  {
    singular: 'analysisField',
    plural: 'analysisFields',
    idField: 'analysisFieldID',
    readableByAnyone: true,
    create: async () => {
      const body = {
        name: unique('Insurance'),
        label: 'Insurance sold?',
        inputType: 'single',
        required: true,
        targetRevenue: true,
        analysisListItems: [{ code: 'Yes', description: 'Sold', enableTargets: true, dailyReportAs: 'Insured' }, { code: 'No' }],
        storeIDs: [storeA.storeID],
      };
      const ids = { analysisListItemID: expect.any(Number), analysisFieldID: expect.any(Number) };
      return {
        body,
        expected: {
          name: body.name,
          label: 'Insurance sold?',
          inputType: 'single',
          required: true,
          targetRevenue: true,
          targetQuantity: false,
          regex: null,
          defaultValue: null,
          autoFillFrom: null,
          analysisListItems: [
            { ...ids, code: 'Yes', description: 'Sold', enableTargets: true, dailyReportAs: 'Insured' },
            { ...ids, code: 'No', description: '', enableTargets: false, dailyReportAs: '' },
          ],
          analysisFieldStores: [{ analysisFieldStoreID: expect.any(Number), storeID: storeA.storeID, storeName: storeA.name }],
          storeIDs: [storeA.storeID],
        },
      };
    },
    update: async (record) => {
      const body = {
        name: `${record.name} renamed`,
        inputType: 'multi',
        analysisListItems: [{ analysisListItemID: record.analysisListItems[0].analysisListItemID, code: 'Yes' }, { code: 'Maybe' }],
        storeIDs: [storeB.storeID],
      };
      return {
        body,
        expected: {
          name: body.name,
          inputType: 'multi',
          targetRevenue: false,
          analysisListItems: [
            expect.objectContaining({ analysisListItemID: record.analysisListItems[0].analysisListItemID, code: 'Yes' }),
            expect.objectContaining({ code: 'Maybe' }),
          ],
          storeIDs: [storeB.storeID],
        },
      };
    },
  },
  {
    singular: 'metric',
    plural: 'metrics',
    idField: 'metricID',
    readableByAnyone: true,
    create: async () => {
      const field = await createAnalysisField(admin);
      const body = {
        name: unique('Conversion'),
        metricType: 'percent',
        showCard: false,
        showInTables: true,
        successValue: 0.255,
        successIsLess: 1,
        analysisFieldID: field.analysisFieldID,
      };
      return { body, expected: { ...body, analysisFieldName: field.name, metricPartCount: 0 } };
    },
    update: async (record) => {
      const body = { name: `${record.name} renamed`, metricType: 'money', successValue: 150.5, successIsLess: 0, analysisFieldID: null };
      return { body, expected: { ...body, analysisFieldName: '', showCard: false } };
    },
  },
  {
    singular: 'metricPart',
    plural: 'metricParts',
    idField: 'metricPartID',
    readableByAnyone: false,
    create: async () => {
      const metric = await createMetric(admin);
      const body = {
        metricID: metric.metricID,
        name: unique('Sales'),
        divisionPart: 'numerator',
        multiplier: 2.5,
        tableName: 'sales',
        field: 'adjustedRevenueTotal',
        params: '{"saleTypeID": 2}',
      };
      return { body, expected: { ...body, metricName: metric.name } };
    },
    update: async (record) => {
      const body = {
        metricID: record.metricID,
        name: `${record.name} renamed`,
        divisionPart: 'denominator',
        multiplier: -1,
        tableName: 'dailyStats',
        field: 'footfallTotal',
        params: '{}',
      };
      return { body, expected: body };
    },
  },
];

describe.each(resources)('/api/$plural and /api/$singular', (resource) => {
  const read = (api: Client, id: number) => api.get(`/api/${resource.plural}?${resource.idField}=${id}`);

  it('POST creates the record (201) with audit fields set to the caller and now', async () => {
    const { body, expected } = await resource.create();
    const before = Date.now();
    const res = expectStatus(await admin.post(`/api/${resource.singular}`, body), 201);
    const after = Date.now();
    expect(res.body.validationResult).toEqual({ fail: false });
    const data = res.body.data;
    expect(data).toEqual(expect.objectContaining({ [resource.idField]: expect.any(Number), ...expected }));
    expect(data.createdByUserName).toBe(adminName);
    expect(data.updatedByUserName).toBe(adminName);
    expect(Date.parse(data.createdDate)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(data.createdDate)).toBeLessThanOrEqual(after + 1000);
    expect(data.updatedDate).toBe(data.createdDate);
    // The one-record read answers the same row; the list holds it.
    expect(expectStatus(await read(admin, data[resource.idField]), 200).body.data).toEqual(data);
    const list = expectStatus(await admin.get(`/api/${resource.plural}?pageLength=500`), 200);
    expect(listIDs(list)).toContain(data[resource.idField]);
  });

  it('PUT updates it (200): updated by and date change, created ones do not', async () => {
    const { body } = await resource.create();
    const record = expectStatus(await admin.post(`/api/${resource.singular}`, body), 201).body.data;
    const change = await resource.update(record);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const res = expectStatus(await setup.api.put(`/api/${resource.singular}/${record[resource.idField]}`, change.body), 200);
    expect(res.body.validationResult).toEqual({ fail: false });
    const updated = res.body.data;
    expect(updated).toEqual(expect.objectContaining({ [resource.idField]: record[resource.idField], ...change.expected }));
    expect(updated.updatedByUserName).toBe('Setup Sally');
    expect(Date.parse(updated.updatedDate)).toBeGreaterThan(Date.parse(record.updatedDate));
    expect(updated.createdByUserName).toBe(adminName);
    expect(updated.createdDate).toBe(record.createdDate);
    expect(expectStatus(await read(admin, record[resource.idField]), 200).body.data).toEqual(updated);
  });

  it('the id in the body is ignored: the URL decides', async () => {
    const { body } = await resource.create();
    const record = expectStatus(await admin.post(`/api/${resource.singular}`, { ...body, [resource.idField]: 0 }), 201).body.data;
    const other = expectStatus(await admin.post(`/api/${resource.singular}`, (await resource.create()).body), 201).body.data;
    const change = await resource.update(record);
    expectStatus(
      await admin.put(`/api/${resource.singular}/${record[resource.idField]}`, { ...change.body, [resource.idField]: other[resource.idField] }),
      200,
    );
    expect((await read(admin, other[resource.idField])).body.data).toEqual(other);
  });

  it('DELETE removes it (200), then it is a 404', async () => {
    const record = expectStatus(await admin.post(`/api/${resource.singular}`, (await resource.create()).body), 201).body.data;
    const id = record[resource.idField];
    const res = expectStatus(await setup.api.delete(`/api/${resource.singular}/${id}`), 200);
    expect(res.body).toEqual({ validationResult: { fail: false }, data: { id } });
    expectFailure(await read(admin, id), 404);
    expectFailure(await admin.delete(`/api/${resource.singular}/${id}`), 404);
  });

  it('without SystemSetup every write is a 403 and nothing is written', async () => {
    const record = expectStatus(await admin.post(`/api/${resource.singular}`, (await resource.create()).body), 201).body.data;
    const id = record[resource.idField];
    const { body } = await resource.create();
    const change = await resource.update(record);
    const before = await t.tableCounts();
    for (const user of [noSetup, plain]) {
      expectFailure(await user.api.post(`/api/${resource.singular}`, body), 403);
      expectFailure(await user.api.put(`/api/${resource.singular}/${id}`, change.body), 403);
      expectFailure(await user.api.delete(`/api/${resource.singular}/${id}`), 403);
    }
    expect(await t.tableCounts()).toEqual(before);
    expect((await read(admin, id)).body.data).toEqual(record);
  });

  if (resource.readableByAnyone) {
    it('any signed-in user may read the list and one record', async () => {
      const record = expectStatus(await admin.post(`/api/${resource.singular}`, (await resource.create()).body), 201).body.data;
      const res = expectStatus(await plain.api.get(`/api/${resource.plural}?pageLength=500`), 200);
      expect(listIDs(res)).toContain(record[resource.idField]);
      expect(expectStatus(await read(plain.api, record[resource.idField]), 200).body.data).toEqual(record);
    });
  } else {
    it('reading needs SystemSetup too: 403 for the list, one record and the Excel export', async () => {
      const record = expectStatus(await admin.post(`/api/${resource.singular}`, (await resource.create()).body), 201).body.data;
      for (const user of [noSetup, plain]) {
        expectFailure(await user.api.get(`/api/${resource.plural}`), 403);
        expectFailure(await read(user.api, record[resource.idField]), 403);
        expectFailure(await user.api.get(`/api/${resource.plural}/excel`), 403);
      }
      expect(listIDs(expectStatus(await setup.api.get(`/api/${resource.plural}?pageLength=500`), 200))).toContain(record[resource.idField]);
    });
  }

  it('the Excel export (AccessAPI) holds the rows with their ids', async () => {
    const record = expectStatus(await admin.post(`/api/${resource.singular}`, (await resource.create()).body), 201).body.data;
    const { res, body } = await binary(admin.get(`/api/${resource.plural}/excel?${resource.idField}=${record[resource.idField]}`));
    expectStatus(res, 200);
    const rows = await xlsxRows(body);
    expect(rows[0][0]).toBe('ID');
    expect(rows.slice(1).map((row) => row[0])).toEqual([record[resource.idField]]);
  });
});

describe('names are unique, ignoring case: a copy must be renamed', () => {
  // Pickers, uploads (SKU type and band by name) and reports find these records by name.
  const named = [
    ...resources
      .filter((resource) => resource.singular !== 'metricPart')
      .map(({ singular, idField, create }) => ({ singular, idField, body: async () => (await create()).body })),
    { singular: 'store', idField: 'storeID', body: async (): Promise<Row> => ({ name: unique('Store'), storeTypeID: storeA.storeTypeID }) },
    { singular: 'storeType', idField: 'storeTypeID', body: async (): Promise<Row> => ({ name: unique('Type') }) },
    { singular: 'accessProfile', idField: 'accessProfileID', body: async (): Promise<Row> => ({ name: unique('Profile'), systemAreas: '', storeIDs: [] }) },
  ];

  it.each(named)('$singular', async ({ singular, idField, body }) => {
    const original = await body();
    const first = expectStatus(await admin.post(`/api/${singular}`, original), 201).body.data;
    const other = await body();
    const second = expectStatus(await admin.post(`/api/${singular}`, other), 201).body.data;
    const before = await t.tableCounts();

    const copy = expectFailure(await admin.post(`/api/${singular}`, { ...original, name: String(original.name).toUpperCase() }));
    expect(copy.failMessages).toEqual({ name: expect.stringMatching(/^Another .+ is already called /) });
    const renamed = expectFailure(await admin.put(`/api/${singular}/${second[idField]}`, { ...other, name: String(original.name).toLowerCase() }));
    expect(renamed.failMessages).toEqual({ name: expect.stringMatching(/^Another .+ is already called /) });
    expect(await t.tableCounts()).toEqual(before);
    expect((await admin.get(`/api/${singular}s?${idField}=${second[idField]}`)).body.listData[0].name).toBe(other.name);

    // A record keeps its own name on a save.
    expectStatus(await admin.put(`/api/${singular}/${first[idField]}`, original), 200);
  });
});

describe('defaults', () => {
  it('a SKU type: no description, excludeDiscount false', async () => {
    const type = await createSkuType(admin, { name: 'Defaults SKU' });
    expect(type).toEqual(expect.objectContaining({ name: 'Defaults SKU', description: '', excludeDiscount: false }));
  });

  it('a SKU type or band keeps its description when a PUT leaves it out, and null clears it', async () => {
    const band = await createBand(admin, { description: 'Kept' });
    expect(expectStatus(await admin.put(`/api/band/${band.bandID}`, { name: band.name }), 200).body.data.description).toBe('Kept');
    expect(expectStatus(await admin.put(`/api/band/${band.bandID}`, { name: band.name, description: null }), 200).body.data.description).toBe('');
    const sku = await createSkuType(admin, { description: 'Kept', excludeDiscount: true });
    const kept = expectStatus(await admin.put(`/api/skuType/${sku.skuTypeID}`, { name: sku.name }), 200).body.data;
    expect(kept).toEqual(expect.objectContaining({ description: 'Kept', excludeDiscount: true }));
  });

  it('a metric: showCard and showInTables true, successValue 0, successIsLess 0, no analysis field, no parts', async () => {
    const metric = await createMetric(admin, { name: 'Defaults metric', metricType: 'percent' });
    expect(metric).toEqual(
      expect.objectContaining({
        showCard: true,
        showInTables: true,
        successValue: 0,
        successIsLess: 0,
        analysisFieldID: null,
        analysisFieldName: '',
        metricPartCount: 0,
      }),
    );
  });

  it('a metric part: multiplier 1, params {}', async () => {
    const part = await createMetricPart(admin);
    expect(part).toEqual(expect.objectContaining({ multiplier: 1, params: '{}' }));
  });

  it('an analysis field: label is the name when not given; not required; no targets', async () => {
    const field = await createAnalysisField(admin, { name: 'Defaults field' });
    expect(field).toEqual(
      expect.objectContaining({
        label: 'Defaults field',
        required: false,
        targetRevenue: false,
        targetQuantity: false,
        autoFillFrom: null,
        analysisListItems: [],
        analysisFieldStores: [],
        storeIDs: [],
      }),
    );
    const relabelled = expectStatus(await admin.put(`/api/analysisField/${field.analysisFieldID}`, { name: 'Renamed', inputType: 'single', label: '' }), 200);
    expect(relabelled.body.data.label).toBe('Renamed');
  });

  it('metrics list by name by default (spec 02 section 9)', async () => {
    for (const name of ['Sortme Charlie', 'Sortme Alpha', 'Sortme Bravo']) await createMetric(admin, { name });
    const res = expectStatus(await admin.get('/api/metrics?nameLower=sortme'), 200);
    expect(res.body.listData.map((m: Row) => m.name)).toEqual(['Sortme Alpha', 'Sortme Bravo', 'Sortme Charlie']);
  });

  it('metricPartCount counts the parts of the metric', async () => {
    const metric = await createMetric(admin);
    await createMetricPart(admin, { metricID: metric.metricID });
    await createMetricPart(admin, { metricID: metric.metricID, divisionPart: 'denominator' });
    expect((await admin.get(`/api/metrics?metricID=${metric.metricID}`)).body.data.metricPartCount).toBe(2);
  });
});

describe('null is the default, left out keeps (the dialog sends null for an emptied number box)', () => {
  it('a store: squareFeet null is 0 (not optional in the spec); left out it keeps its value', async () => {
    const store = await createStore(admin, { squareFeet: 1200, storeTypeID: storeA.storeTypeID });
    const put = (body: Row) => admin.put(`/api/store/${store.storeID}`, { name: store.name, storeTypeID: store.storeTypeID, ...body });
    expect(expectStatus(await put({}), 200).body.data.squareFeet).toBe(1200);
    expect(expectStatus(await put({ squareFeet: null }), 200).body.data.squareFeet).toBe(0);
  });

  it('a metric: successValue null is 0, and null flags are their defaults; left out they keep their values', async () => {
    const metric = await createMetric(admin, { successValue: 0.25, successIsLess: 1, showCard: false, showInTables: false });
    const put = (body: Row) => admin.put(`/api/metric/${metric.metricID}`, { name: metric.name, metricType: metric.metricType, ...body });
    expect(expectStatus(await put({}), 200).body.data).toEqual(
      expect.objectContaining({ successValue: 0.25, successIsLess: 1, showCard: false, showInTables: false }),
    );
    const cleared = expectStatus(await put({ successValue: null, successIsLess: null, showCard: null, showInTables: null }), 200).body.data;
    expect(cleared).toEqual(expect.objectContaining({ successValue: 0, successIsLess: 0, showCard: true, showInTables: true }));
  });

  it('a metric part: multiplier null is 1; left out it keeps its value', async () => {
    const part = await createMetricPart(admin, { multiplier: 2.5 });
    const put = (body: Row) =>
      admin.put(`/api/metricPart/${part.metricPartID}`, {
        metricID: part.metricID,
        name: part.name,
        divisionPart: part.divisionPart,
        tableName: part.tableName,
        field: part.field,
        ...body,
      });
    expect(expectStatus(await put({}), 200).body.data.multiplier).toBe(2.5);
    expect(expectStatus(await put({ multiplier: null }), 200).body.data.multiplier).toBe(1);
  });

  it('flags sent as null are their defaults: a store targets revenue, not quantity; a SKU type does not exclude discounts', async () => {
    const store = await createStore(admin, { targetRevenue: false, targetQuantity: true, storeTypeID: storeA.storeTypeID });
    const reset = await admin.put(`/api/store/${store.storeID}`, {
      name: store.name,
      storeTypeID: store.storeTypeID,
      targetRevenue: null,
      targetQuantity: null,
    });
    expect(expectStatus(reset, 200).body.data).toEqual(expect.objectContaining({ targetRevenue: true, targetQuantity: false }));
    const sku = await createSkuType(admin, { excludeDiscount: true });
    expect(expectStatus(await admin.put(`/api/skuType/${sku.skuTypeID}`, { name: sku.name, excludeDiscount: null }), 200).body.data.excludeDiscount).toBe(
      false,
    );
  });
});

describe('the stores of a sale type', () => {
  it('storeIDs replace the list; duplicates count once; a PUT without storeIDs keeps them', async () => {
    const type = await createSaleType(admin, { storeIDs: [storeA.storeID, storeA.storeID] });
    expect(type.storeIDs).toEqual([storeA.storeID]);
    const both = expectStatus(await admin.put(`/api/saleType/${type.saleTypeID}`, { name: type.name, storeIDs: [storeB.storeID, storeA.storeID] }), 200);
    expect(both.body.data.saleTypeStores.map((s: Row) => s.storeName)).toEqual([storeA.name, storeB.name]);
    // The link of a store that stays keeps its id.
    expect(both.body.data.saleTypeStores[0].saleTypeStoreID).toBe(type.saleTypeStores[0].saleTypeStoreID);
    const kept = expectStatus(await admin.put(`/api/saleType/${type.saleTypeID}`, { name: 'Renamed type' }), 200);
    expect(kept.body.data.storeIDs).toEqual([storeA.storeID, storeB.storeID]);
    const none = expectStatus(await admin.put(`/api/saleType/${type.saleTypeID}`, { name: 'Renamed type', storeIDs: [] }), 200);
    expect(none.body.data).toEqual(expect.objectContaining({ storeIDs: [], saleTypeStores: [], storeCount: 0 }));
  });

  it('a store that does not exist is a 400 on storeIDs, nothing written', async () => {
    const before = await t.tableCounts();
    const res = await admin.post('/api/saleType', { name: 'Ghost stores', storeIDs: [storeA.storeID, 987654] });
    expect(Object.keys(expectFailure(res).failMessages)).toEqual(['storeIDs']);
    expect(await t.tableCounts()).toEqual(before);
  });

  it('a store where a discount of the sale type applies cannot be removed (400), until the discount no longer applies there', async () => {
    const type = await createSaleType(admin, { storeIDs: [storeA.storeID, storeB.storeID] });
    const discount = await createDiscount(admin, { saleTypeID: type.saleTypeID, discountStores: [{ storeID: storeB.storeID }] });
    const refused = expectFailure(await admin.put(`/api/saleType/${type.saleTypeID}`, { name: type.name, storeIDs: [storeA.storeID] }));
    expect(refused.failMessages.storeIDs).toContain(discount.name);
    expect(refused.failMessages.storeIDs).toContain(storeB.name);
    expect((await admin.get(`/api/saleTypes?saleTypeID=${type.saleTypeID}`)).body.data.storeIDs).toEqual([storeA.storeID, storeB.storeID]);
    expectStatus(await admin.put(`/api/discount/${discount.discountID}`, { name: discount.name, saleTypeID: type.saleTypeID, discountStores: [] }), 200);
    expectStatus(await admin.put(`/api/saleType/${type.saleTypeID}`, { name: type.name, storeIDs: [storeA.storeID] }), 200);
  });

  it('fkJoins=saleTypeStores is accepted (the client asks for it); an unknown join is a 400', async () => {
    const type = await createSaleType(admin, { storeIDs: [storeA.storeID] });
    const res = expectStatus(await plain.api.get(`/api/saleTypes?saleTypeID=${type.saleTypeID}&fkJoins=saleTypeStores`), 200);
    expect(res.body.data.saleTypeStores).toEqual([expect.objectContaining({ storeID: storeA.storeID })]);
    expectFailure(await plain.api.get('/api/saleTypes?fkJoins=discounts'));
  });
});

describe('a record that others use is not deleted: 400 naming them', () => {
  it('a sale type with discounts', async () => {
    const type = await createSaleType(admin, { storeIDs: [storeA.storeID] });
    const one = await createDiscount(admin, { saleTypeID: type.saleTypeID });
    const failure = expectFailure(await admin.delete(`/api/saleType/${type.saleTypeID}`));
    expect(failure.failSummary).toMatch(/\b1 discount\b(?!s)/);
    await createDiscount(admin, { saleTypeID: type.saleTypeID });
    expect(expectFailure(await admin.delete(`/api/saleType/${type.saleTypeID}`)).failSummary).toContain('2 discounts');
    expectStatus(await admin.get(`/api/saleTypes?saleTypeID=${type.saleTypeID}`), 200);
    // Discounts go with their stores; then the sale type and its stores go too.
    expectStatus(await admin.delete(`/api/discount/${one.discountID}`), 200);
    const rest = (await admin.get(`/api/discounts?saleTypeID=${type.saleTypeID}`)).body.listData;
    for (const d of rest) expectStatus(await admin.delete(`/api/discount/${d.discountID}`), 200);
    expectStatus(await admin.delete(`/api/saleType/${type.saleTypeID}`), 200);
  });

  it('an analysis field a metric uses', async () => {
    const field = await createAnalysisField(admin, { analysisListItems: [{ code: 'A' }], storeIDs: [storeA.storeID] });
    const metric = await createMetric(admin, { analysisFieldID: field.analysisFieldID });
    const failure = expectFailure(await admin.delete(`/api/analysisField/${field.analysisFieldID}`));
    expect(failure.failSummary).toMatch(/\b1 metric\b(?!s)/);
    expectStatus(await admin.get(`/api/analysisFields?analysisFieldID=${field.analysisFieldID}`), 200);
    expectStatus(await admin.put(`/api/metric/${metric.metricID}`, { name: metric.name, metricType: metric.metricType, analysisFieldID: null }), 200);
    // Its list items and stores go with it.
    expectStatus(await admin.delete(`/api/analysisField/${field.analysisFieldID}`), 200);
    expect((await admin.get(`/api/analysisFieldStores?analysisFieldID=${field.analysisFieldID}`)).body.listIDs).toEqual([]);
  });

  it('a metric with parts (parts are records of their own: deleted first)', async () => {
    const metric = await createMetric(admin);
    const parts = [await createMetricPart(admin, { metricID: metric.metricID }), await createMetricPart(admin, { metricID: metric.metricID })];
    expect(expectFailure(await admin.delete(`/api/metric/${metric.metricID}`)).failSummary).toContain('2 metric parts');
    expectStatus(await admin.get(`/api/metrics?metricID=${metric.metricID}`), 200);
    for (const part of parts) expectStatus(await admin.delete(`/api/metricPart/${part.metricPartID}`), 200);
    expectStatus(await admin.delete(`/api/metric/${metric.metricID}`), 200);
  });

  it('unused SKU types and bands are deleted', async () => {
    const sku = await createSkuType(admin);
    const band = await createBand(admin);
    expectStatus(await admin.delete(`/api/skuType/${sku.skuTypeID}`), 200);
    expectStatus(await admin.delete(`/api/band/${band.bandID}`), 200);
  });

  it('a store goes with its places in sale types, discounts and analysis fields (links, not uses)', async () => {
    const store = await createStore(admin, { storeTypeID: storeA.storeTypeID });
    const type = await createSaleType(admin, { storeIDs: [storeA.storeID, store.storeID] });
    const discount = await createDiscount(admin, { saleTypeID: type.saleTypeID, discountStores: [{ storeID: store.storeID }, { storeID: storeA.storeID }] });
    const field = await createAnalysisField(admin, { storeIDs: [store.storeID] });
    expectStatus(await admin.delete(`/api/store/${store.storeID}`), 200);
    expect((await admin.get(`/api/saleTypes?saleTypeID=${type.saleTypeID}`)).body.data.storeIDs).toEqual([storeA.storeID]);
    expect((await admin.get(`/api/discounts?discountID=${discount.discountID}`)).body.data.storeIDs).toEqual([storeA.storeID]);
    expect((await admin.get(`/api/analysisFields?analysisFieldID=${field.analysisFieldID}`)).body.data.storeIDs).toEqual([]);
  });
});

describe('references in bodies must exist', () => {
  it.each([
    ['discount', 'saleTypeID', () => ({ name: 'x', saleTypeID: 987654 })],
    ['metric', 'analysisFieldID', () => ({ name: 'x', metricType: 'integer', analysisFieldID: 987654 })],
    ['metricPart', 'metricID', () => ({ name: 'x', metricID: 987654, divisionPart: 'numerator', tableName: 'sales', field: 'revenueCount' })],
  ])('%s with a %s that does not exist is a 400 on it, nothing written', async (singular, field, body) => {
    const before = await t.tableCounts();
    expect(Object.keys(expectFailure(await admin.post(`/api/${singular}`, body())).failMessages)).toEqual([field]);
    expect(await t.tableCounts()).toEqual(before);
  });
});
