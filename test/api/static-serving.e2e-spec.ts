import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { Response } from 'supertest';
import { as, createUser, expectStatus, login } from '../support/api';
import { png } from './files-fixtures';
import { builtClientDir } from '../support/client-bundle';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type TestApp } from '../support/test-app';

/**
 * The built client as the API serves it (issue 14, "First load and serving"), on a client folder
 * shaped like a Vite build: index.html, a hashed chunk with the .br and .gz copies the build
 * writes, a hashed image without copies, an unhashed file, and the manifest under .vite.
 */
const INDEX_HTML =
  '<!doctype html><html><head><script type="module" src="/assets/index-Ab12Cd34.js"></script></head><body><div id="root"><!--first-paint--></div></body></html>';
/** An app name with characters HTML must escape. */
const APP_NAME = 'Acme <Phones> & "Co"';
/** The login page's card a visitor with no session gets in the first paint's place, with the app's name (escaped) while no login logo is uploaded. */
const loginCard = (named: boolean) =>
  '<div class="login-page first-paint first-paint-login"><div class="login-card first-paint-login-card"><div class="page-title-row login-brand"><h1 class="page-title first-paint-title">' +
  (named ? '<span class="login-app-name">Acme &#60;Phones&#62; &#38; &#34;Co&#34;</span>' : '') +
  '</h1></div><div class="first-paint-login-form"></div><p class="first-paint-login-note">Authorised access only. For help logging in contact your line manager.</p></div></div>';
/** What a visitor with no session gets. */
const SIGNED_OUT_HTML = INDEX_HTML.replace('<!--first-paint-->', loginCard(true));
const CHUNK = `export const screens = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `screen ${i}`))};\n`;
const CHUNK_BR = brotliCompressSync(CHUNK);
const CHUNK_GZ = gzipSync(CHUNK);
const YEAR_IMMUTABLE = 'public, max-age=31536000, immutable';

/** The body as bytes, whatever its type (supertest parses only the types it knows, and undoes br and gzip). */
const rawBody = (test: ReturnType<TestApp['http']['get']>) =>
  test.buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (chunk: Buffer) => chunks.push(chunk));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  });

describe('serving the built client', () => {
  let testApp: TestApp;
  let parent: string;
  let clientDir: string;

  beforeAll(async () => {
    parent = mkdtempSync(join(tmpdir(), 'client-serving-'));
    clientDir = join(parent, 'dist');
    mkdirSync(join(clientDir, 'assets'), { recursive: true });
    mkdirSync(join(clientDir, '.vite'));
    writeFileSync(join(clientDir, 'index.html'), INDEX_HTML);
    writeFileSync(join(clientDir, 'assets', 'index-Ab12Cd34.js'), CHUNK);
    writeFileSync(join(clientDir, 'assets', 'index-Ab12Cd34.js.br'), CHUNK_BR);
    writeFileSync(join(clientDir, 'assets', 'index-Ab12Cd34.js.gz'), CHUNK_GZ);
    writeFileSync(join(clientDir, 'assets', 'logo-Zz99Yy88.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    writeFileSync(join(clientDir, 'robots.txt'), 'User-agent: *\n');
    writeFileSync(join(clientDir, '.vite', 'manifest.json'), '{"index.html":{}}');
    // Beside the client folder, not in it: must never be reachable.
    writeFileSync(join(parent, 'secret.txt'), 'not for the web');
    testApp = await startTestApp({ env: { CLIENT_DIR: clientDir, APP_NAME } });
  });

  afterAll(async () => {
    await testApp?.close();
    rmSync(parent, { recursive: true, force: true });
  });

  const expectIndexHtml = (res: Response) => {
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.text).toBe(SIGNED_OUT_HTML);
  };

  it('sends a hashed chunk brotli-compressed when the browser accepts br, cached for a year as immutable', async () => {
    const res = await rawBody(testApp.http.get('/assets/index-Ab12Cd34.js').set('Accept-Encoding', 'gzip, deflate, br'));
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers['cache-control']).toBe(YEAR_IMMUTABLE);
    expect(res.headers['vary']).toMatch(/Accept-Encoding/i);
    // What travelled is the brotli copy; what the client reads, once decoded, the chunk.
    expect(Number(res.headers['content-length'])).toBe(CHUNK_BR.length);
    expect((res.body as Buffer).toString()).toBe(CHUNK);
  });

  it('sends the gzip copy to a browser that accepts gzip only, or refuses br', async () => {
    for (const accepted of ['gzip', 'br;q=0, gzip']) {
      const res = await rawBody(testApp.http.get('/assets/index-Ab12Cd34.js').set('Accept-Encoding', accepted));
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(res.headers['cache-control']).toBe(YEAR_IMMUTABLE);
      expect(Number(res.headers['content-length'])).toBe(CHUNK_GZ.length);
      expect((res.body as Buffer).toString()).toBe(CHUNK);
    }
  });

  it('sends the chunk as it is to a client that accepts no compression', async () => {
    const res = await rawBody(testApp.http.get('/assets/index-Ab12Cd34.js').set('Accept-Encoding', 'identity'));
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe(YEAR_IMMUTABLE);
    expect(Number(res.headers['content-length'])).toBe(CHUNK.length);
    expect((res.body as Buffer).toString()).toBe(CHUNK);
  });

  it('sends a hashed file with no compressed copy as it is, still immutable', async () => {
    const res = await rawBody(testApp.http.get('/assets/logo-Zz99Yy88.png').set('Accept-Encoding', 'gzip, br'));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe(YEAR_IMMUTABLE);
  });

  it('answers 404 for a hashed file that is not there, never index.html', async () => {
    const res = await testApp.http.get('/assets/index-Gone0000.js').set('Accept-Encoding', 'gzip, br');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).not.toMatch(/text\/html/);
    expect(res.headers['cache-control'] ?? '').not.toMatch(/immutable|max-age=[1-9]/);
  });

  it('sends index.html at / and for any client route with no-cache, and revalidates it with a 304', async () => {
    const home = await testApp.http.get('/');
    expectIndexHtml(home);
    expectIndexHtml(await testApp.http.get('/data/rateCards/12/lines?tab=2'));
    expectIndexHtml(await testApp.http.get('/index.html'));
    expect(home.headers['etag']).toBeTruthy();
    const again = await testApp.http.get('/data/stores').set('If-None-Match', home.headers['etag']);
    expect(again.status).toBe(304);
  });

  it("draws a signed-in visitor's first paint into index.html: the top bar with the app's name, escaped", async () => {
    const res = await testApp.http.get('/sales').set('Cookie', 'theme=dark; token=eyJhbGciOi.x.y');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['vary']).toMatch(/Cookie/i);
    const root = /<div id="root">(.*)<\/div><\/body>/.exec(res.text)?.[1] ?? '';
    expect(root).toContain('<header class="top-bar">');
    expect(root).toContain('<span class="top-bar-app-name">Acme &#60;Phones&#62; &#38; &#34;Co&#34;</span>');
    expect(root).not.toContain('<Phones>');
    // The page around it is the build's.
    expect(res.text.replace(root, '<!--first-paint-->')).toBe(INDEX_HTML);
  });

  it("draws the login page's card without a session, and a page cached for one visitor is not reused for the other", async () => {
    for (const cookie of ['', 'token=', 'theme=dark', 'mytoken=abc']) {
      const res = await testApp.http.get('/').set('Cookie', cookie);
      expectIndexHtml(res);
    }
    const signedOut = await testApp.http.get('/');
    const signedIn = await testApp.http.get('/').set('Cookie', 'token=abc');
    expect(signedIn.headers['etag']).not.toBe(signedOut.headers['etag']);
    const revalidated = await testApp.http.get('/').set('Cookie', 'token=abc').set('If-None-Match', signedOut.headers['etag']);
    expect(revalidated.status).toBe(200);
    expect(revalidated.text).toContain('first-paint');
  });

  it("greets the signed-in user by first name in the landing's first paint, escaped, only for a session the API accepts", async () => {
    const admin = as(testApp.http, await login(testApp.http, ADMIN_EMAIL, ADMIN_PASSWORD));
    const user = await createUser(testApp.http, admin, { name: '<i>Ann</i> Lee' });
    const page = (path: string, token: string) => testApp.http.get(path).set('Cookie', `token=${encodeURIComponent(token)}`);
    const greeting = '<h1 class="page-title first-paint-title"><span class="first-paint-welcome">Welcome, &#60;i&#62;Ann&#60;/i&#62;</span></h1>';
    for (const path of ['/', '/landing/0/2026-11-29/5', '/landing']) {
      const res = await page(path, user.token);
      expect(res.status).toBe(200);
      expect(res.text).toContain(greeting);
      expect(res.text).not.toContain('<i>Ann');
    }
    // Another screen: the top bar only. A user's greeting is theirs: another user's page differs.
    const sales = await page('/sales', user.token);
    expect(sales.text).toContain('<header class="top-bar">');
    expect(sales.text).not.toContain('first-paint-title');
    const own = await page('/', user.token);
    const other = await page('/', admin.token);
    expect(other.text).not.toContain('Ann');
    expect(other.headers['etag']).not.toBe(own.headers['etag']);
    // A token the API would refuse greets nobody: forged, or of a user since deactivated.
    for (const token of ['eyJhbGciOi.x.y', `${user.token.slice(0, -2)}xx`]) expect((await page('/', token)).text).not.toContain('first-paint-title');
    expectStatus(await admin.put(`/api/user/${user.userID}`, { name: user.data.name, active: false }), 200);
    const deactivated = await page('/', user.token);
    expect(deactivated.text).toContain('<header class="top-bar">');
    expect(deactivated.text).not.toContain('Ann');
  });

  it('draws a name with $ patterns as it is: the first paint is put into the page as text, never read as a replacement pattern', async () => {
    const admin = as(testApp.http, await login(testApp.http, ADMIN_EMAIL, ADMIN_PASSWORD));
    // String.replace would read $$, $` and $& (which survives escaping as $&#38;) in a replacement string.
    const user = await createUser(testApp.http, admin, { name: 'Ann$$`$&x Lee' });
    const res = await testApp.http.get('/').set('Cookie', `token=${encodeURIComponent(user.token)}`);
    expect(res.status).toBe(200);
    expect(res.text).toContain('<span class="first-paint-welcome">Welcome, Ann$$`$&#38;x</span>');
    expect(res.text.match(/<div id="root">/g)).toHaveLength(1);
  });

  it("draws the app's name at every width while no logo is uploaded, and leaves its place to the logo once one is", async () => {
    const admin = as(testApp.http, await login(testApp.http, ADMIN_EMAIL, ADMIN_PASSWORD));
    const shellClass = async () => /<div class="(shell first-paint[^"]*)">/.exec((await testApp.http.get('/sales').set('Cookie', 'token=abc')).text)?.[1];
    expect(await shellClass()).toBe('shell first-paint first-paint-named');
    expectStatus(await admin.post('/api/file/customisation/logo').attach('file', png(), { filename: 'logo.png', contentType: 'image/png' }), 201);
    try {
      expect(await shellClass()).toBe('shell first-paint');
    } finally {
      expectStatus(await admin.delete('/api/file/logo'), 200);
    }
    expect(await shellClass()).toBe('shell first-paint first-paint-named');
  });

  it("draws the login page's title as the app's name while no login logo is uploaded, and leaves its place to the logo once one is", async () => {
    const admin = as(testApp.http, await login(testApp.http, ADMIN_EMAIL, ADMIN_PASSWORD));
    const signedOut = async () => (await testApp.http.get('/')).text;
    expectStatus(await admin.post('/api/file/customisation/loginLogo').attach('file', png(), { filename: 'logo.png', contentType: 'image/png' }), 201);
    try {
      expect(await signedOut()).toBe(INDEX_HTML.replace('<!--first-paint-->', loginCard(false)));
    } finally {
      expectStatus(await admin.delete('/api/file/loginLogo'), 200);
    }
    expect(await signedOut()).toBe(SIGNED_OUT_HTML);
  });

  it('answers 404, not an error, while the client folder has no index.html (a build under way)', async () => {
    renameSync(join(clientDir, 'index.html'), join(clientDir, 'index.html.moved'));
    try {
      for (const cookie of ['', 'token=abc']) expect((await testApp.http.get('/sales').set('Cookie', cookie)).status).toBe(404);
    } finally {
      renameSync(join(clientDir, 'index.html.moved'), join(clientDir, 'index.html'));
    }
    expectIndexHtml(await testApp.http.get('/sales'));
  });

  it('sends an unhashed file of the client folder with no-cache', async () => {
    const res = await testApp.http.get('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.text).toBe('User-agent: *\n');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('serves nothing outside the client folder, nor its dot folders', async () => {
    for (const path of ['/%2e%2e/secret.txt', '/assets/%2e%2e/%2e%2e/secret.txt', '/.vite/manifest.json', '/%2evite/manifest.json']) {
      const res = await testApp.http.get(path);
      expect(res.text).not.toContain('not for the web');
      expect(res.text).not.toContain('"index.html"');
    }
  });

  it('leaves /api to the API: its answers are not cached nor turned into index.html', async () => {
    const admin = as(testApp.http, await login(testApp.http, ADMIN_EMAIL, ADMIN_PASSWORD));
    const me = await admin.get('/api/user/me').set('Accept-Encoding', 'gzip, br');
    expect(me.status).toBe(200);
    expect(me.headers['content-type']).toMatch(/^application\/json/);
    expect(me.headers['cache-control'] ?? '').not.toMatch(/immutable|public|max-age=[1-9]/);

    const unknown = await admin.get('/api/noSuchRoute');
    expect(unknown.status).toBe(404);
    expect(unknown.headers['content-type']).toMatch(/^application\/json/);
    expect(unknown.headers['cache-control'] ?? '').not.toMatch(/immutable|no-cache/);
  });

  it('leaves other methods than GET and HEAD to the API', async () => {
    const res = await testApp.http.post('/data/stores').send({});
    expect(res.status).toBe(404);
    expect(res.text).not.toBe(SIGNED_OUT_HTML);
    const head = await testApp.http.head('/assets/index-Ab12Cd34.js').set('Accept-Encoding', 'br');
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
  });
});

describe('the built client', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await startTestApp({ env: { CLIENT_DIR: builtClientDir() } });
  });

  afterAll(async () => {
    await testApp?.close();
  });

  it('answers /robots.txt with Disallow: / (a back office is never indexed), not the page', async () => {
    const res = await testApp.http.get('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.text).toMatch(/^User-agent: \*\nDisallow: \/\n?$/);
  });

  it("has the place of the first paint in its index.html, so a signed-in visitor's top bar and the login page's card are drawn before any script", async () => {
    const signedIn = await testApp.http.get('/').set('Cookie', 'token=abc');
    expect(signedIn.text).toMatch(/<div id="root"><div class="shell first-paint[^"]*"><header class="top-bar">.*Retail Back Office/);
    const signedOut = await testApp.http.get('/');
    expect(signedOut.text).toMatch(/<div id="root"><div class="login-page first-paint first-paint-login">.*Retail Back Office.*Authorised access only/);
  });
});
