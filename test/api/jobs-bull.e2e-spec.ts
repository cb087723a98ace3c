import ExcelJS from 'exceljs';
import request from 'supertest';
import { existsSync } from 'node:fs';
import { RateCardLineStore } from '../../src/modules/rate-cards/entities/rate-card-line-store.entity';
import { RateCardLine } from '../../src/modules/rate-cards/entities/rate-card-line.entity';
import { as, Client, createRateCard, createSaleType, createSkuType, createStore, createUser, expectFailure, expectStatus, login, Row } from '../support/api';
import { finishedOperation } from '../support/operations';
import { startWorker, until, WORKER, workerEnvironmentOf, type Spawned as Worker } from '../support/processes';
import { createRecSheet, FULL_MAPPING, REC_HEADERS, recSheetWorkbook, uploadRecFile } from '../support/rec-fixtures';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, TestApp } from '../support/test-app';

/**
 * Scale-out: the same jobs on Bull with the real Redis, consumed by separate worker processes
 * (node dist/worker.js, built by `npm test`'s pretest). The API never consumes; WORKER_QUEUES
 * splits the queues; a worker SIGKILLed in the middle of a commit leaves its job to another,
 * which completes it once; SIGTERM lets a worker finish its job. Needs TEST_DATABASE_URL and
 * TEST_REDIS_URL (set by .ci/run): the workers and the API share the database and Redis.
 */

const LOCK_MS = 1500;
const scaleOut = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL);

describe('the worker process', () => {
  it('refuses to start without Redis: jobs then run inside the API process', async () => {
    expect(existsSync(WORKER)).toBe(true);
    const worker = startWorker({ DATA_DIR: process.env.TEST_DATA_DIR ?? '/tmp', JWT_SECRET: 'x' });
    expect((await worker.exited).code).toBe(1);
    expect(worker.output()).toContain('The worker consumes Bull queues: set REDIS_URL');
  });
});

// Declared only where the services exist (CI always has them: .ci/run sets both variables).
if (!scaleOut) console.log('jobs-bull: TEST_DATABASE_URL and TEST_REDIS_URL are not both set; the scale-out tests need them');
if (scaleOut)
  describe('jobs on Bull with separate workers', () => {
    let t: TestApp;
    let admin: Client;
    let saleType: Row;
    let skuType: Row;
    let workerEnv: Record<string, string>;
    const workers: Worker[] = [];

    const worker = async (extra: Record<string, string> = {}): Promise<Worker> => {
      const started = startWorker({ ...workerEnv, ...extra });
      workers.push(started);
      await until('the worker to start', () => /Worker \d+ consuming/.test(started.output()) || started.child.exitCode !== null);
      if (started.child.exitCode !== null) throw new Error(`The worker exited: ${started.output()}`);
      return started;
    };

    async function linesFile(count: number): Promise<number> {
      const wb = new ExcelJS.Workbook();
      const sheet = wb.addWorksheet('Lines');
      sheet.addRow(['SKU', 'Type', 'Description', 'Revenue', 'Commission']);
      for (let i = 1; i <= count; i += 1) sheet.addRow([`BULL-${i}`, skuType.name, `Phone ${i}`, 10 + (i % 7), 1 + (i % 3)]);
      const buffer = Buffer.from(await wb.xlsx.writeBuffer());
      return expectStatus(await admin.post('/api/file/rateCards/xlsx').attach('file', buffer, { filename: 'lines.xlsx' }), 201).body.data.fileID;
    }

    const upload = (fileID: number, rateCardID: number, commit = true) =>
      admin.post('/api/rateCardLines/excel', {
        fileID,
        rateCardID,
        saleTypeID: saleType.saleTypeID,
        commit,
        mappings: { Lines: { sku: 1, skuTypeName: 2, description: 3, revenue: 4, commission: 5 } },
      });

    const operation = async (operationID: number): Promise<Row> =>
      expectStatus(await admin.get(`/api/longRunningOperation?operationID=${operationID}`), 200).body.data;

    /** The card's lines as comparable rows (sku, description, and each store's figures). */
    async function linesOf(rateCardID: number): Promise<string[]> {
      const lines = await t.dataSource.getRepository(RateCardLine).find({ where: { rateCardID }, relations: { rateCardLineStores: true } });
      return lines
        .map((l) => {
          const stores = (l as RateCardLine & { rateCardLineStores: RateCardLineStore[] }).rateCardLineStores
            .map((s) => `${s.storeID}:${s.revenue}/${s.commission}`)
            .sort()
            .join(',');
          return `${l.sku}|${l.description}|${stores}`;
        })
        .sort();
    }

    beforeAll(async () => {
      t = await startTestApp({ env: { JOB_QUEUE: 'bull', JOB_LOCK_MS: String(LOCK_MS) } });
      admin = as(t.http, await login(t.http, ADMIN_EMAIL, ADMIN_PASSWORD));
      const stores = [await createStore(admin), await createStore(admin), await createStore(admin)];
      saleType = await createSaleType(admin, { storeIDs: stores.map((s) => s.storeID) });
      skuType = await createSkuType(admin);
      workerEnv = workerEnvironmentOf(t.config);
    });
    afterEach(async () => {
      for (const w of workers.splice(0)) {
        await w.kill();
      }
    });
    afterAll(() => t?.close());

    it('the API only queues; a worker of another queue leaves the job; a worker of its queue runs it', async () => {
      const fileID = await linesFile(20);
      const rateCardID = (await createRateCard(admin)).rateCardID;
      const { operationID } = expectStatus(await upload(fileID, rateCardID), 202).body.data;
      await worker({ WORKER_QUEUES: 'reconcile' });
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(await operation(operationID)).toEqual(expect.objectContaining({ state: 'waiting', percentage: 0 }));
      const imports = await worker({ WORKER_QUEUES: 'imports', WORKER_CONCURRENCY: '2' });
      expect(imports.output()).toContain('consuming imports (2 at a time)');
      const done = await finishedOperation(admin, operationID, 60_000);
      expect(done).toEqual(
        expect.objectContaining({ state: 'completed', result: expect.objectContaining({ data: expect.objectContaining({ lines: 20, added: 20 }) }) }),
      );
      expect((await linesOf(rateCardID)).length).toBe(20);
    });

    it('a worker SIGKILLed in the middle of a commit: another takes the job up, and it completes once with the lines of an uninterrupted run', async () => {
      const COUNT = 8000;
      const fileID = await linesFile(COUNT);
      // The reference: the same file committed without interruption.
      const reference = (await createRateCard(admin)).rateCardID;
      const first = await worker({ WORKER_QUEUES: 'imports' });
      const plain = expectStatus(await upload(fileID, reference), 202).body.data.operationID;
      expect((await finishedOperation(admin, plain, 120_000)).state).toBe('completed');

      const rateCardID = (await createRateCard(admin)).rateCardID;
      const { operationID } = expectStatus(await upload(fileID, rateCardID), 202).body.data;
      await until('the commit to start', async () => String((await operation(operationID)).message).startsWith('Committing'), 120_000, 10);
      first.child.kill('SIGKILL');
      await first.exited;
      // The dead worker's transaction is rolled back: nothing of it is left.
      await until(
        'the killed transaction to roll back',
        async () => (await t.dataSource.getRepository(RateCardLine).countBy({ rateCardID })) === 0,
        20_000,
        100,
      );
      expect((await operation(operationID)).state).toBe('active');

      await worker({ WORKER_QUEUES: 'imports' });
      const done = await finishedOperation(admin, operationID, 120_000);
      expect(done).toEqual(
        expect.objectContaining({ state: 'completed', result: expect.objectContaining({ data: expect.objectContaining({ lines: COUNT, added: COUNT }) }) }),
      );
      expect(await linesOf(rateCardID)).toEqual(await linesOf(reference));
    });

    it('a rec sheet import fans its worksheets out to the workers; workers SIGKILLed in its commit leave it to another, which writes the lines of an uninterrupted run; auto reconcile runs on a reconcile worker', async () => {
      const store = await createStore(admin);
      const ROWS = 5000;
      const sheets = ['North', 'Middle', 'South'].map((name, s) => ({
        name,
        rows: [
          REC_HEADERS,
          ...Array.from({ length: ROWS }, (_, i) => [
            `2016-0${1 + s}-${String(1 + (i % 28)).padStart(2, '0')}`,
            store.name,
            `BULL${s}-${i}`,
            `SKU-${i % 40}`,
            `Handset ${i % 40}`,
            10 + (i % 90),
          ]),
        ],
      }));
      const fileID = await uploadRecFile(admin, await recSheetWorkbook(sheets));
      const mappings = Object.fromEntries(sheets.map((sh) => [sh.name, FULL_MAPPING]));
      const importInto = async (recSheetID: number) =>
        expectStatus(await admin.post('/api/recSheetLines/excel', { fileID, recSheetID, mappings, commit: true, autoRec: false }), 202).body.data
          .operationID as number;
      const linesOf = async (recSheetID: number) =>
        (
          await t.dataSource.query<Row[]>(
            'SELECT saleDate, storeID, orderRef, sku, description, revenue, worksheet, rowNumber FROM recSheetLine WHERE recSheetID = ? ORDER BY orderRef',
            [recSheetID],
          )
        ).map((l) => JSON.stringify({ ...l, revenue: Number(l.revenue) }));
      const workersOf = ['imports,importSheets', 'imports,importSheets'];
      const running = await Promise.all(workersOf.map((queues) => worker({ WORKER_QUEUES: queues })));

      // The reference: imported without interruption; its three worksheets ran as three parts.
      const reference = (await createRecSheet(admin)).recSheetID;
      const plainID = await importInto(reference);
      const started = Date.now();
      expect(await finishedOperation(admin, plainID, 120_000)).toEqual(expect.objectContaining({ state: 'completed', resultID: reference }));
      const parts = expectStatus(await admin.get(`/api/longRunningOperations?parentOperationID=${plainID}&pageLength=10`), 200).body.listData as Row[];
      expect(parts.map((p) => [p.name, p.state])).toEqual([0, 1, 2].map(() => ['recSheetImportSheet', 'completed']));
      expect((await linesOf(reference)).length).toBe(3 * ROWS);
      console.log(`rec sheet import of ${3 * ROWS} rows on two workers: ${Date.now() - started} ms`);

      const recSheetID = (await createRecSheet(admin)).recSheetID;
      const operationID = await importInto(recSheetID);
      await until('the commit to start', async () => String((await operation(operationID)).message).startsWith('Committing'), 120_000, 5);
      for (const w of running) w.child.kill('SIGKILL');
      await Promise.all(running.map((w) => w.exited));
      await worker({ WORKER_QUEUES: 'imports,importSheets' });
      const done = await finishedOperation(admin, operationID, 120_000);
      console.log(
        `rec sheet import after the kill: ${JSON.stringify({ state: done.state, attempts: done.attempts, message: done.message, error: done.error })}`,
      );
      expect(done).toEqual(
        expect.objectContaining({ state: 'completed', resultID: recSheetID, result: expect.objectContaining({ validationResult: { fail: false } }) }),
      );
      expect(await linesOf(recSheetID)).toEqual(await linesOf(reference));

      // Auto reconcile on a worker that takes the reconcile queue only (no sales: nothing matches).
      await worker({ WORKER_QUEUES: 'reconcile' });
      const autoRec = expectStatus(await admin.put(`/api/recSheet/${recSheetID}/autoRec`), 202).body.data.operationID;
      expect(await finishedOperation(admin, autoRec, 120_000)).toEqual(
        expect.objectContaining({ state: 'completed', result: expect.objectContaining({ considered: 3 * ROWS, reconciled: 0, matchNone: 3 * ROWS }) }),
      );
    }, 240_000);

    it('SIGTERM lets a worker finish the job it is running before it stops', async () => {
      const fileID = await linesFile(3000);
      const rateCardID = (await createRateCard(admin)).rateCardID;
      const w = await worker({ WORKER_QUEUES: 'imports' });
      const { operationID } = expectStatus(await upload(fileID, rateCardID), 202).body.data;
      await until('the job to start', async () => (await operation(operationID)).state === 'active', 30_000, 10);
      w.child.kill('SIGTERM');
      await w.exited;
      // The worker closes the app (the queues wait for the running job), then exits 0 (stopWorkerOnSignals).
      if (w.child.exitCode !== 0) console.log(w.output());
      expect(w.child.signalCode ?? w.child.exitCode).toBe(0);
      expect(await operation(operationID)).toEqual(expect.objectContaining({ state: 'completed' }));
      expect((await linesOf(rateCardID)).length).toBe(3000);
    });

    it('the Bull Board at /api/queues opens with a one-minute ticket for SystemSetup only', async () => {
      expect(expectStatus(await admin.get('/api/jobQueue'), 200).body.data).toEqual({ mode: 'bull', board: true });
      expectFailure(await t.http.get('/api/queues'), 403);
      const { url } = expectStatus(await admin.post('/api/jobQueue/boardTicket'), 201).body.data;
      expect(url).toMatch(/^\/api\/queues\?ticket=[\w-]+$/);
      const opened = await t.http.get(url);
      expect(opened.status).toBe(302);
      const cookie = String(opened.headers['set-cookie']).split(';')[0];
      expect(cookie).toMatch(/^queueBoard=/);
      const page = await t.http.get('/api/queues').set('Cookie', cookie);
      expect(page.status).toBe(200);
      expect(page.text).toContain('<html');
      const queues = await t.http.get('/api/queues/api/queues').set('Cookie', cookie);
      expect(queues.status).toBe(200);
      expect(queues.body.queues.map((q: Row) => q.name).sort()).toEqual(['importSheets', 'imports', 'reconcile']);
      // A ticket works once (asked without the agent's cookie); a user without SystemSetup gets none.
      expect((await request(t.app.getHttpServer()).get(url)).status).toBe(403);
      const plain = await createUser(t.http, admin, { areas: ['RecordSales'], storeIDs: [] });
      expectFailure(await plain.api.post('/api/jobQueue/boardTicket'), 403);
    });
  });
