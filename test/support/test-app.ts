import 'reflect-metadata';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { DataSource, EntityMetadata } from 'typeorm';
import { createApp } from '../../src/app.factory';
import { AppConfig, loadConfig } from '../../src/config/app-config';
import { UsersService } from '../../src/modules/users/users/users.service';
import { buildOpenApiDocument } from '../../src/common/openapi/openapi.document';
import { answerValidator, validatingAgent } from './answer-validation';
import { databaseForThisWorker } from './test-database';

export const ADMIN_EMAIL = 'admin@example.com';
export const ADMIN_PASSWORD = 'Admin123!';
export const JWT_SECRET = 'test-secret';
/** The login window and the weekday rules are read in this zone. */
export const TIME_ZONE = 'Europe/London';

export type Http = request.Agent;

export interface TestApp {
  app: NestExpressApplication;
  /** supertest agent over the app's HTTP server. */
  http: Http;
  dataSource: DataSource;
  config: AppConfig;
  /** Only with `listen: true`: http://127.0.0.1:<port> */
  baseUrl?: string;
  /** Rows in every table of the app: what a refused request must leave as it was. */
  tableCounts(): Promise<Record<string, number>>;
  close(): Promise<void>;
}

async function tableCounts(dataSource: DataSource): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const metadata of dataSource.entityMetadatas) {
    counts[metadata.tableName] = await dataSource.getRepository(metadata.target).count();
  }
  return counts;
}

export interface StartOptions {
  /** Listen on a free port (for a browser or any other real HTTP client). */
  listen?: boolean;
  /** Environment variables the app's configuration reads (README), over the test defaults. */
  env?: Record<string, string>;
  /** The app's log lines (JSON, at LOG_LEVEL) are pushed here instead of not logging at all. */
  logLines?: Array<Record<string, unknown>>;
}

/**
 * The configuration environment of a test app. Built from scratch rather than from the
 * shell's environment, so a developer's PORT, TIME_ZONE or DATABASE_URL cannot leak in.
 */
export async function testEnvironment(env: Record<string, string> = {}): Promise<NodeJS.ProcessEnv> {
  const { dataDir, databaseUrl } = await databaseForThisWorker();
  return {
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    TRUST_PROXY: 'true',
    JWT_SECRET,
    TIME_ZONE,
    LOGIN_ATTEMPTS_PER_MINUTE: '10',
    // With TEST_REDIS_URL the login limits run on Redis as in scale-out; each app gets its own
    // key prefix so one file's attempts never count against another's.
    ...(process.env.TEST_REDIS_URL
      ? { REDIS_URL: process.env.TEST_REDIS_URL, REDIS_KEY_PREFIX: `test:${process.pid}:${Date.now()}:${Math.random().toString(36).slice(2)}:` }
      : {}),
    // Jobs run inside the test's app, as in the embedded mode, even with Redis for the login limits;
    // test/api/jobs-bull.e2e-spec.ts sets JOB_QUEUE=bull and runs separate worker processes.
    JOB_QUEUE: 'in-process',
    // A client built elsewhere (e.g. `vite build --outDir`), for browser tests run side by side.
    ...(process.env.CLIENT_DIR ? { CLIENT_DIR: process.env.CLIENT_DIR } : {}),
    ...env,
  };
}

/** Tables in an order that deletes every referencing row before the row it references. */
export function deleteOrder(metadatas: readonly EntityMetadata[]): string[] {
  const tables = metadatas.filter((m) => m.tableType !== 'view');
  const remaining = new Set(tables.map((m) => m.tablePath));
  const referencedBy = new Map<string, Set<string>>();
  for (const m of tables) {
    for (const fk of m.foreignKeys) {
      const parent = fk.referencedEntityMetadata.tablePath;
      if (parent === m.tablePath) continue; // a self reference goes in one statement
      if (!referencedBy.has(parent)) referencedBy.set(parent, new Set());
      referencedBy.get(parent)!.add(m.tablePath);
    }
  }
  const order: string[] = [];
  while (remaining.size) {
    const next = [...remaining].filter((t) => ![...(referencedBy.get(t) ?? [])].some((child) => remaining.has(child)));
    // A cycle: take the rest as they come; foreign key checks are deferred below anyway.
    for (const t of next.length ? next : [...remaining]) {
      order.push(t);
      remaining.delete(t);
    }
  }
  return order;
}

/** Tables kept by triggers on others (migration 1764700000000-SaleDayTotals). */
const TRIGGER_WRITTEN = new Set(['saleDayTotal', 'saleMonthSkuTotal']);

/** Empties every table of the app's entities, on SQLite and MySQL alike. */
export async function emptyAllTables(dataSource: DataSource): Promise<void> {
  const runner = dataSource.createQueryRunner();
  const mysql = dataSource.options.type === 'mysql';
  try {
    await runner.startTransaction();
    // Only self references and cycles need these; the order handles everything else.
    await runner.query(mysql ? 'SET FOREIGN_KEY_CHECKS = 0' : 'PRAGMA defer_foreign_keys = ON');
    // Tables the database's triggers write (the sales' day totals) go last: deleting the rows that write them writes them again.
    const order = deleteOrder(dataSource.entityMetadatas);
    for (const table of [...order.filter((t) => !TRIGGER_WRITTEN.has(t)), ...order.filter((t) => TRIGGER_WRITTEN.has(t))]) {
      await runner.query(`DELETE FROM ${runner.connection.driver.escape(table)}`);
    }
    await runner.commitTransaction();
  } catch (error) {
    await runner.rollbackTransaction();
    throw error;
  } finally {
    if (mysql) await runner.query('SET FOREIGN_KEY_CHECKS = 1');
    await runner.release();
  }
}

/**
 * The API exactly as main.ts builds it, on the test database, emptied: every test file
 * starts from a franchise with no stores and one administrator (ADMIN_EMAIL / ADMIN_PASSWORD).
 * A module that seeds rows when the app starts must have its hook called again here, after
 * the tables are emptied, as the administrator's is.
 */
export async function startTestApp(options: StartOptions = {}): Promise<TestApp> {
  const config = loadConfig(await testEnvironment(options.env));
  const lines = options.logLines;
  const app = await createApp(config, lines ? { logDestination: { write: (line: string) => void lines.push(JSON.parse(line)) } } : { logger: false });
  try {
    await app.init();
    // Nest holds its Logger's lines until the app listens (bufferLogs); a test reading them wants them now.
    if (lines) app.flushLogs();
    const dataSource = app.get(DataSource);
    await emptyAllTables(dataSource);
    await app.get(UsersService).onApplicationBootstrap();
    let baseUrl: string | undefined;
    if (options.listen) {
      await app.listen(0, '127.0.0.1');
      baseUrl = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
    }
    // The document every answer is checked against (answer-validation.ts): built by the run's first app.
    answerValidator(() => buildOpenApiDocument(app));
    return {
      app,
      http: validatingAgent(request.agent(app.getHttpServer())),
      dataSource,
      config,
      baseUrl,
      tableCounts: () => tableCounts(dataSource),
      close: () => app.close(),
    };
  } catch (error) {
    await app.close().catch(() => undefined);
    throw error;
  }
}
