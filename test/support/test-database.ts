import { createConnection } from 'mysql2/promise';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The database the tests use, as global-setup.ts chose it and passed it on through
 * process.env (workers inherit it):
 *   TEST_DB_KIND       'mysql' or 'sqlite'
 *   TEST_DATABASE_URL  mysql://user:pass@host:port/db (kind mysql)
 *   TEST_DATA_DIR      a fresh temporary directory (the SQLite file, files, ...)
 *   TEST_REDIS_URL     reported only; the app does not use Redis yet
 *
 * When jest runs files in parallel each worker gets its own database (`<db>_w<n>`) and
 * data directory, because every test file empties the tables when it starts.
 */
export type DbKind = 'mysql' | 'sqlite';

export interface TestDatabase {
  kind: DbKind;
  /** mysql:// URL, only for kind mysql. */
  url?: string;
  dataDir: string;
}

export function chosenDatabase(): TestDatabase {
  const kind = process.env.TEST_DB_KIND;
  const dataDir = process.env.TEST_DATA_DIR;
  if ((kind !== 'mysql' && kind !== 'sqlite') || !dataDir) {
    throw new Error('No test database: run the tests through jest, whose globalSetup (test/support/global-setup.ts) chooses one');
  }
  if (kind === 'mysql' && !process.env.TEST_DATABASE_URL) throw new Error('TEST_DB_KIND is mysql but TEST_DATABASE_URL is not set');
  return { kind, url: kind === 'mysql' ? process.env.TEST_DATABASE_URL : undefined, dataDir };
}

/** Test databases are dropped and recreated, so their names must say they are for tests. */
export function databaseName(url: string): string {
  const name = decodeURIComponent(new URL(url).pathname.replace(/^\//, ''));
  if (!/^\w{1,54}$/.test(name) || !/test/i.test(name)) {
    throw new Error(`TEST_DATABASE_URL must name a test database (letters, digits, _ and "test" in the name), got "${name}"`);
  }
  return name;
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Runs statements on the server of `url` without selecting its database. */
export async function onServer<T>(url: string, work: (query: (sql: string) => Promise<unknown>) => Promise<T>): Promise<T> {
  const u = new URL(url);
  const connection = await createConnection({
    host: u.hostname,
    port: u.port ? Number(u.port) : 3306,
    user: decodeURIComponent(u.username || 'root'),
    password: decodeURIComponent(u.password),
  });
  try {
    return await work(async (sql) => (await connection.query(sql))[0]);
  } finally {
    await connection.end();
  }
}

export async function recreateDatabase(url: string, name = databaseName(url)): Promise<void> {
  await onServer(url, async (query) => {
    await query(`DROP DATABASE IF EXISTS \`${name}\``);
    await query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  });
}

/** Drops the per-worker copies (`<db>_w<n>`) a parallel run left behind. */
export async function dropWorkerDatabases(url: string): Promise<void> {
  const name = databaseName(url);
  await onServer(url, async (query) => {
    const rows = (await query(`SHOW DATABASES LIKE '${name.replace(/_/g, '\\_')}\\_w%'`)) as Record<string, string>[];
    for (const row of rows) await query(`DROP DATABASE IF EXISTS \`${Object.values(row)[0]}\``);
  });
}

function workerNumber(): number {
  return Number(process.env.JEST_WORKER_ID ?? '1') || 1;
}

/** DATA_DIR and DATABASE_URL for this jest worker (worker 1 uses what global setup prepared). */
export async function databaseForThisWorker(): Promise<{ dataDir: string; databaseUrl: string }> {
  const db = chosenDatabase();
  const worker = workerNumber();
  const dataDir = worker === 1 ? db.dataDir : join(db.dataDir, `worker-${worker}`);
  mkdirSync(dataDir, { recursive: true });
  if (db.kind === 'sqlite') return { dataDir, databaseUrl: '' };
  const url = db.url!;
  if (worker === 1) return { dataDir, databaseUrl: url };
  const name = `${databaseName(url)}_w${worker}`;
  await onServer(url, (query) => query(`CREATE DATABASE IF NOT EXISTS \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`));
  return { dataDir, databaseUrl: withDatabase(url, name) };
}
