import { getQueueToken } from '@nestjs/bull';
import type { Queue } from 'bull';
import ExcelJS from 'exceljs';
import { existsSync } from 'node:fs';
import { Operation } from '../../src/modules/jobs/entities/operation.entity';
import { HANDED_BACK_MESSAGE } from '../../src/modules/jobs/job-runner';
import { LOST_FROM_QUEUE, QUEUE_UNAVAILABLE } from '../../src/modules/jobs/jobs.service';
import { as, Client, createSaleType, createSkuType, createStore, createRateCard, expectFailure, expectStatus, login, Row } from '../support/api';
import { finishedOperation } from '../support/operations';
import { freePort, logLines, startRedis, startWorker, until, WORKER, workerEnvironmentOf, type Spawned } from '../support/processes';
import { createRecSheet, FULL_MAPPING, REC_HEADERS, recSheetWorkbook, uploadRecFile } from '../support/rec-fixtures';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, TestApp } from '../support/test-app';

/**
 * Operations under faults (scale-out: Bull on Redis, separate worker processes): a single worker
 * stopping mid-import, Redis going away under the API and a worker, jobs Redis lost, and what a
 * worker tells of itself (heartbeats, one JSON log line per job event). Redis is the test's own
 * redis-server on a free port where the test kills it; elsewhere the shared one under a prefix.
 */

const scaleOut = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL);
const LOCK_MS = 1500;
const SHUTDOWN_MS = 4000;
const BEAT_MS = 300;

/** The worker's environment for an app: the same database, Redis, files and secret. */
function workerEnvOf(t: TestApp, extra: Record<string, string> = {}): Record<string, string> {
  return workerEnvironmentOf(t.config, {
    LOG_FORMAT: 'json',
    LOG_LEVEL: 'info',
    SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_MS),
    WORKER_HEARTBEAT_MS: String(BEAT_MS),
    ...extra,
  });
}

async function startedWorker(env: Record<string, string>, workers: Spawned[]): Promise<Spawned> {
  const w = startWorker(env);
  workers.push(w);
  await until('the worker to start', () => /Worker \d+ consuming/.test(w.output()) || w.child.exitCode !== null);
  if (w.child.exitCode !== null) throw new Error(`The worker exited: ${w.output()}`);
  return w;
}

describe('a worker that cannot reach Redis', () => {
  it('exits 1 after WORKER_REDIS_GRACE_MS with one JSON error, never saying it consumes', async () => {
    expect(existsSync(WORKER)).toBe(true);
    const nobody = await freePort();
    const started = Date.now();
    const w = startWorker({
      DATA_DIR: process.env.TEST_DATA_DIR ?? '/tmp',
      JWT_SECRET: 'x',
      DATABASE_URL: process.env.TEST_DATABASE_URL ?? '',
      REDIS_URL: `redis://127.0.0.1:${nobody}`,
      JOB_QUEUE: 'bull',
      LOG_FORMAT: 'json',
      WORKER_REDIS_GRACE_MS: '1500',
    });
    try {
      const { code } = await w.exited;
      const took = Date.now() - started;
      console.log(`worker with no Redis exited ${code} after ${took} ms`);
      expect(code).toBe(1);
      expect(took).toBeLessThan(15_000);
      const out = w.output();
      expect(out).not.toMatch(/consuming/i);
      expect(out).not.toContain('[ioredis] Unhandled error event');
      // Every line is JSON, the start-up failure included.
      const lines = out.split('\n').filter((l) => l.trim());
      expect(lines.length).toBeGreaterThan(0);
      expect(lines.filter((l) => !l.startsWith('{'))).toEqual([]);
      expect(logLines(out).some((l) => /Redis/.test(JSON.stringify(l)) && Number(l.level) >= 50)).toBe(true);
    } finally {
      await w.kill();
    }
  }, 30_000);
});

if (!scaleOut) console.log('jobs-faults: TEST_DATABASE_URL and TEST_REDIS_URL are not both set; the scale-out fault tests need them');
if (scaleOut)
  describe('a single worker stopping mid-import', () => {
    let t: TestApp;
    let admin: Client;
    const workers: Spawned[] = [];

    beforeAll(async () => {
      t = await startTestApp({ env: { JOB_QUEUE: 'bull', JOB_LOCK_MS: String(LOCK_MS) } });
      admin = as(t.http, await login(t.http, ADMIN_EMAIL, ADMIN_PASSWORD));
    });
    afterEach(async () => {
      for (const w of workers.splice(0)) await w.kill();
    });
    afterAll(() => t?.close());

    const operation = async (operationID: number): Promise<Row> =>
      expectStatus(await admin.get(`/api/longRunningOperation?operationID=${operationID}`), 200).body.data;
    const ready = async () => t.http.get('/api/health/ready');

    it('leaves within SHUTDOWN_TIMEOUT_MS, handing the import back whole; the next worker completes it with every line once', async () => {
      const store = await createStore(admin);
      const ROWS = 6000;
      const sheets = ['North', 'Middle', 'South'].map((name, s) => ({
        name,
        rows: [
          REC_HEADERS,
          ...Array.from({ length: ROWS }, (_, i) => [
            `2016-0${1 + s}-${String(1 + (i % 28)).padStart(2, '0')}`,
            store.name,
            `DRAIN${s}-${i}`,
            `SKU-${i % 40}`,
            `Handset ${i % 40}`,
            10 + (i % 90),
          ]),
        ],
      }));
      const fileID = await uploadRecFile(admin, await recSheetWorkbook(sheets));
      const recSheetID = (await createRecSheet(admin)).recSheetID;
      const mappings = Object.fromEntries(sheets.map((sh) => [sh.name, FULL_MAPPING]));

      // 3 s to stop: the running worksheet is handed back at once too (runs get until 3 s before the timeout).
      const STOP_MS = 3000;
      const first = await startedWorker(workerEnvOf(t, { SHUTDOWN_TIMEOUT_MS: String(STOP_MS) }), workers);
      // The heartbeat: the API sees one live worker on every queue.
      await until('the worker to show in readiness', async () => (await ready()).body.info?.workers?.live?.imports === 1, 10_000, 50);
      expect((await ready()).body.info.workers.live).toEqual({ imports: 1, importSheets: 1, reconcile: 1 });

      const operationID = expectStatus(await admin.post('/api/recSheetLines/excel', { fileID, recSheetID, mappings, commit: true, autoRec: false }), 202).body
        .data.operationID as number;
      const seen: number[] = [];
      await until(
        'a worksheet to be read',
        async () => {
          const o = await operation(operationID);
          seen.push(o.percentage as number);
          return o.state === 'active' && /^Validating/.test(String(o.message)) && (o.percentage as number) > 0;
        },
        60_000,
        20,
      );
      const firstStart = (await operation(operationID)).startedDate;

      const signalled = Date.now();
      first.child.kill('SIGTERM');
      await first.exited;
      const leftAfter = Date.now() - signalled;
      console.log(`single worker SIGTERMed mid-import left after ${leftAfter} ms (SHUTDOWN_TIMEOUT_MS ${STOP_MS})`);
      expect(leftAfter).toBeLessThan(STOP_MS + 3000);
      // Handed back whole: waiting, not failed, not stuck 'active'.
      const parked = await operation(operationID);
      expect(parked).toEqual(expect.objectContaining({ state: 'waiting', message: HANDED_BACK_MESSAGE }));
      const handedBack = logLines(first.output()).filter((l) => l.event === 'handedBack');
      console.log(`handed back on SIGTERM: ${handedBack.map((l) => `${l.name} ${l.operationID} after ${l.durationMs} ms`).join(', ')}`);
      // The import (only waiting) went back, and the worksheet being read when the signal landed. On
      // a slow host the signal can land between worksheets, or a worksheet can finish before its
      // next check: then none goes back, and nothing of it is lost (the next worker's run below
      // counts every line once).
      const names = handedBack.map((l) => l.name);
      expect(names).toContain('recSheetImport');
      expect(names.filter((name) => name !== 'recSheetImport' && name !== 'recSheetImportSheet')).toEqual([]);
      const events = logLines(first.output()).filter((l) => l.operationID === operationID);
      expect(events.map((l) => l.event)).toEqual(expect.arrayContaining(['started', 'handedBack']));
      for (const line of events)
        expect(line).toEqual(expect.objectContaining({ workerID: expect.stringContaining(`:${first.child.pid}:`), name: 'recSheetImport', queue: 'imports' }));

      // Back in its queue's wait list, without using an attempt.
      const job = await t.app.get<Queue>(getQueueToken('imports'), { strict: false }).getJob(String(operationID));
      expect([await job!.getState(), job!.attemptsMade]).toEqual(['waiting', 0]);
      // With no live worker and the import waiting, readiness fails naming the queue.
      await until('the stopped worker to leave the list', async () => (await ready()).status === 503, 10_000, 50);
      expect((await ready()).body.error.workers.message).toMatch(/wait on queue imports\b.*no live worker/);

      const second = await startedWorker(workerEnvOf(t), workers);
      const watching = setInterval(
        () =>
          void operation(operationID).then(
            (o) => seen.push(o.percentage as number),
            () => undefined,
          ),
        50,
      );
      const done = await finishedOperation(admin, operationID, 120_000).finally(() => clearInterval(watching));
      expect(done).toEqual(expect.objectContaining({ state: 'completed', resultID: recSheetID }));
      // attempts counts both runs; the first start is kept; progress never went back.
      expect(done.attempts).toBeGreaterThanOrEqual(2);
      expect(done.startedDate).toBe(firstStart);
      expect(seen).toEqual([...seen].sort((a, b) => a - b));
      const [{ lines, orders }] = await t.dataSource.query<Row[]>(
        'SELECT COUNT(*) AS `lines`, COUNT(DISTINCT orderRef) AS orders FROM recSheetLine WHERE recSheetID = ?',
        [recSheetID],
      );
      expect([Number(lines), Number(orders)]).toEqual([3 * ROWS, 3 * ROWS]);
      const completed = logLines(second.output()).find((l) => l.operationID === operationID && l.event === 'completed');
      expect(completed).toEqual(expect.objectContaining({ msg: 'Job completed', durationMs: expect.any(Number), sinceFirstStartMs: expect.any(Number) }));
      expect((await ready()).status).toBe(200);
    }, 240_000);
  });

if (scaleOut)
  describe('Redis going away', () => {
    let t: TestApp;
    let admin: Client;
    let redis: Spawned;
    let redisPort: number;
    const workers: Spawned[] = [];
    let saleTypeID: number;
    let skuTypeName: string;

    async function linesFile(count: number): Promise<number> {
      const wb = new ExcelJS.Workbook();
      const sheet = wb.addWorksheet('Lines');
      sheet.addRow(['SKU', 'Type', 'Description', 'Revenue']);
      for (let i = 1; i <= count; i += 1) sheet.addRow([`LOSS-${i}`, skuTypeName, `Phone ${i}`, 10 + (i % 7)]);
      return expectStatus(
        await admin.post('/api/file/rateCards/xlsx').attach('file', Buffer.from(await wb.xlsx.writeBuffer()), { filename: 'lines.xlsx' }),
        201,
      ).body.data.fileID;
    }
    const upload = async (count: number) => {
      const rateCardID = (await createRateCard(admin)).rateCardID;
      return admin.post('/api/rateCardLines/excel', {
        fileID: await linesFile(count),
        rateCardID,
        saleTypeID,
        commit: true,
        mappings: { Lines: { sku: 1, skuTypeName: 2, description: 3, revenue: 4 } },
      });
    };
    const timed = async <T>(work: Promise<T>): Promise<[T, number]> => {
      const started = Date.now();
      const value = await work;
      return [value, Date.now() - started];
    };

    beforeAll(async () => {
      redisPort = await freePort();
      redis = await startRedis(redisPort);
      t = await startTestApp({
        env: {
          JOB_QUEUE: 'bull',
          REDIS_URL: `redis://127.0.0.1:${redisPort}`,
          JOB_LOCK_MS: String(LOCK_MS),
          JOB_SWEEP_MS: '250',
          METRICS_TOKEN: 'faults-metrics',
        },
      });
      admin = as(t.http, await login(t.http, ADMIN_EMAIL, ADMIN_PASSWORD));
      const store = await createStore(admin);
      saleTypeID = (await createSaleType(admin, { storeIDs: [store.storeID] })).saleTypeID;
      skuTypeName = (await createSkuType(admin)).name;
    });
    afterAll(async () => {
      for (const w of workers.splice(0)) await w.kill();
      await t?.close();
      await redis.kill();
    });

    it('logins, readiness, metrics and a new job answer at once while it is away; everything resumes when it returns; the sweep fails the jobs it lost', async () => {
      const worker = await startedWorker(workerEnvOf(t, { WORKER_REDIS_GRACE_MS: '2000' }), workers);
      // A job queued before the loss, that no worker takes (the worker leaves first).
      worker.child.kill('SIGTERM');
      await worker.exited;
      const queued = expectStatus(await upload(3), 202).body.data.operationID as number;

      const killed = Date.now();
      redis.child.kill('SIGKILL');
      await redis.exited;
      await until('readiness to say Redis is away', async () => (await t.http.get('/api/health/ready')).status === 503, 10_000, 50);

      const [loggedIn, loginMs] = await timed(t.http.post('/api/user/login').send({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }));
      expectStatus(loggedIn, 201);
      const [wrong, wrongMs] = await timed(t.http.post('/api/user/login').send({ email: ADMIN_EMAIL, password: 'not-it' }));
      expectFailure(wrong, 400);
      const [readiness, readyMs] = await timed(t.http.get('/api/health/ready'));
      expect(readiness.status).toBe(503);
      expect(readiness.body.error.redis).toEqual(expect.objectContaining({ status: 'down' }));
      const [metrics, metricsMs] = await timed(t.http.get('/api/metrics').set('Authorization', 'Bearer faults-metrics'));
      expectStatus(metrics, 200);
      expect(metrics.text).toContain('job_queue_depth_known{queue="imports"} 0');
      expect(metrics.text).not.toContain('job_queue_depth{queue="imports"');
      const before = await t.dataSource.getRepository(Operation).count();
      const [refused, refusedMs] = await timed(upload(3));
      expect(expectFailure(refused, 503).failSummary).toBe(QUEUE_UNAVAILABLE);
      expect(await t.dataSource.getRepository(Operation).count()).toBe(before);
      console.log(
        `Redis away: login ${loginMs} ms, wrong password ${wrongMs} ms, readiness ${readyMs} ms, metrics ${metricsMs} ms, new job refused ${refusedMs} ms`,
      );
      for (const ms of [loginMs, wrongMs, readyMs, metricsMs]) expect(ms).toBeLessThan(2500);
      expect(refusedMs).toBeLessThan(2500);

      // Back, without its data (no persistence): readiness recovers by itself, jobs queue again,
      // and the sweep fails the job queued before the loss with the reason.
      redis = await startRedis(redisPort);
      await until('readiness to recover', async () => (await t.http.get('/api/health/ready')).status === 200, 30_000, 100);
      console.log(`Redis away for ${Date.now() - killed} ms in all; readiness back`);
      await t.dataSource.getRepository(Operation).update({ operationID: queued }, { createdDate: new Date(Date.now() - 120_000) });
      await until(
        'the sweep to mark the lost job',
        async () => (await t.dataSource.getRepository(Operation).findOneByOrFail({ operationID: queued })).state === 'failed',
        10_000,
        50,
      );
      expect(await finishedOperation(admin, queued)).toEqual(expect.objectContaining({ state: 'failed', error: LOST_FROM_QUEUE }));
      const after = expectStatus(await upload(3), 202).body.data.operationID as number;
      await startedWorker(workerEnvOf(t), workers);
      expect(await finishedOperation(admin, after, 60_000)).toEqual(expect.objectContaining({ state: 'completed' }));
    }, 120_000);

    it('a worker that loses Redis for WORKER_REDIS_GRACE_MS exits 1 with a JSON error, so that it is restarted', async () => {
      const worker = await startedWorker(workerEnvOf(t, { WORKER_REDIS_GRACE_MS: '1500' }), workers);
      const killed = Date.now();
      redis.child.kill('SIGKILL');
      await redis.exited;
      try {
        expect((await worker.exited).code).toBe(1);
        console.log(`worker exited ${Date.now() - killed} ms after Redis went away (grace 1500 ms)`);
        expect(Date.now() - killed).toBeLessThan(10_000);
        expect(worker.output()).not.toContain('[ioredis] Unhandled error event');
        expect(logLines(worker.output()).some((l) => /Redis has not answered/.test(String(l.msg)))).toBe(true);
      } finally {
        redis = await startRedis(redisPort);
      }
    }, 60_000);
  });
