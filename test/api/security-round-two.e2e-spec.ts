import * as jwt from 'jsonwebtoken';
import { loadConfig } from '../../src/config/app-config';
import {
  as,
  binary,
  Client,
  createAccessProfile,
  createDiscount,
  createMetric,
  createSaleType,
  createStore,
  createUser,
  expectStatus,
  login,
  Row,
  TestUser,
  unique,
  xlsxRows,
} from '../support/api';
import { refused, refusedOn } from '../support/refusals';
import { ADMIN_EMAIL, ADMIN_PASSWORD, JWT_SECRET, startTestApp, TestApp } from '../support/test-app';

/**
 * Issue 28, second security round: odd text is a 400 on its field (never a 500), a null for a
 * field a record must have is a 400, invisible direction characters are refused in names and
 * notes, discount reductions follow the figures flags, signed-in answers are not stored by any
 * cache, a token must expire, and who may read the API's own documentation is a setting.
 */

let t: TestApp;
let admin: Client;
let store: Row;

beforeAll(async () => {
  t = await startTestApp();
  admin = as(t.http, await login(t.http, ADMIN_EMAIL, ADMIN_PASSWORD));
  store = await createStore(admin);
});
afterAll(() => t?.close());

describe('text that is not well-formed Unicode', () => {
  const LONE = '\ud800x@example.com';

  it('is a 400 on the field for a new user and an edit, never a 500, and writes nothing', async () => {
    const profile = await createAccessProfile(admin, { areas: [], storeIDs: [store.storeID] });
    const body = { name: unique('User'), email: LONE, password: 'Long-enough-1', confirm: 'Long-enough-1', accessProfileID: profile.accessProfileID };
    const failure = await refusedOn(t, ['email'], () => admin.post('/api/user', body));
    expect(failure.failMessages.email).toBe('Holds a broken character (half of a surrogate pair): type the text again');
    const user = await createUser(t.http, admin, { login: false, accessProfileID: profile.accessProfileID });
    await refusedOn(t, ['email'], () => admin.put(`/api/user/${user.userID}`, { email: LONE }));
    expect(expectStatus(await admin.get(`/api/users?userID=${user.userID}`), 200).body.data.email).toBe(user.email);
  });

  it('is found at any depth and in keys', async () => {
    // Written as JSON text: the escapes are what a client sends, and JSON.stringify would keep them as they are.
    const raw = '{"name":"Ok","discountStores":[{"storeID":1,"note\\udc00":"x"}],"title":"a\\ud83d"}';
    const failure = await refused(t, () => admin.post('/api/discount').set('Content-Type', 'application/json').send(raw));
    expect(Object.keys(failure.failMessages).sort()).toEqual(['discountStores.0.note\udc00', 'title']);
  });

  it('a whole pair (an emoji) is text like any other', async () => {
    const name = unique('Late opening 🙂');
    const saved = expectStatus(await admin.put(`/api/store/${store.storeID}`, { name, storeTypeID: store.storeTypeID }), 200).body.data;
    expect(saved.name).toBe(name);
  });
});

describe('a null for a value the record must have', () => {
  it('is a 400 on the field of a rota line edit, and the line keeps its date', async () => {
    const staff = await createUser(t.http, admin, { login: false, areas: [], storeIDs: [store.storeID], storeID: store.storeID });
    const line = expectStatus(await admin.post('/api/rotaLine', { storeID: store.storeID, userID: staff.userID, rotaDate: '2031-03-03' }), 201).body.data;
    const failure = await refusedOn(t, ['rotaDate'], () => admin.put(`/api/rotaLine/${line.rotaLineID}`, { rotaDate: null }));
    expect(failure.failMessages.rotaDate).toBe('Rota date is required');
    expect(expectStatus(await admin.get(`/api/rotaLines?rotaLineID=${line.rotaLineID}`), 200).body.data.rotaDate).toMatch(/^2031-03-03/);
    // Left out, it keeps the date: only a null is refused.
    expectStatus(await admin.put(`/api/rotaLine/${line.rotaLineID}`, { notes: 'Covers the late shift' }), 200);
  });
});

describe('invisible direction and format characters', () => {
  let rotaLine: Row;
  beforeAll(async () => {
    const staff = await createUser(t.http, admin, { login: false, areas: [], storeIDs: [store.storeID], storeID: store.storeID });
    rotaLine = expectStatus(await admin.post('/api/rotaLine', { storeID: store.storeID, userID: staff.userID, rotaDate: '2031-03-04' }), 201).body.data;
  });

  it.each([
    ['U+202E', '\u202E'],
    ['U+2066', '\u2066'],
    ['U+200F', '\u200F'],
    ['U+200B', '\u200B'],
    ['U+FEFF', '\uFEFF'],
  ])('%s is refused in a store name, a user name, a metric name and notes, with a message on the field', async (code, character) => {
    const name = `Store 1${character}laer`;
    const storeFailure = await refusedOn(t, ['name'], () => admin.post('/api/store', { name, storeTypeID: store.storeTypeID }));
    expect(storeFailure.failMessages.name).toBe(`Name may not contain invisible direction or format characters (${code})`);
    await refusedOn(t, ['name'], () => admin.put(`/api/store/${store.storeID}`, { name, storeTypeID: store.storeTypeID }));
    const notes = await refusedOn(t, ['notes'], () => admin.put(`/api/rotaLine/${rotaLine.rotaLineID}`, { notes: `Back door ${character}code` }));
    expect(notes.failMessages.notes).toBe(`Notes may not contain invisible direction or format characters (${code})`);
    const profile = await createAccessProfile(admin, { areas: [], storeIDs: [store.storeID] });
    await refusedOn(t, ['name'], () =>
      admin.post('/api/user', {
        name,
        email: `${unique('u').replace(' ', '.')}@example.com`,
        password: 'Long-enough-1',
        confirm: 'Long-enough-1',
        accessProfileID: profile.accessProfileID,
      }),
    );
    const metric = await createMetric(admin);
    await refusedOn(t, ['name'], () => admin.put(`/api/metric/${metric.metricID}`, { ...metric, name }));
  });

  it('joiners stay: a name with an emoji sequence is saved as sent', async () => {
    const family = 'Family plan 👨\u200D👩\u200D👧';
    const saved = expectStatus(await admin.put(`/api/store/${store.storeID}`, { name: unique(family), storeTypeID: store.storeTypeID }), 200).body.data;
    expect(saved.name).toContain(family);
  });
});

describe('discount reductions follow the figures flags', () => {
  let saleType: Row;
  let discount: Row;
  const SETTINGS = { enabled: true, revenueReductionFixed: 12.5, commissionReductionFixed: 4.25 };
  const REVENUE = ['revenueReductionFixed', 'revenueReductionRatio'];
  const COMMISSION = ['commissionReductionFixed', 'commissionReductionRatio', 'commissionSameAsRevenue'];

  /** A set-up user of the store whose profile shows these figures. */
  async function setUpUser(showRevenue: boolean, showCommission: boolean): Promise<TestUser> {
    const profile = await createAccessProfile(admin, { areas: ['SystemSetup', 'AccessAPI'], storeIDs: [store.storeID], showRevenue, showCommission });
    return createUser(t.http, admin, { accessProfileID: profile.accessProfileID, storeID: store.storeID });
  }

  beforeAll(async () => {
    saleType = await createSaleType(admin, { storeIDs: [store.storeID] });
    discount = await createDiscount(admin, { saleTypeID: saleType.saleTypeID, discountStores: [{ storeID: store.storeID, ...SETTINGS }] });
  });

  it.each([
    [false, false],
    [false, true],
    [true, false],
  ])('showRevenue %s, showCommission %s: the lists, the record and the Excel carry only the figures shown', async (showRevenue, showCommission) => {
    const user = await setUpUser(showRevenue, showCommission);
    const hidden = [...(showRevenue ? [] : REVENUE), ...(showCommission ? [] : COMMISSION)];
    const shown = [...(showRevenue ? REVENUE : []), ...(showCommission ? COMMISSION : [])];
    const record = expectStatus(await user.api.get(`/api/discounts?discountID=${discount.discountID}`), 200).body.data.discountStores[0];
    const listed = expectStatus(await user.api.get(`/api/discountStores?discountID=${discount.discountID}`), 200).body.listData[0];
    for (const row of [record, listed]) {
      for (const field of hidden) expect(row).not.toHaveProperty(field);
      for (const field of shown) expect(row).toHaveProperty(field);
      expect(row.enabled).toBe(true);
    }
    const { body } = await binary(user.api.get(`/api/discountStores/excel?discountID=${discount.discountID}`));
    const [headers] = await xlsxRows(body);
    const header = (headers as string[]).join('|');
    expect(header.includes('Revenue reduction|') || header.endsWith('Revenue reduction')).toBe(showRevenue);
    expect(header.includes('Commission reduction|') || header.endsWith('Commission reduction')).toBe(showCommission);
    // A filter or sort on a hidden reduction would tell it: refused like any hidden figure.
    for (const field of hidden.filter((f) => !f.startsWith('commissionSame'))) {
      expectStatus(await user.api.get(`/api/discountStores?sort=${field}`), 400);
    }
  });

  it('saving a discount without seeing its figures keeps them, whatever the form sent', async () => {
    const user = await setUpUser(false, false);
    const mine = await createDiscount(admin, { saleTypeID: saleType.saleTypeID, discountStores: [{ storeID: store.storeID, ...SETTINGS }] });
    const sent = {
      name: unique('Renamed'),
      saleTypeID: saleType.saleTypeID,
      discountStores: [{ storeID: store.storeID, enabled: false, revenueReductionFixed: null, commissionReductionFixed: 99, commissionSameAsRevenue: true }],
    };
    expectStatus(await user.api.put(`/api/discount/${mine.discountID}`, sent), 200);
    const after = expectStatus(await admin.get(`/api/discountStores?discountID=${mine.discountID}`), 200).body.listData[0];
    expect(after).toEqual(
      expect.objectContaining({ enabled: false, revenueReductionFixed: 12.5, commissionReductionFixed: 4.25, commissionSameAsRevenue: false }),
    );
  });
});

describe('caching', () => {
  it('signed-in answers, the login and refusals are Cache-Control: no-store', async () => {
    for (const res of [
      await admin.get('/api/user/me'),
      await admin.get('/api/stores'),
      await t.http.post('/api/user/login').set('X-Forwarded-For', '10.9.8.7').send({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
      await admin.post('/api/store', { name: '' }),
      await t.http.get('/api/user/me'),
    ]) {
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('the public branding versions are no-store too, and its images keep their own revalidation', async () => {
    expect((await t.http.get('/api/file/branding')).headers['cache-control']).toBe('no-store');
  });
});

describe('session tokens', () => {
  const claimsOf = (token: string) => {
    const { iat: _iat, exp: _exp, ...claims } = jwt.decode(token) as jwt.JwtPayload;
    return claims;
  };

  it('a token without an expiry is refused, though signed with the secret', async () => {
    const forever = jwt.sign(claimsOf(admin.token), JWT_SECRET, { algorithm: 'HS256' });
    expect((jwt.decode(forever) as jwt.JwtPayload).exp).toBeUndefined();
    const res = await t.http.get('/api/user/me').set('x-access-token', forever);
    expect([401, 403]).toContain(res.status);
    expect(res.body.validationResult.failSummary).toBe('Please log in');
    // The same claims with an expiry: a session.
    const expiring = jwt.sign(claimsOf(admin.token), JWT_SECRET, { algorithm: 'HS256', expiresIn: '5m' });
    expectStatus(await t.http.get('/api/user/me').set('x-access-token', expiring), 200);
  });
});

describe('the API documentation (API_DOCS)', () => {
  it('defaults to public, and to signed-in when NODE_ENV=production', () => {
    const env = { DATA_DIR: t.config.dataDir, JWT_SECRET };
    expect(loadConfig(env).apiDocs).toBe('public');
    expect(loadConfig({ ...env, NODE_ENV: 'production' }).apiDocs).toBe('signed-in');
    expect(loadConfig({ ...env, NODE_ENV: 'production', API_DOCS: 'public' }).apiDocs).toBe('public');
    expect(() => loadConfig({ ...env, API_DOCS: 'everyone' })).toThrow('API_DOCS must be one of public, signed-in, off, got "everyone"');
  });

  it('public: the page and the document without a token', async () => {
    expectStatus(await t.http.get('/api/docs-json'), 200);
    expectStatus(await t.http.get('/api/docs/'), 200);
  });

  it('signed-in: 401 without a session; the header or the client session cookie opens both', async () => {
    const docs = await startTestApp({ env: { API_DOCS: 'signed-in' } });
    try {
      const token = await login(docs.http, ADMIN_EMAIL, ADMIN_PASSWORD);
      for (const path of ['/api/docs-json', '/api/docs/']) {
        const refusal = await docs.http.get(path);
        expect(refusal.status).toBe(401);
        expect(refusal.body.validationResult.failSummary).toBe('Sign in to read the API documentation');
        expectStatus(await docs.http.get(path).set('x-access-token', 'not-a-token'), 401);
        expectStatus(await docs.http.get(path).set('x-access-token', token), 200);
        expectStatus(await docs.http.get(path).set('Cookie', `other=1; token=${encodeURIComponent(token)}`), 200);
      }
      expect(expectStatus(await docs.http.get('/api/docs-json').set('x-access-token', token), 200).body.openapi).toMatch(/^3\./);
    } finally {
      await docs.close();
    }
  });

  it('off: 404 for everyone', async () => {
    const docs = await startTestApp({ env: { API_DOCS: 'off' } });
    try {
      const token = await login(docs.http, ADMIN_EMAIL, ADMIN_PASSWORD);
      for (const path of ['/api/docs-json', '/api/docs/']) expectStatus(await docs.http.get(path).set('x-access-token', token), 404);
    } finally {
      await docs.close();
    }
  });
});
