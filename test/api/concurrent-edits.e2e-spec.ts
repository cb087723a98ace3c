import { as, Client, createStore, createStoreType, createUser, expectFailure, expectStatus, login, Row, TestUser, unique } from '../support/api';
import { recordResources, type Resource, type ResourceContext } from '../support/record-resources';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, TestApp, TIME_ZONE } from '../support/test-app';
import { formatDateTime } from '../../src/common/crud/edit-version';

/**
 * Optimistic concurrency and 404 first (issue 28; docs/http-api.md, "Concurrent edits" and
 * "Order of checks"): an edit carries the version it was made from (the record's updatedDate as
 * read); an edit of a record changed since is a 409 naming who changed it and when, with nothing
 * written. A record route checks that the record exists and is the caller's to see before it
 * reads the body.
 */

let t: TestApp;
let admin: Client;
/** Edits first, so the others' edits are stale: the conflicts name them. */
let editor: TestUser;
let editorName: string;
/** Every area, but only a store of its own: another store's records are not there for it. */
let outsider: TestUser;
let storeA: Row;
let storeB: Row;

const ctx = {} as ResourceContext;
const RESOURCES: Resource[] = recordResources(ctx);

async function read(r: Resource, id: number): Promise<Row> {
  return expectStatus(await admin.get(`/api/${r.plural}?${r.idField}=${id}`), 200).body.data;
}

/** Every table's rows and the record as read: what a refused edit must leave as it was. */
async function snapshot(r: Resource, id: number): Promise<Row> {
  return { counts: await t.tableCounts(), record: await read(r, id) };
}

/** The conflict's message for a record last changed by `row.updatedByUserName` at `row.updatedDate`. */
function changedBy(row: Row): string {
  return `Changed by ${row.updatedByUserName} at ${formatDateTime(new Date(row.updatedDate), TIME_ZONE)} since you opened it. Reload it to see their change.`;
}

function expectConflict(res: Parameters<typeof expectFailure>[0], by: Row): void {
  const failure = expectFailure(res, 409);
  expect(failure.failSummary).toBe(changedBy(by));
  expect(failure.failSummary).toContain(editorName);
  expect(failure.failMessages).toEqual({ updatedDate: changedBy(by) });
}

beforeAll(async () => {
  t = await startTestApp();
  admin = as(t.http, await login(t.http, ADMIN_EMAIL, ADMIN_PASSWORD));
  storeA = await createStore(admin, { name: unique('Occ Store A'), targetQuantity: true });
  storeB = await createStore(admin, { name: unique('Occ Store B'), storeTypeID: storeA.storeTypeID });
  editorName = unique('Jane Smith');
  const areas = [
    'SystemSetup',
    'UserSetup',
    'RecordSales',
    'UpdateSales',
    'RecordRefunds',
    'RevenueReconciliation',
    'Announce',
    'RecordRotaLines',
    'ApproveRotaLines',
    'RecordTargets',
    'RecordDailyStats',
  ];
  editor = await createUser(t.http, admin, { name: editorName, areas, storeIDs: [storeA.storeID, storeB.storeID] });
  const storeC = await createStore(admin, { name: unique('Occ Store C'), storeTypeID: storeA.storeTypeID });
  outsider = await createUser(t.http, admin, { areas, storeIDs: [storeC.storeID] });
  Object.assign(ctx, { t, admin, editor, storeA, storeB });
});
afterAll(() => t?.close());

describe.each(RESOURCES)('PUT and DELETE /api/$singular/:id', (r) => {
  let id: number;
  beforeAll(async () => {
    id = await r.make();
  });

  it('an edit from a version changed since is a 409 naming who changed it and when; nothing is written', async () => {
    const mine = await read(r, id);
    const [field, value] = r.edit();
    // The editor saves first, from the same version.
    expectStatus(await editor.api.put(`/api/${r.singular}/${id}`, { ...mine, [field]: value }), 200);
    const theirs = await read(r, id);
    expect(theirs.updatedByUserName).toBe(editorName);
    expect(theirs.updatedDate > mine.updatedDate).toBe(true);

    const before = await snapshot(r, id);
    const [, other] = r.edit();
    expectConflict(await admin.put(`/api/${r.singular}/${id}`, { ...mine, [field]: other }), theirs);
    // The version may also travel as ?updatedDate= (the grids' and DELETE's way).
    expectConflict(await admin.put(`/api/${r.singular}/${id}?updatedDate=${mine.updatedDate}`, { ...theirs, [field]: other }), theirs);
    expect(await snapshot(r, id)).toEqual(before);

    // From the version now read, the same edit saves.
    const saved = expectStatus(await admin.put(`/api/${r.singular}/${id}`, { ...theirs, [field]: other }), 200).body.data;
    expect(saved[field]).toBe(other);
    expect(saved.updatedDate > theirs.updatedDate).toBe(true);
  });

  it('a DELETE from a version changed since is a 409; nothing is deleted', async () => {
    const current = await read(r, id);
    const stale = new Date(new Date(current.updatedDate).getTime() - 1000).toISOString();
    const before = await snapshot(r, id);
    const failure = expectFailure(await admin.delete(`/api/${r.singular}/${id}?updatedDate=${stale}`), 409);
    expect(failure.failSummary).toBe(changedBy(current));
    expect(await snapshot(r, id)).toEqual(before);
  });

  it('a version that is not a date is a 400 on updatedDate', async () => {
    const current = await read(r, id);
    const failure = expectFailure(await admin.put(`/api/${r.singular}/${id}`, { ...current, updatedDate: 'yesterday' }));
    expect(Object.keys(failure.failMessages)).toEqual(['updatedDate']);
    expectFailure(await admin.delete(`/api/${r.singular}/${id}?updatedDate=soon`));
    expect(await read(r, id)).toEqual(current);
  });

  it('404 first: an id that does not exist is a 404 whatever the body holds, before it is validated', async () => {
    for (const body of [{ colour: 'blue' }, { [r.idField]: 'x', name: 42 }, []]) {
      const res = expectStatus(await admin.put(`/api/${r.singular}/2000000000`, body), 404);
      expect(res.body.validationResult).toEqual({ fail: true, failSummary: expect.stringMatching(/ not found$/), failMessages: {} });
    }
    expectStatus(await admin.delete(`/api/${r.singular}/2000000000?updatedDate=soon`), 404);
  });
});

describe('sales', () => {
  const sales = RESOURCES.find((r) => r.singular === 'sale')!;
  let saleID: number;
  beforeAll(async () => {
    saleID = await sales.make();
  });

  it('20 parallel edits from one version: exactly one saves, 19 are 409, one change in the history', async () => {
    const read1 = await read(sales, saleID);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => editor.api.put(`/api/sale/${saleID}`, { ...read1, notes: `Parallel ${i}` })));
    const statuses = answers.map((res) => res.status).sort();
    expect(statuses).toEqual([200, ...Array(19).fill(409)]);
    const winner = answers.find((res) => res.status === 200)!.body.data;
    const after = await read(sales, saleID);
    expect(after.notes).toBe(winner.notes);
    for (const res of answers.filter((a) => a.status === 409)) expect(res.body.validationResult.failSummary).toBe(changedBy(after));
    const history = expectStatus(await admin.get(`/api/histories?documentType=sale&documentID=${saleID}`), 200).body.listData as Row[];
    expect(history.filter((h) => String(h.description).startsWith('Changed notes'))).toHaveLength(1);
  });

  it('a refund or cancel from a stale version is a 409 too', async () => {
    const stale = await read(sales, saleID);
    expectStatus(await editor.api.put(`/api/sale/${saleID}`, { ...stale, notes: unique('Note') }), 200);
    const fresh = await read(sales, saleID);
    expectConflict(await admin.put(`/api/sale/${saleID}`, { ...stale, newStep: 'cancelled', newStepNote: 'Customer changed mind' }), fresh);
    expectConflict(
      await admin.put(`/api/sale/${saleID}`, { ...stale, isRefunded: true, isRefundedNote: 'Faulty', isRefundedOrderRef: '99998888777766665555' }),
      fresh,
    );
    expect(await read(sales, saleID)).toEqual(fresh);
  });

  it('an edit without a version is not checked (the client always sends one)', async () => {
    const current = await read(sales, saleID);
    const { updatedDate: _version, ...unversioned } = current;
    expectStatus(await admin.put(`/api/sale/${saleID}`, { ...unversioned, notes: unique('Unversioned') }), 200);
    expectStatus(await admin.put(`/api/sale/${saleID}`, { ...unversioned, notes: unique('Unversioned') }), 200);
  });
});

describe('404 first: another store’s record answers 404 whatever the body, the same as an id that does not exist', () => {
  let sale: Row;
  let rotaLine: Row;
  let recSheetLineID: number;
  beforeAll(async () => {
    sale = await read(
      RESOURCES.find((r) => r.singular === 'sale')!,
      await RESOURCES.find((r) => r.singular === 'sale')!.make(),
    );
    rotaLine = await read(
      RESOURCES.find((r) => r.singular === 'rotaLine')!,
      await RESOURCES.find((r) => r.singular === 'rotaLine')!.make(),
    );
    recSheetLineID = await RESOURCES.find((r) => r.singular === 'recSheetLine')!.make();
  });

  const ROUTES: Array<[string, (id: () => number) => [method: 'put' | 'delete', url: string, body?: unknown]]> = [
    ['PUT /sale/:id with a partial body', (id) => ['put', `/api/sale/${id()}`, { notes: 'x' }]],
    ['PUT /sale/:id with an invalid body', (id) => ['put', `/api/sale/${id()}`, { saleDate: 'not a date', colour: 'blue' }]],
    ['PUT /sale/:id as a refund', (id) => ['put', `/api/sale/${id()}`, { isRefunded: true }]],
    ['PUT /sale/:id as a cancel', (id) => ['put', `/api/sale/${id()}`, { newStep: 'cancelled' }]],
    ['PUT /sale/:id/unreconcile with a body', (id) => ['put', `/api/sale/${id()}/unreconcile`, { colour: 'blue' }]],
    ['DELETE /sale/:id with a bad version', (id) => ['delete', `/api/sale/${id()}?updatedDate=soon`]],
    [
      'PUT /recSheetLine/:lineId/recSale/:saleId with an invalid body',
      (id) => ['put', `/api/recSheetLine/${recSheetLineID}/recSale/${id()}`, { adjustment: 'lots' }],
    ],
  ];

  it.each(ROUTES)('%s', async (_, route) => {
    const [method, url, body] = route(() => sale.saleID);
    const hidden = await t.tableCounts();
    const res = expectStatus(await outsider.api[method](url, body), 404);
    expect(await t.tableCounts()).toEqual(hidden);
    const [, missingUrl, missingBody] = route(() => 2000000000);
    const missing = expectStatus(await outsider.api[method](missingUrl, missingBody), 404);
    expect(res.body).toEqual(missing.body);
  });

  it('PUT and DELETE /rotaLine/:id of another store', async () => {
    for (const [method, body] of [
      ['put', { rotaDate: null, colour: 'blue' }],
      ['delete', undefined],
    ] as const) {
      const res = expectStatus(await outsider.api[method](`/api/rotaLine/${rotaLine.rotaLineID}`, body), 404);
      expect(res.body).toEqual(expectStatus(await outsider.api[method]('/api/rotaLine/2000000000', body), 404).body);
    }
  });
});

describe('grids: one version per grid, the newest updatedDate of its rows as read', () => {
  const DATE = '2031-05-01';
  const gridOf = async (api: Client) =>
    expectStatus(await api.get(`/api/targets/actuals?storeID=${storeA.storeID}&targetDate=${DATE}`), 200).body.listData as Row[];
  const versionOf = (rows: Row[]) =>
    rows
      .map((row) => row.updatedDate as string)
      .sort()
      .at(-1) ?? '1970-01-01T00:00:00.000Z';

  it('targets: a save from a grid changed since is a 409 naming who changed it; the fresh version saves', async () => {
    const empty = versionOf(await gridOf(editor.api));
    expect(empty).toBe('1970-01-01T00:00:00.000Z');
    const url = (version: string) => `/api/targets/${storeA.storeID}/${DATE}?updatedDate=${version}`;
    expectStatus(await editor.api.put(url(empty), [{ userID: 0, targetType: 'quantity', target: 10 }]), 200);
    const theirs = await gridOf(editor.api);
    // Another manager read the month empty, and saves after the first.
    const before = await t.tableCounts();
    expectConflict(await admin.put(url(empty), [{ userID: 0, targetType: 'quantity', target: 20 }]), theirs[0]);
    expect(await t.tableCounts()).toEqual(before);
    expect((await gridOf(editor.api)).map((row) => row.target)).toEqual([10]);
    expectStatus(await admin.put(url(versionOf(theirs)), [{ userID: 0, targetType: 'quantity', target: 20 }]), 200);
    expect((await gridOf(editor.api)).map((row) => row.target)).toEqual([20]);
  });

  it('daily stats: a save from a month changed since is a 409; the fresh version saves', async () => {
    const type = await createStoreType(admin, { recordFootfall: true });
    const store = await createStore(admin, { storeTypeID: type.storeTypeID });
    const recorder = await createUser(t.http, admin, { name: editorName.replace('Jane', 'Joan'), areas: ['RecordDailyStats'], storeIDs: [store.storeID] });
    const month = async () =>
      expectStatus(await admin.get(`/api/dailyStats?storeID=${store.storeID}&dailyStatDateGEQ=2031-05-01&dailyStatDateLEQ=2031-05-31`), 200).body
        .listData as Row[];
    const url = (version: string) => `/api/dailyStats/${store.storeID}?updatedDate=${version}`;
    expectStatus(await recorder.api.put(url(versionOf([])), [{ dailyStatDate: '2031-05-02', footfall: 5 }]), 200);
    const read1 = await month();
    expectStatus(await recorder.api.put(url(versionOf(read1)), [{ dailyStatDate: '2031-05-02', footfall: 6 }]), 200);
    const read2 = await month();
    const failure = expectFailure(await admin.put(url(versionOf(read1)), [{ dailyStatDate: '2031-05-03', footfall: 7 }]), 409);
    expect(failure.failSummary).toBe(changedBy(read2[0]));
    expect(await month()).toEqual(read2);
    expectStatus(await admin.put(url(versionOf(read2)), [{ dailyStatDate: '2031-05-03', footfall: 7 }]), 200);
    expect((await month()).map((row) => row.footfall)).toEqual([6, 7]);
  });
});
