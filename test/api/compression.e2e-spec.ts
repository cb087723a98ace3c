import { as, type Client, login } from '../support/api';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type TestApp } from '../support/test-app';

/**
 * The API's answers compressed (src/common/http/compression.ts): JSON, the OpenAPI document and
 * the Swagger UI's files go gzip or brotli to a client that accepts them; files sent as such (the
 * Excel exports, downloads) go as they are. The client's own files are precompressed by their
 * handler (static-serving.e2e-spec.ts).
 */

let t: TestApp;
let admin: Client;

/** The body as bytes, whatever its type (supertest parses only the types it knows). */
const rawBody = (test: ReturnType<TestApp['http']['get']>) =>
  test.buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (chunk: Buffer) => chunks.push(chunk));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  });

beforeAll(async () => {
  t = await startTestApp();
  admin = as(t.http, await login(t.http, ADMIN_EMAIL, ADMIN_PASSWORD));
});
afterAll(() => t?.close());

it('answers GET /api/docs-json gzip to a client that accepts gzip', async () => {
  const res = await t.http.get('/api/docs-json').set('Accept-Encoding', 'gzip');
  expect(res.status).toBe(200);
  expect(res.headers['content-encoding']).toBe('gzip');
  expect(res.headers['vary']).toMatch(/Accept-Encoding/i);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  // Decoded from gzip by the client (it would fail on anything else), the document.
  expect(res.body.openapi).toMatch(/^3\./);
  // Streamed compressed: no length of the uncompressed document.
  expect(res.headers['content-length']).toBeUndefined();
});

it('sends brotli when accepted, and as it is to a client that accepts no compression', async () => {
  expect((await t.http.get('/api/docs-json').set('Accept-Encoding', 'br')).headers['content-encoding']).toBe('br');
  const plain = await t.http.get('/api/docs-json').set('Accept-Encoding', 'identity');
  expect(plain.status).toBe(200);
  expect(plain.headers['content-encoding']).toBeUndefined();
});

it("compresses the API's JSON answers and the Swagger UI's files", async () => {
  const areas = await admin.get('/api/accessProfiles/systemAreas').set('Accept-Encoding', 'gzip');
  expect(areas.status).toBe(200);
  expect(areas.headers['content-encoding']).toBe('gzip');
  expect(areas.body.listData.length).toBeGreaterThan(5);

  const page = await t.http.get('/api/docs').set('Accept-Encoding', 'gzip');
  const script = [...page.text.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]).find((src) => src.includes('swagger-ui-bundle'))!;
  const bundle = await t.http.get(new URL(script, 'http://x/api/docs').pathname).set('Accept-Encoding', 'gzip');
  expect(bundle.status).toBe(200);
  expect(bundle.headers['content-type']).toMatch(/javascript/);
  expect(bundle.headers['content-encoding']).toBe('gzip');
});

it('sends an Excel export as it is, with its length', async () => {
  const res = await rawBody(admin.get('/api/stores/excel').set('Accept-Encoding', 'gzip, br'));
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toMatch(/spreadsheetml/);
  expect(res.headers['content-encoding']).toBeUndefined();
  // An xlsx is a zip: it starts PK.
  expect((res.body as Buffer).subarray(0, 2).toString()).toBe('PK');
});
