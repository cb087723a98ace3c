import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join, relative } from 'node:path';
import type { Test } from 'supertest';
import { StoredFile } from '../../src/modules/files/entities/stored-file.entity';
import { as, binary, Client, createUser, expectFailure, expectStatus, login, Row, TestUser } from '../support/api';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, TestApp } from '../support/test-app';
import { DOCX_LIKE_ZIP, EXECUTABLE, ico, JPEG, pdf, png, SVG, TEXT, xlsx } from './files-fixtures';

/**
 * POST /api/file/{library}/{type}, GET /api/file/{id} and /download (docs/http-api.md,
 * "Files and branding"; spec 02 sections 3 and 5): the kind is told from the content, the
 * limit is enforced while the body streams in, each library has its area, and a refused
 * upload leaves nothing on disk or in the database.
 */

const LIMIT = 52_428_800;
const PDF_TYPE = 'application/pdf';
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

let t: TestApp;
let admin: Client;
let XLSX: Buffer;
/** One user per area that owns a library, plus one with none. */
let users: Record<'none' | 'systemSetup' | 'userSetup' | 'recs' | 'announce' | 'sales', TestUser>;

beforeAll(async () => {
  t = await startTestApp({ listen: true });
  admin = as(t.http, await login(t.http, ADMIN_EMAIL, ADMIN_PASSWORD));
  XLSX = await xlsx();
  users = {
    none: await createUser(t.http, admin, { areas: [] }),
    systemSetup: await createUser(t.http, admin, { areas: ['SystemSetup'] }),
    userSetup: await createUser(t.http, admin, { areas: ['UserSetup'] }),
    recs: await createUser(t.http, admin, { areas: ['RevenueReconciliation'] }),
    announce: await createUser(t.http, admin, { areas: ['Announce'] }),
    sales: await createUser(t.http, admin, { areas: ['RecordSales'] }),
  };
});
afterAll(() => t?.close());

function upload(client: Client, path: string, content: Buffer, filename: string, contentType = 'application/octet-stream', field = 'file'): Test {
  return client.post(`/api/file/${path}`).attach(field, content, { filename, contentType });
}

/** Every file under FILES_DIR (partial uploads included), relative to it. */
function filesOnDisk(dir = t.config.filesDir): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesOnDisk(path) : [relative(t.config.filesDir, path)];
  });
}

async function stored(): Promise<{ rows: number; files: string[] }> {
  return { rows: await t.dataSource.getRepository(StoredFile).count(), files: filesOnDisk().sort() };
}

/** The upload is refused with `status` and a validationResult, and nothing is kept anywhere. */
async function refusedUpload(send: () => Test | Promise<{ status: number; body: Row }>, status = 400): Promise<Row> {
  const before = await stored();
  const res = (await send()) as { status: number; body: Row; text?: string };
  expect({ status: res.status, body: res.body }).toEqual({
    status,
    body: expect.objectContaining({ validationResult: expect.objectContaining({ fail: true }) }),
  });
  expect(res.body.validationResult.failSummary).toEqual(expect.any(String));
  expect(await stored()).toEqual(before);
  return res.body.validationResult;
}

describe('each kind of file is accepted where its library and type take it', () => {
  const cases: Array<[string, keyof typeof users, () => Buffer, string, string]> = [
    ['rateCards/xlsx', 'systemSetup', () => XLSX, 'rates.xlsx', 'xlsx'],
    ['recSheets/xlsx', 'recs', () => XLSX, 'revenue.xlsx', 'xlsx'],
    ['announcements/pdf', 'announce', () => pdf(), 'notice.pdf', 'pdf'],
    ['announcements/xlsx', 'announce', () => XLSX, 'figures.xlsx', 'xlsx'],
    ['announcements/jpeg', 'announce', () => JPEG, 'photo.jpg', 'jpeg'],
    ['announcements/image', 'announce', () => png(), 'chart.png', 'png'],
    ['receipts/image', 'sales', () => JPEG, 'receipt.jpg', 'jpeg'],
    ['receipts/pdf', 'sales', () => pdf(), 'receipt.pdf', 'pdf'],
  ];

  it.each(cases)('%s by the library area', async (path, who, content, filename, kind) => {
    const before = await stored();
    const res = expectStatus(await upload(users[who].api, path, content(), filename), 201);
    expect(res.body.validationResult).toEqual({ fail: false });
    const [library, type] = path.split('/');
    expect(res.body.data).toEqual(expect.objectContaining({ fileID: expect.any(Number), library, type, kind, size: content().length, originalName: filename }));
    expect(res.body.data).not.toHaveProperty('storedName');
    const after = await stored();
    expect(after.rows).toBe(before.rows + 1);
    expect(after.files.length).toBe(before.files.length + 1);
    // The name on disk is the server's, never the client's.
    const added = after.files.filter((f) => !before.files.includes(f));
    expect(added[0]).toMatch(new RegExp(`^${library}/[0-9a-f-]{36}\\.\\w+$`));
  });

  it('the kind comes from the content: a PDF sent as image/png named "scan.png" is a PDF', async () => {
    const res = expectStatus(await upload(users.announce.api, 'announcements/pdf', pdf(), 'scan.png', 'image/png'), 201);
    expect(res.body.data).toEqual(expect.objectContaining({ kind: 'pdf', contentType: PDF_TYPE }));
  });

  it('a file of exactly the limit is accepted', async () => {
    const res = await streamUpload('announcements/pdf', users.announce.token, LIMIT);
    expect(res.status).toBe(201);
    expect((res.body.data as Row).size).toBe(LIMIT);
  });
});

describe('anything else is refused from its content, and nothing is kept', () => {
  it.each([
    ['a renamed executable', EXECUTABLE, 'setup.pdf', PDF_TYPE, 'announcements/pdf'],
    ['a text file named .pdf', TEXT, 'notes.pdf', PDF_TYPE, 'announcements/pdf'],
    ['a text file named .xlsx', TEXT, 'notes.xlsx', XLSX_TYPE, 'rateCards/xlsx'],
    ['a text file named .jpg', TEXT, 'notes.jpg', 'image/jpeg', 'announcements/jpeg'],
    ['a renamed executable named .xlsx', EXECUTABLE, 'rates.xlsx', XLSX_TYPE, 'rateCards/xlsx'],
    ['a zip that is not a workbook', DOCX_LIKE_ZIP, 'letter.xlsx', XLSX_TYPE, 'recSheets/xlsx'],
    ['a PNG where a JPEG is asked for', png(), 'photo.jpg', 'image/jpeg', 'announcements/jpeg'],
    ['a PDF where a workbook is asked for', pdf(), 'rates.xlsx', XLSX_TYPE, 'rateCards/xlsx'],
    ['an SVG where an image is asked for', SVG, 'receipt.png', 'image/png', 'receipts/image'],
    ['an icon where a PDF is asked for', ico(), 'notice.pdf', PDF_TYPE, 'announcements/pdf'],
  ])('%s', async (_what, content, filename, contentType, path) => {
    const who = path.startsWith('rateCards')
      ? users.systemSetup
      : path.startsWith('recSheets')
        ? users.recs
        : path.startsWith('receipts')
          ? users.sales
          : users.announce;
    const result = await refusedUpload(() => upload(who.api, path, content, filename, contentType));
    expect(result.failMessages.file).toEqual(result.failSummary);
    expect(result.failSummary).toMatch(/^The file must be /);
  });

  it('an empty file', async () => {
    const result = await refusedUpload(() => upload(users.announce.api, 'announcements/pdf', Buffer.alloc(0), 'empty.pdf', PDF_TYPE));
    expect(result.failSummary).toBe('The file is empty');
  });
});

describe('the upload limit (52428800 bytes) is enforced while the file streams in', () => {
  it("answers 400 'File is too large.' before the client has finished sending, and keeps nothing", async () => {
    const before = await stored();
    const total = LIMIT + 16 * 1024 * 1024;
    const res = await streamUpload('announcements/pdf', users.announce.token, total);
    expect(res.status).toBe(400);
    expect(res.body.validationResult).toEqual({ fail: true, failSummary: 'File is too large.', failMessages: { file: 'File is too large.' } });
    // The answer came while the rest of the body was still on its way.
    expect(res.sentWhenAnswered).toBeLessThan(total);
    expect(await stored()).toEqual(before);
  });

  it('one byte over the limit is too large', async () => {
    const before = await stored();
    const res = await streamUpload('announcements/pdf', users.announce.token, LIMIT + 1);
    expect(res.status).toBe(400);
    expect((res.body.validationResult as Row).failSummary).toBe('File is too large.');
    expect(await stored()).toEqual(before);
  });
});

/**
 * Sends a multipart body of one PDF-looking file of `size` bytes in 1 MB chunks with
 * chunked transfer encoding (so the server cannot know the size up front), and notes how
 * much had been sent when the answer arrived.
 */
async function streamUpload(path: string, token: string, size: number): Promise<{ status: number; body: Row; sentWhenAnswered: number }> {
  const boundary = `----retail${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const first = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(1024 * 1024 - 9, 0x20)]);
  const chunk = Buffer.alloc(1024 * 1024, 0x20);
  return new Promise((resolve, reject) => {
    let sent = 0;
    let sentWhenAnswered = -1;
    const req = httpRequest(`${t.baseUrl}/api/file/${path}`, {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-access-token': token },
    });
    req.on('response', (res) => {
      sentWhenAnswered = sent;
      const parts: Buffer[] = [];
      res.on('data', (part: Buffer) => parts.push(part));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(parts).toString('utf8')), sentWhenAnswered }));
    });
    req.on('error', (error) => (sentWhenAnswered < 0 ? reject(error) : undefined));
    const write = (data: Buffer) =>
      new Promise<void>((done) => {
        sent += data.length;
        if (req.write(data)) done();
        else req.once('drain', done);
      });
    void (async () => {
      await write(head);
      let left = size;
      for (let i = 0; left > 0 && !req.destroyed; i++) {
        const piece = (i === 0 ? first : chunk).subarray(0, Math.min(left, chunk.length));
        left -= piece.length;
        await write(piece);
      }
      if (!req.destroyed) req.end(tail);
    })();
  });
}

describe('malformed or wrong requests are 400, never 500, and keep nothing', () => {
  const api = () => users.announce.api;

  it('not multipart at all (JSON)', async () => {
    await refusedUpload(() => api().post('/api/file/announcements/pdf', { file: 'JVBERi0=' }));
  });

  it('multipart without a boundary', async () => {
    await refusedUpload(() => api().post('/api/file/announcements/pdf').set('Content-Type', 'multipart/form-data').send('--x\r\n'));
  });

  it('a body that is not multipart for its boundary', async () => {
    await refusedUpload(() => api().post('/api/file/announcements/pdf').set('Content-Type', 'multipart/form-data; boundary=abc').send('this is not a form'));
  });

  it('a body cut off in the middle of the file', async () => {
    const body = '--abc\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.4 and then nothing';
    await refusedUpload(() => api().post('/api/file/announcements/pdf').set('Content-Type', 'multipart/form-data; boundary=abc').send(body));
  });

  it('a malformed part header', async () => {
    const body = '--abc\r\nContent-Disposition form-data name file\r\nGarbage\r\n\r\n%PDF-1.4\r\n--abc--\r\n';
    await refusedUpload(() => api().post('/api/file/announcements/pdf').set('Content-Type', 'multipart/form-data; boundary=abc').send(body));
  });

  it('no file field (only text fields)', async () => {
    const result = await refusedUpload(() => api().post('/api/file/announcements/pdf').field('name', 'notice.pdf'));
    expect(result.failSummary).toMatch(/Choose a file/);
  });

  it('the file in another field', async () => {
    await refusedUpload(() => upload(api(), 'announcements/pdf', pdf(), 'notice.pdf', PDF_TYPE, 'upload'));
  });

  it('two files', async () => {
    const result = await refusedUpload(() =>
      api()
        .post('/api/file/announcements/pdf')
        .attach('file', pdf('one'), { filename: 'one.pdf', contentType: PDF_TYPE })
        .attach('file', pdf('two'), { filename: 'two.pdf', contentType: PDF_TYPE }),
    );
    expect(result.failSummary).toBe('Send one file only');
  });

  it('an unknown library', async () => {
    const result = await refusedUpload(() => upload(api(), 'secrets/pdf', pdf(), 'a.pdf', PDF_TYPE));
    expect(result.failMessages).toHaveProperty('library');
  });

  it('a type the library does not take', async () => {
    const result = await refusedUpload(() => upload(users.systemSetup.api, 'rateCards/pdf', pdf(), 'a.pdf', PDF_TYPE));
    expect(result.failMessages).toHaveProperty('type');
    await refusedUpload(() => upload(api(), 'announcements/exe', EXECUTABLE, 'a.exe'));
    await refusedUpload(() => upload(api(), 'announcements/__proto__', pdf(), 'a.pdf', PDF_TYPE));
  });
});

describe('each library needs its area to upload (403 before the body is read)', () => {
  const cases: Array<[string, () => Buffer, Array<keyof typeof users>]> = [
    ['customisation/logo', () => png(), ['userSetup']],
    ['rateCards/xlsx', () => XLSX, ['systemSetup']],
    ['recSheets/xlsx', () => XLSX, ['recs']],
    ['announcements/pdf', () => pdf(), ['announce']],
    ['receipts/jpeg', () => JPEG, ['sales']],
  ];

  it.each(cases)('%s', async (path, content, allowed) => {
    for (const who of Object.keys(users) as Array<keyof typeof users>) {
      if (allowed.includes(who)) continue;
      await refusedUpload(() => upload(users[who].api, path, content(), 'x'), 403);
    }
  });

  it('without a token', async () => {
    await refusedUpload(() => t.http.post('/api/file/announcements/pdf').attach('file', pdf(), 'a.pdf'), 403);
  });
});

describe('GET /api/file/{id} and /api/file/{id}/download', () => {
  let notice: Row;
  let rates: Row;
  const content = pdf('Notice');

  beforeAll(async () => {
    notice = expectStatus(await upload(users.announce.api, 'announcements/pdf', content, 'Überweisung "März" 2025.pdf', PDF_TYPE), 201).body.data;
    rates = expectStatus(await upload(users.systemSetup.api, 'rateCards/xlsx', XLSX, 'C:\\Users\\me\\rates.xlsx', XLSX_TYPE), 201).body.data;
  });

  it('the metadata, for the library area and SystemSetup', async () => {
    for (const who of [users.announce, users.systemSetup]) {
      const res = expectStatus(await who.api.get(`/api/file/${notice.fileID}`), 200);
      expect(res.body.data).toEqual({
        fileID: notice.fileID,
        library: 'announcements',
        type: 'pdf',
        kind: 'pdf',
        contentType: PDF_TYPE,
        size: content.length,
        originalName: 'Überweisung "März" 2025.pdf',
        createdByUserName: users.announce.data.name,
        createdDate: expect.any(String),
      });
    }
  });

  it('a client path is cut to the file name', async () => {
    expect(rates.originalName).toBe('rates.xlsx');
    const traversal = expectStatus(await upload(users.announce.api, 'announcements/pdf', pdf(), '../../../etc/passwd.pdf', PDF_TYPE), 201);
    expect(traversal.body.data.originalName).toBe('passwd.pdf');
    expect(filesOnDisk().some((f) => f.includes('passwd'))).toBe(false);
  });

  it('downloads with ?token= as an attachment under the original name', async () => {
    const { res, body } = await binary(t.http.get(`/api/file/${notice.fileID}/download?token=${users.announce.token}`));
    expectStatus(res, 200);
    expect(body.equals(content)).toBe(true);
    expect(res.headers['content-type']).toBe(PDF_TYPE);
    expect(res.headers['content-length']).toBe(String(content.length));
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="_berweisung _M_rz_ 2025.pdf"; filename*=UTF-8''%C3%9Cberweisung%20%22M%C3%A4rz%22%202025.pdf`,
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('downloads with the header too, and SystemSetup downloads every library', async () => {
    const { res, body } = await binary(users.systemSetup.api.get(`/api/file/${notice.fileID}/download`));
    expectStatus(res, 200);
    expect(body.equals(content)).toBe(true);
    const workbook = await binary(t.http.get(`/api/file/${rates.fileID}/download?token=${users.systemSetup.token}`));
    expect(workbook.body.equals(XLSX)).toBe(true);
  });

  it('without a token, or without the area, is a 403', async () => {
    expectFailure(await t.http.get(`/api/file/${notice.fileID}/download`), 403);
    expectFailure(await t.http.get(`/api/file/${notice.fileID}/download?token=not-a-token`), 403);
    expectFailure(await t.http.get(`/api/file/${notice.fileID}`), 403);
    for (const who of [users.none, users.recs, users.sales, users.userSetup]) {
      expectFailure(await t.http.get(`/api/file/${notice.fileID}/download?token=${who.token}`), 403);
      expectFailure(await who.api.get(`/api/file/${notice.fileID}`), 403);
    }
    expectFailure(await users.announce.api.get(`/api/file/${rates.fileID}/download`), 403);
  });

  it('an unknown id is a 404; a non-numeric, zero or huge id a 400', async () => {
    expectFailure(await admin.get('/api/file/2147483000'), 404);
    expectFailure(await admin.get('/api/file/2147483000/download'), 404);
    for (const id of ['abc', '0', '-1', '1.5', '99999999999', '1e3', '%20']) {
      expectFailure(await admin.get(`/api/file/${id}`), 400);
      expectFailure(await admin.get(`/api/file/${id}/download`), 400);
    }
  });

  it('a record whose bytes are gone is a 404, not a 500', async () => {
    const file = expectStatus(await upload(users.announce.api, 'announcements/pdf', pdf(), 'gone.pdf', PDF_TYPE), 201).body.data;
    const row = await t.dataSource.getRepository(StoredFile).findOneByOrFail({ fileID: file.fileID });
    const { unlinkSync } = await import('node:fs');
    unlinkSync(join(t.config.filesDir, row.storedName));
    expectFailure(await users.announce.api.get(`/api/file/${file.fileID}/download`), 404);
  });
});
