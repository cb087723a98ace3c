import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Test } from 'supertest';
import { StoredFile } from '../../src/modules/files/entities/stored-file.entity';
import { as, binary, Client, createUser, expectFailure, expectStatus, login, Row, TestUser } from '../support/api';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, TestApp } from '../support/test-app';
import { ico, JPEG, pdf, png, SVG } from './files-fixtures';

/**
 * The branding images (spec 02 section 2.6, Customisation; docs/http-api.md): uploaded by
 * UserSetup, served publicly with an ETag (304 when unchanged, 404 when none is set),
 * previewed without caching, reset back to none. And GET /api/about (section 2.7).
 */

let t: TestApp;
let admin: Client;
let userSetup: TestUser;
let systemSetup: TestUser;
let plain: TestUser;

beforeAll(async () => {
  t = await startTestApp({ env: { SUPPORT_EMAIL: 'help@shop.example', SUPPORT_TELEPHONE: '0161 496 0000', LICENCE: 'LIC-42', LICENCE_NAME: 'Shop Ltd' } });
  admin = as(t.http, await login(t.http, ADMIN_EMAIL, ADMIN_PASSWORD));
  userSetup = await createUser(t.http, admin, { areas: ['UserSetup'] });
  systemSetup = await createUser(t.http, admin, { areas: ['SystemSetup'] });
  plain = await createUser(t.http, admin, { areas: [] });
});
afterAll(() => t?.close());

const NAMES = ['loginBackground', 'favicon.ico', 'logo', 'loginLogo'];

function uploadBranding(client: Client, name: string, content: Buffer, filename: string): Test {
  return client.post(`/api/file/customisation/${name}`).attach('file', content, { filename, contentType: 'application/octet-stream' });
}

/** The public answer for a branding name, as bytes. */
async function fetchImage(path: string, headers: Record<string, string> = {}) {
  let test = t.http.get(`/api/file/${path}`);
  for (const [name, value] of Object.entries(headers)) test = test.set(name, value);
  return binary(test);
}

async function customisationFiles(type: string): Promise<StoredFile[]> {
  return t.dataSource.getRepository(StoredFile).findBy({ library: 'customisation', type });
}

describe('before anything is set', () => {
  it.each(NAMES)('GET /api/file/%s is a 404 with a validationResult, without a token', async (name) => {
    const res = await t.http.get(`/api/file/${name}`);
    expectFailure(res, 404);
    expectFailure(await t.http.get(`/api/file/noCache/${name}`), 404);
  });

  it('GET /api/file/branding says none is set, without a token', async () => {
    const res = expectStatus(await t.http.get('/api/file/branding'), 200);
    expect(res.body).toEqual({
      validationResult: { fail: false },
      data: { loginBackground: null, favicon: null, logo: null, loginLogo: null },
    });
  });

  it('the fixed names are not taken for file ids (no 400 "id must be a number")', async () => {
    const res = await t.http.get('/api/file/loginBackground');
    expect(res.status).toBe(404);
    expect(res.body.validationResult.failSummary).toBe('No loginBackground has been set');
  });

  it('an unknown name is a 400', async () => {
    expectFailure(await t.http.get('/api/file/noCache/banner'), 400);
    expectFailure(await uploadBranding(admin, 'banner', png(), 'banner.png'), 400);
    expectFailure(await uploadBranding(admin, 'favicon.ico', ico(), 'favicon.ico'), 400);
  });
});

describe('the logo', () => {
  const first = png(130, 48);
  let etag: string;

  it('is uploaded by UserSetup (201 with the file) and served to anyone with an ETag', async () => {
    const res = expectStatus(await uploadBranding(userSetup.api, 'logo', first, 'logo.png'), 201);
    expect(res.body.data).toEqual(expect.objectContaining({ library: 'customisation', type: 'logo', kind: 'png', size: first.length }));

    const { res: image, body } = await fetchImage('logo');
    expectStatus(image, 200);
    expect(body.equals(first)).toBe(true);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toBe('public, no-cache');
    expect(image.headers.etag).toMatch(/^"[0-9a-f]{64}"$/);
    etag = image.headers.etag;
    // The list of set images gives the logo's version: the SHA-256 its ETag quotes.
    const versions = expectStatus(await t.http.get('/api/file/branding'), 200).body.data;
    expect(versions).toEqual({ loginBackground: null, favicon: null, logo: etag.replace(/"/g, ''), loginLogo: null });
  });

  it('answers 304 with no body to a matching If-None-Match, and 200 to another', async () => {
    const { res, body } = await fetchImage('logo', { 'If-None-Match': etag });
    expect(res.status).toBe(304);
    expect(body.length).toBe(0);
    expect(res.headers.etag).toBe(etag);
    expect((await fetchImage('logo', { 'If-None-Match': `W/${etag}` })).res.status).toBe(304);
    expect((await fetchImage('logo', { 'If-None-Match': '"something-else", ' + etag })).res.status).toBe(304);
    expect((await fetchImage('logo', { 'If-None-Match': '"something-else"' })).res.status).toBe(200);
  });

  it('HEAD answers the headers only', async () => {
    const res = await t.http.head('/api/file/logo');
    expect(res.status).toBe(200);
    expect(res.headers.etag).toBe(etag);
    expect(res.headers['content-length']).toBe(String(first.length));
  });

  it('the preview (noCache) is the same image, never cached', async () => {
    const { res, body } = await fetchImage('noCache/logo');
    expectStatus(res, 200);
    expect(body.equals(first)).toBe(true);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('replacing it changes the ETag and deletes the old file from disk and table', async () => {
    const [old] = await customisationFiles('logo');
    expectStatus(await uploadBranding(admin, 'logo', SVG, 'logo.svg'), 201);
    const { res, body } = await fetchImage('logo');
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.headers.etag).not.toBe(etag);
    expect(body.equals(SVG)).toBe(true);
    // An SVG opened on its own cannot run anything.
    expect(res.headers['content-security-policy']).toContain('sandbox');
    expect((await fetchImage('logo', { 'If-None-Match': etag })).res.status).toBe(200);
    const rows = await customisationFiles('logo');
    expect(rows).toHaveLength(1);
    expect(rows[0].fileID).not.toBe(old.fileID);
    expect(existsSync(join(t.config.filesDir, old.storedName))).toBe(false);
    expect(existsSync(join(t.config.filesDir, rows[0].storedName))).toBe(true);
  });

  it('refuses what is not png, jpeg or svg and keeps the current one', async () => {
    const before = await fetchImage('logo');
    for (const [content, name] of [[pdf(), 'logo.png'], [ico(), 'logo.ico'], [Buffer.from('<html><body>logo</body></html>'), 'logo.svg']] as const) {
      const result = expectFailure(await uploadBranding(admin, 'logo', content, name));
      expect(result.failSummary).toMatch(/^The file must be a PNG image, a JPEG image or an SVG image/);
    }
    const after = await fetchImage('logo');
    expect(after.res.headers.etag).toBe(before.res.headers.etag);
    expect(await customisationFiles('logo')).toHaveLength(1);
  });

  it('is reset by UserSetup: 404 again, file gone', async () => {
    const [current] = await customisationFiles('logo');
    const res = expectStatus(await userSetup.api.delete('/api/file/logo'), 200);
    expect(res.body).toEqual({ validationResult: { fail: false }, data: { name: 'logo' } });
    expectFailure(await t.http.get('/api/file/logo'), 404);
    expectFailure(await t.http.get('/api/file/noCache/logo'), 404);
    expect(await customisationFiles('logo')).toHaveLength(0);
    expect(existsSync(join(t.config.filesDir, current.storedName))).toBe(false);
    expect(expectStatus(await t.http.get('/api/file/branding'), 200).body.data.logo).toBeNull();
    // Resetting what is not set is fine.
    expectStatus(await userSetup.api.delete('/api/file/logo'), 200);
  });
});

describe('the login background, login logo and favicon', () => {
  it('the login background takes a JPEG only', async () => {
    for (const [content, name] of [[png(), 'bg.png'], [SVG, 'bg.svg']] as const) {
      const result = expectFailure(await uploadBranding(admin, 'loginBackground', content, name));
      expect(result.failSummary).toMatch(/^The file must be a JPEG image/);
    }
    expectStatus(await uploadBranding(admin, 'loginBackground', JPEG, 'background.jpg'), 201);
    const { res, body } = await fetchImage('loginBackground');
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(body.equals(JPEG)).toBe(true);
  });

  it('the login logo takes png, jpeg or svg', async () => {
    for (const [content, type] of [[JPEG, 'image/jpeg'], [SVG, 'image/svg+xml'], [png(), 'image/png']] as const) {
      expectStatus(await uploadBranding(admin, 'loginLogo', content, 'login-logo'), 201);
      const { res, body } = await fetchImage('loginLogo');
      expect(res.headers['content-type']).toBe(type);
      expect(body.equals(content)).toBe(true);
    }
    expect(await customisationFiles('loginLogo')).toHaveLength(1);
  });

  it('the favicon takes ico, png or svg and answers at /api/file/favicon.ico', async () => {
    expectFailure(await uploadBranding(admin, 'favicon', JPEG, 'favicon.jpg'));
    const icon = ico();
    expectStatus(await uploadBranding(admin, 'favicon', icon, 'favicon.ico'), 201);
    const { res, body } = await fetchImage('favicon.ico');
    expectStatus(res, 200);
    expect(res.headers['content-type']).toBe('image/x-icon');
    expect(body.equals(icon)).toBe(true);
    expect((await fetchImage('favicon.ico', { 'If-None-Match': res.headers.etag })).res.status).toBe(304);
    expect((await fetchImage('noCache/favicon.ico')).res.headers['cache-control']).toBe('no-store');
  });

  it('each reset clears only its own image', async () => {
    expectStatus(await admin.delete('/api/file/favicon.ico'), 200);
    expectFailure(await t.http.get('/api/file/favicon.ico'), 404);
    expectStatus((await fetchImage('loginBackground')).res, 200);
    expectStatus(await admin.delete('/api/file/loginBackground'), 200);
    expectFailure(await t.http.get('/api/file/loginBackground'), 404);
    expectStatus((await fetchImage('loginLogo')).res, 200);
    expectStatus(await admin.delete('/api/file/loginLogo'), 200);
    expectFailure(await t.http.get('/api/file/loginLogo'), 404);
    expect(await customisationFiles('favicon')).toHaveLength(0);
  });
});

describe('only UserSetup changes branding', () => {
  it.each([
    ['SystemSetup', () => systemSetup],
    ['no areas', () => plain],
  ])('a user with %s gets 403 uploading or resetting', async (_what, who) => {
    const before = await t.dataSource.getRepository(StoredFile).count();
    for (const name of ['loginBackground', 'favicon', 'logo', 'loginLogo']) {
      expectFailure(await uploadBranding(who().api, name, name === 'loginBackground' ? JPEG : png(), 'x'), 403);
    }
    for (const name of NAMES) expectFailure(await who().api.delete(`/api/file/${name}`), 403);
    expect(await t.dataSource.getRepository(StoredFile).count()).toBe(before);
  });

  it('without a token: 403 to upload or reset', async () => {
    expectFailure(await t.http.post('/api/file/customisation/logo').attach('file', png(), 'logo.png'), 403);
    expectFailure(await t.http.delete('/api/file/logo'), 403);
  });

  it('SystemSetup may still read a branding file by id (every library)', async () => {
    const file: Row = expectStatus(await uploadBranding(userSetup.api, 'logo', png(), 'logo.png'), 201).body.data;
    expectStatus(await systemSetup.api.get(`/api/file/${file.fileID}`), 200);
    expectStatus((await binary(t.http.get(`/api/file/${file.fileID}/download?token=${userSetup.token}`))).res, 200);
    expectFailure(await plain.api.get(`/api/file/${file.fileID}`), 403);
    expectStatus(await admin.delete('/api/file/logo'), 200);
  });
});

describe('GET /api/about', () => {
  it('answers the licence and support details from configuration to any signed-in user', async () => {
    const res = expectStatus(await plain.api.get('/api/about'), 200);
    expect(res.body).toEqual({
      data: {
        appName: 'Retail Back Office',
        licence: 'LIC-42',
        licenceName: 'Shop Ltd',
        supportEmail: 'help@shop.example',
        supportTelephone: '0161 496 0000',
        supportHours: 'Monday to Friday, 9am to 5pm (UK time), except bank holidays',
      },
      validationResult: { fail: false },
    });
  });

  it('needs a token', async () => {
    expectFailure(await t.http.get('/api/about'), 403);
  });
});
