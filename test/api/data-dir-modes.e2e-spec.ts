import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { as, expectStatus, login } from '../support/api';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, TestApp } from '../support/test-app';
import { pdf } from './files-fixtures';

/**
 * Issue 8: the embedded database holds the password hashes, so DATA_DIR is created owner-only
 * (0700) and the files in it 0600: app.sqlite with its -wal and -shm, the generated JWT secret,
 * and the uploads under the files directory. Each test starts its own app on SQLite in a fresh
 * DATA_DIR, whatever database the other tests use.
 */

const modeOf = (path: string) => (statSync(path).mode & 0o777).toString(8);

let parent: string;
beforeAll(() => {
  parent = mkdtempSync(join(tmpdir(), 'data-dir-modes-'));
});
afterAll(() => rmSync(parent, { recursive: true, force: true }));

/** The app on SQLite in `dataDir`, with a generated JWT secret (no JWT_SECRET). */
function embeddedApp(dataDir: string): Promise<TestApp> {
  return startTestApp({ env: { DATA_DIR: dataDir, DATABASE_URL: '', JWT_SECRET: '', REDIS_URL: '', FILES_DIR: '' } });
}

it('a fresh DATA_DIR: the directory 0700, the database, its -wal and -shm and the JWT secret 0600, uploads owner-only', async () => {
  const dataDir = join(parent, 'fresh', 'data');
  const t = await embeddedApp(dataDir);
  try {
    const admin = as(t.http, await login(t.http, ADMIN_EMAIL, ADMIN_PASSWORD));
    const file = expectStatus(await admin.post('/api/file/announcements/pdf').attach('file', pdf('Private'), 'private.pdf'), 201).body.data;
    expect(file.fileID).toEqual(expect.any(Number));

    expect(t.config.databaseUrl).toBeUndefined();
    expect(readdirSync(dataDir).sort()).toEqual(expect.arrayContaining(['app.sqlite', 'app.sqlite-shm', 'app.sqlite-wal', 'files', 'jwt-secret']));
    const modes = Object.fromEntries(
      ['.', 'app.sqlite', 'app.sqlite-wal', 'app.sqlite-shm', 'jwt-secret', 'files', 'files/.incoming', 'files/announcements'].map((name) => [
        name,
        modeOf(join(dataDir, name)),
      ]),
    );
    expect(modes).toEqual({
      '.': '700',
      'app.sqlite': '600',
      'app.sqlite-wal': '600',
      'app.sqlite-shm': '600',
      'jwt-secret': '600',
      files: '700',
      'files/.incoming': '700',
      'files/announcements': '700',
    });
    for (const name of readdirSync(join(dataDir, 'files', 'announcements'))) expect(modeOf(join(dataDir, 'files', 'announcements', name))).toBe('600');
  } finally {
    await t.close();
  }
});

it('a database file an older version left readable by others is narrowed to 0600 at start', async () => {
  const dataDir = join(parent, 'older');
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(join(dataDir, 'app.sqlite'), '');
  chmodSync(join(dataDir, 'app.sqlite'), 0o644);
  const t = await embeddedApp(dataDir);
  try {
    expect(modeOf(join(dataDir, 'app.sqlite'))).toBe('600');
    expect(modeOf(join(dataDir, 'app.sqlite-wal'))).toBe('600');
  } finally {
    await t.close();
  }
});

it('an existing DATA_DIR and files directory made 0755 are narrowed to 0700 at start, with the folders in the files directory', async () => {
  const dataDir = join(parent, 'existing');
  for (const dir of [dataDir, join(dataDir, 'files'), join(dataDir, 'files', '.incoming'), join(dataDir, 'files', 'announcements')]) {
    mkdirSync(dir, { recursive: true });
    chmodSync(dir, 0o755);
  }
  const t = await embeddedApp(dataDir);
  try {
    const modes = Object.fromEntries(['.', 'files', 'files/.incoming', 'files/announcements'].map((name) => [name, modeOf(join(dataDir, name))]));
    expect(modes).toEqual({ '.': '700', files: '700', 'files/.incoming': '700', 'files/announcements': '700' });
    expect(modeOf(join(dataDir, 'app.sqlite'))).toBe('600');
  } finally {
    await t.close();
  }
});

it('a FILES_DIR of its own (a shared mount) made 0755 is narrowed to 0700 at start too', async () => {
  const dataDir = join(parent, 'own-files', 'data');
  const filesDir = join(parent, 'own-files', 'shared');
  mkdirSync(filesDir, { recursive: true });
  chmodSync(filesDir, 0o755);
  const t = await startTestApp({ env: { DATA_DIR: dataDir, DATABASE_URL: '', JWT_SECRET: '', REDIS_URL: '', FILES_DIR: filesDir } });
  try {
    expect(t.config.filesDir).toBe(filesDir);
    expect([modeOf(filesDir), modeOf(join(filesDir, '.incoming'))]).toEqual(['700', '700']);
  } finally {
    await t.close();
  }
});
