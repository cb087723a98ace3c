import {
  as,
  Client,
  createAnalysisField,
  createMetric,
  createMetricPart,
  createUser,
  expectFailure,
  expectStatus,
  listIDs,
  login,
  Row,
  TestUser,
  unique,
} from '../support/api';
import { refusedOn } from '../support/refusals';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, TestApp } from '../support/test-app';

/**
 * KPI metrics and their parts (spec 02 sections 3, 5, 6 and 9; docs/http-api.md, "Metric"
 * and "Metric part"): the metric's values, the part's JSON params, its field checked
 * against its table, GET /api/metricParts/fields, and SystemSetup for every part route.
 */

let t: TestApp;
let admin: Client;
let plain: TestUser;

const SALES_FIELDS = ['revenueCount', 'adjustedRevenueTotal', 'adjustedRevenueASP', 'commissionTotal', 'commissionASP'];
const DAILY_FIELDS = ['footfallTotal', 'chatCountTotal', 'staffCountTotal', 'dayCount'];

beforeAll(async () => {
  t = await startTestApp();
  admin = as(t.http, await login(t.http, ADMIN_EMAIL, ADMIN_PASSWORD));
  plain = await createUser(t.http, admin, { areas: ['AccessAPI', 'UserSetup', 'RecordSales'], storeIDs: [] });
});
afterAll(() => t?.close());

describe('metric values', () => {
  const post = (body: Row) => admin.post('/api/metric', { name: unique('Values'), metricType: 'percent', ...body });

  it.each(['percent', 'integer', '2dp', 'money'])('metricType %s is accepted', async (metricType) => {
    expect(expectStatus(await post({ metricType }), 201).body.data.metricType).toBe(metricType);
  });

  it.each([
    ['metricType', 'ratio'],
    ['metricType', ''],
    ['metricType', 2],
    ['successIsLess', 2],
    ['successIsLess', -1],
    ['successIsLess', true],
    ['successIsLess', '1'],
    ['successValue', 0.12345],
    ['successValue', '0.5'],
    ['successValue', 1e12],
    ['successValue', 1e-7],
    ['showCard', 'false'],
    ['showInTables', 0],
    ['analysisFieldID', 0],
    ['analysisFieldID', '1'],
  ])('%s = %j is a 400 on it, nothing written', async (field, value) => {
    await refusedOn(t, [field], () => post({ [field]: value }));
  });

  it('successValue keeps four decimals (a percent success of 25.55% is 0.2555) and may be negative', async () => {
    expect(expectStatus(await post({ successValue: 0.2555 }), 201).body.data.successValue).toBe(0.2555);
    expect(expectStatus(await post({ metricType: 'money', successValue: -12.5 }), 201).body.data.successValue).toBe(-12.5);
  });

  it('analysisFieldID links a field (its name shows); a PUT without it keeps it; null clears it', async () => {
    const field = await createAnalysisField(admin, { name: 'Metric field' });
    const metric = await createMetric(admin, { analysisFieldID: field.analysisFieldID });
    expect(metric).toEqual(expect.objectContaining({ analysisFieldID: field.analysisFieldID, analysisFieldName: 'Metric field' }));
    const put = (body: Row) => admin.put(`/api/metric/${metric.metricID}`, { name: metric.name, metricType: metric.metricType, ...body });
    expect(expectStatus(await put({}), 200).body.data.analysisFieldID).toBe(field.analysisFieldID);
    expect(expectStatus(await put({ analysisFieldID: null }), 200).body.data).toEqual(
      expect.objectContaining({ analysisFieldID: null, analysisFieldName: '' }),
    );
  });

  it('a PUT leaving out the flags and success settings keeps them', async () => {
    const metric = await createMetric(admin, { showCard: false, showInTables: false, successValue: 3, successIsLess: 1 });
    const kept = expectStatus(await admin.put(`/api/metric/${metric.metricID}`, { name: 'Kept', metricType: '2dp' }), 200).body.data;
    expect(kept).toEqual(expect.objectContaining({ showCard: false, showInTables: false, successValue: 3, successIsLess: 1, metricType: '2dp' }));
  });

  it('filters by its fields (e.g. showCard, metricType)', async () => {
    const card = await createMetric(admin, { name: 'Filter card', metricType: 'money', showCard: true });
    const hidden = await createMetric(admin, { name: 'Filter hidden', metricType: 'money', showCard: false });
    const ids = listIDs(expectStatus(await admin.get('/api/metrics?nameLower=filter&showCard=0&metricType=money'), 200));
    expect(ids).toEqual([hidden.metricID]);
    expect(ids).not.toContain(card.metricID);
  });
});

describe('metric part params', () => {
  let metric: Row;
  beforeAll(async () => {
    metric = await createMetric(admin, { name: 'Params metric' });
  });
  const post = (params: unknown) =>
    admin.post('/api/metricPart', { metricID: metric.metricID, name: 'Params', divisionPart: 'numerator', tableName: 'sales', field: 'revenueCount', params });

  it.each([['{"saleTypeID": 2}'], ['{"saleTypeID": "1,2", "isRefund": 0, "storeIDLower": "x", "refunded": false}'], ['{}'], ['  {"a": 1}  ']])(
    '%s is accepted and read back',
    async (params) => {
      expect(expectStatus(await post(params), 201).body.data.params).toBe(params.trim());
    },
  );

  it('empty or null params mean none: {}', async () => {
    expect(expectStatus(await post(''), 201).body.data.params).toBe('{}');
    expect(expectStatus(await post(null), 201).body.data.params).toBe('{}');
  });

  it.each([['{saleTypeID: 2}'], ['{"saleTypeID": 2'], ["{'a': 1}"], ['not json'], ['{"a": 1,}']])(
    '%s is not valid JSON: a 400 on params, nothing written',
    async (params) => {
      const failure = await refusedOn(t, ['params'], () => post(params));
      expect(failure.failMessages.params).toBe('Params must be valid JSON');
    },
  );

  it.each([['[1, 2]'], ['"text"'], ['5'], ['null'], ['true'], ['{"a": {"b": 1}}'], ['{"a": [1]}'], ['{"a": null}'], ['{"a b": 1}'], ['{"": 1}']])(
    '%s is JSON but not an object of filters: a 400 on params',
    async (params) => {
      await refusedOn(t, ['params'], () => post(params));
    },
  );

  it('params as a JSON object rather than text, or over 2000 characters, are a 400 on params', async () => {
    await refusedOn(t, ['params'], () => post({ saleTypeID: 2 }));
    await refusedOn(t, ['params'], () => post(`{"a": "${'x'.repeat(2000)}"}`));
  });

  it('a bad params on PUT leaves the part as it was', async () => {
    const part = await createMetricPart(admin, { metricID: metric.metricID, params: '{"saleTypeID": 1}' });
    const { metricName: _n, metricPartID: _id, createdByUserName: _c, createdDate: _d, updatedByUserName: _u, updatedDate: _ud, ...body } = part;
    await refusedOn(t, ['params'], () => admin.put(`/api/metricPart/${part.metricPartID}`, { ...body, params: '{"saleTypeID": ' }));
    expect((await admin.get(`/api/metricParts?metricPartID=${part.metricPartID}`)).body.data).toEqual(part);
  });
});

describe('a metric part field belongs to its table', () => {
  const post = (tableName: unknown, field: unknown, body: Row = {}) =>
    createMetric(admin).then((metric) =>
      admin.post('/api/metricPart', { metricID: metric.metricID, name: 'Field', divisionPart: 'denominator', tableName, field, ...body }),
    );

  it.each(SALES_FIELDS.map((f) => ['sales', f]).concat(DAILY_FIELDS.map((f) => ['dailyStats', f])))('%s.%s is accepted', async (tableName, field) => {
    const res = expectStatus(await post(tableName, field), 201);
    expect(res.body.data).toEqual(expect.objectContaining({ tableName, field, divisionPart: 'denominator' }));
  });

  it.each([
    ['sales', 'footfallTotal', ['field']],
    ['dailyStats', 'revenueCount', ['field']],
    ['sales', 'revenue', ['field']],
    ['sales', 'REVENUECOUNT', ['field']],
    ['sales', "revenueCount' OR 1=1", ['field']],
    ['rateCards', 'revenueCount', ['tableName']],
    ['', 'revenueCount', ['tableName']],
    ['sales', '', ['field']],
  ])('%s.%s is a 400 naming %j, nothing written', async (tableName, field, fields) => {
    const metric = await createMetric(admin);
    await refusedOn(t, fields, () => admin.post('/api/metricPart', { metricID: metric.metricID, name: 'Field', divisionPart: 'numerator', tableName, field }));
  });

  it('the field is checked again when only the table changes', async () => {
    const part = await createMetricPart(admin, { tableName: 'sales', field: 'commissionTotal' });
    await refusedOn(t, ['field'], () =>
      admin.put(`/api/metricPart/${part.metricPartID}`, {
        metricID: part.metricID,
        name: part.name,
        divisionPart: part.divisionPart,
        tableName: 'dailyStats',
        field: 'commissionTotal',
      }),
    );
  });

  it.each([
    ['divisionPart', 'both'],
    ['divisionPart', undefined],
    ['multiplier', 1.00001],
    ['multiplier', '2'],
    ['multiplier', 1e7],
    ['metricID', undefined],
    ['name', ''],
  ])('%s = %j is a 400 on it', async (name, value) => {
    const metric = await createMetric(admin);
    const body: Row = { metricID: metric.metricID, name: 'Part', divisionPart: 'numerator', tableName: 'sales', field: 'revenueCount' };
    await refusedOn(t, [name], () => admin.post('/api/metricPart', { ...body, [name]: value }));
  });

  it('the multiplier keeps four decimals and may be negative', async () => {
    expect((await createMetricPart(admin, { multiplier: 0.0125 })).multiplier).toBe(0.0125);
    expect((await createMetricPart(admin, { multiplier: -1 })).multiplier).toBe(-1);
  });
});

describe('GET /api/metricParts/fields', () => {
  it('answers the fields of each table, as rows and by table', async () => {
    const res = expectStatus(await admin.get('/api/metricParts/fields'), 200);
    expect(res.body.data).toEqual({ sales: SALES_FIELDS, dailyStats: DAILY_FIELDS });
    expect(res.body.listData).toHaveLength(SALES_FIELDS.length + DAILY_FIELDS.length);
    expect(res.body.listData[0]).toEqual({ tableName: 'sales', field: 'revenueCount', description: expect.any(String) });
    expect(res.body.validationResult).toEqual({ fail: false });
  });

  it.each([
    ['sales', SALES_FIELDS],
    ['dailyStats', DAILY_FIELDS],
  ])('?tableName=%s answers that table only', async (tableName, fields) => {
    const res = expectStatus(await admin.get(`/api/metricParts/fields?tableName=${tableName}`), 200);
    expect(res.body.data).toEqual({ [tableName]: fields });
    expect(res.body.listData.map((r: Row) => r.field)).toEqual(fields);
  });

  it('an unknown table or parameter is a 400', async () => {
    expect(Object.keys(expectFailure(await admin.get('/api/metricParts/fields?tableName=users')).failMessages)).toEqual(['tableName']);
    expect(Object.keys(expectFailure(await admin.get('/api/metricParts/fields?sort=name')).failMessages)).toEqual(['sort']);
  });

  it('needs SystemSetup (403 otherwise)', async () => {
    expectFailure(await plain.api.get('/api/metricParts/fields'), 403);
    expectFailure(await t.http.get('/api/metricParts/fields'), 403);
  });
});

describe('the metric parts list', () => {
  it('filters by metricID, in the order the parts were added, with the metric name', async () => {
    const metric = await createMetric(admin, { name: 'Listed metric' });
    const first = await createMetricPart(admin, { metricID: metric.metricID, name: 'Zulu' });
    const second = await createMetricPart(admin, { metricID: metric.metricID, name: 'Alpha', divisionPart: 'denominator' });
    await createMetricPart(admin);
    const res = expectStatus(await admin.get(`/api/metricParts?metricID=${metric.metricID}`), 200);
    expect(listIDs(res)).toEqual([first.metricPartID, second.metricPartID]);
    expect(res.body.listData.map((p: Row) => p.metricName)).toEqual(['Listed metric', 'Listed metric']);
    expect(listIDs(expectStatus(await admin.get(`/api/metricParts?metricID=${metric.metricID}&divisionPart=denominator`), 200))).toEqual([second.metricPartID]);
  });

  it('a part may move to another metric; the counts follow', async () => {
    const from = await createMetric(admin);
    const to = await createMetric(admin);
    const part = await createMetricPart(admin, { metricID: from.metricID });
    const moved = await admin.put(`/api/metricPart/${part.metricPartID}`, {
      metricID: to.metricID,
      name: part.name,
      divisionPart: part.divisionPart,
      tableName: part.tableName,
      field: part.field,
    });
    expect(expectStatus(moved, 200).body.data).toEqual(expect.objectContaining({ metricID: to.metricID, metricName: to.name }));
    expect((await admin.get(`/api/metrics?metricID=${from.metricID}`)).body.data.metricPartCount).toBe(0);
    expect((await admin.get(`/api/metrics?metricID=${to.metricID}`)).body.data.metricPartCount).toBe(1);
  });

  it('params cannot be sorted by; a 400', async () => {
    expect(Object.keys(expectFailure(await admin.get('/api/metricParts?sort=params')).failMessages)).toEqual(['sort']);
  });
});
