import {
  as,
  Client,
  createAccessProfile,
  createStore,
  createUser,
  expectFailure,
  expectStatus,
  listIDs,
  login,
  Row,
  TestUser,
  binary,
  xlsxRows,
} from '../support/api';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, TestApp } from '../support/test-app';

/**
 * Store scope and system areas on every route of the foundation (HTTP contract; spec 01
 * sections 3 and 6, spec 02 section 6): a user sees the stores of their access profile and
 * the users sharing them; a record outside their stores is a 404.
 */

const LICENCE = { LICENCE: 'SCOPE-1234', LICENCE_NAME: 'Scope test licence', SITE: 'scope-site' };
const ALL_AREAS = [
  'RecordSales',
  'UpdateSales',
  'RecordRefunds',
  'RecordCreditFails',
  'RevenueReconciliation',
  'SystemSetup',
  'UserSetup',
  'Announce',
  'AccessAPI',
  'ViewYearCards',
  'RecordTargets',
  'RecordDailyStats',
  'ApproveRotaLines',
  'RecordRotaLines',
];

let t: TestApp;
let admin: Client;
let adminID: number;
let storeA: Row;
let storeB: Row;
let storeC: Row;
/** Profile with stores A and B, no areas. */
let userAB: TestUser;
/** Profile without stores. */
let userNone: TestUser;

beforeAll(async () => {
  t = await startTestApp({ env: LICENCE });
  const token = await login(t.http, ADMIN_EMAIL, ADMIN_PASSWORD);
  admin = as(t.http, token);
  adminID = (await admin.get('/api/user/me')).body.data.userID;
  storeA = await createStore(admin, { name: 'Scope A' });
  storeB = await createStore(admin, { name: 'Scope B', storeTypeID: storeA.storeTypeID });
  storeC = await createStore(admin, { name: 'Scope C' });
  userAB = await createUser(t.http, admin, { name: 'Ann AB', areas: [], storeIDs: [storeA.storeID, storeB.storeID] });
  userNone = await createUser(t.http, admin, { name: 'Ned None', areas: [], storeIDs: [] });
});
afterAll(() => t?.close());

const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

describe('GET /api/stores is limited to the stores of the access profile', () => {
  it('a user granted A and B sees exactly A and B', async () => {
    const res = expectStatus(await userAB.api.get('/api/stores?pageLength=500'), 200);
    expect(sorted(listIDs(res))).toEqual(sorted([storeA.storeID, storeB.storeID]));
    expect(res.body.page.rowCount).toBe(2);
    expect(sorted(res.body.listData.map((s: Row) => s.storeID))).toEqual(sorted([storeA.storeID, storeB.storeID]));
  });

  it('a store outside the profile is a 404 when asked for by id, also through filters', async () => {
    expectFailure(await userAB.api.get(`/api/stores?storeID=${storeC.storeID}`), 404);
    expectStatus(await userAB.api.get(`/api/stores?storeID=${storeA.storeID}`), 200);
    const res = expectStatus(await userAB.api.get(`/api/stores?storeID=${storeA.storeID},${storeC.storeID}`), 200);
    expect(listIDs(res)).toEqual([storeA.storeID]);
    const quick = expectStatus(await userAB.api.get('/api/stores?quickFilter=Scope C'), 200);
    expect(quick.body.page.rowCount).toBe(0);
  });

  it('the Excel export is limited the same way', async () => {
    const holder = await createUser(t.http, admin, { areas: ['AccessAPI'], storeIDs: [storeB.storeID] });
    const list = expectStatus(await holder.api.get('/api/stores'), 200);
    expect(listIDs(list)).toEqual([storeB.storeID]);
    const all = await binary(holder.api.get('/api/stores/excel'));
    expectStatus(all.res, 200);
    const rows = await xlsxRows(all.body);
    expect(rows.slice(1).map((row) => row[0])).toEqual([storeB.storeID]);
    const outside = await binary(holder.api.get(`/api/stores/excel?storeID=${storeC.storeID}`));
    expectStatus(outside.res, 200);
    expect(await xlsxRows(outside.body)).toHaveLength(1);
  });

  it('a user without stores sees none', async () => {
    const res = expectStatus(await userNone.api.get('/api/stores'), 200);
    expect(res.body.page.rowCount).toBe(0);
    expect(res.body.listIDs).toEqual([]);
  });

  it.each([['SystemSetup'], ['UserSetup']])('a user with %s sees every store, whatever their profile grants', async (area) => {
    const user = await createUser(t.http, admin, { areas: [area], storeIDs: [storeA.storeID] });
    const res = expectStatus(await user.api.get('/api/stores?pageLength=500'), 200);
    expect(sorted(listIDs(res))).toEqual(sorted([storeA.storeID, storeB.storeID, storeC.storeID]));
    expectStatus(await user.api.get(`/api/stores?storeID=${storeC.storeID}`), 200);
  });

  it('store types are readable by any user', async () => {
    const res = expectStatus(await userNone.api.get('/api/storeTypes'), 200);
    expect(res.body.page.rowCount).toBeGreaterThanOrEqual(2);
  });
});

describe('GET /api/users without UserSetup shows only self and users whose profile shares a store', () => {
  // Stores and users of their own, so users made by other tests do not count.
  let storeD: Row;
  let storeE: Row;
  let storeF: Row;
  let userDE: TestUser;
  let userE: TestUser;
  let userF: TestUser;

  beforeAll(async () => {
    [storeD, storeE, storeF] = [await createStore(admin), await createStore(admin), await createStore(admin)];
    userDE = await createUser(t.http, admin, { areas: [], storeIDs: [storeD.storeID, storeE.storeID] });
    userE = await createUser(t.http, admin, { areas: [], storeIDs: [storeE.storeID] });
    userF = await createUser(t.http, admin, { areas: [], storeIDs: [storeF.storeID] });
  });

  it('the user of D and E sees the users of D or E (and the administrator, who holds every store)', async () => {
    const res = expectStatus(await userDE.api.get('/api/users?pageLength=500'), 200);
    expect(sorted(listIDs(res))).toEqual(sorted([adminID, userDE.userID, userE.userID]));
    expect(res.body.listData.map((u: Row) => u.userID)).not.toContain(userF.userID);
  });

  it('the user of F does not see the users of D and E, not even by id', async () => {
    const res = expectStatus(await userF.api.get('/api/users?pageLength=500'), 200);
    expect(sorted(listIDs(res))).toEqual(sorted([adminID, userF.userID]));
    expectFailure(await userF.api.get(`/api/users?userID=${userDE.userID}`), 404);
    expectStatus(await userE.api.get(`/api/users?userID=${userDE.userID}`), 200);
  });

  it('the users Excel export is limited the same way', async () => {
    const holder = await createUser(t.http, admin, { areas: ['AccessAPI'], storeIDs: [storeF.storeID] });
    const { res, body } = await binary(holder.api.get('/api/users/excel'));
    expectStatus(res, 200);
    const [header, ...rows] = await xlsxRows(body);
    const ids = rows.map((row) => row[header.indexOf('ID')] as number);
    expect(sorted(ids)).toEqual(sorted([adminID, userF.userID, holder.userID]));
  });

  it('a user without stores sees only themself', async () => {
    const res = expectStatus(await userNone.api.get('/api/users?pageLength=500'), 200);
    expect(listIDs(res)).toEqual([userNone.userID]);
  });

  it('with UserSetup every user is listed', async () => {
    const user = await createUser(t.http, admin, { areas: ['UserSetup'], storeIDs: [] });
    const res = expectStatus(await user.api.get('/api/users?pageLength=500'), 200);
    expect(listIDs(res)).toEqual(expect.arrayContaining([adminID, userDE.userID, userE.userID, userF.userID, userNone.userID]));
  });
});

describe('without UserSetup inactive users are never listed (only the Active users tab is theirs)', () => {
  // Stores and users of their own: a colleague who is active and one who is not, sharing store G.
  let storeG: Row;
  let viewer: TestUser;
  let active: TestUser;
  let inactive: TestUser;
  let userSetup: TestUser;

  beforeAll(async () => {
    storeG = await createStore(admin);
    viewer = await createUser(t.http, admin, { areas: ['AccessAPI'], storeIDs: [storeG.storeID] });
    active = await createUser(t.http, admin, { login: false, areas: [], storeIDs: [storeG.storeID] });
    inactive = await createUser(t.http, admin, { login: false, areas: [], storeIDs: [storeG.storeID] });
    expectStatus(await admin.put(`/api/user/${inactive.userID}`, { name: inactive.data.name, active: false }), 200);
    userSetup = await createUser(t.http, admin, { areas: ['UserSetup', 'AccessAPI'], storeIDs: [storeG.storeID] });
  });

  it.each(['', '?active=0', '?active=false', '?activeNot=1', '?active=0,1'])('GET /api/users%s lists active colleagues and self only', async (query) => {
    const res = expectStatus(await viewer.api.get(`/api/users${query}${query ? '&' : '?'}pageLength=500`), 200);
    expect(listIDs(res)).not.toContain(inactive.userID);
    const wantsActive = !/active(=0$|=false|Not=1)/.test(query);
    if (wantsActive) expect(listIDs(res)).toEqual(expect.arrayContaining([viewer.userID, active.userID, userSetup.userID]));
    else expect(listIDs(res)).toEqual([]);
  });

  it('an inactive colleague by id is a 404', async () => {
    expectFailure(await viewer.api.get(`/api/users?userID=${inactive.userID}`), 404);
    expectStatus(await viewer.api.get(`/api/users?userID=${active.userID}`), 200);
  });

  it('the users Excel export leaves them out too', async () => {
    const { res, body } = await binary(viewer.api.get('/api/users/excel?active=0'));
    expectStatus(res, 200);
    expect(await xlsxRows(body)).toHaveLength(1);
    const all = await binary(viewer.api.get('/api/users/excel'));
    const [header, ...rows] = await xlsxRows(all.body);
    const ids = rows.map((row) => row[header.indexOf('ID')] as number);
    expect(ids).toEqual(expect.arrayContaining([viewer.userID, active.userID]));
    expect(ids).not.toContain(inactive.userID);
  });

  it('with UserSetup the Inactive and All Users tabs show them', async () => {
    expect(listIDs(expectStatus(await userSetup.api.get('/api/users?active=0&pageLength=500'), 200))).toContain(inactive.userID);
    expect(listIDs(expectStatus(await userSetup.api.get('/api/users?pageLength=500'), 200))).toContain(inactive.userID);
    expectStatus(await userSetup.api.get(`/api/users?userID=${inactive.userID}`), 200);
    const { body } = await binary(userSetup.api.get('/api/users/excel?active=0'));
    const [header, ...rows] = await xlsxRows(body);
    expect(rows.map((row) => row[header.indexOf('ID')])).toContain(inactive.userID);
  });
});

describe('GET /api/user/me', () => {
  it('answers every field of the current user (spec 01 section 3, Me)', async () => {
    expectStatus(await admin.put(`/api/user/${userAB.userID}`, { name: 'Ann AB', storeID: storeA.storeID, salesMonthsBack: 6 }), 200);
    const profile = await createAccessProfile(admin, {
      areas: ['UserSetup', 'RecordSales'],
      storeIDs: [storeB.storeID, storeA.storeID],
      showRevenue: true,
      showCommission: true,
    });
    expectStatus(await admin.put(`/api/user/${userAB.userID}`, { name: 'Ann AB', accessProfileID: profile.accessProfileID }), 200);

    // Another access profile ends the sessions before it (issue 8): log in again.
    const res = expectStatus(await as(t.http, await login(t.http, userAB.email, userAB.password)).get('/api/user/me'), 200);
    expect(res.body.validationResult).toEqual({ fail: false });
    const me = res.body.data;
    expect(me).toEqual(
      expect.objectContaining({
        userID: userAB.userID,
        name: 'Ann AB',
        storeID: storeA.storeID,
        licence: LICENCE.LICENCE,
        licenceName: LICENCE.LICENCE_NAME,
        site: LICENCE.SITE,
        salesMonthsBack: 6,
        proRateTargetsOnActual: false,
        analysisFields: [],
        saleTypes: [],
        metricParts: [],
        revenueCommission: 'revenue',
      }),
    );
    expect(me.accessProfile).toEqual(expect.objectContaining({ accessProfileID: profile.accessProfileID, showRevenue: true, showCommission: true }));
    // A comma-and-space list of exactly the granted areas.
    expect(me.accessProfile.systemAreas).toMatch(/^[A-Za-z]+(, [A-Za-z]+)*$/);
    expect(me.accessProfile.systemAreas.split(', ').sort()).toEqual(['RecordSales', 'UserSetup']);
    expect(me.accessProfile.accessProfileStores).toHaveLength(2);
    for (const aps of me.accessProfile.accessProfileStores) {
      const store = [storeA, storeB].find((s) => s.storeID === aps.storeID)!;
      expect(store).toBeDefined();
      expect(aps.store).toEqual(expect.objectContaining({ storeID: store.storeID, name: store.name }));
    }
    expect(me.accessProfile.users).toEqual(expect.arrayContaining([expect.objectContaining({ userID: userAB.userID, active: true })]));
    expect(JSON.stringify(me)).not.toMatch(/password/i);
  });

  it('revenueCommission follows showRevenue / showCommission (the single allowed one, revenue when both)', async () => {
    const choice = async (showRevenue: boolean, showCommission: boolean) => {
      const profile = await createAccessProfile(admin, { showRevenue, showCommission });
      const user = await createUser(t.http, admin, { accessProfileID: profile.accessProfileID });
      return expectStatus(await user.api.get('/api/user/me'), 200).body.data.revenueCommission;
    };
    expect(await choice(false, true)).toBe('commission');
    expect(await choice(true, false)).toBe('revenue');
    expect(await choice(true, true)).toBe('revenue');
  });
});

describe('GET /api/accessProfiles/systemAreas', () => {
  it('lists the 14 system areas with a description each, for any user', async () => {
    const res = expectStatus(await userNone.api.get('/api/accessProfiles/systemAreas'), 200);
    const areas = res.body.listData as Array<{ name: string; description: string }>;
    expect(areas.map((a) => a.name).sort()).toEqual([...ALL_AREAS].sort());
    for (const area of areas) expect(area.description.trim().length).toBeGreaterThan(5);
  });
});

describe('a new store is granted to the administrator profiles (SystemSetup and every store)', () => {
  it('an administrator profile gets the new store; profiles missing a store or SystemSetup do not', async () => {
    const everyStore = sorted(listIDs(await admin.get('/api/stores?pageLength=500')));
    const administrators = await createAccessProfile(admin, { areas: ['SystemSetup'], storeIDs: everyStore });
    const missingAStore = await createAccessProfile(admin, { areas: ['SystemSetup'], storeIDs: everyStore.slice(1) });
    const notSetup = await createAccessProfile(admin, { areas: ALL_AREAS.filter((a) => a !== 'SystemSetup'), storeIDs: everyStore });
    const adminProfileID = (await admin.get('/api/user/me')).body.data.accessProfile.accessProfileID;

    const store = await createStore(admin, { name: 'Scope New' });
    const storesOf = async (accessProfileID: number) =>
      ((await admin.get(`/api/accessProfiles?accessProfileID=${accessProfileID}`)).body.data.accessProfileStores as Row[]).map((aps) => aps.storeID);
    expect(await storesOf(adminProfileID)).toContain(store.storeID);
    expect(await storesOf(administrators.accessProfileID)).toContain(store.storeID);
    expect(await storesOf(missingAStore.accessProfileID)).not.toContain(store.storeID);
    expect(await storesOf(notSetup.accessProfileID)).not.toContain(store.storeID);
  });
});
