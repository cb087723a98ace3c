import { createConnection } from 'mysql2/promise';
import { existsSync, mkdtempSync, openSync, closeSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import supertest from 'supertest';
import { DataSource } from 'typeorm';
import { MIGRATIONS } from '../../src/config/database';
import { expectStatus, login, type Row } from '../support/api';
import { freePort, logLines, MAIN, spawnBuilt, until, WORKER, type Spawned } from '../support/processes';
import { ADMIN_EMAIL, ADMIN_PASSWORD, testEnvironment } from '../support/test-app';
import { databaseName, onServer, withDatabase } from '../support/test-database';

/**
 * Operations under faults: a log destination that fails never holds the process (EPIPE from a
 * log collector that has gone, ENOSPC, a reader that stopped reading), SIGTERM always ends the
 * process (a second one at once), start-up failures are one JSON line, processes starting
 * together on an empty database run the migrations once, and only the API creates the first
 * administrator. All on the built processes (dist/main.js, dist/worker.js).
 */

const SHUTDOWN_TIMEOUT_MS = 3000;
const FAILED_LINE = /Log destination \(fd 1\) failed with (\w+)/;

/** The errors the API gave its log destination up on, from the lines on its stderr. */
function givenUp(stderr: string): string[] {
  return [...stderr.matchAll(new RegExp(FAILED_LINE.source, 'g'))].map((m) => m[1]);
}
const redis = process.env.TEST_REDIS_URL;

async function startApi(env: Record<string, string> = {}, stdio?: Parameters<typeof spawnBuilt>[2]): Promise<{ api: Spawned; port: number }> {
  const port = await freePort();
  const api = spawnBuilt(
    MAIN,
    await testEnvironment({ PORT: String(port), LOG_FORMAT: 'json', LOG_LEVEL: 'info', SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS), ...env }),
    stdio,
  );
  return { api, port };
}

/** Until GET /api/health answers 200 (for an API whose stdout is not read here). */
async function answering(api: Spawned, port: number): Promise<void> {
  await until(
    'the API to answer',
    async () => {
      if (api.child.exitCode !== null) throw new Error(`The API exited: ${api.output()}`);
      return (
        (
          await supertest(`http://127.0.0.1:${port}`)
            .get('/api/health')
            .catch(() => null)
        )?.status === 200
      );
    },
    60_000,
    100,
  );
}

async function listening(api: Spawned): Promise<void> {
  await until('the API to listen', () => /Listening on/.test(api.stdout()) || api.child.exitCode !== null, 60_000);
  if (api.child.exitCode !== null) throw new Error(`The API exited: ${api.output()}`);
}

/** SIGTERM, then how long the process took to exit and how. */
async function terminate(target: Spawned): Promise<{ ms: number; code: number | null; signal: NodeJS.Signals | null }> {
  const sent = Date.now();
  target.child.kill('SIGTERM');
  const { code, signal, at } = await target.exited;
  return { ms: at - sent, code, signal };
}

/** A few requests that each log a line at info: a login, a signed-in read, a 404. */
async function someRequests(port: number): Promise<void> {
  const http = supertest(`http://127.0.0.1:${port}`);
  for (let i = 0; i < 3; i += 1) {
    const token = await login(http, ADMIN_EMAIL, ADMIN_PASSWORD);
    expectStatus(await http.get('/api/user/me').set('x-access-token', token), 200);
    expect((await http.get(`/api/no-such-thing-${i}`)).status).toBe(404);
  }
}

describe('a log destination that fails never holds the process', () => {
  const started: Spawned[] = [];
  afterEach(async () => {
    await Promise.all(started.splice(0).map((p) => p.kill()));
  });

  it('stdout whose reader has gone (EPIPE): the API keeps answering, says so once on stderr, and stops on SIGTERM within SHUTDOWN_TIMEOUT_MS', async () => {
    expect(existsSync(MAIN)).toBe(true);
    const { api, port } = await startApi();
    started.push(api);
    await listening(api);
    api.child.stdout!.destroy();
    await someRequests(port);
    await until('the line on stderr', () => FAILED_LINE.test(api.stderr()));
    const stop = await terminate(api);
    console.log(`SIGTERM with a dead stdout pipe: exited ${stop.code} after ${stop.ms} ms`);
    expect(stop).toEqual(expect.objectContaining({ code: 0, signal: null }));
    expect(stop.ms).toBeLessThan(SHUTDOWN_TIMEOUT_MS);
    expect(givenUp(api.stderr())).toEqual(['EPIPE']);
  });

  it('stdout on a full disk (ENOSPC, /dev/full): the same', async () => {
    if (!existsSync('/dev/full')) return console.log('no /dev/full here: the ENOSPC case is not run');
    const full = openSync('/dev/full', 'w');
    try {
      const { api, port } = await startApi({}, ['ignore', full, 'pipe']);
      started.push(api);
      await answering(api, port);
      await someRequests(port);
      const stop = await terminate(api);
      expect(stop).toEqual(expect.objectContaining({ code: 0, signal: null }));
      expect(stop.ms).toBeLessThan(SHUTDOWN_TIMEOUT_MS);
      expect(givenUp(api.stderr())).toEqual(['ENOSPC']);
    } finally {
      closeSync(full);
    }
  });

  it('stdout whose reader stopped reading (a full pipe): the API keeps answering and stops on SIGTERM, no line given up', async () => {
    const { api, port } = await startApi();
    started.push(api);
    await listening(api);
    api.child.stdout!.pause();
    // 200 lines of 3 kB: far more than the pipe and this side's buffer hold.
    const http = supertest(`http://127.0.0.1:${port}`);
    const path = `/api/no-such-thing?filler=${'x'.repeat(3000)}`;
    for (let i = 0; i < 200; i += 1) expect((await http.get(path).timeout(5000)).status).toBe(404);
    const stop = await terminate(api);
    console.log(`SIGTERM with an unread stdout pipe: exited ${stop.code} after ${stop.ms} ms`);
    expect(stop).toEqual(expect.objectContaining({ code: 0, signal: null }));
    expect(stop.ms).toBeLessThan(SHUTDOWN_TIMEOUT_MS);
    expect(api.stderr()).not.toMatch(FAILED_LINE);
  });

  it('a second SIGTERM exits at once, a request still in flight', async () => {
    const { api, port } = await startApi({ SHUTDOWN_TIMEOUT_MS: '20000' });
    started.push(api);
    await listening(api);
    // A login whose body never ends: the first SIGTERM waits for it. The server's 100 Continue
    // says it has the request's headers, so the request is in flight.
    const req = httpRequest({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/user/login',
      headers: { 'Content-Type': 'application/json', 'Content-Length': 100, Expect: '100-continue' },
    });
    req.on('error', () => undefined);
    const inFlight = new Promise((resolve) => req.once('continue', resolve));
    req.flushHeaders();
    await inFlight;
    req.write('{"email":');
    api.child.kill('SIGTERM');
    await until('the stop to begin', () => /SIGTERM: refusing new connections/.test(api.stdout()));
    const stop = await terminate(api);
    req.destroy();
    console.log(`second SIGTERM: exited ${stop.code} after ${stop.ms} ms`);
    expect(stop.code).toBe(1);
    expect(stop.ms).toBeLessThan(1000);
    expect(logLines(api.stdout()).map((l) => l.msg)).toContain('SIGTERM again: exiting without waiting');
  });
});

describe('start-up failures are one JSON line', () => {
  function expectOneFatalLine(output: string, reason: RegExp): Row {
    const lines = output.split('\n').filter((l) => l.trim());
    expect(lines.length).toBeGreaterThan(0);
    // Every line is JSON: nothing printed as text by Nest or by Node.
    expect(logLines(output).length).toBe(lines.length);
    const fatal = logLines(output).filter((l) => l.level >= 50);
    expect(fatal).toHaveLength(1);
    expect(fatal[0]).toEqual(
      expect.objectContaining({ level: 60, msg: expect.stringMatching(reason), err: expect.objectContaining({ stack: expect.stringContaining('\n    at ') }) }),
    );
    return fatal[0];
  }

  it('the API: its port taken', async () => {
    const blocker: Server = await new Promise((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => resolve(server));
    });
    try {
      const port = (blocker.address() as { port: number }).port;
      const api = spawnBuilt(MAIN, await testEnvironment({ PORT: String(port), LOG_FORMAT: 'json' }));
      const { code } = await api.exited;
      expect(code).toBe(1);
      expectOneFatalLine(api.output(), /Could not start: .*EADDRINUSE/);
    } finally {
      blocker.close();
    }
  });

  it('the API: a bad setting', async () => {
    const api = spawnBuilt(MAIN, await testEnvironment({ LOG_LEVEL: 'chatty' }));
    expect((await api.exited).code).toBe(1);
    expectOneFatalLine(api.output(), /Could not start: LOG_LEVEL must be one of/);
  });

  it('the worker: an unknown queue', async () => {
    const worker = spawnBuilt(WORKER, await testEnvironment({ JOB_QUEUE: 'bull', REDIS_URL: 'redis://127.0.0.1:1', WORKER_QUEUES: 'imports,nonsense' }));
    expect((await worker.exited).code).toBe(1);
    expectOneFatalLine(worker.output(), /Could not start: WORKER_QUEUES names unknown queues: nonsense/);
  });
});

/** A fresh empty database for one test (MySQL: its own name, dropped after; SQLite: its own directory). */
async function freshDatabase(label: string): Promise<{ env: Record<string, string>; count: (sql: string) => Promise<number>; drop: () => Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), `retail-${label}-`));
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const count = async (sql: string) => {
      const db = await new DataSource({ type: 'better-sqlite3', database: join(dataDir, 'app.sqlite'), readonly: true }).initialize();
      try {
        return Number(Object.values((await db.query<Row[]>(sql))[0])[0]);
      } finally {
        await db.destroy();
      }
    };
    return { env: { DATA_DIR: dataDir, DATABASE_URL: '' }, count, drop: async () => undefined };
  }
  const name = `${databaseName(url)}_${label}_${process.pid}`.slice(0, 60);
  await onServer(url, async (query) => {
    await query(`DROP DATABASE IF EXISTS \`${name}\``);
    await query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  });
  const databaseUrl = withDatabase(url, name);
  const count = async (sql: string) => {
    const connection = await createConnection(databaseUrl);
    try {
      const [rows] = await connection.query(sql);
      return Number(Object.values((rows as Row[])[0])[0]);
    } finally {
      await connection.end();
    }
  };
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: databaseUrl },
    count,
    drop: () => onServer(url, (query) => query(`DROP DATABASE IF EXISTS \`${name}\``)).then(() => undefined),
  };
}

async function consuming(worker: Spawned): Promise<void> {
  await until('the worker to start', () => /Worker \d+ consuming/.test(worker.stdout()) || worker.child.exitCode !== null, 60_000);
  if (worker.child.exitCode !== null) throw new Error(`The worker exited: ${worker.output()}`);
}

// Declared only where the services exist (CI always has them: .ci/run sets both variables).
if (!redis) console.log('operations-faults: TEST_REDIS_URL is not set; the worker test needs Redis');
if (redis)
  describe('only the API creates the first administrator', () => {
    it('a worker on an empty database migrates it and creates no user; the API then creates the administrator with a generated password', async () => {
      const db = await freshDatabase('admin');
      const processes: Spawned[] = [];
      try {
        // ADMIN_PASSWORD empty: the administrator would get a generated password, printed once.
        const env = { ...db.env, ADMIN_PASSWORD: '', LOG_FORMAT: 'json', LOG_LEVEL: 'info', SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS) };
        const worker = spawnBuilt(WORKER, await testEnvironment({ ...env, JOB_QUEUE: 'bull' }));
        processes.push(worker);
        await consuming(worker);
        expect(await db.count('SELECT COUNT(*) AS n FROM migrations')).toBe(MIGRATIONS.length);
        expect(await db.count('SELECT COUNT(*) AS n FROM user')).toBe(0);
        expect(worker.output()).not.toMatch(/administrator|password/i);
        const stop = await terminate(worker);
        console.log(`worker SIGTERM (idle): exited ${stop.code} after ${stop.ms} ms`);
        if (stop.code !== 0) console.log(worker.output());
        expect(stop).toEqual(expect.objectContaining({ code: 0, signal: null }));
        expect(worker.output()).not.toMatch(/administrator|password/i);

        const port = await freePort();
        const api = spawnBuilt(MAIN, await testEnvironment({ ...env, PORT: String(port) }));
        processes.push(api);
        await listening(api);
        expect(api.stdout()).toMatch(/Created the first administrator admin@example\.com with password \S+/);
        expect(await db.count('SELECT COUNT(*) AS n FROM user')).toBe(1);
        expect((await terminate(api)).code).toBe(0);
      } finally {
        await Promise.all(processes.map((p) => p.kill()));
        await db.drop();
      }
    });
  });

if (!process.env.TEST_DATABASE_URL) console.log('operations-faults: TEST_DATABASE_URL is not set; the four processes on one empty MySQL database are not run');
if (!process.env.TEST_DATABASE_URL) console.log('operations-faults: TEST_DATABASE_URL is not set; the migration lock test needs MySQL');
if (process.env.TEST_DATABASE_URL)
  describe('four processes started at once on an empty MySQL database', () => {
    it('all start cleanly: the migrations run once, no "already exists", no retry, one administrator', async () => {
      const db = await freshDatabase('four');
      const processes: Spawned[] = [];
      try {
        const prefix = `test:four:${process.pid}:${Date.now()}:`;
        const common = {
          ...db.env,
          LOG_FORMAT: 'json',
          LOG_LEVEL: 'info',
          SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS),
          ...(redis ? { REDIS_KEY_PREFIX: prefix } : {}),
        };
        const kinds: Array<'api' | 'worker'> = redis ? ['api', 'api', 'worker', 'worker'] : ['api', 'api', 'api', 'api'];
        const envs = await Promise.all(
          kinds.map(async (kind) =>
            kind === 'api' ? testEnvironment({ ...common, PORT: String(await freePort()) }) : testEnvironment({ ...common, JOB_QUEUE: 'bull' }),
          ),
        );
        const began = Date.now();
        kinds.forEach((kind, i) => processes.push(spawnBuilt(kind === 'api' ? MAIN : WORKER, envs[i])));
        await until(
          'all four to start',
          () => {
            const dead = processes.find((p) => p.child.exitCode !== null);
            if (dead) throw new Error(`A process exited: ${dead.output()}`);
            return processes.every((p, i) => (kinds[i] === 'api' ? /Listening on/ : /Worker \d+ consuming/).test(p.stdout()));
          },
          120_000,
        );
        console.log(`four processes (${kinds.join(', ')}) on an empty MySQL database: all started in ${Date.now() - began} ms`);
        for (const p of processes) {
          expect(p.output()).not.toMatch(/already exists|Retrying|ER_\w+/i);
          expect(logLines(p.output()).filter((l) => l.level >= 50)).toEqual([]);
        }
        expect(await db.count('SELECT COUNT(*) AS n FROM migrations')).toBe(MIGRATIONS.length);
        expect(await db.count('SELECT COUNT(DISTINCT name) AS n FROM migrations')).toBe(MIGRATIONS.length);
        expect(await db.count('SELECT COUNT(*) AS n FROM user')).toBe(1);
        const stops = await Promise.all(processes.map((p) => terminate(p)));
        expect(stops.map((s) => s.code)).toEqual([0, 0, 0, 0]);
      } finally {
        await Promise.all(processes.map((p) => p.kill()));
        await db.drop();
      }
    }, 180_000);
  });
