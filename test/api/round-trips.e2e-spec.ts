import { as, Client, createStore, createUser, expectFailure, expectStatus, login, Row, TestUser, unique } from '../support/api';
import { recordResources, type Resource, type ResourceContext } from '../support/record-resources';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, TestApp } from '../support/test-app';
import { UserPreference } from '../../src/modules/users/entities/user-preference.entity';

/**
 * Round trips (docs/http-api.md, "Round trips"): on every resource with PUT, a record as
 * `GET /api/<plural>?<idField>=<id>` answers it goes back with PUT unchanged but for the edited
 * field. Audit, id, computed and joined names in the body are ignored (never written); a name
 * the resource does not know is still a 400.
 */

let t: TestApp;
let admin: Client;
let adminName: string;
/** SystemSetup and UserSetup on every store: the editor, so updatedByUserName moves to them. */
let editor: TestUser;
let editorName: string;
let storeA: Row;
let storeB: Row;

/** Filled in by beforeAll; the table's makers read it when they run. */
const ctx = {} as ResourceContext;
const RESOURCES: Resource[] = recordResources(ctx);

const without = (row: Row, names: string[]) => Object.fromEntries(Object.entries(row).filter(([k]) => !names.includes(k)));

/** `value` with every occurrence of `was` (at any depth) replaced by `by`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the copy keeps whatever shape the value had
function replaceValue(value: unknown, was: unknown, by: unknown): any {
  if (value === was) return by;
  if (Array.isArray(value)) return value.map((v) => replaceValue(v, was, by));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, replaceValue(v, was, by)]));
  return value;
}

async function read(api: Client, r: Resource, id: number, fkJoins = r.fkJoins): Promise<Row> {
  const joins = fkJoins.length ? `&fkJoins=${fkJoins.join(',')}` : '';
  return expectStatus(await api.get(`/api/${r.plural}?${r.idField}=${id}${joins}`), 200).body.data;
}

beforeAll(async () => {
  t = await startTestApp();
  admin = as(t.http, await login(t.http, ADMIN_EMAIL, ADMIN_PASSWORD));
  adminName = (await admin.get('/api/user/me')).body.data.name;
  storeA = await createStore(admin, { name: unique('Trip Store A') });
  storeB = await createStore(admin, { name: unique('Trip Store B'), storeTypeID: storeA.storeTypeID });
  editorName = unique('Editor');
  editor = await createUser(t.http, admin, {
    name: editorName,
    areas: ['SystemSetup', 'UserSetup', 'RecordSales', 'UpdateSales', 'RevenueReconciliation', 'Announce', 'RecordRotaLines'],
    storeIDs: [storeA.storeID, storeB.storeID],
  });
  Object.assign(ctx, { t, admin, editor, storeA, storeB });
});
afterAll(() => t?.close());

it('covers every resource the API can PUT', () => {
  // Express 5 keeps its routes on `router` (4 had `_router`).
  const express = t.app.getHttpAdapter().getInstance();
  const layers = (express.router ?? express._router).stack as Array<{ route?: { path: string; methods: Record<string, boolean> } }>;
  // API routes only: the request logger's middleware ('{*path}', every method) and the bare '/api'
  // answer no resource.
  const puts = layers
    .filter((l) => l.route?.methods.put && l.route.path.startsWith('/api/') && !l.route.path.includes('{*'))
    .map((l) => l.route!.path.replace(/^\/api\//, ''));
  expect(puts.length).toBeGreaterThan(10);
  // The sale actions with their own PUT are not record saves (docs/http-api.md, "Sales").
  // So are reconciliation's actions (docs/http-api.md, "Auto and manual reconcile").
  const actions = [
    'sales/changeRateCardValidate',
    'sales/changeRateCard',
    'sale/:id/unreconcile',
    'recSheet/:id/autoRec',
    'autoRecRun/:id/undo',
    'recSheetLine/:lineId/recSale/:saleId/validate',
    'recSheetLine/:lineId/recSale/:saleId',
    // Approving many rota lines at once (docs/http-api.md, "Rota").
    'rotaLines/approve',
  ];
  // Grids saved whole, a list per store (and month): their round trips (a GET's rows sent back
  // unchanged) are in test/api/targets.e2e-spec.ts and test/api/daily-stats.e2e-spec.ts.
  const grids = ['targets/:storeID/:date', 'dailyStats/:storeID'];
  // A recipient's only fields are its keys (announcement and user); recipients are added and
  // removed, and their status is set by the user's own calls (test/api/announcements.e2e-spec.ts).
  const recipients = ['announcementUser/:id'];
  const covered = new Set([...RESOURCES.map((r) => `${r.singular}/:id`), 'user/userPreference/:group/:name', ...actions, ...grids, ...recipients]);
  expect(puts.filter((p) => !covered.has(p))).toEqual([]);
});

describe.each(RESOURCES)('$singular', (r) => {
  let id: number;
  beforeAll(async () => {
    id = await r.make();
  });

  it.each([
    ['with every fkJoin', r.fkJoins],
    ['without fkJoins', []],
  ])('goes back unchanged (%s)', async (_, fkJoins) => {
    const before = await read(admin, r, id, fkJoins);
    const saved = expectStatus(await editor.api.put(`/api/${r.singular}/${id}`, before), 200).body;
    expect(saved.validationResult).toEqual({ fail: false });
    const after = await read(admin, r, id, fkJoins);
    expect(without(after, ['updatedByUserName', 'updatedDate'])).toEqual(without(before, ['updatedByUserName', 'updatedDate']));
    expect(after.updatedByUserName).toBe(editorName);
  });

  it('changes the edited field only; audit fields are the server’s', async () => {
    const before = await read(admin, r, id);
    const [field, value] = r.edit();
    const sent = {
      ...before,
      [field]: value,
      createdByUserName: 'hacker',
      updatedByUserName: 'hacker',
      createdDate: '2001-01-01T00:00:00.000Z',
      // updatedDate is the version the edit was made from (docs/http-api.md, "Concurrent edits"):
      // it goes back as read; another is a 409 (test/api/concurrent-edits.e2e-spec.ts).
    };
    const saved = expectStatus(await editor.api.put(`/api/${r.singular}/${id}`, sent), 200).body.data;
    expect(saved[field]).toBe(value);
    const after = await read(admin, r, id);
    // The new value also shows where the record's own value shows (a nested row's copy of it).
    const edited = (row: Row, was: unknown) => replaceValue(without(row, ['updatedByUserName', 'updatedDate', ...(r.editMoves ?? [])]), was, '<edited>');
    expect(edited(after, value)).toEqual(edited(before, before[field]));
    expect(after[field]).toBe(value);
    expect(after.createdByUserName).toBe(adminName);
    expect(after.createdDate).toBe(before.createdDate);
    expect(after.updatedByUserName).toBe(editorName);
    expect(new Date(after.updatedDate).getTime()).toBeGreaterThan(new Date(before.updatedDate).getTime());
    expect(after.updatedDate).not.toBe('2001-01-01T00:00:00.000Z');
  });

  it('refuses a name it does not know (400, nothing written)', async () => {
    const before = await read(admin, r, id);
    const [field, value] = r.edit();
    const failure = expectFailure(await editor.api.put(`/api/${r.singular}/${id}`, { ...before, [field]: value, colour: 'blue' }));
    expect(failure.failMessages).toEqual({ colour: 'Unknown field colour' });
    expect(await read(admin, r, id)).toEqual(before);
  });
});

describe('a user preference', () => {
  it('goes back as GET answers it; other names are a 400', async () => {
    const url = '/api/user/userPreference/tables/stores';
    expectStatus(await editor.api.put(url, { value: '{"columns":["name"]}' }), 200);
    const read1 = expectStatus(await editor.api.get(url), 200).body.data;
    expect(read1).toEqual({ group: 'tables', name: 'stores', value: '{"columns":["name"]}' });
    expectStatus(await editor.api.put(url, { ...read1, value: '{"columns":["name","postCode"]}' }), 200);
    expect(expectStatus(await editor.api.get(url), 200).body.data.value).toBe('{"columns":["name","postCode"]}');
    // The URL names the preference: a body's group and name are the read row's, never a move.
    expectStatus(await editor.api.put(url, { ...read1, group: 'other', name: 'elsewhere' }), 200);
    expect(expectStatus(await editor.api.get('/api/user/userPreference/other/elsewhere'), 200).body.data.value).toBeNull();
    expect(expectFailure(await editor.api.put(url, { ...read1, colour: 'blue' })).failMessages).toEqual({ colour: 'Unknown field colour' });
  });

  it('one never set goes back as GET answers it (value null), and null removes one that is set', async () => {
    const url = '/api/user/userPreference/g/z';
    const unset = expectStatus(await editor.api.get(url), 200).body.data;
    expect(unset).toEqual({ group: 'g', name: 'z', value: null });
    expect(expectStatus(await editor.api.put(url, unset), 200).body.data).toEqual(unset);
    expect(expectStatus(await editor.api.get(url), 200).body.data).toEqual(unset);
    expectStatus(await editor.api.put(url, { value: 'kept' }), 200);
    expect(expectStatus(await editor.api.put(url, { value: null }), 200).body.data).toEqual(unset);
    expect(expectStatus(await editor.api.get(url), 200).body.data).toEqual(unset);
    expect(await t.dataSource.getRepository(UserPreference).countBy({ userID: editor.userID, group: 'g', name: 'z' })).toBe(0);
  });
});
