import * as jwt from 'jsonwebtoken';
import type { Response } from 'supertest';
import {
  as,
  binary,
  Client,
  createAccessProfile,
  createStore,
  createStoreType,
  createUser,
  expectFailure,
  expectStatus,
  login,
  Row,
  TestUser,
  unique,
  xlsxRows,
} from '../support/api';
import { atTime, daysExcludingToday, hoursExcludingNow, nextMomentWhen } from '../support/clock';
import { ADMIN_EMAIL, ADMIN_PASSWORD, JWT_SECRET, startTestApp, TestApp } from '../support/test-app';

/**
 * 403 means "this session may not do this" (ARCHITECTURE.md, HTTP contract): no, bad or
 * expired token, inactive user, outside the login window, or a system area not granted.
 */

let t: TestApp;
let admin: Client;
let store: Row;
/** A user with one store and no system areas. */
let plain: TestUser;

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

beforeAll(async () => {
  t = await startTestApp();
  admin = as(t.http, await login(t.http, ADMIN_EMAIL, ADMIN_PASSWORD));
  store = await createStore(admin);
  plain = await createUser(t.http, admin, { areas: [], storeIDs: [store.storeID] });
});
afterAll(() => t?.close());

const withToken = (token: string) => as(t.http, token);

/** The claims of a real token, to re-sign them differently. */
function claimsOf(token: string): jwt.JwtPayload {
  const { iat: _iat, exp: _exp, ...claims } = jwt.decode(token) as jwt.JwtPayload;
  return claims;
}

describe('a call without a valid token is a 403 with a validationResult', () => {
  const routes: Array<[string, string]> = [
    ['GET', '/api/stores'],
    ['GET', '/api/storeTypes'],
    ['GET', '/api/users'],
    ['GET', '/api/user/me'],
    ['GET', '/api/accessProfiles'],
    ['GET', '/api/accessProfiles/systemAreas'],
    ['GET', '/api/stores/excel'],
    ['GET', '/api/user/userPreference/TableColumns/stores'],
    ['POST', '/api/store'],
    ['PUT', '/api/user/1'],
    ['DELETE', '/api/storeType/1'],
  ];

  it.each(routes)('%s %s without a token', async (method, path) => {
    const res = await t.http[method.toLowerCase() as 'get'](path);
    expectFailure(res, 403);
  });

  it('a garbage token', async () => {
    expectFailure(await withToken('not-a-token').get('/api/user/me'), 403);
    expectFailure(await withToken('a.b.c').get('/api/user/me'), 403);
  });

  it('a token signed with another secret (the same claims with the right secret work)', async () => {
    const claims = claimsOf(plain.token);
    const forged = jwt.sign(claims, 'another-secret', { algorithm: 'HS256', expiresIn: '1h' });
    expectFailure(await withToken(forged).get('/api/user/me'), 403);
    const genuine = jwt.sign(claims, JWT_SECRET, { algorithm: 'HS256', expiresIn: '1h' });
    expectStatus(await withToken(genuine).get('/api/user/me'), 200);
  });

  it('an unsigned token (alg none)', async () => {
    const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const exp = Math.floor(Date.now() / 1000) + 3600;
    const unsigned = `${part({ alg: 'none', typ: 'JWT' })}.${part({ ...claimsOf(plain.token), exp })}.`;
    expectFailure(await withToken(unsigned).get('/api/user/me'), 403);
  });

  it('an expired token (the same claims not yet expired work)', async () => {
    const claims = claimsOf(plain.token);
    const now = Math.floor(Date.now() / 1000);
    const expired = jwt.sign({ ...claims, iat: now - 7200, exp: now - 60 }, JWT_SECRET, { algorithm: 'HS256' });
    expectFailure(await withToken(expired).get('/api/user/me'), 403);
    const fresh = jwt.sign({ ...claims, iat: now, exp: now + 60 }, JWT_SECRET, { algorithm: 'HS256' });
    expectStatus(await withToken(fresh).get('/api/user/me'), 200);
  });

  it('the token of a user who has been deleted', async () => {
    const user = await createUser(t.http, admin, { areas: [], storeIDs: [store.storeID] });
    expectStatus(await user.api.get('/api/user/me'), 200);
    expectStatus(await admin.delete(`/api/user/${user.userID}`), 200);
    expectFailure(await user.api.get('/api/user/me'), 403);
  });
});

describe('tokens expire', () => {
  it('a token carries an expiry, 12 hours after issue by default (JWT_EXPIRES_IN)', () => {
    const { iat, exp } = jwt.decode(plain.token) as jwt.JwtPayload;
    expect(typeof exp).toBe('number');
    expect(exp! - iat!).toBe(12 * 3600);
  });
});

describe('deactivating a user stops their token at once', () => {
  it('the token issued before the user was deactivated is refused on the next call', async () => {
    const user = await createUser(t.http, admin, { areas: [], storeIDs: [store.storeID] });
    expectStatus(await user.api.get('/api/stores'), 200);
    const current = expectStatus(await admin.get(`/api/users?userID=${user.userID}`), 200).body.data;
    expectStatus(await admin.put(`/api/user/${user.userID}`, { name: current.name, active: false }), 200);
    expectFailure(await user.api.get('/api/stores'), 403);
    expectFailure(await user.api.get('/api/user/me'), 403);
  });
});

describe('the login window travels with the token (changes apply at the next login)', () => {
  it('a token is refused outside the hours it was issued with', async () => {
    const hours = hoursExcludingNow();
    const user = await createUser(t.http, admin, { login: false, areas: [], ...hours });
    const inWindow = nextMomentWhen(({ hour }) => hour >= hours.fromHour && hour < hours.toHour);
    const token = await atTime(inWindow, () => login(t.http, user.email, user.password));
    // A token issued at the same moment to a user without restrictions still works now.
    const control = await atTime(inWindow, () => login(t.http, plain.email, plain.password));
    expectStatus(await withToken(control).get('/api/user/me'), 200);
    expectFailure(await withToken(token).get('/api/user/me'), 403);
  });

  it('a token is refused on a weekday it was not issued for', async () => {
    const days = daysExcludingToday();
    const user = await createUser(t.http, admin, { login: false, areas: [], days });
    const allowedDay = nextMomentWhen(({ day }) => (days & (1 << day)) !== 0);
    const token = await atTime(allowedDay, () => login(t.http, user.email, user.password));
    expectFailure(await withToken(token).get('/api/user/me'), 403);
  });

  it("changing a user's hours does not end the session they already have; the next login is refused", async () => {
    const user = await createUser(t.http, admin, { areas: [], storeIDs: [store.storeID] });
    expectStatus(await admin.put(`/api/user/${user.userID}`, { name: user.data.name, ...hoursExcludingNow() }), 200);
    expectStatus(await user.api.get('/api/user/me'), 200);
    expectFailure(await t.http.post('/api/user/login').send({ email: user.email, password: user.password }), 400);
  });
});

describe('a system area the access profile does not grant is a 403', () => {
  /**
   * Each call: what the plain user (no areas) tries, the area that allows it, and the status a
   * user holding only that area gets instead (so the 403 is the area, not something else).
   */
  interface Case {
    name: string;
    area: string;
    allowed: number;
    call: (api: Client) => Promise<Response>;
  }
  let other: TestUser;
  let typeID: number;
  let profileID: number;

  beforeAll(async () => {
    other = await createUser(t.http, admin, { areas: [], storeIDs: [store.storeID] });
    typeID = (await createStoreType(admin)).storeTypeID;
    profileID = (await createAccessProfile(admin, { storeIDs: [store.storeID] })).accessProfileID;
  });

  const cases: Case[] = [
    {
      name: 'POST /api/store without SystemSetup',
      area: 'SystemSetup',
      allowed: 201,
      call: (api) => api.post('/api/store', { name: unique('Forbidden store'), storeTypeID: typeID }),
    },
    {
      name: 'PUT /api/store/{id} without SystemSetup',
      area: 'SystemSetup',
      allowed: 200,
      call: (api) => api.put(`/api/store/${store.storeID}`, { name: store.name, storeTypeID: store.storeTypeID }),
    },
    {
      name: 'POST /api/storeType without SystemSetup',
      area: 'SystemSetup',
      allowed: 201,
      call: (api) => api.post('/api/storeType', { name: unique('Forbidden type') }),
    },
    {
      name: 'PUT /api/storeType/{id} without SystemSetup',
      area: 'SystemSetup',
      allowed: 200,
      call: (api) => api.put(`/api/storeType/${typeID}`, { name: unique('Renamed type') }),
    },
    {
      name: 'GET /api/accessProfiles without UserSetup',
      area: 'UserSetup',
      allowed: 200,
      call: (api) => api.get('/api/accessProfiles'),
    },
    {
      name: 'POST /api/accessProfile without UserSetup',
      area: 'UserSetup',
      allowed: 201,
      call: (api) => api.post('/api/accessProfile', { name: unique('Forbidden profile'), systemAreas: '', storeIDs: [] }),
    },
    {
      name: 'PUT /api/accessProfile/{id} without UserSetup',
      area: 'UserSetup',
      allowed: 200,
      call: (api) => api.put(`/api/accessProfile/${profileID}`, { name: unique('Renamed profile') }),
    },
    {
      name: 'GET /api/stores/excel without AccessAPI',
      area: 'AccessAPI',
      allowed: 200,
      call: (api) => api.get('/api/stores/excel?fileName=Stores'),
    },
    {
      name: 'POST /api/user without UserSetup',
      area: 'UserSetup',
      allowed: 201,
      call: async (api) => {
        const profile = (await admin.get('/api/accessProfiles?sort=accessProfileID')).body.listData[0];
        const password = 'Forbidden-pass1';
        return api.post('/api/user', {
          name: unique('Forbidden user'),
          email: `${unique('forbidden').replace(' ', '.')}@example.com`,
          password,
          confirm: password,
          accessProfileID: profile.accessProfileID,
        });
      },
    },
    {
      name: "PUT another user's /api/user/{id} without UserSetup",
      area: 'UserSetup',
      allowed: 200,
      call: (api) => api.put(`/api/user/${other.userID}`, { name: other.data.name, defaultDaysBack: 30 }),
    },
  ];

  it.each(cases)('$name', async ({ area, allowed, call }) => {
    const before = await counts();
    expectFailure(await call(plain.api), 403);
    expect(await counts()).toEqual(before);
    const holder = await createUser(t.http, admin, { areas: [area], storeIDs: [store.storeID] });
    expectStatus(await call(holder.api), allowed);
  });

  it('DELETE /api/store/{id} and DELETE /api/user/{id} without the area change nothing', async () => {
    const before = await counts();
    expectFailure(await plain.api.delete(`/api/store/${store.storeID}`), 403);
    expectFailure(await plain.api.delete(`/api/user/${other.userID}`), 403);
    expectFailure(await plain.api.delete(`/api/storeType/${typeID}`), 403);
    expectFailure(await plain.api.delete(`/api/accessProfile/${profileID}`), 403);
    expect(await counts()).toEqual(before);
  });

  it('an Excel export needs AccessAPI and the read area of its list (access profiles: UserSetup)', async () => {
    const apiOnly = await createUser(t.http, admin, { areas: ['AccessAPI'], storeIDs: [store.storeID] });
    expectFailure(await apiOnly.api.get('/api/accessProfiles/excel'), 403);
    expectStatus(await apiOnly.api.get('/api/storeTypes/excel'), 200);
    const both = await createUser(t.http, admin, { areas: ['AccessAPI', 'UserSetup'], storeIDs: [store.storeID] });
    expectStatus(await both.api.get('/api/accessProfiles/excel'), 200);
    expectFailure(await plain.api.get('/api/users/excel'), 403);
    expectFailure(await plain.api.get('/api/storeTypes/excel'), 403);
  });

  /** What a refused call must not have changed. */
  async function counts() {
    const count = async (path: string) => (await admin.get(`${path}?pageLength=1`)).body.page.rowCount as number;
    return {
      stores: await count('/api/stores'),
      storeTypes: await count('/api/storeTypes'),
      users: await count('/api/users'),
      accessProfiles: await count('/api/accessProfiles'),
      store: (await admin.get(`/api/stores?storeID=${store.storeID}`)).body.data,
      otherUser: (await admin.get(`/api/users?userID=${other.userID}`)).body.data,
    };
  }
});

describe('?token= instead of the header', () => {
  it('works for Excel downloads', async () => {
    const { res, body } = await binary(t.http.get(`/api/stores/excel?token=${encodeURIComponent(admin.token)}&fileName=Stores`));
    expectStatus(res, 200);
    expect(res.headers['content-type']).toContain(XLSX);
    expect(body.subarray(0, 2).toString()).toBe('PK');
  });

  it('a bad ?token= is a 403 like a bad header', async () => {
    expectFailure(await t.http.get('/api/stores/excel?token=garbage&fileName=Stores'), 403);
  });

  it('is refused everywhere else (a token in a URL leaks into logs): 403, nothing changed', async () => {
    const token = `token=${encodeURIComponent(admin.token)}`;
    const type = await createStoreType(admin);
    const before = await t.tableCounts();
    const me = (await admin.get('/api/user/me')).body.data;
    const calls = [
      t.http.get(`/api/user/me?${token}`),
      t.http.get(`/api/stores?${token}`),
      t.http.get(`/api/storeTypes?storeTypeID=${type.storeTypeID}&${token}`),
      t.http.post(`/api/storeType?${token}`).send({ name: unique('Query token type') }),
      t.http.put(`/api/storeType/${type.storeTypeID}?${token}`).send({ name: unique('Query token rename') }),
      t.http.put(`/api/user/${me.userID}?${token}`).send({ name: 'Query Token' }),
      t.http.put(`/api/user/userPreference/TableColumns/stores?${token}`).send({ value: 'name' }),
      t.http.delete(`/api/storeType/${type.storeTypeID}?${token}`),
      // A path ending in /excel, but not a GET (the rate card upload).
      t.http.post(`/api/rateCardLines/excel?${token}`).send({}),
    ];
    for (const call of calls) expectFailure(await call, 403);
    expect(await t.tableCounts()).toEqual(before);
    expect((await admin.get(`/api/storeTypes?storeTypeID=${type.storeTypeID}`)).body.data.name).toBe(type.name);
    expect((await admin.get('/api/user/me')).body.data.name).toBe(me.name);
  });

  it('still works for a filtered export and with the header on any route', async () => {
    const type = await createStoreType(admin);
    const { res, body } = await binary(
      t.http.get(`/api/storeTypes/excel?storeTypeID=${type.storeTypeID}&token=${encodeURIComponent(admin.token)}&fileName=Types`),
    );
    expectStatus(res, 200);
    expect((await xlsxRows(body)).slice(1).map((row) => row[0])).toEqual([type.storeTypeID]);
    expectStatus(await admin.get(`/api/user/me?token=garbage`), 200);
  });
});
