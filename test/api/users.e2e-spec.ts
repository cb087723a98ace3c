import {
  as,
  Client,
  createAccessProfile,
  createSaleType,
  createStore,
  createUser,
  expectFailure,
  expectStatus,
  login,
  randomIp,
  Row,
  TestUser,
  unique,
} from '../support/api';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, TestApp } from '../support/test-app';

/**
 * The user-editing rules (spec 01 sections 3 and 6, spec 02 sections 3 and 5): without
 * UserSetup a user edits only their own name, password, default store, defaults and months
 * viewable; with UserSetup everything. Defaults, unique e-mails, self-protection, lastLogin.
 */

let t: TestApp;
let admin: Client;
let storeA: Row;
let storeB: Row;
/** Both grant store A only; no system areas. */
let profileP: Row;
let profileQ: Row;

beforeAll(async () => {
  t = await startTestApp();
  admin = as(t.http, await login(t.http, ADMIN_EMAIL, ADMIN_PASSWORD));
  storeA = await createStore(admin);
  storeB = await createStore(admin, { storeTypeID: storeA.storeTypeID });
  profileP = await createAccessProfile(admin, { storeIDs: [storeA.storeID] });
  profileQ = await createAccessProfile(admin, { storeIDs: [storeA.storeID] });
});
afterAll(() => t?.close());

async function record(userID: number): Promise<Row> {
  return expectStatus(await admin.get(`/api/users?userID=${userID}`), 200).body.data;
}

function attempt(email: string, password: string) {
  return t.http.post('/api/user/login').set('X-Forwarded-For', randomIp()).send({ email, password });
}

describe('without UserSetup a user edits their own record, and only some of it', () => {
  let self: TestUser;
  beforeAll(async () => {
    self = await createUser(t.http, admin, { accessProfileID: profileP.accessProfileID });
  });

  it.each([
    ['name', () => ({ name: 'Renamed Self' })],
    ['storeID (a store of their profile)', () => ({ storeID: storeA.storeID })],
    ['defaultDaysBack', () => ({ defaultDaysBack: 30 })],
    ['proRateTargetsOnActual', () => ({ proRateTargetsOnActual: true })],
    ['salesMonthsBack', () => ({ salesMonthsBack: 3 })],
  ])('may change %s', async (_what, change) => {
    const body = { name: (await record(self.userID)).name, ...change() };
    const res = expectStatus(await self.api.put(`/api/user/${self.userID}`, body), 200);
    expect(res.body.validationResult).toEqual({ fail: false });
    expect(res.body.data).toEqual(expect.objectContaining(body));
    expect(await record(self.userID)).toEqual(expect.objectContaining(body));
  });

  it('may change their password (with confirm and the current one); the new one logs in and the old one does not', async () => {
    const user = await createUser(t.http, admin, { accessProfileID: profileP.accessProfileID });
    const password = 'Brand-New-Pass1';
    const body = { name: user.data.name, password, confirm: password, currentPassword: user.password };
    expectStatus(await user.api.put(`/api/user/${user.userID}`, body), 200);
    expectFailure(await attempt(user.email, user.password), 400);
    expectStatus(await attempt(user.email, password), 201);
  });

  it('may not choose a default store outside their profile (400, unchanged)', async () => {
    const before = await record(self.userID);
    const res = await self.api.put(`/api/user/${self.userID}`, { name: before.name, storeID: storeB.storeID });
    expect(Object.keys(expectFailure(res).failMessages)).toContain('storeID');
    expect(await record(self.userID)).toEqual(before);
  });

  it.each([
    ['email', () => ({ email: 'someone.else@example.com' })],
    ['accessProfileID', () => ({ accessProfileID: profileQ.accessProfileID })],
    ['active', () => ({ active: false })],
    ['fromHour', () => ({ fromHour: 1 })],
    ['toHour', () => ({ toHour: 23 })],
    ['days', () => ({ days: 2 })],
  ])('changing %s is a 403 and changes nothing, not even the allowed fields sent with it', async (_field, change) => {
    const before = await record(self.userID);
    const res = await self.api.put(`/api/user/${self.userID}`, { name: `${before.name} x`, defaultDaysBack: 99, ...change() });
    expectFailure(res, 403);
    expect(await record(self.userID)).toEqual(before);
  });

  it('may send those fields unchanged', async () => {
    const before = await record(self.userID);
    const unchanged = {
      email: before.email,
      accessProfileID: before.accessProfileID,
      active: before.active,
      fromHour: before.fromHour,
      toHour: before.toHour,
      days: before.days,
    };
    const res = expectStatus(await self.api.put(`/api/user/${self.userID}`, { name: 'Self Again', ...unchanged }), 200);
    expect(res.body.data).toEqual(expect.objectContaining({ name: 'Self Again', ...unchanged }));
  });

  it("PUT of another user's record is a 403 and changes nothing", async () => {
    const other = await createUser(t.http, admin, { login: false, accessProfileID: profileP.accessProfileID });
    const before = await record(other.userID);
    expectFailure(await self.api.put(`/api/user/${other.userID}`, { name: 'Hijacked' }), 403);
    const password = { name: before.name, password: 'Hijacked-1', confirm: 'Hijacked-1' };
    expectFailure(await self.api.put(`/api/user/${other.userID}`, password), 403);
    expect(await record(other.userID)).toEqual(before);
    expectStatus(await attempt(other.email, other.password), 201);
  });
});

describe('with UserSetup every field of another user can be changed', () => {
  it('email, access profile, active, hours, days, store, defaults and password', async () => {
    const userAdmin = await createUser(t.http, admin, { areas: ['UserSetup'], storeIDs: [storeA.storeID] });
    const target = await createUser(t.http, admin, { login: false, accessProfileID: profileP.accessProfileID });
    const change = {
      name: 'Changed By User Admin',
      email: `changed.${target.userID}@example.com`,
      accessProfileID: profileQ.accessProfileID,
      active: false,
      fromHour: 8,
      toHour: 18,
      days: 62,
      storeID: storeA.storeID,
      defaultDaysBack: 7,
      proRateTargetsOnActual: true,
      salesMonthsBack: 12,
    };
    const res = expectStatus(await userAdmin.api.put(`/api/user/${target.userID}`, { ...change, password: 'Set-By-Admin1', confirm: 'Set-By-Admin1' }), 200);
    expect(res.body.data).toEqual(expect.objectContaining(change));
    expect(await record(target.userID)).toEqual(expect.objectContaining(change));
    expectStatus(await admin.put(`/api/user/${target.userID}`, { name: change.name, active: true, fromHour: 0, toHour: 24, days: 0 }), 200);
    expectStatus(await attempt(change.email, 'Set-By-Admin1'), 201);
  });
});

describe('password and confirm', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await createUser(t.http, admin, { login: false, accessProfileID: profileP.accessProfileID });
  });

  it('must match: a 400 on confirm, and nothing changes', async () => {
    const before = await record(user.userID);
    const res = await admin.put(`/api/user/${user.userID}`, { name: before.name, password: 'First-Pass-1', confirm: 'Other-Pass-1' });
    expect(Object.keys(expectFailure(res).failMessages)).toContain('confirm');
    const missing = await admin.put(`/api/user/${user.userID}`, { name: before.name, password: 'First-Pass-1' });
    expect(Object.keys(expectFailure(missing).failMessages)).toContain('confirm');
    expect(await record(user.userID)).toEqual(before);
  });

  it('a new user with mismatching passwords is not created', async () => {
    const before = (await admin.get('/api/users?pageLength=1')).body.page.rowCount;
    const res = await admin.post('/api/user', {
      name: 'Mismatch',
      email: 'mismatch@example.com',
      password: 'First-Pass-1',
      confirm: 'Other-Pass-1',
      accessProfileID: profileP.accessProfileID,
    });
    expect(Object.keys(expectFailure(res).failMessages)).toContain('confirm');
    expect((await admin.get('/api/users?pageLength=1')).body.page.rowCount).toBe(before);
  });

  it('a one-character password is refused', async () => {
    const res = await admin.put(`/api/user/${user.userID}`, { name: user.data.name, password: 'x', confirm: 'x' });
    expect(Object.keys(expectFailure(res).failMessages)).toContain('password');
  });
});

describe('a new user', () => {
  it('gets the defaults: defaultDaysBack 180, hours 0 to 24, days 0, salesMonthsBack 0, active', async () => {
    const res = await admin.post('/api/user', {
      name: 'Default Dora',
      email: 'default.dora@example.com',
      password: 'Default-Pass1',
      confirm: 'Default-Pass1',
      accessProfileID: profileP.accessProfileID,
    });
    const data = expectStatus(res, 201).body.data;
    expect(data).toEqual(
      expect.objectContaining({
        defaultDaysBack: 180,
        fromHour: 0,
        toHour: 24,
        days: 0,
        salesMonthsBack: 0,
        active: true,
        proRateTargetsOnActual: false,
        storeID: null,
        accessProfileID: profileP.accessProfileID,
        accessProfileName: profileP.name,
      }),
    );
    expect(await record(data.userID)).toEqual(data);
  });

  it('needs an e-mail no other user has, whatever its case (400, not created)', async () => {
    const existing = await createUser(t.http, admin, { login: false, accessProfileID: profileP.accessProfileID });
    const before = (await admin.get('/api/users?pageLength=1')).body.page.rowCount;
    for (const email of [existing.email, existing.email.toUpperCase()]) {
      const res = await admin.post('/api/user', {
        name: 'Duplicate',
        email,
        password: 'Duplicate-1',
        confirm: 'Duplicate-1',
        accessProfileID: profileP.accessProfileID,
      });
      expect(Object.keys(expectFailure(res).failMessages)).toContain('email');
    }
    expect((await admin.get('/api/users?pageLength=1')).body.page.rowCount).toBe(before);
    const other = await createUser(t.http, admin, { login: false, accessProfileID: profileP.accessProfileID });
    const res = await admin.put(`/api/user/${other.userID}`, { name: other.data.name, email: existing.email });
    expect(Object.keys(expectFailure(res).failMessages)).toContain('email');
  });

  it('always has an e-mail: null on a PUT is a 400 on email, unchanged (was a 500); left out keeps it', async () => {
    const user = await createUser(t.http, admin, { login: false, accessProfileID: profileP.accessProfileID });
    const before = await t.tableCounts();
    const res = await admin.put(`/api/user/${user.userID}`, { name: user.data.name, email: null });
    expect(expectFailure(res).failMessages).toEqual({ email: 'Email is required' });
    expect(await t.tableCounts()).toEqual(before);
    expect(await record(user.userID)).toEqual(user.data);
    expect(expectStatus(await admin.put(`/api/user/${user.userID}`, { name: 'Renamed' }), 200).body.data.email).toBe(user.email);
  });

  it('has lastLogin null until the first login, then the time of it', async () => {
    const user = await createUser(t.http, admin, { login: false, accessProfileID: profileP.accessProfileID });
    expect(user.data.lastLogin).toBeNull();
    expect((await record(user.userID)).lastLogin).toBeNull();
    const before = Date.now();
    await login(t.http, user.email, user.password);
    const lastLogin = (await record(user.userID)).lastLogin;
    expect(typeof lastLogin).toBe('string');
    expect(Date.parse(lastLogin)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(lastLogin)).toBeLessThanOrEqual(Date.now() + 1000);
  });
});

describe('nobody can delete or deactivate themself', () => {
  it('DELETE of your own user is a 400, even with UserSetup', async () => {
    const me = (await admin.get('/api/user/me')).body.data;
    expectFailure(await admin.delete(`/api/user/${me.userID}`), 400);
    expect((await record(me.userID)).active).toBe(true);
  });

  it('PUT active=false on your own user is a 400, even with UserSetup', async () => {
    const me = (await admin.get('/api/user/me')).body.data;
    const res = await admin.put(`/api/user/${me.userID}`, { name: me.name, active: false });
    expectFailure(res, 400);
    expect((await record(me.userID)).active).toBe(true);
    expectStatus(await admin.get('/api/user/me'), 200);
  });

  it('another user can be deleted (200, then 404)', async () => {
    const user = await createUser(t.http, admin, { login: false, accessProfileID: profileP.accessProfileID });
    expectStatus(await admin.delete(`/api/user/${user.userID}`), 200);
    expectFailure(await admin.get(`/api/users?userID=${user.userID}`), 404);
  });
});

describe('login hours', () => {
  it('fromHour must be before toHour (400, unchanged)', async () => {
    const user = await createUser(t.http, admin, { login: false, accessProfileID: profileP.accessProfileID });
    const before = await record(user.userID);
    for (const hours of [{ fromHour: 10, toHour: 9 }, { fromHour: 12, toHour: 12 }, { fromHour: 24 }]) {
      expectFailure(await admin.put(`/api/user/${user.userID}`, { name: before.name, ...hours }));
    }
    expect(await record(user.userID)).toEqual(before);
  });
});

describe('stores used by users and profiles', () => {
  it("a store that is a user's default store cannot be deleted: 400 naming '1 user'", async () => {
    const store = await createStore(admin, { storeTypeID: storeA.storeTypeID });
    const holder = await createAccessProfile(admin, { storeIDs: [store.storeID] });
    await createUser(t.http, admin, { login: false, accessProfileID: holder.accessProfileID, storeID: store.storeID });
    const failure = expectFailure(await admin.delete(`/api/store/${store.storeID}`));
    expect(failure.failSummary).toMatch(/\b1 user\b(?!s)/);
    expectStatus(await admin.get(`/api/stores?storeID=${store.storeID}`), 200);
  });

  it('a store only granted by access profiles is deleted, and leaves those profiles', async () => {
    const store = await createStore(admin, { storeTypeID: storeA.storeTypeID });
    const holder = await createAccessProfile(admin, { storeIDs: [store.storeID, storeA.storeID] });
    expectStatus(await admin.delete(`/api/store/${store.storeID}`), 200);
    const after = await admin.get(`/api/accessProfiles?accessProfileID=${holder.accessProfileID}`);
    const stores = after.body.data.accessProfileStores as Row[];
    expect(stores.map((s) => s.storeID)).toEqual([storeA.storeID]);
  });
});

describe('access profile rows', () => {
  it('carry each store as storeID and store (spec 02 section 3), with storeName for the table', async () => {
    const created = await createAccessProfile(admin, { storeIDs: [storeB.storeID, storeA.storeID] });
    const read = expectStatus(await admin.get(`/api/accessProfiles?accessProfileID=${created.accessProfileID}`), 200).body.data;
    const list = expectStatus(await admin.get('/api/accessProfiles?pageLength=500'), 200).body.listData as Row[];
    const listed = list.find((row) => row.accessProfileID === created.accessProfileID);
    for (const row of [created, read, listed]) {
      expect(row.accessProfileStores).toEqual(
        [storeA, storeB]
          .sort((a, b) => a.name.localeCompare(b.name))
          .map((store) => ({
            accessProfileStoreID: expect.any(Number),
            storeID: store.storeID,
            storeName: store.name,
            store: { storeID: store.storeID, name: store.name },
          })),
      );
    }
  });
});

describe('access profiles in use', () => {
  it("cannot be deleted while a user has them: 400 naming '1 user'", async () => {
    const profile = await createAccessProfile(admin, { storeIDs: [storeA.storeID] });
    await createUser(t.http, admin, { login: false, accessProfileID: profile.accessProfileID });
    const failure = expectFailure(await admin.delete(`/api/accessProfile/${profile.accessProfileID}`));
    expect(failure.failSummary).toMatch(/\b1 user\b(?!s)/);
    expectStatus(await admin.get(`/api/accessProfiles?accessProfileID=${profile.accessProfileID}`), 200);
  });
});

describe('user records never carry the password', () => {
  it('neither in the list, the record, the save answer nor /user/me', async () => {
    const user = await createUser(t.http, admin, { accessProfileID: profileP.accessProfileID });
    const answers = [
      user.data,
      (await admin.get('/api/users?pageLength=500')).body,
      (await admin.get(`/api/users?userID=${user.userID}`)).body,
      (
        await user.api.put(`/api/user/${user.userID}`, {
          name: user.data.name,
          password: 'Another-Pass1',
          confirm: 'Another-Pass1',
          currentPassword: user.password,
        })
      ).body,
      // The old token ended with the change; the new one is in the answer.
      (await as(t.http, await login(t.http, user.email, 'Another-Pass1')).get('/api/user/me')).body,
    ];
    for (const answer of answers) {
      expect(JSON.stringify(answer)).not.toMatch(/password|confirm|\$2[aby]\$/i);
    }
  });
});

describe('user rows carry what the User entity lists (spec 02 section 3)', () => {
  it('revenueCommission from the profile and the sale types its stores offer', async () => {
    const storeX = await createStore(admin, { name: unique('Row store X') });
    const storeY = await createStore(admin, { name: unique('Row store Y'), storeTypeID: storeX.storeTypeID });
    const atX = await createSaleType(admin, { name: unique('Sold at X'), storeIDs: [storeX.storeID] });
    await createSaleType(admin, { name: unique('Sold at Y'), storeIDs: [storeY.storeID] });
    const profile = await createAccessProfile(admin, { storeIDs: [storeX.storeID], showRevenue: false, showCommission: true });
    const member = await createUser(t.http, admin, { login: false, accessProfileID: profile.accessProfileID });
    const row = expectStatus(await admin.get(`/api/users?userID=${member.userID}`), 200).body.data;
    expect(row.revenueCommission).toBe('commission');
    expect(row.saleTypes).toEqual([{ saleTypeID: atX.saleTypeID, name: atX.name }]);
    // The row goes back with PUT unchanged (read-only names are ignored).
    expectStatus(await admin.put(`/api/user/${member.userID}`, row), 200);
  });
});
