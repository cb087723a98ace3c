import ExcelJS from 'exceljs';
import { Operation } from '../../src/modules/jobs/entities/operation.entity';
import { InvalidInput } from '../../src/common/http/validation-result';
import { HANDED_BACK_MESSAGE, JobRunner } from '../../src/modules/jobs/job-runner';
import { JobsService } from '../../src/modules/jobs/jobs.service';
import { RateCardLine } from '../../src/modules/rate-cards/entities/rate-card-line.entity';
import { RateCardUploadJob } from '../../src/modules/rate-cards/upload/rate-card-upload.job';
import {
  as,
  Client,
  createRateCard,
  createSaleType,
  createSkuType,
  createStore,
  createUser,
  expectFailure,
  expectStatus,
  login,
  Row,
  TestUser,
} from '../support/api';
import { finishedOperation } from '../support/operations';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, TestApp } from '../support/test-app';

/**
 * The jobs module in the embedded mode (in process): the operation an upload call answers, its
 * progress and result through GET /longRunningOperation, who may read it, retries with backoff,
 * a commit that is never written twice, and runs whose process stopped marked failed at start.
 * test/api/jobs-bull.e2e-spec.ts runs the same jobs on Bull with separate worker processes.
 */

let t: TestApp;
let admin: Client;
let other: TestUser;
let saleType: Row;
let skuType: Row;

async function linesFile(count: number): Promise<number> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Lines');
  sheet.addRow(['SKU', 'Type', 'Description', 'Revenue']);
  for (let i = 1; i <= count; i += 1) sheet.addRow([`JOB-${i}`, skuType.name, `Phone ${i}`, 10 + (i % 7)]);
  const buffer = Buffer.from(await wb.xlsx.writeBuffer());
  return expectStatus(await admin.post('/api/file/rateCards/xlsx').attach('file', buffer, { filename: 'lines.xlsx' }), 201).body.data.fileID;
}

async function uploadBody(count: number, commit: boolean): Promise<Row> {
  const rateCardID = (await createRateCard(admin)).rateCardID;
  const fileID = await linesFile(count);
  return { fileID, rateCardID, saleTypeID: saleType.saleTypeID, commit, mappings: { Lines: { sku: 1, skuTypeName: 2, description: 3, revenue: 4 } } };
}

const lineCount = (rateCardID: number) => t.dataSource.getRepository(RateCardLine).countBy({ rateCardID });

beforeAll(async () => {
  t = await startTestApp();
  admin = as(t.http, await login(t.http, ADMIN_EMAIL, ADMIN_PASSWORD));
  const store = await createStore(admin);
  saleType = await createSaleType(admin, { storeIDs: [store.storeID] });
  skuType = await createSkuType(admin);
  other = await createUser(t.http, admin, { areas: ['SystemSetup'], storeIDs: [store.storeID] });
});
afterAll(() => t?.close());
afterEach(() => jest.restoreAllMocks());

describe('GET /longRunningOperation', () => {
  it('answers the queued operation at once (202), then its progress, and its result once completed', async () => {
    const body = await uploadBody(3, true);
    const queued = expectStatus(await admin.post('/api/rateCardLines/excel', body), 202).body;
    expect(queued.validationResult).toEqual({ fail: false });
    expect(queued.data).toEqual(expect.objectContaining({ name: 'rateCardUpload', queue: 'imports', state: 'waiting', percentage: 0, result: null }));
    const done = await finishedOperation(admin, queued.data.operationID);
    expect(done).toEqual(
      expect.objectContaining({
        operationID: queued.data.operationID,
        state: 'completed',
        percentage: 100,
        attempts: 1,
        error: null,
        result: expect.objectContaining({ validationResult: { fail: false }, data: expect.objectContaining({ lines: 3, added: 3, committed: true }) }),
      }),
    );
    expect(await lineCount(body.rateCardID)).toBe(3);
    // Without an id: the caller's latest operation.
    expect(expectStatus(await admin.get('/api/longRunningOperation'), 200).body.data.operationID).toBe(queued.data.operationID);
  });

  it("another user's operation is a 404 unless they have SystemSetup; a user with none gets data null; bad parameters are 400s", async () => {
    const body = await uploadBody(1, false);
    const { operationID } = expectStatus(await admin.post('/api/rateCardLines/excel', body), 202).body.data;
    await finishedOperation(admin, operationID);
    const plain = await createUser(t.http, admin, { areas: ['RecordSales'], storeIDs: [] });
    expectFailure(await plain.api.get(`/api/longRunningOperation?operationID=${operationID}`), 404);
    expect(expectStatus(await plain.api.get('/api/longRunningOperation'), 200).body.data).toBeNull();
    expect(expectStatus(await other.api.get(`/api/longRunningOperation?operationID=${operationID}`), 200).body.data.operationID).toBe(operationID);
    for (const query of ['operationID=abc', 'operationID=1%20OR%201=1', 'operationID=99999999999', 'other=1']) {
      expectFailure(await admin.get(`/api/longRunningOperation?${query}`), 400);
    }
    expectFailure(await admin.get('/api/longRunningOperation?operationID=987654'), 404);
  });

  it('row errors are a completed run whose result is the refusal: the wizard shows them as before', async () => {
    const body = await uploadBody(2, true);
    await t.dataSource.query('UPDATE skuType SET name = ? WHERE skuTypeID = ?', [`${skuType.name} renamed`, skuType.skuTypeID]);
    try {
      const { operationID } = expectStatus(await admin.post('/api/rateCardLines/excel', body), 202).body.data;
      const done = await finishedOperation(admin, operationID);
      expect(done.state).toBe('completed');
      expect(done.result.validationResult).toEqual(expect.objectContaining({ fail: true, failSummary: '2 errors' }));
      expect(done.result.listData[0].message).toBe(`Row 2 col B value "${skuType.name}" error: "There is no SKU type called ${skuType.name}"`);
      expect(await lineCount(body.rateCardID)).toBe(0);
    } finally {
      await t.dataSource.query('UPDATE skuType SET name = ? WHERE skuTypeID = ?', [skuType.name, skuType.skuTypeID]);
    }
  });
});

describe('retries and once-only commits', () => {
  it('a run that fails for a passing reason is retried with backoff and completes on its second attempt', async () => {
    const job = t.app.get(RateCardUploadJob);
    const run = jest.spyOn(job, 'run').mockImplementationOnce(() => Promise.reject(new Error('Connection lost')));
    const body = await uploadBody(2, true);
    const { operationID } = expectStatus(await admin.post('/api/rateCardLines/excel', body), 202).body.data;
    const done = await finishedOperation(admin, operationID);
    expect(done).toEqual(expect.objectContaining({ state: 'completed', attempts: 2 }));
    expect(await lineCount(body.rateCardID)).toBe(2);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('a run that dies after its commit is retried, and the retry writes nothing twice', async () => {
    const job = t.app.get(RateCardUploadJob);
    const original = job.run.bind(job);
    // The first attempt commits, then "the worker dies" before the operation is marked completed.
    jest.spyOn(job, 'run').mockImplementationOnce(async (data, context) => {
      await original(data, context);
      throw new Error('Worker died after the commit');
    });
    const body = await uploadBody(4, true);
    const { operationID } = expectStatus(await admin.post('/api/rateCardLines/excel', body), 202).body.data;
    const done = await finishedOperation(admin, operationID);
    expect(done).toEqual(expect.objectContaining({ state: 'completed', attempts: 2 }));
    expect(done.result.data).toEqual(expect.objectContaining({ lines: 4, added: 4, committed: true }));
    expect(await lineCount(body.rateCardID)).toBe(4);
  });

  it('a run that keeps failing is failed after its attempts, with the error; a refusal is failed at once, not retried', async () => {
    const job = t.app.get(RateCardUploadJob);
    jest.spyOn(job, 'run').mockRejectedValue(new Error('Disk full'));
    const { operationID } = expectStatus(await admin.post('/api/rateCardLines/excel', await uploadBody(1, true)), 202).body.data;
    expect(await finishedOperation(admin, operationID)).toEqual(expect.objectContaining({ state: 'failed', attempts: 3, error: 'Disk full' }));

    jest.spyOn(job, 'run').mockRejectedValue(new InvalidInput({}, 'The file is no longer available; upload it again'));
    const refused = expectStatus(await admin.post('/api/rateCardLines/excel', await uploadBody(1, true)), 202).body.data;
    expect(await finishedOperation(admin, refused.operationID)).toEqual(
      expect.objectContaining({ state: 'failed', attempts: 1, error: 'The file is no longer available; upload it again' }),
    );
  });
});

describe('runs whose process stopped', () => {
  it('are marked failed when the app starts, never left running', async () => {
    const operations = t.dataSource.getRepository(Operation);
    const adminID = expectStatus(await admin.get('/api/user/me'), 200).body.data.userID;
    const stranded = await operations.save(
      operations.create({
        queue: 'imports',
        name: 'rateCardUpload',
        userID: adminID,
        userName: 'Admin',
        state: 'active',
        message: 'Validating sheet 1 of 1',
        data: '{}',
        createdDate: new Date(Date.now() - 120_000),
      }),
    );
    await t.app.get(JobsService).onApplicationBootstrap();
    const after = expectStatus(await admin.get(`/api/longRunningOperation?operationID=${stranded.operationID}`), 200).body.data;
    expect(after).toEqual(expect.objectContaining({ state: 'failed', error: 'The job was lost when the process running it stopped' }));
  });
});

describe('a run handed back when the app stops (embedded)', () => {
  it('goes back to waiting where it stood, and runs again when the app starts: every line once, attempts 2, the first start kept', async () => {
    const body = await uploadBody(3000, true);
    const { operationID } = expectStatus(await admin.post('/api/rateCardLines/excel', body), 202).body.data;
    const operation = async () => expectStatus(await admin.get(`/api/longRunningOperation?operationID=${operationID}`), 200).body.data as Row;
    let running: Row = await operation();
    while (!(running.state === 'active' && (running.percentage as number) > 0)) {
      if (running.state === 'completed' || running.state === 'failed') throw new Error(`The job ended before it could be handed back: ${running.state}`);
      running = await operation();
    }
    // What stopping does once its time is nearly up (InProcessJobDriver.beforeApplicationShutdown).
    t.app.get(JobRunner).handBackAll();
    let parked = await operation();
    while (parked.state === 'active') parked = await operation();
    expect(parked).toEqual(expect.objectContaining({ state: 'waiting', message: HANDED_BACK_MESSAGE, attempts: 1 }));
    expect(parked.percentage).toBeGreaterThanOrEqual(running.percentage as number);
    expect(await lineCount(body.rateCardID as number)).toBe(0);

    // The app starting again takes it up.
    await t.app.get(JobsService).onApplicationBootstrap();
    const done = await finishedOperation(admin, operationID);
    expect(done).toEqual(expect.objectContaining({ state: 'completed', attempts: 2, startedDate: running.startedDate }));
    expect(await lineCount(body.rateCardID as number)).toBe(3000);
  });
});

describe('GET /longRunningOperations (operators)', () => {
  it('lists recent jobs, newest first, for SystemSetup only', async () => {
    const list = expectStatus(await admin.get('/api/longRunningOperations?pageLength=5'), 200).body;
    expect(list.listData.length).toBeGreaterThan(0);
    const ids = list.listData.map((r: Row) => r.operationID);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));
    expect(list.listData[0]).toEqual(expect.objectContaining({ name: expect.any(String), state: expect.any(String), userName: expect.any(String) }));
    const plain = await createUser(t.http, admin, { areas: ['RecordSales'], storeIDs: [] });
    expectFailure(await plain.api.get('/api/longRunningOperations'), 403);
    expect(expectStatus(await admin.get('/api/jobQueue'), 200).body.data).toEqual({ mode: 'in-process', board: false });
    expectFailure(await admin.post('/api/jobQueue/boardTicket'), 400);
  });
});
