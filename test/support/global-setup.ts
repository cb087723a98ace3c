import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dropWorkerDatabases, recreateDatabase } from './test-database';

/**
 * Chooses the database for the API (and browser) tests, says which in one line, and hands
 * it to the test files through process.env (see test-database.ts):
 *   1. TEST_DATABASE_URL set: that MySQL/MariaDB database, dropped and recreated;
 *   2. else a reachable Docker engine: MySQL 8 (and Redis 7) in testcontainers;
 *   3. else embedded SQLite in a fresh temporary directory.
 * Then starts and closes the app once, so the migrations have run before the first file.
 * Containers and the directory are kept in globalThis for global-teardown.ts.
 */
export interface TestResources {
  dataDir: string;
  stop: Array<() => Promise<unknown>>;
}

export const RESOURCES = '__retailTestResources';

async function dockerIsReachable(): Promise<boolean> {
  try {
    const { getContainerRuntimeClient } = await import('testcontainers');
    await getContainerRuntimeClient();
    return true;
  } catch {
    return false;
  }
}

async function startContainers(resources: TestResources): Promise<void> {
  const { GenericContainer } = await import('testcontainers');
  const { MySqlContainer } = await import('@testcontainers/mysql');
  const mysql = await new MySqlContainer('mysql:8').withDatabase('retail_test').withRootPassword('test').start();
  resources.stop.push(() => mysql.stop());
  process.env.TEST_DATABASE_URL = mysql.getConnectionUri(true);
  if (!process.env.TEST_REDIS_URL) {
    // Ready for the job queues; the app does not use Redis yet.
    const redis = await new GenericContainer('redis:7').withExposedPorts(6379).start();
    resources.stop.push(() => redis.stop());
    process.env.TEST_REDIS_URL = `redis://${redis.getHost()}:${redis.getMappedPort(6379)}`;
  }
}

/** Starting the app once runs the migrations (openDataSource, database-lock.ts) for every file after it. */
async function runMigrations(): Promise<void> {
  const { startTestApp } = await import('./test-app');
  const app = await startTestApp();
  await app.close();
}

export default async function globalSetup(): Promise<void> {
  const resources: TestResources = { dataDir: mkdtempSync(join(tmpdir(), 'retail-tests-')), stop: [] };
  (globalThis as Record<string, unknown>)[RESOURCES] = resources;
  process.env.TEST_DATA_DIR = resources.dataDir;

  let line: string;
  if (process.env.TEST_DATABASE_URL) {
    line = 'API tests on MySQL/MariaDB from TEST_DATABASE_URL';
  } else if (await dockerIsReachable()) {
    await startContainers(resources);
    line = 'API tests on MySQL 8 in testcontainers';
  } else {
    line = `API tests on embedded SQLite (${resources.dataDir})`;
  }
  if (process.env.TEST_DATABASE_URL) {
    process.env.TEST_DB_KIND = 'mysql';
    await recreateDatabase(process.env.TEST_DATABASE_URL);
    await dropWorkerDatabases(process.env.TEST_DATABASE_URL);
  } else {
    process.env.TEST_DB_KIND = 'sqlite';
  }

  console.log(`\n${line}`);
  if (process.env.TEST_REDIS_URL) console.log(`Redis for tests: ${process.env.TEST_REDIS_URL} (login limits run on it)`);
  await runMigrations();
}
