import {
  as,
  Client,
  createAccessProfile,
  createStore,
  createStoreType,
  createUser,
  expectFailure,
  expectStatus,
  login,
  randomIp,
  Row,
  TestUser,
  unique,
} from '../support/api';
import { BIG, bigValues, describeBodySweep, refused, SweptResource } from '../support/refusals';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, TestApp } from '../support/test-app';

/**
 * Bad input of any kind is a 400 with a validationResult and nothing written, never a 500
 * (ARCHITECTURE.md, HTTP contract): wrong types, unknown fields, huge numbers, over-long
 * text, broken or oversized JSON, odd path ids. SQL-shaped text is stored as text.
 */

let t: TestApp;
let admin: Client;
let storeType: Row;
let store: Row;
let profile: Row;
let user: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  admin = as(t.http, await login(t.http, ADMIN_EMAIL, ADMIN_PASSWORD));
  storeType = await createStoreType(admin);
  store = await createStore(admin, { storeTypeID: storeType.storeTypeID, postCode: 'E1 7AA' });
  profile = await createAccessProfile(admin, { areas: ['RecordSales'], storeIDs: [store.storeID] });
  user = await createUser(t.http, admin, { login: false, accessProfileID: profile.accessProfileID, storeID: store.storeID });
});
afterAll(() => t?.close());

/** A body as JSON text with one more key, written raw (JSON.stringify would drop __proto__). */
function withRawKey(body: Row, key: string, value: string): string {
  return JSON.stringify(body).replace(/^\{/, `{"${key}": ${value}, `);
}

const resources: SweptResource[] = [
  {
    singular: 'store',
    valid: () => ({ name: unique('Store'), storeTypeID: storeType.storeTypeID, postCode: 'SW1A 1AA', squareFeet: 100 }),
    id: () => store.storeID,
    read: (id) => `/api/stores?storeID=${id}`,
    bad: [
      ['storeTypeID', String(1)],
      ['storeTypeID', -1],
      ['storeTypeID', 1.5],
      ['storeTypeID', true],
      ['storeTypeID', 987654],
      ...bigValues('storeTypeID'),
      ['squareFeet', '100'],
      ['squareFeet', -5],
      ['squareFeet', 1.5],
      ...bigValues('squareFeet'),
      ['targetRevenue', 'yes'],
      ['targetQuantity', 1],
      ['postCode', 12345],
      ['postCode', 'NOT A POST CODE'],
      ['postCode', ['E1 7AA']],
    ],
  },
  {
    singular: 'storeType',
    valid: () => ({ name: unique('Type'), recordFootfall: true }),
    id: () => storeType.storeTypeID,
    read: (id) => `/api/storeTypes?storeTypeID=${id}`,
    bad: [
      ['recordFootfall', 'true'],
      ['recordChatCount', 1],
      ['recordStaffCount', {}],
    ],
  },
  {
    singular: 'accessProfile',
    valid: () => ({ name: unique('Profile'), systemAreas: 'RecordSales, AccessAPI', storeIDs: [store.storeID], showRevenue: true }),
    id: () => profile.accessProfileID,
    read: (id) => `/api/accessProfiles?accessProfileID=${id}`,
    bad: [
      ['systemAreas', ['RecordSales']],
      ['systemAreas', 'RecordSales, NoSuchArea'],
      ['systemAreas', 42],
      ['systemAreas', 'RecordSales, '.repeat(100)],
      ['storeIDs', 'all'],
      ['storeIDs', 5],
      ['storeIDs', ['abc']],
      ['storeIDs', [{}]],
      ['storeIDs', [987654]],
      ['storeIDs', [-1]],
      ...BIG.map((n): [string, unknown] => ['storeIDs', [n]]),
      ['showRevenue', 'yes'],
      ['showCommission', 0],
    ],
  },
  {
    singular: 'user',
    valid: () => {
      const password = 'Valid-Pass-1';
      return {
        name: unique('User'),
        email: `${unique('valid').replace(' ', '.')}@example.com`,
        password,
        confirm: password,
        accessProfileID: profile.accessProfileID,
      };
    },
    id: () => user.userID,
    read: (id) => `/api/users?userID=${id}`,
    bad: [
      ['email', 'not-an-email'],
      ['email', 123],
      ['email', `${'x'.repeat(250)}@example.com`],
      ['email', ['a@example.com']],
      ['password', 12345678],
      ['password', 'x'.repeat(201)],
      ['accessProfileID', String(1)],
      ['accessProfileID', 987654],
      ...bigValues('accessProfileID'),
      ['storeID', 'A'],
      ['storeID', 987654],
      ...bigValues('storeID'),
      ['active', 'yes'],
      ['defaultDaysBack', '30'],
      ['defaultDaysBack', -1],
      ...bigValues('defaultDaysBack'),
      ['fromHour', 25],
      ['fromHour', -1],
      ['toHour', 25],
      ['toHour', 2.5],
      ['days', 128],
      ['days', -1],
      ...bigValues('days'),
      ['salesMonthsBack', 1e30],
      ['proRateTargetsOnActual', 'false'],
    ],
  },
];

describeBodySweep(resources, () => ({ t, admin }));

/** What this file checks beyond the shared sweep: other content types, size, prototype keys. */
describe.each(resources)('more bodies for /api/$singular', (resource) => {
  it('a body that is not JSON is a 400', async () => {
    await refused(t, () => admin.post(`/api/${resource.singular}`).set('Content-Type', 'text/plain').send('name=x'));
    await refused(t, () => admin.post(`/api/${resource.singular}`).type('form').send({ name: 'x' }));
  });

  it('a body over 1 MB is a 400', async () => {
    const huge = JSON.stringify({ ...resource.valid(), name: 'x'.repeat(1_100_000) });
    await refused(t, () => admin.post(`/api/${resource.singular}`).set('Content-Type', 'application/json').send(huge));
  });

  const withKey = (key: string, value: string) => withRawKey(resource.valid(), key, value);

  it('__proto__ and constructor in a body pollute nothing and never cause a 500', async () => {
    for (const raw of [withKey('__proto__', '{"polluted": true}'), withKey('constructor', '{"prototype": {"polluted": true}}')]) {
      const res = await admin.post(`/api/${resource.singular}`).set('Content-Type', 'application/json').send(raw);
      expect([201, 400]).toContain(res.status);
      expect(({} as Row).polluted).toBeUndefined();
      expect((Object.prototype as Row).polluted).toBeUndefined();
    }
  });
});

describe('unknown fields named after Object.prototype members', () => {
  it('__proto__, constructor, toString and hasOwnProperty are unknown fields like any other: 400, nothing written', async () => {
    const accepted: string[] = [];
    for (const resource of resources) {
      for (const key of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
        const before = await t.tableCounts();
        const res = await admin
          .post(`/api/${resource.singular}`)
          .set('Content-Type', 'application/json')
          .send(withRawKey(resource.valid(), key, '{"x": 1}'));
        const written = JSON.stringify(await t.tableCounts()) !== JSON.stringify(before);
        if (res.status !== 400 || written) accepted.push(`POST /api/${resource.singular} with ${key}: ${res.status}`);
      }
    }
    expect(accepted).toEqual([]);
  });
});

describe('SQL-shaped text is stored literally, never executed', () => {
  const shapes = ["Robert'); DROP TABLE store;--", "' OR '1'='1", '"; DELETE FROM user; --', 'x` OR 1=1 #', "\\'; SELECT 1; --"];

  it.each(shapes)('%s as a store, store type, profile and user name', async (name) => {
    const before = await t.tableCounts();
    const type = expectStatus(await admin.post('/api/storeType', { name }), 201).body.data;
    const created = expectStatus(await admin.post('/api/store', { name, storeTypeID: type.storeTypeID }), 201).body.data;
    const newProfile = expectStatus(await admin.post('/api/accessProfile', { name, systemAreas: '', storeIDs: [] }), 201).body.data;
    const email = `${unique('sql').replace(' ', '.')}@example.com`;
    const newUser = expectStatus(
      await admin.post('/api/user', {
        name,
        email,
        password: 'Sql-Shape-1',
        confirm: 'Sql-Shape-1',
        accessProfileID: newProfile.accessProfileID,
      }),
      201,
    ).body.data;

    expect((await admin.get(`/api/storeTypes?storeTypeID=${type.storeTypeID}`)).body.data.name).toBe(name);
    expect((await admin.get(`/api/stores?storeID=${created.storeID}`)).body.data.name).toBe(name);
    expect((await admin.get(`/api/accessProfiles?accessProfileID=${newProfile.accessProfileID}`)).body.data.name).toBe(name);
    expect((await admin.get(`/api/users?userID=${newUser.userID}`)).body.data.name).toBe(name);
    const after = await t.tableCounts();
    expect(after.store).toBe(before.store + 1);
    expect(after.storeType).toBe(before.storeType + 1);
    expect(after.user).toBe(before.user + 1);
    expect(after.accessProfile).toBe(before.accessProfile + 1);
    // Filtering by it finds exactly it.
    const found = expectStatus(await admin.get(`/api/stores?nameLower=${encodeURIComponent(name.toLowerCase())}`), 200).body;
    expect(found.listIDs.map((r: Row) => r.id)).toEqual([created.storeID]);
  });
});

describe('POST /api/user/login with bad input', () => {
  const attempt = (body: unknown) => () =>
    t.http
      .post('/api/user/login')
      .set('X-Forwarded-For', randomIp())
      .send(body as object);

  it.each([
    ['a number for the e-mail', { email: 123, password: 'x' }],
    ['an object for the e-mail', { email: { $gt: '' }, password: 'x' }],
    ['an array for the e-mail', { email: [ADMIN_EMAIL], password: ADMIN_PASSWORD }],
    ['an array for the password', { email: ADMIN_EMAIL, password: [ADMIN_PASSWORD] }],
    ['no password', { email: ADMIN_EMAIL }],
    ['no e-mail', { password: ADMIN_PASSWORD }],
    ['null password', { email: ADMIN_EMAIL, password: null }],
    ['an unknown field', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD, remember: true }],
    ['an over-long e-mail', { email: `${'x'.repeat(300)}@example.com`, password: 'x' }],
    ['an over-long password', { email: 'someone@example.com', password: 'p'.repeat(100_000) }],
    ['SQL in the e-mail', { email: "' OR '1'='1' --", password: "' OR '1'='1' --" }],
  ])('%s is a 400 without a token', async (_what, body) => {
    const result = await refused(t, attempt(body));
    expect(result).not.toHaveProperty('token');
  });

  it.each([
    ['malformed JSON', '{"email": '],
    ['a JSON array', '[]'],
    ['an empty body', ''],
  ])('%s is a 400', async (_what, raw) => {
    await refused(t, () => t.http.post('/api/user/login').set('X-Forwarded-For', randomIp()).set('Content-Type', 'application/json').send(raw));
  });

  it('a body over 1 MB is a 400', async () => {
    await refused(t, attempt({ email: 'someone@example.com', password: 'p'.repeat(1_100_000) }));
  });
});

describe('ids in list filters', () => {
  it.each(['99999999999', '9999999999', '2147483648', '-1', '0'])('storeID=%s is a 400 or 404, never a 500', async (id) => {
    const res = await admin.get(`/api/stores?storeID=${id}`);
    expect([400, 404]).toContain(res.status);
    expect(res.body.validationResult.fail).toBe(true);
  });
});

describe('unknown API paths', () => {
  it.each([
    ['get', '/api/nothing-here'],
    ['post', '/api/stores'],
    ['patch', '/api/store/1'],
    ['delete', '/api/stores'],
  ] as const)('%s %s is a 404 with a validationResult (not the client page)', async (method, path) => {
    const res = await t.http[method](path).set('x-access-token', admin.token);
    expectFailure(res, 404);
    expect(res.headers['content-type']).toContain('application/json');
  });
});

describe('deeply nested JSON (a stack overflow in code that walks bodies) is a 400, nothing written', () => {
  /** `value` wrapped in `levels` arrays, as raw JSON text: [[[...value...]]]. */
  const nested = (levels: number, value = '1') => `${'['.repeat(levels)}${value}${']'.repeat(levels)}`;
  const DEEP = [33, 2_000, 100_000];

  async function refusedAsTooDeep(send: () => Promise<unknown>) {
    const result = await refused(t, send);
    expect(result.failSummary).toMatch(/nested too deeply/);
    return result;
  }

  const post = (path: string, raw: string) => () => t.http.post(path).set('x-access-token', admin.token).set('Content-Type', 'application/json').send(raw);
  const put = (path: string, raw: string) => () => t.http.put(path).set('x-access-token', admin.token).set('Content-Type', 'application/json').send(raw);

  it.each(DEEP)('POST /api/user/login: %i levels in a field and as the whole body', async (levels) => {
    const login = (raw: string) => () => t.http.post('/api/user/login').set('X-Forwarded-For', randomIp()).set('Content-Type', 'application/json').send(raw);
    const result = await refusedAsTooDeep(login(`{"email": ${nested(levels)}, "password": "x"}`));
    expect(result).not.toHaveProperty('token');
    await refusedAsTooDeep(login(nested(levels)));
  });

  it.each(DEEP)('POST and PUT of a record: %i levels', async (levels) => {
    const body = (valid: Row) => JSON.stringify(valid).replace(/^\{/, `{"storeIDs": ${nested(levels)}, `);
    await refusedAsTooDeep(post('/api/accessProfile', body({ name: unique('Deep'), systemAreas: '' })));
    await refusedAsTooDeep(put(`/api/accessProfile/${profile.accessProfileID}`, body({ name: profile.name })));
    await refusedAsTooDeep(post('/api/store', nested(levels, JSON.stringify({ name: 'x', storeTypeID: storeType.storeTypeID }))));
  });

  it.each(DEEP)('PUT of a preference: %i levels, and the preference is unchanged', async (levels) => {
    const path = '/api/user/userPreference/TableColumns/deepBodies';
    expectStatus(await admin.put(path, { value: 'name' }), 200);
    await refusedAsTooDeep(put(path, `{"value": ${nested(levels, '"x"')}}`));
    expect((await admin.get(path)).body.data.value).toBe('name');
  });

  it('nesting up to 32 levels is not refused for its depth, only for what the body holds', async () => {
    const login = await refused(t, () =>
      t.http
        .post('/api/user/login')
        .set('X-Forwarded-For', randomIp())
        .set('Content-Type', 'application/json')
        .send(`{"email": ${nested(31)}, "password": "x"}`),
    );
    expect(login.failMessages).toEqual({ email: 'Enter your email' });
  });
});

describe('a field that breaks several rules reports the first thing to fix: missing, then wrong type, then the rest', () => {
  const attemptLogin = (body: unknown) => () =>
    t.http
      .post('/api/user/login')
      .set('X-Forwarded-For', randomIp())
      .send(body as object);

  it.each([
    ['an empty body', {}],
    ['empty strings', { email: '', password: '' }],
    ['nulls', { email: null, password: null }],
    ['numbers', { email: 5, password: 5 }],
  ])('login with %s asks for the e-mail and the password', async (_what, body) => {
    const result = await refused(t, attemptLogin(body));
    expect(result.failMessages).toEqual({ email: 'Enter your email', password: 'Enter your password' });
  });

  it('a preference value that is not text says so (not its length rule)', async () => {
    const path = '/api/user/userPreference/TableColumns/messages';
    expect((await refused(t, () => admin.put(path, { value: 5 }))).failMessages).toEqual({ value: 'Value must be text' });
    expect((await refused(t, () => admin.put(path, { value: ['a'] }))).failMessages).toEqual({ value: 'Value must be text' });
    expect((await refused(t, () => admin.put(path, {}))).failMessages).toEqual({ value: 'Value must be text' });
  });

  it('a missing or null name is required; a number is not text; a long one is too long', async () => {
    const path = `/api/user/${user.userID}`;
    expect((await refused(t, () => admin.put(path, { storeID: store.storeID }))).failMessages).toEqual({ name: 'Name is required' });
    expect((await refused(t, () => admin.put(path, { name: null }))).failMessages).toEqual({ name: 'Name is required' });
    expect((await refused(t, () => admin.put(path, { name: '  ' }))).failMessages).toEqual({ name: 'Name is required' });
    expect((await refused(t, () => admin.put(path, { name: 5 }))).failMessages).toEqual({ name: 'Name must be text' });
    expect((await refused(t, () => admin.put(path, { name: 'n'.repeat(101) }))).failMessages).toEqual({
      name: 'Name must be at most 100 characters',
    });
    expect((await refused(t, () => admin.post('/api/store', { storeTypeID: storeType.storeTypeID }))).failMessages).toEqual({
      name: 'Name is required',
    });
  });

  it('numbers: a wrong type says so before the range', async () => {
    const path = `/api/user/${user.userID}`;
    const put = (change: Row) => () => admin.put(path, { name: user.data.name, ...change });
    expect((await refused(t, put({ defaultDaysBack: '99999' }))).failMessages).toEqual({ defaultDaysBack: 'Default days back must be a whole number' });
    expect((await refused(t, put({ defaultDaysBack: 99999 }))).failMessages).toEqual({ defaultDaysBack: 'Default days back must be at most 3660' });
  });

  it('a list that is not a list says so, not its size rule', async () => {
    const body = { name: unique('Profile'), systemAreas: '' };
    for (const storeIDs of ['all', 5, { 0: 1 }]) {
      const result = await refused(t, () => admin.post('/api/accessProfile', { ...body, storeIDs }));
      expect(result.failMessages).toEqual({ storeIDs: 'Stores must be a list of ids' });
    }
  });
});

describe('access profile storeIDs are JSON numbers, as every other storeIDs', () => {
  it('["<id>"] is a 400 on storeIDs on POST and PUT, nothing written', async () => {
    const storeIDs = [String(store.storeID)];
    const onPost = await refused(t, () => admin.post('/api/accessProfile', { name: unique('Profile'), systemAreas: '', storeIDs }));
    expect(onPost.failMessages).toEqual({ storeIDs: 'Stores must be a list of ids' });
    const before = (await admin.get(`/api/accessProfiles?accessProfileID=${profile.accessProfileID}`)).body.data;
    const onPut = await refused(t, () => admin.put(`/api/accessProfile/${profile.accessProfileID}`, { name: profile.name, storeIDs }));
    expect(onPut.failMessages).toEqual({ storeIDs: 'Stores must be a list of ids' });
    expect((await admin.get(`/api/accessProfiles?accessProfileID=${profile.accessProfileID}`)).body.data).toEqual(before);
  });
});

describe('reference messages use a or an', () => {
  it('an unknown or invalid access profile: "Choose an access profile"', async () => {
    const path = `/api/user/${user.userID}`;
    const unknown = await refused(t, () => admin.put(path, { name: user.data.name, accessProfileID: 987654 }));
    expect(unknown.failMessages).toEqual({ accessProfileID: 'Choose an access profile that exists' });
    const invalid = await refused(t, () => admin.put(path, { name: user.data.name, accessProfileID: 'x' }));
    expect(invalid.failMessages).toEqual({ accessProfileID: 'Choose an access profile' });
    const store = await refused(t, () => admin.put(path, { name: user.data.name, storeID: 'x' }));
    expect(store.failMessages).toEqual({ storeID: 'Choose a default store' });
  });
});
