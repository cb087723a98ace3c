import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { ModulesContainer } from '@nestjs/core';
import type { Test } from 'supertest';
import { DOWNLOAD_ROUTE } from '../../src/common/auth/decorators';
import { FilesService } from '../../src/modules/files/files.service';
import {
  MAX_PREFERENCE_CHARACTERS_PER_USER,
  MAX_PREFERENCE_LENGTH,
  MAX_PREFERENCES_PER_USER,
} from '../../src/modules/users/preferences/user-preferences.service';
import { UserPreference } from '../../src/modules/users/entities/user-preference.entity';
import {
  as,
  binary,
  Client,
  createAccessProfile,
  createSaleType,
  createStore,
  createStoreType,
  createUser,
  expectFailure,
  expectStatus,
  login,
  Row,
  TestUser,
  unique,
} from '../support/api';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, TestApp } from '../support/test-app';
import { JPEG, pdf } from './files-fixtures';

/**
 * Issue 8, "Scope and contract": receipts are the uploader's (and SystemSetup's) until a sale
 * uses them; ?token= only on declared downloads; prototype names are unknown names in queries
 * and bodies; preferences have limits.
 */

let t: TestApp;
let admin: Client;
let store: Row;
let storeType: Row;

beforeAll(async () => {
  t = await startTestApp();
  admin = as(t.http, await login(t.http, ADMIN_EMAIL, ADMIN_PASSWORD));
  storeType = await createStoreType(admin);
  store = await createStore(admin, { storeTypeID: storeType.storeTypeID });
});
afterAll(() => t?.close());

function upload(client: Client, path: string, content: Buffer, filename: string): Test {
  return client.post(`/api/file/${path}`).attach('file', content, { filename, contentType: 'application/octet-stream' });
}

describe('receipts: the uploader, SystemSetup, and whoever the sales module grants', () => {
  let uploader: TestUser;
  let sameStoreSeller: TestUser;
  let updater: TestUser;
  let nobody: TestUser;
  let systemSetup: TestUser;
  let receipt: Row;
  let second: Row;

  beforeAll(async () => {
    const sellers = await createAccessProfile(admin, { areas: ['RecordSales'], storeIDs: [store.storeID] });
    uploader = await createUser(t.http, admin, { accessProfileID: sellers.accessProfileID });
    sameStoreSeller = await createUser(t.http, admin, { accessProfileID: sellers.accessProfileID });
    updater = await createUser(t.http, admin, { areas: ['UpdateSales'], storeIDs: [store.storeID] });
    nobody = await createUser(t.http, admin, { areas: [] });
    systemSetup = await createUser(t.http, admin, { areas: ['SystemSetup'] });
    receipt = expectStatus(await upload(uploader.api, 'receipts/image', JPEG, 'receipt.jpg'), 201).body.data;
    second = expectStatus(await upload(sameStoreSeller.api, 'receipts/pdf', pdf('Receipt'), 'receipt.pdf'), 201).body.data;
  });

  const calls = (user: TestUser, fileID: number) => [
    user.api.get(`/api/file/${fileID}`),
    t.http.get(`/api/file/${fileID}/download?token=${encodeURIComponent(user.token)}`),
    user.api.get(`/api/file/${fileID}/download`),
  ];

  it('the uploader reads their receipt, metadata and bytes', async () => {
    expect(expectStatus(await uploader.api.get(`/api/file/${receipt.fileID}`), 200).body.data.fileID).toBe(receipt.fileID);
    const { res, body } = await binary(t.http.get(`/api/file/${receipt.fileID}/download?token=${encodeURIComponent(uploader.token)}`));
    expectStatus(res, 200);
    expect(body.equals(JPEG)).toBe(true);
  });

  it('SystemSetup reads every receipt', async () => {
    for (const file of [receipt, second]) expectStatus(await systemSetup.api.get(`/api/file/${file.fileID}`), 200);
  });

  it('anyone else, whatever their sales areas and stores, finds no such file (404, as for an id that does not exist)', async () => {
    const missing = expectFailure(await uploader.api.get(`/api/file/${second.fileID + 1000}`), 404);
    for (const [user, file] of [
      [sameStoreSeller, receipt],
      [uploader, second],
      [updater, receipt],
      [nobody, receipt],
    ] as const) {
      for (const call of calls(user, file.fileID)) {
        const res = await call;
        expect(res.status).toBe(404);
        expect(res.body.validationResult).toEqual(missing);
      }
    }
  });

  it('a read grant (what the sales module supplies for receipts its sales use) opens it to more users', async () => {
    const files = t.app.get(FilesService);
    // Stands in for "a sale in a store the user can see uses this receipt".
    files.addReadGrant('receipts', async (file, user) => file.fileID === receipt.fileID && user.userID === sameStoreSeller.userID);
    expectStatus(await sameStoreSeller.api.get(`/api/file/${receipt.fileID}`), 200);
    expectStatus((await binary(sameStoreSeller.api.get(`/api/file/${receipt.fileID}/download`))).res, 200);
    expectFailure(await updater.api.get(`/api/file/${receipt.fileID}`), 404);
    expectFailure(await uploader.api.get(`/api/file/${second.fileID}`), 404);
  });

  it('other libraries keep their area rule (403 without it)', async () => {
    const announcer = await createUser(t.http, admin, { areas: ['Announce'] });
    const notice = expectStatus(await upload(announcer.api, 'announcements/pdf', pdf('Notice'), 'notice.pdf'), 201).body.data;
    const colleague = await createUser(t.http, admin, { areas: ['Announce'] });
    expectStatus(await colleague.api.get(`/api/file/${notice.fileID}`), 200);
    expectFailure(await uploader.api.get(`/api/file/${notice.fileID}`), 403);
  });
});

describe('?token= only on routes declared as downloads', () => {
  it('a preference named excel or download is not a download: 403 with ?token=, 200 with the header', async () => {
    const token = encodeURIComponent(admin.token);
    for (const name of ['excel', 'download']) {
      const path = `/api/user/userPreference/TableColumns/${name}`;
      expectStatus(await admin.put(path, { value: 'secret columns' }), 200);
      expectFailure(await t.http.get(`${path}?token=${token}`), 403);
      expectStatus(await admin.get(path), 200);
    }
    expectFailure(await t.http.get(`/api/user/userPreference/excel/excel?token=${token}`), 403);
  });

  it('every export and download still takes ?token= (list exports, list-only exports, file downloads)', async () => {
    const token = encodeURIComponent(admin.token);
    for (const path of ['/api/stores/excel', '/api/users/excel', '/api/discountStores/excel', '/api/rateCardLines/excel', '/api/accessProfiles/excel']) {
      const { res, body } = await binary(t.http.get(`${path}?token=${token}&fileName=Export`));
      expectStatus(res, 200);
      expect(body.subarray(0, 2).toString()).toBe('PK');
    }
    const file = expectStatus(await upload(admin, 'announcements/pdf', pdf('Download'), 'download.pdf'), 201).body.data;
    expectStatus((await binary(t.http.get(`/api/file/${file.fileID}/download?token=${token}`))).res, 200);
  });

  it('every GET route whose path ends in /excel or /download is declared @Download(), and only GETs are', () => {
    const undeclared: string[] = [];
    const declared: string[] = [];
    for (const module of t.app.get(ModulesContainer).values()) {
      for (const wrapper of module.controllers.values()) {
        const prototype = (wrapper.metatype as { prototype?: object } | undefined)?.prototype;
        if (!prototype) continue;
        for (const name of Object.getOwnPropertyNames(prototype)) {
          const handler = (prototype as Record<string, unknown>)[name];
          if (name === 'constructor' || typeof handler !== 'function') continue;
          const paths = [Reflect.getMetadata(PATH_METADATA, handler)].flat().filter((p): p is string => typeof p === 'string');
          const method = Reflect.getMetadata(METHOD_METADATA, handler);
          const isDownload = Reflect.getMetadata(DOWNLOAD_ROUTE, handler) === true;
          if (isDownload) declared.push(...paths);
          if (isDownload && method !== RequestMethod.GET) undeclared.push(`${name}: not a GET`);
          for (const path of paths) if (method === RequestMethod.GET && /\/(excel|download)$/.test(path) && !isDownload) undeclared.push(path);
        }
      }
    }
    expect(undeclared).toEqual([]);
    expect(declared).toEqual(expect.arrayContaining(['stores/excel', 'file/:fileID/download', 'discountStores/excel']));
  });
});

describe('prototype names are unknown names', () => {
  const lists = ['/api/stores', '/api/users', '/api/storeTypes', '/api/accessProfiles', '/api/discountStores'];

  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'])('sort=%s is a 400 on every list', async (name) => {
    for (const list of lists) {
      const result = expectFailure(await admin.get(`${list}?sort=${name}`));
      expect(result.failMessages.sort).toBe(`Cannot sort by ${name}`);
    }
  });

  // (`?__proto__=` never reaches the app: the query string parser drops it.)
  it.each(['constructor', 'toString', 'constructorGEQ', 'toStringLower', 'valueOfNot', 'isPrototypeOfLEQ'])(
    'a filter named %s is an unknown parameter',
    async (name) => {
      for (const list of lists) {
        const result = expectFailure(await admin.get(`${list}?${name}=1`));
        expect(result.failMessages[name]).toBe('Unknown parameter');
      }
    },
  );

  it('a boolean filter of a prototype name is a 400, not a filter', async () => {
    for (const value of ['toString', 'constructor', '__proto__', 'hasOwnProperty']) {
      expect(expectFailure(await admin.get(`/api/users?active=${value}`)).failMessages.active).toBe('Must be 0 or 1');
    }
  });

  it('fkJoins of a prototype name is a 400', async () => {
    for (const value of ['__proto__', 'constructor', 'toString', 'length']) {
      expect(expectFailure(await admin.get(`/api/accessProfiles?fkJoins=${value}`)).failMessages.fkJoins).toBe(`Unknown relation ${value}`);
    }
  });

  /** JSON text with one more key at the top (written raw: JSON.stringify would drop __proto__). */
  const withKey = (body: Row, key: string) => JSON.stringify(body).replace(/^\{/, `{"${key}": {"polluted": true}, `);

  it('a body key prototype, __proto__ or constructor is a 400 on every route, and nothing is written', async () => {
    const me = (await admin.get('/api/user/me')).body.data;
    const routes: Array<[string, string, () => Row]> = [
      ['post', '/api/storeType', () => ({ name: unique('Type') })],
      ['put', `/api/storeType/${storeType.storeTypeID}`, () => ({ name: unique('Type') })],
      ['post', '/api/store', () => ({ name: unique('Store'), storeTypeID: storeType.storeTypeID })],
      ['post', '/api/accessProfile', () => ({ name: unique('Profile'), systemAreas: '', storeIDs: [] })],
      ['put', `/api/user/${me.userID}`, () => ({ name: me.name })],
      ['put', '/api/user/userPreference/TableColumns/prototypes', () => ({ value: 'name' })],
      ['post', '/api/user/login', () => ({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD })],
    ];
    const before = await t.tableCounts();
    const name = (await admin.get(`/api/storeTypes?storeTypeID=${storeType.storeTypeID}`)).body.data.name;
    for (const [method, path, body] of routes) {
      for (const key of ['prototype', '__proto__', 'constructor']) {
        const res = await (method === 'post' ? admin.post(path) : admin.put(path)).set('Content-Type', 'application/json').send(withKey(body(), key));
        expect({ path, key, messages: expectFailure(res).failMessages }).toEqual({ path, key, messages: { [key]: `Unknown field ${key}` } });
      }
    }
    expect(await t.tableCounts()).toEqual(before);
    expect((await admin.get(`/api/storeTypes?storeTypeID=${storeType.storeTypeID}`)).body.data.name).toBe(name);
    expect((await admin.get('/api/user/userPreference/TableColumns/prototypes')).body.data.value).toBeNull();
    expect(({} as Row).polluted).toBeUndefined();
  });

  it('inside nested rows too (a discount store, an analysis list item)', async () => {
    const saleType = await createSaleType(admin, { storeIDs: [store.storeID] });
    const before = await t.tableCounts();
    const discount = {
      name: unique('Discount'),
      saleTypeID: saleType.saleTypeID,
      discountStores: [{ storeID: store.storeID, revenueReductionFixed: 5, prototype: 1 }],
    };
    expect(expectFailure(await admin.post('/api/discount', discount)).failMessages).toEqual({
      'discountStores.0.prototype': 'Unknown field discountStores.0.prototype',
    });
    const field = { name: unique('Field'), inputType: 'single', analysisListItems: [{ code: 'A', prototype: 'x' }], storeIDs: [store.storeID] };
    expect(Object.keys(expectFailure(await admin.post('/api/analysisField', field)).failMessages)).toEqual(['analysisListItems.0.prototype']);
    expect(await t.tableCounts()).toEqual(before);
  });
});

describe('preference limits', () => {
  const path = (name: string) => `/api/user/userPreference/Limits/${name}`;

  it(`a user keeps at most ${MAX_PREFERENCES_PER_USER} preferences: one more is a 400 and nothing is written; replacing one still works`, async () => {
    const user = await createUser(t.http, admin, { areas: [] });
    for (let i = 0; i < MAX_PREFERENCES_PER_USER; i++) expectStatus(await user.api.put(path(`p${i}`), { value: `v${i}` }), 200);
    const result = expectFailure(await user.api.put(path('oneTooMany'), { value: 'x' }));
    expect(result.failMessages.value).toBe(`A user can keep at most ${MAX_PREFERENCES_PER_USER} preferences`);
    expect((await user.api.get(path('oneTooMany'))).body.data.value).toBeNull();
    expectStatus(await user.api.put(path('p0'), { value: 'replaced' }), 200);
    expect((await user.api.get(path('p0'))).body.data.value).toBe('replaced');
    // Another user's count is their own.
    expectStatus(await admin.put(path('oneTooMany'), { value: 'x' }), 200);
  });

  it(`parallel saves of new names near the limit leave at most ${MAX_PREFERENCES_PER_USER} preferences`, async () => {
    const user = await createUser(t.http, admin, { areas: [] });
    const near = MAX_PREFERENCES_PER_USER - 20;
    for (let i = 0; i < near; i++) expectStatus(await user.api.put(path(`n${i}`), { value: 'v' }), 200);
    const answers = await Promise.all(Array.from({ length: 41 }, (_, i) => user.api.put(path(`parallel${i}`), { value: 'v' }).then((res) => res)));
    expect(answers.map((res) => res.status).sort()).toEqual([...Array(20).fill(200), ...Array(21).fill(400)]);
    for (const res of answers.filter((r) => r.status === 400)) {
      expect(res.body.validationResult.failMessages.value).toBe(`A user can keep at most ${MAX_PREFERENCES_PER_USER} preferences`);
    }
    expect(await t.dataSource.getRepository(UserPreference).countBy({ userID: user.userID })).toBe(MAX_PREFERENCES_PER_USER);
  });

  it(`a user's preferences hold at most ${MAX_PREFERENCE_CHARACTERS_PER_USER} characters in all`, async () => {
    const user = await createUser(t.http, admin, { areas: [] });
    const full = MAX_PREFERENCE_CHARACTERS_PER_USER / MAX_PREFERENCE_LENGTH;
    for (let i = 0; i < full; i++) expectStatus(await user.api.put(path(`big${i}`), { value: String(i % 10).repeat(MAX_PREFERENCE_LENGTH) }), 200);
    const result = expectFailure(await user.api.put(path('more'), { value: 'x' }));
    expect(result.failMessages.value).toMatch(/at most 200,000 characters in all/);
    expect((await user.api.get(path('more'))).body.data.value).toBeNull();
    // Replacing a value counts its new length, not both.
    expectStatus(await user.api.put(path('big0'), { value: 'y'.repeat(MAX_PREFERENCE_LENGTH) }), 200);
    expectFailure(await user.api.put(path('big1'), { value: 'y'.repeat(MAX_PREFERENCE_LENGTH + 1) }));
    expect((await user.api.get(path('big1'))).body.data.value).toBe('1'.repeat(MAX_PREFERENCE_LENGTH));
  });
});
