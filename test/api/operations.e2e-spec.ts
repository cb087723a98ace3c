import { getQueueToken } from '@nestjs/bull';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Queue } from 'bull';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { connect } from 'node:net';
import supertest from 'supertest';
import { DataSource } from 'typeorm';
import { createApp } from '../../src/app.factory';
import { loadConfig } from '../../src/config/app-config';
import { Operation } from '../../src/modules/jobs/entities/operation.entity';
import { JobsService } from '../../src/modules/jobs/jobs.service';
import { as, Client, expectFailure, expectStatus, login, Row } from '../support/api';
import { freePort, logLines, MAIN, until } from '../support/processes';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, testEnvironment, TestApp } from '../support/test-app';

/**
 * Operations (issue 14): health probes, request ids and structured logs, Prometheus metrics
 * (GET /api/metrics with a bearer METRICS_TOKEN), and the graceful stop of the built API on SIGTERM.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const scaleOut = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL);

/** An operation row as a job leaves it, for the job counters and the queue depth. */
function operationRow(name: string, queue: string, state: string): Partial<Operation> {
  return { name, queue, state, userID: 1, userName: 'ops', message: '', data: '{}', createdDate: new Date() };
}

/** One sample of a Prometheus text answer, e.g. sample(text, 'jobs_failed_total{name="recSheetImport"}'). */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('graceful shutdown of the built API (SIGTERM)', () => {
  let child: ChildProcess;
  let output = '';
  let exited: Promise<number | null>;
  let port: number;

  beforeAll(async () => {
    expect(existsSync(MAIN)).toBe(true);
    port = await freePort();
    const env = await testEnvironment({ PORT: String(port), LOG_FORMAT: 'json', LOG_LEVEL: 'info' });
    child = spawn(process.execPath, [MAIN], { env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
    await until('the API to listen', () => /Listening on/.test(output) || child.exitCode !== null, 60_000);
    if (child.exitCode !== null) throw new Error(`The API exited: ${output}`);
  });
  afterAll(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  });

  it('logs one JSON line per request with its id, user, route, status and duration, and no token', async () => {
    const http = supertest(`http://127.0.0.1:${port}`);
    const token = await login(http, ADMIN_EMAIL, ADMIN_PASSWORD);
    const res = expectStatus(await http.get('/api/about').set('x-access-token', token).set('X-Request-Id', 'ops-about-1'), 200);
    expect(res.headers['x-request-id']).toBe('ops-about-1');
    const me = expectStatus(await http.get('/api/user/me').set('x-access-token', token), 200).body;
    await until('the request line', () => logLines(output).some((l) => l.req?.id === 'ops-about-1'));
    const line = logLines(output).find((l) => l.req?.id === 'ops-about-1')!;
    expect(line).toEqual(
      expect.objectContaining({
        level: 30,
        msg: 'request completed',
        req: { id: 'ops-about-1', method: 'GET', url: '/api/about' },
        res: { statusCode: 200 },
        route: '/api/about',
        userID: (me.user ?? me.data).userID,
        responseTime: expect.any(Number),
      }),
    );
    // Neither the session token nor the password of the login is in any line.
    expect(output).not.toContain(token);
    expect(output).not.toContain(ADMIN_PASSWORD);
  });

  it('refuses new connections, lets the request in flight finish, closes and exits 0', async () => {
    const body = JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    // A login whose body is sent in two halves: in flight from the first byte to the last.
    const answer = new Promise<{ res: IncomingMessage; text: string }>((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/user/login',
          headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), 'X-Request-Id': 'ops-in-flight' },
        },
        (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () => resolve({ res, text }));
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, 10));
      setTimeout(() => {
        child.kill('SIGTERM');
        void until('the stop to begin', () => /SIGTERM: refusing new connections/.test(output)).then(async () => {
          // The listening socket is closed: a new connection is refused while the request still runs.
          const refused = await new Promise<string>((done) => {
            const socket = connect(port, '127.0.0.1');
            socket.once('connect', () => {
              socket.destroy();
              done('connected');
            });
            socket.once('error', (error: NodeJS.ErrnoException) => done(error.code ?? error.message));
          });
          expect(refused).toBe('ECONNREFUSED');
          expect(child.exitCode).toBeNull();
          req.end(body.slice(10));
        }, reject);
      }, 300);
    });
    const { res, text } = await answer;
    expect(res.statusCode).toBe(201);
    expect(JSON.parse(text).data.token).toEqual(expect.any(String));
    expect(res.headers['x-request-id']).toBe('ops-in-flight');
    expect(await exited).toBe(0);
    expect(child.signalCode).toBeNull();
    const lines = logLines(output);
    // Stopped after the request finished: its line comes before the database and Redis were closed.
    const finished = lines.findIndex((l) => l.req?.id === 'ops-in-flight' && l.res?.statusCode === 201);
    const stopped = lines.findIndex((l) => l.msg === 'Stopped');
    expect(finished).toBeGreaterThan(-1);
    expect(stopped).toBeGreaterThan(finished);
  });
});

describe('health, request ids and metrics', () => {
  let t: TestApp;
  let admin: Client;

  beforeAll(async () => {
    t = await startTestApp();
    admin = as(t.http, await login(t.http, ADMIN_EMAIL, ADMIN_PASSWORD));
  });
  afterAll(() => t?.close());

  it('GET /api/health: the process is up, with no token', async () => {
    const res = expectStatus(await t.http.get('/api/health'), 200);
    expect(res.body).toEqual(expect.objectContaining({ status: 'ok', info: { process: expect.objectContaining({ status: 'up' }) } }));
  });

  it('GET /api/health/ready: the database answers (and Redis, in this run when it is configured)', async () => {
    const res = expectStatus(await t.http.get('/api/health/ready'), 200);
    expect(res.body.status).toBe('ok');
    expect(res.body.info.database).toEqual({ status: 'up' });
    expect(Boolean(res.body.info.redis)).toBe(Boolean(t.config.redisUrl));
    if (t.config.redisUrl) expect(res.body.info.redis).toEqual({ status: 'up' });
    expect(res.body.info.queues).toBeUndefined();
  });

  it('an incoming X-Request-Id is answered back; a missing or unsafe one is replaced by a new UUID', async () => {
    expect((await t.http.get('/api/health').set('X-Request-Id', 'lb-1234.abc:9')).headers['x-request-id']).toBe('lb-1234.abc:9');
    const none = (await t.http.get('/api/health')).headers['x-request-id'];
    expect(none).toMatch(UUID);
    for (const unsafe of ['has spaces', 'x'.repeat(65), 'quote"s', 'new\u00e9line']) {
      const id = (await t.http.get('/api/health').set('X-Request-Id', unsafe)).headers['x-request-id'];
      expect(id).toMatch(UUID);
    }
    // Even a body refused before any route (bad JSON) gets its id.
    const bad = await t.http.post('/api/user/login').set('Content-Type', 'application/json').set('X-Request-Id', 'bad-json-1').send('{"email":');
    expect(bad.status).toBe(400);
    expect(bad.headers['x-request-id']).toBe('bad-json-1');
  });

  it('a 500 answers the request id as its errorID', async () => {
    const failure = jest.spyOn(JobsService.prototype, 'latest').mockRejectedValueOnce(new Error('ops: the operation table is gone'));
    try {
      const res = await admin.get('/api/longRunningOperation').set('X-Request-Id', 'ops-500-a');
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ statusCode: 500, message: 'Internal server error', errorID: 'ops-500-a' });
      expect(res.headers['x-request-id']).toBe('ops-500-a');
    } finally {
      failure.mockRestore();
    }
  });

  it('without METRICS_TOKEN no scrape is served: a bearer request is a 404, no credentials a 401; a session still gets the metrics list', async () => {
    const res = await t.http.get('/api/metrics').set('Authorization', 'Bearer anything');
    expectFailure(res, 404);
    expect(res.text).not.toContain('# HELP');
    const bare = await t.http.get('/api/metrics');
    expectFailure(bare, 401);
    expect(bare.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    expect(expectStatus(await admin.get('/api/metrics'), 200).body.listData).toBeDefined();
  });
});

describe('the log line of a failed request', () => {
  let app: NestExpressApplication;
  const lines: Row[] = [];

  beforeAll(async () => {
    // The tables and the administrator are those the suite above left; this app logs into `lines`.
    const config = loadConfig(await testEnvironment({ LOG_LEVEL: 'info' }));
    app = await createApp(config, { logDestination: { write: (line: string) => void lines.push(JSON.parse(line)) } });
    await app.init();
  });
  afterAll(() => app?.close());

  it('carries the error and the errorID, at level error; headers and bodies are not logged', async () => {
    const http = supertest(app.getHttpServer());
    const token = await login(http, ADMIN_EMAIL, ADMIN_PASSWORD);
    const failure = jest.spyOn(JobsService.prototype, 'latest').mockRejectedValueOnce(new Error('ops: the operation table is gone'));
    try {
      const res = await http.get('/api/longRunningOperation').set('x-access-token', token);
      expect(res.status).toBe(500);
      const errorID = res.body.errorID as string;
      expect(errorID).toMatch(UUID);
      expect(res.headers['x-request-id']).toBe(errorID);
      await until('the error line', () => lines.some((l) => l.req?.id === errorID));
      const line = lines.find((l) => l.req?.id === errorID)!;
      expect(line).toEqual(
        expect.objectContaining({
          level: 50,
          msg: 'request errored',
          res: { statusCode: 500 },
          route: '/api/longRunningOperation',
          userID: expect.any(Number),
          err: expect.objectContaining({
            type: 'Error',
            message: 'ops: the operation table is gone',
            stack: expect.stringContaining('ops: the operation table is gone'),
          }),
        }),
      );
    } finally {
      failure.mockRestore();
    }
    const everything = JSON.stringify(lines);
    expect(everything).not.toContain(token);
    expect(everything).not.toContain(ADMIN_PASSWORD);
    // Download links carry the token in the query: redacted.
    await http.get(`/api/about?token=${token}`).set('X-Request-Id', 'ops-query-token');
    await until('the query line', () => lines.some((l) => l.req?.id === 'ops-query-token'));
    expect(lines.find((l) => l.req?.id === 'ops-query-token')!.req.url).toBe('/api/about?token=[redacted]');
    expect(JSON.stringify(lines)).not.toContain(token);
  });

  it('health probes that succeed are not logged at info; a failing one is', async () => {
    const http = supertest(app.getHttpServer());
    await http.get('/api/health').set('X-Request-Id', 'ops-probe-1');
    await http.get('/api/about').set('X-Request-Id', 'ops-after-probe');
    await until('the next line', () => lines.some((l) => l.req?.id === 'ops-after-probe'));
    expect(lines.some((l) => l.req?.id === 'ops-probe-1')).toBe(false);
    // The database gone (last test of this app): the failed readiness probe is logged as an error.
    await app.get(DataSource).destroy();
    expect((await http.get('/api/health/ready').set('X-Request-Id', 'ops-probe-down')).status).toBe(503);
    await until('the failed probe line', () => lines.some((l) => l.req?.id === 'ops-probe-down'));
    expect(lines.find((l) => l.req?.id === 'ops-probe-down')).toEqual(
      expect.objectContaining({ level: 50, route: '/api/health/ready', res: { statusCode: 503 } }),
    );
  });
});

describe('readiness when a dependency is down', () => {
  it('503 naming the database when it does not answer', async () => {
    const t = await startTestApp();
    try {
      await t.dataSource.destroy();
      const res = expectStatus(await t.http.get('/api/health/ready'), 503);
      expect(res.body.status).toBe('error');
      expect(res.body.error.database).toEqual(expect.objectContaining({ status: 'down' }));
      // Liveness touches no dependency.
      expectStatus(await t.http.get('/api/health'), 200);
    } finally {
      await t.close();
    }
  });

  it('503 naming Redis when REDIS_URL points at nothing, while the database is up', async () => {
    const t = await startTestApp({ env: { REDIS_URL: 'redis://127.0.0.1:9', JOB_QUEUE: 'in-process' } });
    try {
      const res = expectStatus(await t.http.get('/api/health/ready'), 503);
      expect(res.body.info.database).toEqual({ status: 'up' });
      expect(res.body.error.redis).toEqual(expect.objectContaining({ status: 'down' }));
    } finally {
      await t.close();
    }
  });
});

describe('metrics with METRICS_TOKEN', () => {
  const METRICS_TOKEN = 'ops-metrics-token-2024';
  let t: TestApp;
  let admin: Client;

  beforeAll(async () => {
    t = await startTestApp({ env: { METRICS_TOKEN } });
    admin = as(t.http, await login(t.http, ADMIN_EMAIL, ADMIN_PASSWORD));
  });
  afterAll(() => t?.close());

  const scrape = () => t.http.get('/api/metrics').set('Authorization', `Bearer ${METRICS_TOKEN}`);

  it("a bearer scrape of /api/metrics needs METRICS_TOKEN (403 otherwise, 401 with no credentials); the app's own session calls still get the metrics list", async () => {
    expectFailure(await t.http.get('/api/metrics').set('Authorization', 'Bearer not-the-token'), 403);
    expectFailure(await t.http.get('/api/metrics').set('Authorization', `Bearer ${METRICS_TOKEN}x`), 403);
    // No credentials at all: 401, saying how to authenticate.
    const bare = await t.http.get('/api/metrics');
    expectFailure(bare, 401);
    expect(bare.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    const list = expectStatus(await admin.get('/api/metrics'), 200);
    expect(list.body.listData).toBeDefined();
    expect((await scrape()).text).toContain('# HELP http_request_duration_seconds');
  });

  it('Prometheus text: request durations by method, route pattern and status, counting each request', async () => {
    const series = 'http_request_duration_seconds_count{method="GET",route="/api/about",status_code="200"}';
    const before = sample((await scrape()).text, series) ?? 0;
    for (let i = 0; i < 3; i += 1) expectStatus(await admin.get('/api/about'), 200);
    expectStatus(await t.http.get('/api/about'), 403);
    const res = expectStatus(await scrape(), 200);
    expect(res.headers['content-type']).toMatch(/^text\/plain;.*version=0\.0\.4/);
    expect(res.text).toContain('# TYPE http_request_duration_seconds histogram');
    expect(sample(res.text, series)).toBe(before + 3);
    expect(sample(res.text, 'http_request_duration_seconds_count{method="GET",route="/api/about",status_code="403"}')).toBe(1);
    // A route pattern, not the URL: one series for every record.
    await admin.get('/api/longRunningOperation?operationID=999999');
    expect((await scrape()).text).toContain('route="/api/longRunningOperation"');
    expect(res.text).toContain('process_cpu_seconds_total');
  });

  it('queue depth and jobs completed and failed, read from the operation table (any process may have run them)', async () => {
    const operations = t.dataSource.getRepository(Operation);
    await operations.save([
      operations.create(operationRow('rateCardUpload', 'imports', 'completed')),
      operations.create(operationRow('rateCardUpload', 'imports', 'completed')),
      operations.create(operationRow('recSheetAutoRec', 'reconcile', 'failed')),
      operations.create(operationRow('recSheetImport', 'imports', 'waiting')),
      operations.create(operationRow('recSheetImportSheet', 'importSheets', 'active')),
    ]);
    const text = expectStatus(await scrape(), 200).text;
    expect(text).toContain('# TYPE jobs_completed_total counter');
    expect(sample(text, 'jobs_completed_total{name="rateCardUpload"}')).toBe(2);
    expect(sample(text, 'jobs_completed_total{name="recSheetAutoRec"}')).toBe(0);
    expect(sample(text, 'jobs_failed_total{name="recSheetAutoRec"}')).toBe(1);
    expect(sample(text, 'job_queue_depth{queue="imports",state="waiting"}')).toBe(1);
    expect(sample(text, 'job_queue_depth{queue="importSheets",state="active"}')).toBe(1);
    expect(sample(text, 'job_queue_depth{queue="reconcile",state="delayed"}')).toBe(0);
  });
});

// Scale-out: Redis and the Bull queues are part of readiness, and queue depth is Bull's.
if (!scaleOut) console.log('operations: TEST_DATABASE_URL and TEST_REDIS_URL are not both set; the Bull readiness and queue depth tests need them');
if (scaleOut)
  describe('scale-out (JOB_QUEUE=bull)', () => {
    const METRICS_TOKEN = 'ops-metrics-bull';
    let t: TestApp;

    beforeAll(async () => {
      t = await startTestApp({ env: { JOB_QUEUE: 'bull', METRICS_TOKEN } });
    });
    afterAll(() => t?.close());

    it('ready checks the database, Redis and every queue', async () => {
      const res = expectStatus(await t.http.get('/api/health/ready'), 200);
      expect(res.body.info).toEqual({
        database: { status: 'up' },
        redis: { status: 'up' },
        queues: { status: 'up' },
        // No worker runs beside this app, and no job waits: ready all the same.
        workers: { status: 'up', live: { imports: 0, importSheets: 0, reconcile: 0 } },
      });
    });

    it('queue depth comes from Bull: a job no worker has taken is waiting, one with a delay is delayed', async () => {
      const queue = t.app.get<Queue>(getQueueToken('reconcile'), { strict: false });
      await queue.add('recSheetAutoRec', { operationID: 0 }, { jobId: 'ops-waiting' });
      await queue.add('recSheetAutoRec', { operationID: 0 }, { jobId: 'ops-delayed', delay: 60_000 });
      try {
        const text = expectStatus(await t.http.get('/api/metrics').set('Authorization', `Bearer ${METRICS_TOKEN}`), 200).text;
        expect(sample(text, 'job_queue_depth{queue="reconcile",state="waiting"}')).toBe(1);
        expect(sample(text, 'job_queue_depth{queue="reconcile",state="delayed"}')).toBe(1);
        expect(sample(text, 'job_queue_depth{queue="imports",state="waiting"}')).toBe(0);
      } finally {
        await queue.obliterate({ force: true });
      }
    });
  });
