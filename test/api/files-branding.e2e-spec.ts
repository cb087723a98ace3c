import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Test } from 'supertest';
import { StoredFile } from '../../src/modules/files/entities/stored-file.entity';
import { as, binary, Client, createUser, expectFailure, expectStatus, login, Row, TestUser } from '../support/api';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, TestApp } from '../support/test-app';
import { ico, JPEG, pdf, png, pngChunk, storedZip, SVG } from './files-fixtures';

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

function uploadBranding(client: Client, name: string, content: Buffer, filename: string, contentType = 'application/octet-stream'): Test {
  return client.post(`/api/file/customisation/${name}`).attach('file', content, { filename, contentType });
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
    expectStatus(await uploadBranding(admin, 'logo', JPEG, 'logo.jpg'), 201);
    const { res, body } = await fetchImage('logo');
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers.etag).not.toBe(etag);
    expect(body.equals(JPEG)).toBe(true);
    // A file opened on its own cannot run anything.
    expect(res.headers['content-security-policy']).toContain('sandbox');
    expect((await fetchImage('logo', { 'If-None-Match': etag })).res.status).toBe(200);
    const rows = await customisationFiles('logo');
    expect(rows).toHaveLength(1);
    expect(rows[0].fileID).not.toBe(old.fileID);
    expect(existsSync(join(t.config.filesDir, old.storedName))).toBe(false);
    expect(existsSync(join(t.config.filesDir, rows[0].storedName))).toBe(true);
  });

  it('refuses what is not png or jpeg (an SVG neither) and keeps the current one', async () => {
    const before = await fetchImage('logo');
    for (const [content, name] of [
      [pdf(), 'logo.png'],
      [ico(), 'logo.ico'],
      [Buffer.from('<html><body>logo</body></html>'), 'logo.svg'],
      [SVG, 'logo.svg'],
    ] as const) {
      const result = expectFailure(await uploadBranding(admin, 'logo', content, name));
      expect(result.failSummary).toMatch(/^The file must be a PNG image or a JPEG image; its content is/);
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
    for (const [content, name] of [
      [png(), 'bg.png'],
      [SVG, 'bg.svg'],
    ] as const) {
      const result = expectFailure(await uploadBranding(admin, 'loginBackground', content, name));
      expect(result.failSummary).toMatch(/^The file must be a JPEG image/);
    }
    expectStatus(await uploadBranding(admin, 'loginBackground', JPEG, 'background.jpg'), 201);
    const { res, body } = await fetchImage('loginBackground');
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(body.equals(JPEG)).toBe(true);
  });

  it('the login logo takes png or jpeg, not svg', async () => {
    expect(expectFailure(await uploadBranding(admin, 'loginLogo', SVG, 'login-logo.svg')).failMessages.file).toBe(
      'The file must be a PNG image or a JPEG image; its content is an SVG image',
    );
    for (const [content, type] of [
      [JPEG, 'image/jpeg'],
      [png(), 'image/png'],
    ] as const) {
      expectStatus(await uploadBranding(admin, 'loginLogo', content, 'login-logo'), 201);
      const { res, body } = await fetchImage('loginLogo');
      expect(res.headers['content-type']).toBe(type);
      expect(body.equals(content)).toBe(true);
    }
    expect(await customisationFiles('loginLogo')).toHaveLength(1);
  });

  it('the favicon takes ico or png, not svg, and answers at /api/file/favicon.ico', async () => {
    expectFailure(await uploadBranding(admin, 'favicon', JPEG, 'favicon.jpg'));
    expect(expectFailure(await uploadBranding(admin, 'favicon', SVG, 'favicon.svg')).failSummary).toBe(
      'The file must be an ICO icon or a PNG image; its content is an SVG image',
    );
    const icon = ico();
    expectStatus(await uploadBranding(admin, 'favicon', icon, 'favicon.ico'), 201);
    const { res, body } = await fetchImage('favicon.ico');
    expectStatus(res, 200);
    expect(res.headers['content-type']).toBe('image/x-icon');
    expect(body.equals(icon)).toBe(true);
    expect((await fetchImage('favicon.ico', { 'If-None-Match': res.headers.etag })).res.status).toBe(304);
    expect((await fetchImage('noCache/favicon.ico')).res.headers['cache-control']).toBe('no-store');
    // /api/file/favicon is the same image under its other name, and resets it as well.
    expect((await fetchImage('favicon')).body.equals(icon)).toBe(true);
    expectStatus(await admin.delete('/api/file/favicon'), 200);
    expectFailure(await t.http.get('/api/file/favicon.ico'), 404);
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

describe('what a branding image may be (issue 28): one kind, named as it is, within 8,000 x 8,000 px and 40 megapixels', () => {
  /** A PNG whose header declares width x height (pixels that are never there: nothing decodes them here). */
  function pngDeclaring(width: number, height: number): Buffer {
    const real = png(2, 2);
    const header = Buffer.alloc(13);
    real.copy(header, 0, 16, 29);
    header.writeUInt32BE(width, 0);
    header.writeUInt32BE(height, 4);
    return Buffer.concat([real.subarray(0, 8), pngChunk('IHDR', header), real.subarray(33)]);
  }

  /** A PNG with a chunk of `type` holding `text` before its image data. */
  function pngWith(type: string, text: string): Buffer {
    const real = png(16, 16);
    return Buffer.concat([real.subarray(0, 33), pngChunk(type, Buffer.from(text, 'latin1')), real.subarray(33)]);
  }

  /** The JPEG fixture with a comment segment holding `text` after its start. */
  function jpegWithComment(text: string): Buffer {
    const body = Buffer.from(text, 'latin1');
    const head = Buffer.from([0xff, 0xfe, 0, 0]);
    head.writeUInt16BE(body.length + 2, 2);
    return Buffer.concat([JPEG.subarray(0, 2), head, body, JPEG.subarray(2)]);
  }

  /** Uploads and expects a 400 on the file field, with nothing kept: the message. */
  async function refused(name: string, content: Buffer, filename: string, contentType?: string): Promise<string> {
    const before = await t.tableCounts();
    const versions = expectStatus(await t.http.get('/api/file/branding'), 200).body.data;
    const result = expectFailure(await uploadBranding(admin, name, content, filename, contentType));
    expect(Object.keys(result.failMessages)).toEqual(['file']);
    expect(result.failSummary).toBe(result.failMessages.file);
    expect(await t.tableCounts()).toEqual(before);
    expect(expectStatus(await t.http.get('/api/file/branding'), 200).body.data).toEqual(versions);
    return result.failMessages.file;
  }

  it('a PNG declaring 100,000 x 100,000 px is refused as the logo, nothing stored; so are 8,001 px a side and more than 40 megapixels', async () => {
    expect(await refused('logo', pngDeclaring(100_000, 100_000), 'logo.png')).toBe(
      'The image is 100000 × 100000 pixels; it may be at most 8000 × 8000 pixels and 40 megapixels in all, so make it smaller and upload it again',
    );
    expect(await refused('loginLogo', pngDeclaring(8_001, 10), 'logo.png')).toMatch(/^The image is 8001 × 10 pixels; it may be at most 8000 × 8000/);
    expect(await refused('favicon', pngDeclaring(7_000, 7_000), 'favicon.png')).toMatch(/^The image is 7000 × 7000 pixels/);
    // At the limits: kept.
    expectStatus(await uploadBranding(admin, 'logo', pngDeclaring(8_000, 5_000), 'logo.png'), 201);
    expectStatus(await admin.delete('/api/file/logo'), 200);
  });

  it('an SVG, with a script or without, is refused for every image', async () => {
    const scripted = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(document.cookie)</script><rect width="10" height="10"/></svg>',
    );
    for (const name of ['logo', 'loginLogo', 'favicon']) {
      expect(await refused(name, scripted, 'logo.svg', 'image/svg+xml')).toMatch(/its content is an SVG image$/);
      expect(await refused(name, SVG, 'logo.svg', 'image/svg+xml')).toMatch(/its content is an SVG image$/);
    }
    expect(await refused('loginBackground', scripted, 'bg.svg')).toBe('The file must be a JPEG image; its content is an SVG image');
  });

  it('a polyglot is refused: an image that is also a ZIP, a PDF, a web page or a script, or has data after its end', async () => {
    const zipAfter = Buffer.concat([png(16, 16), storedZip({ 'index.html': '<script>alert(1)</script>' })]);
    expect(await refused('logo', zipAfter, 'logo.png')).toBe(
      'The file is a PNG image but also a ZIP archive; a file must be one kind only, so open it in an image editor, save or export it again as a plain image, and upload that',
    );
    expect(await refused('logo', pngWith('tEXt', 'Comment\0<html><script>alert(1)</script></html>'), 'logo.png')).toMatch(
      /^The file is a PNG image but also holds web page or script code/,
    );
    expect(await refused('logo', pngWith('tEXt', 'Comment\0%PDF-1.4 1 0 obj'), 'logo.png')).toMatch(
      /^The file is a PNG image but also a PDF document; a file must be one kind only/,
    );
    expect(await refused('logo', Buffer.concat([png(16, 16), Buffer.from('<html><body onload="alert(1)">')]), 'logo.png')).toMatch(
      /^The file has more data after the end of its PNG image/,
    );
    expect(await refused('loginBackground', jpegWithComment('<svg onload=alert(1)>'), 'bg.jpg')).toMatch(
      /^The file is a JPEG image but also holds web page or script code/,
    );
    expect(await refused('loginBackground', Buffer.concat([JPEG, Buffer.from('<?php system($_GET[1]); ?>')]), 'bg.jpg')).toMatch(
      /^The file has more data after the end of its JPEG image/,
    );
  });

  it('a file whose name or declared type says another kind than its content is refused', async () => {
    expect(await refused('logo', JPEG, 'logo.png', 'image/png')).toBe(
      "The file's name ends in .png but its content is a JPEG image; upload a file whose name and content agree",
    );
    expect(await refused('logo', png(), 'logo.html', 'text/html')).toBe(
      "The file's name ends in .html but its content is a PNG image; upload a file whose name and content agree",
    );
    expect(await refused('logo', png(), 'logo.png', 'text/html')).toBe(
      'The file was sent as text/html but its content is a PNG image; upload a file whose type and content agree',
    );
  });

  it('a normal PNG, JPEG and ICO are still accepted, named and declared as browsers do', async () => {
    expectStatus(await uploadBranding(admin, 'logo', png(130, 48), 'logo.png', 'image/png'), 201);
    expectStatus(await uploadBranding(admin, 'loginLogo', JPEG, 'Login Logo.JPEG', 'image/jpeg'), 201);
    expectStatus(await uploadBranding(admin, 'loginBackground', JPEG, 'background.jpg', 'image/jpeg'), 201);
    expectStatus(await uploadBranding(admin, 'favicon', ico(), 'favicon.ico', 'image/vnd.microsoft.icon'), 201);
    expectStatus(await uploadBranding(admin, 'favicon', png(32, 32), 'favicon', 'application/octet-stream'), 201);
    const versions = expectStatus(await t.http.get('/api/file/branding'), 200).body.data;
    expect(Object.values(versions).every((v) => typeof v === 'string')).toBe(true);
    for (const name of NAMES) expectStatus(await admin.delete(`/api/file/${name}`), 200);
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
