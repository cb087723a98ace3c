import {
  as,
  Client,
  createAnalysisField,
  createDiscount,
  createMetric,
  createMetricPart,
  createSaleType,
  createSkuType,
  createBand,
  createStore,
  expectFailure,
  expectStatus,
  login,
  Row,
  unique,
} from '../support/api';
import { BIG, bigValues, describeBodySweep, refused, SweptResource } from '../support/refusals';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, TestApp } from '../support/test-app';

/**
 * Bad input to the master data of issue 3 is a 400 with a validationResult and nothing
 * written, never a 500 (ARCHITECTURE.md, HTTP contract): wrong types, unknown fields (also
 * inside the lists a body carries), huge numbers, broken JSON, odd path ids and list
 * parameters. SQL-shaped text is stored and found as text.
 */

let t: TestApp;
let admin: Client;
let store: Row;
let saleType: Row;
let skuType: Row;
let band: Row;
let discount: Row;
let field: Row;
let metric: Row;
let part: Row;

beforeAll(async () => {
  t = await startTestApp();
  admin = as(t.http, await login(t.http, ADMIN_EMAIL, ADMIN_PASSWORD));
  store = await createStore(admin);
  saleType = await createSaleType(admin, { storeIDs: [store.storeID] });
  skuType = await createSkuType(admin);
  band = await createBand(admin);
  discount = await createDiscount(admin, { saleTypeID: saleType.saleTypeID, discountStores: [{ storeID: store.storeID }] });
  field = await createAnalysisField(admin, { analysisListItems: [{ code: 'Yes' }], storeIDs: [store.storeID] });
  metric = await createMetric(admin);
  part = await createMetricPart(admin, { metricID: metric.metricID });
});
afterAll(() => t?.close());

const bigIDs = bigValues;

/** The shared sweep's resource, plus the list it reads back from. */
interface Resource extends SweptResource {
  plural: string;
  idField: string;
}

const readFrom = (plural: string, idField: string) => (id: number) => `/api/${plural}?${idField}=${id}`;

/**
 * A discount store entry for the store made in beforeAll. The cases are listed before it
 * exists, so its id is read when the body is sent (and shows as "<store>" in test names).
 */
const storeEntry = (extra: Row = {}): Row => {
  if ('storeID' in extra) return { ...extra };
  const entry: Row = {
    get storeID() {
      return store?.storeID ?? '<store>';
    },
  };
  return Object.assign(entry, extra);
};
const listItem = (extra: Row = {}) => ({ code: 'Code', ...extra });

const resources: Resource[] = [
  {
    singular: 'saleType',
    plural: 'saleTypes',
    idField: 'saleTypeID',
    read: readFrom('saleTypes', 'saleTypeID'),
    valid: () => ({ name: unique('Sale type'), storeIDs: [store.storeID] }),
    id: () => saleType.saleTypeID,
    bad: [
      ['storeIDs', 'all'],
      ['storeIDs', 1],
      ['storeIDs', ['1']],
      ['storeIDs', [{}]],
      ['storeIDs', [null]],
      ['storeIDs', [1.5]],
      ['storeIDs', [-1]],
      ['storeIDs', [987654]],
      ['storeIDs', { 0: 1 }],
      ...BIG.map((n): [string, unknown] => ['storeIDs', [n]]),
    ],
  },
  {
    singular: 'skuType',
    plural: 'skuTypes',
    idField: 'skuTypeID',
    read: readFrom('skuTypes', 'skuTypeID'),
    valid: () => ({ name: unique('SKU type'), description: 'Valid', excludeDiscount: true }),
    id: () => skuType.skuTypeID,
    bad: [
      ['description', 42],
      ['description', ['x']],
      ['description', 'd'.repeat(256)],
      ['excludeDiscount', 'true'],
      ['excludeDiscount', 1],
      ['excludeDiscount', 'no'],
    ],
  },
  {
    singular: 'band',
    plural: 'bands',
    idField: 'bandID',
    read: readFrom('bands', 'bandID'),
    valid: () => ({ name: unique('Band'), description: 'Valid' }),
    id: () => band.bandID,
    bad: [
      ['description', 42],
      ['description', { text: 'x' }],
      ['description', 'd'.repeat(256)],
      ['description', 'Escape \u001b[31m red'],
      ['description', 'Half \udfff pair'],
    ],
  },
  {
    singular: 'discount',
    plural: 'discounts',
    idField: 'discountID',
    read: readFrom('discounts', 'discountID'),
    valid: () => ({ name: unique('Discount'), saleTypeID: saleType.saleTypeID, discountStores: [storeEntry({ revenueReductionFixed: 5 })] }),
    id: () => discount.discountID,
    bad: [
      ['saleTypeID', '1'],
      ['saleTypeID', -1],
      ['saleTypeID', 0],
      ['saleTypeID', 1.5],
      ['saleTypeID', 987654],
      ['saleTypeID', null],
      ...bigIDs('saleTypeID'),
      ['discountStores', 'all'],
      ['discountStores', { storeID: 1 }],
      ['discountStores', [5]],
      ['discountStores', ['x']],
      ['discountStores', [null]],
      ['discountStores', [[storeEntry()]]],
      ['discountStores', [{}]],
      ['discountStores', [storeEntry({ colour: 'red' })]],
      // A read row's discountID and storeName are ignored (docs/http-api.md, "Round trips"); look-alikes are unknown.
      ['discountStores', [storeEntry({ discountNumber: 5 })]],
      ['discountStores', [storeEntry({ storeLabel: 'x' })]],
      ['discountStores', [storeEntry({ $where: { 1: 1 } })]],
      ['discountStores', [storeEntry({ storeID: '1' })]],
      ['discountStores', [storeEntry({ storeID: 1e30 })]],
      ['discountStores', [storeEntry({ revenueReductionFixed: 1e30 })]],
      ['discountStores', [storeEntry({ revenueReductionFixed: 2 ** 53 })]],
      ['discountStores', [storeEntry({ revenueReductionFixed: 'NaN' })]],
      ['discountStores', [storeEntry({ revenueReductionFixed: 0.001 })]],
      ['discountStores', [storeEntry({ revenueReductionRatio: 5 })]],
      ['discountStores', [storeEntry({ commissionReductionRatio: -0.5 })]],
      ['discountStores', [storeEntry({ enabled: 'yes' })]],
      ['discountStores', new Array(10_001).fill(0).map(() => storeEntry())],
    ],
  },
  {
    singular: 'analysisField',
    plural: 'analysisFields',
    idField: 'analysisFieldID',
    read: readFrom('analysisFields', 'analysisFieldID'),
    valid: () => ({ name: unique('Field'), inputType: 'single', analysisListItems: [listItem()], storeIDs: [store.storeID] }),
    id: () => field.analysisFieldID,
    bad: [
      ['inputType', 'SINGLE'],
      ['inputType', 1],
      ['inputType', ['single']],
      ['label', 5],
      ['label', 'l'.repeat(101)],
      ['required', 'yes'],
      ['targetRevenue', 1],
      ['autoFillFrom', 'band'],
      ['autoFillFrom', true],
      ['regex', 5],
      ['defaultValue', ['x']],
      ['storeIDs', ['1']],
      ['storeIDs', [987654]],
      ...BIG.map((n): [string, unknown] => ['storeIDs', [n]]),
      ['analysisListItems', 'Yes, No'],
      ['analysisListItems', { code: 'x' }],
      ['analysisListItems', ['Yes']],
      ['analysisListItems', [null]],
      ['analysisListItems', [5]],
      ['analysisListItems', [listItem({ colour: 'red' })]],
      // An item may carry its field's id as read (ignored), but only as an id.
      ['analysisListItems', [listItem({ analysisFieldID: '1' })]],
      ['analysisListItems', [listItem({ code: 12 })]],
      ['analysisListItems', [listItem({ code: null })]],
      ['analysisListItems', [listItem({ analysisListItemID: 1e30 })]],
      ['analysisListItems', [listItem({ analysisListItemID: '1' })]],
      ['analysisListItems', [listItem({ dailyReportAs: 'd'.repeat(51) })]],
      ['analysisListItems', [listItem({ $where: { 1: 1 } })]],
      ['analysisListItems', new Array(1001).fill(0).map((_, i) => listItem({ code: `C${i}` }))],
    ],
  },
  {
    singular: 'metric',
    plural: 'metrics',
    idField: 'metricID',
    read: readFrom('metrics', 'metricID'),
    valid: () => ({ name: unique('Metric'), metricType: 'percent', successValue: 0.5, successIsLess: 0 }),
    id: () => metric.metricID,
    bad: [
      ['metricType', 'Percent'],
      ['metricType', null],
      ['successValue', 1e30],
      ['successValue', 2 ** 53],
      ['successValue', '1'],
      ['successValue', 0.00001],
      ['successIsLess', 1e30],
      ['successIsLess', 0.5],
      ['showCard', 'yes'],
      ['analysisFieldID', 987654],
      ...bigIDs('analysisFieldID'),
    ],
  },
  {
    singular: 'metricPart',
    plural: 'metricParts',
    idField: 'metricPartID',
    read: readFrom('metricParts', 'metricPartID'),
    valid: () => ({ name: unique('Part'), metricID: metric.metricID, divisionPart: 'numerator', tableName: 'sales', field: 'revenueCount', params: '{}' }),
    id: () => part.metricPartID,
    bad: [
      ['metricID', '1'],
      ['metricID', 987654],
      ...bigIDs('metricID'),
      ['divisionPart', 'Numerator'],
      ['tableName', 'sale'],
      ['tableName', ['sales']],
      ['field', 'footfallTotal'],
      ['field', 5],
      ['multiplier', 1e30],
      ['multiplier', 2 ** 53],
      ['multiplier', 'x'],
      ['params', '{'],
      ['params', { a: 1 }],
      ['params', '[]'],
    ],
  },
];

// A read row's computed names (storeCount) are ignored (docs/http-api.md, "Round trips"); a look-alike is unknown.
describeBodySweep(resources, () => ({ t, admin }), [['an unknown computed-looking field', (b) => ({ ...b, storeTotal: 3 })]]);

/** Beyond the shared sweep: PUT of a valid body, prototype-named keys, list parameters. */
describe.each(resources)('more checks for /api/$singular', (resource) => {
  const current = async () => (await admin.get(resource.read(resource.id()))).body.data;

  it('a valid body is accepted on PUT too (the control for the PUT cases)', async () => {
    expectStatus(await admin.put(`/api/${resource.singular}/${resource.id()}`, { ...resource.valid(), name: (await current()).name }), 200);
  });

  it('__proto__, constructor and toString in a body are unknown fields: 400, nothing written, nothing polluted', async () => {
    for (const key of ['__proto__', 'constructor', 'toString']) {
      const raw = JSON.stringify(resource.valid()).replace(/^\{/, `{"${key}": {"polluted": true}, `);
      await refused(t, () => admin.post(`/api/${resource.singular}`).set('Content-Type', 'application/json').send(raw));
    }
    expect(({} as Row).polluted).toBeUndefined();
  });

  it.each([
    ['an unknown filter', 'colour=red'],
    ['an unknown sort', 'sort=colour'],
    ['a text id', `${resource.idField}=abc`],
    ['a huge id', `${resource.idField}=99999999999`],
    ['SQL as a sort', 'sort=name;DROP TABLE band'],
    ['SQL as an id', `${resource.idField}=1 OR 1=1`],
    ['an unknown join', 'fkJoins=users'],
    ['a pageLength over 500', 'pageLength=501'],
  ])('GET /api/$plural with %s is a 400', async (_what, query) => {
    expectFailure(await admin.get(`/api/${resource.plural}?${query}`));
  });
});

describe('the store-scoped lists refuse bad parameters too', () => {
  it.each([
    '/api/discountStores?enabled=2',
    '/api/discountStores?storeID=x',
    '/api/discountStores?discountSaleTypeID=1.5',
    '/api/discountStores?storeIDGEQ=a',
    '/api/discountStores?fkJoins=discount.saleType',
    '/api/analysisFieldStores?storeID=1;DROP TABLE store',
    '/api/analysisFieldStores?analysisFieldID=99999999999',
    '/api/analysisFieldStores?fkJoins=store',
    '/api/metricParts/fields?tableName=sales;DROP',
  ])('%s is a 400', async (url) => {
    expectFailure(await admin.get(url));
  });
});

describe('text is stored exactly as sent', () => {
  it('emoji, accents, right-to-left script, tabs and line breaks are kept (control and invisible direction characters are refused)', async () => {
    const text = 'Café 😀 שלום مرحبا\tTab\nLine\r\nEnd';
    const saved = expectStatus(await admin.post('/api/band', { name: unique('Text'), description: text }), 201).body.data;
    expect(expectStatus(await admin.get(`/api/bands?bandID=${saved.bandID}`), 200).body.data.description).toBe(text);
  });
});

describe('SQL-shaped text is stored and found literally, never executed', () => {
  const shapes = ["Robert'); DROP TABLE saleType;--", "' OR '1'='1", '"; DELETE FROM metric; --', 'x` OR 1=1 #', "\\'; SELECT 1; --"];

  it.each(shapes)('%s as names, descriptions, codes and a label', async (text) => {
    const before = await t.tableCounts();
    const type = expectStatus(await admin.post('/api/saleType', { name: text, storeIDs: [store.storeID] }), 201).body.data;
    const sku = expectStatus(await admin.post('/api/skuType', { name: text, description: text }), 201).body.data;
    const newBand = expectStatus(await admin.post('/api/band', { name: text, description: text }), 201).body.data;
    const newDiscount = expectStatus(
      await admin.post('/api/discount', { name: text, saleTypeID: type.saleTypeID, discountStores: [{ storeID: store.storeID }] }),
      201,
    ).body.data;
    // Codes cannot hold a comma; these shapes have none.
    const newField = expectStatus(
      await admin.post('/api/analysisField', {
        name: text,
        label: text,
        inputType: 'multi',
        analysisListItems: [{ code: text, description: text, dailyReportAs: text.slice(0, 50) }],
      }),
      201,
    ).body.data;
    const newMetric = expectStatus(await admin.post('/api/metric', { name: text, metricType: 'integer' }), 201).body.data;
    const newPart = expectStatus(
      await admin.post('/api/metricPart', {
        name: text,
        metricID: newMetric.metricID,
        divisionPart: 'numerator',
        tableName: 'sales',
        field: 'revenueCount',
        params: JSON.stringify({ skuLower: text }),
      }),
      201,
    ).body.data;

    expect(type.name).toBe(text);
    expect(sku).toEqual(expect.objectContaining({ name: text, description: text }));
    expect(newBand).toEqual(expect.objectContaining({ name: text, description: text }));
    expect(newDiscount.name).toBe(text);
    expect(newField).toEqual(expect.objectContaining({ name: text, label: text }));
    expect(newField.analysisListItems[0]).toEqual(expect.objectContaining({ code: text, description: text }));
    expect(JSON.parse(newPart.params)).toEqual({ skuLower: text });
    const after = await t.tableCounts();
    for (const table of ['saleType', 'skuType', 'band', 'discount', 'analysisField', 'metric', 'metricPart', 'analysisListItem']) {
      expect(after[table]).toBe(before[table] + 1);
    }
    // Filtering by it finds exactly it.
    const lower = encodeURIComponent(text.toLowerCase());
    const found = expectStatus(await admin.get(`/api/skuTypes?nameLower=${lower}`), 200).body;
    expect(found.listIDs.map((r: Row) => r.id)).toEqual([sku.skuTypeID]);
    const quick = expectStatus(await admin.get(`/api/metrics?quickFilter=${encodeURIComponent(text)}`), 200).body;
    expect(quick.listIDs.map((r: Row) => r.id)).toEqual([newMetric.metricID]);
  });
});
