/**
 * npm run bench -- list: the list engine at a million rows, through the real HTTP API.
 *
 * For each engine (the embedded SQLite always; MySQL/MariaDB when BENCH_DATABASE_URL names a
 * database with "bench" or "test" in it, dropped and recreated) it starts the API as its own
 * process (node dist-bench/src/main.js, as production runs it), creates 20 stores through the
 * API, writes 50,000 rate card lines and 1,000,000 line stores with multi-row INSERTs, then:
 *
 * - page: 20 concurrent clients (autocannon) for BENCH_SECONDS (10) on
 *   GET /api/rateCardLineStores?storeID=…&sort=revenue&sortDir=desc&pageLength=50, at page 0,
 *   page 999 (rows 49,950 to 49,999 of the store's 50,000) and page 499 (the middle);
 * - direct: the same three statements the route runs (count, page ids, rows by id), through
 *   mysql2 at the same concurrency (SQLite: better-sqlite3, which runs one statement at a time);
 * - export: GET /api/rateCardLineStores/excel of the first 50,000, 200,000 and 800,000 line
 *   stores (by id), each on a fresh API process, with that process's peak RSS (VmHWM).
 *
 * Prints one JSON line per case. BENCH_ENGINES=mysql (or sqlite) runs one engine only.
 */
import 'reflect-metadata';
import autocannon from 'autocannon';
import { ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPool, type Pool } from 'mysql2/promise';
import { recreate } from './bench-database';

const STORES = 20;
const CARDS = 5;
const LINES_PER_CARD = 10_000;
export const CONNECTIONS = 20;
export const SECONDS = Number(process.env.BENCH_SECONDS || 10);
const PAGE_LENGTH = 50;
/** Line stores of each store: one per line of every card. */
const STORE_ROWS = CARDS * LINES_PER_CARD;
export const ADMIN_EMAIL = 'bench@example.com';
export const ADMIN_PASSWORD = 'Bench-12345!';
const MAIN = join(__dirname, '..', 'src', 'main.js');

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** The part of better-sqlite3 used here (the project has no type package for it). */
interface SqliteStatement {
  run(...params: unknown[]): unknown;
  get(...params: unknown[]): unknown;
  all(...params: unknown[]): unknown[];
}
interface SqliteDatabase {
  pragma(statement: string): unknown;
  prepare(sql: string): SqliteStatement;
  transaction<A extends unknown[]>(work: (...args: A) => void): (...args: A) => void;
  exec(sql: string): void;
  close(): void;
}
// better-sqlite3 has no type package here: required, typed by the interface above.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const Database = require('better-sqlite3') as new (file: string, options?: { readonly?: boolean }) => SqliteDatabase;

export const print = (line: Json) => console.log(JSON.stringify(line));

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] * 10) / 10;
}

export function latencies(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99) };
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Peak resident memory of a child process so far (Linux VmHWM), in MB. */
export function peakRssMB(child: ChildProcess): number {
  const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
  return Math.round(Number(/VmHWM:\s+(\d+)/.exec(status)![1]) / 1024);
}

/** SIGTERM, and wait for the exit; a child that exited or was ended by a signal already is left alone. */
export async function stopChild(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

/** The API as its own process, as production runs it. */
export class ApiProcess {
  private child?: ChildProcess;
  base = '';

  constructor(private readonly env: Record<string, string>) {}

  async start(): Promise<void> {
    const port = await freePort();
    this.base = `http://127.0.0.1:${port}/api`;
    this.child = spawn(process.execPath, [...(process.env.BENCH_API_NODE_ARGS ?? '').split(' ').filter(Boolean), MAIN], {
      env: { ...process.env, ...this.env, PORT: String(port), NODE_ENV: 'production' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    for (let i = 0; i < 600; i++) {
      try {
        if ((await fetch(`${this.base}/user/me`)).status > 0) return;
      } catch {
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    throw new Error('the API did not start');
  }

  peakRssMB(): number {
    return peakRssMB(this.child!);
  }

  stop(): Promise<void> {
    return stopChild(this.child);
  }
}

export async function call(base: string, token: string, method: string, path: string, body?: unknown): Promise<Json> {
  const send = () =>
    fetch(`${base}${path}`, {
      method,
      headers: { 'x-access-token': token, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  // After a long INSERT the kept-alive connection may have timed out on the server: one retry.
  const res = await send().catch(send);
  const json = (await res.json()) as Json;
  if (res.status >= 300) throw new Error(`${method} ${path} → ${res.status} ${JSON.stringify(json).slice(0, 300)}`);
  return json;
}

/** Runs multi-row INSERTs on either engine. */
export interface Writer {
  insert(table: string, columns: string[], rows: unknown[][]): Promise<void>;
  analyse(): Promise<void>;
  close(): Promise<void>;
}

export function sqliteWriter(file: string): Writer {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 60000');
  return {
    async insert(table, columns, rows) {
      const statements = new Map<number, SqliteStatement>();
      const write = db.transaction((all: unknown[][]) => {
        // SQLite takes at most 32,766 parameters a statement.
        const per = Math.floor(30_000 / columns.length);
        for (let i = 0; i < all.length; i += per) {
          const chunk = all.slice(i, i + per);
          let statement = statements.get(chunk.length);
          if (!statement) {
            const values = Array(chunk.length)
              .fill(`(${columns.map(() => '?').join(',')})`)
              .join(',');
            statement = db.prepare(`INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(',')}) VALUES ${values}`);
            statements.set(chunk.length, statement);
          }
          statement.run(chunk.flat());
        }
      });
      write(rows);
    },
    async analyse() {
      db.exec('ANALYZE');
    },
    async close() {
      db.close();
    },
  };
}

function mysqlWriter(pool: Pool): Writer {
  return {
    async insert(table, columns, rows) {
      for (let i = 0; i < rows.length; i += 5_000) {
        await pool.query(`INSERT INTO \`${table}\` (${columns.map((c) => `\`${c}\``).join(',')}) VALUES ?`, [rows.slice(i, i + 5_000)]);
      }
    },
    async analyse() {
      await pool.query('ANALYZE TABLE rateCardLine, rateCardLineStore');
    },
    async close() {},
  };
}

/** The franchise: 20 stores through the API, then 50,000 lines and 1,000,000 line stores by SQL. */
async function fill(api: ApiProcess, writer: Writer): Promise<{ token: string; storeIDs: number[] }> {
  const token = (await call(api.base, '', 'POST', '/user/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).data.token;
  const storeType = (await call(api.base, token, 'POST', '/storeType', { name: 'Bench stores' })).data;
  const storeIDs: number[] = [];
  for (let i = 1; i <= STORES; i++) {
    storeIDs.push(
      (await call(api.base, token, 'POST', '/store', { name: `Store ${String(i).padStart(2, '0')}`, storeTypeID: storeType.storeTypeID })).data.storeID,
    );
  }
  const saleType = (await call(api.base, token, 'POST', '/saleType', { name: 'Bench sale type', storeIDs })).data;
  const skuType = (await call(api.base, token, 'POST', '/skuType', { name: 'Handset' })).data;
  const now = new Date().toISOString().slice(0, 23).replace('T', ' ');
  let lineID = 0;
  let lineStoreID = 0;
  const t0 = Date.now();
  for (let c = 0; c < CARDS; c++) {
    const card = (await call(api.base, token, 'POST', '/rateCard', { name: `Bench card ${c + 1}`, fromDate: `202${c}-01-01` })).data;
    const lines: unknown[][] = [];
    const lineStores: unknown[][] = [];
    for (let i = 0; i < LINES_PER_CARD; i++) {
      lineID += 1;
      lines.push([
        lineID,
        card.rateCardID,
        saleType.saleTypeID,
        `SKU-${String(i).padStart(6, '0')}`,
        skuType.skuTypeID,
        `Bench product ${i}`,
        199.99,
        25.5,
        24,
        'bench',
        now,
        'bench',
        now,
      ]);
      for (const storeID of storeIDs) {
        lineStoreID += 1;
        // Revenue spread over 5,000 values in pence: ties, as real cards have.
        const revenue = ((lineStoreID * 7919) % 5_000) / 10 + 10;
        lineStores.push([lineStoreID, lineID, storeID, 1, revenue, Math.round(revenue * 30) / 100]);
      }
    }
    await writer.insert(
      'rateCardLine',
      [
        'rateCardLineID',
        'rateCardID',
        'saleTypeID',
        'sku',
        'skuTypeID',
        'description',
        'customerRRP',
        'customerMonthly',
        'contractMonths',
        'createdByUserName',
        'createdDate',
        'updatedByUserName',
        'updatedDate',
      ],
      lines,
    );
    await writer.insert('rateCardLineStore', ['rateCardLineStoreID', 'rateCardLineID', 'storeID', 'active', 'revenue', 'commission'], lineStores);
  }
  await writer.analyse();
  print({ scenario: 'list', case: 'fill', lines: lineID, lineStores: lineStoreID, seconds: (Date.now() - t0) / 1000 });
  return { token, storeIDs };
}

/**
 * GET `url` at CONNECTIONS clients for SECONDS (autocannon). `timeoutSeconds`: how long a
 * request may take (autocannon's 10 s by default); `amount`: run until that many answers instead
 * of for SECONDS (answers slower than SECONDS would otherwise never be counted), requests per
 * second then over the time it took.
 */
export async function loadHttp(url: string, token: string, options: { timeoutSeconds?: number; amount?: number; acceptEncoding?: string } = {}): Promise<Json> {
  const headers = { 'x-access-token': token, ...(options.acceptEncoding ? { 'accept-encoding': options.acceptEncoding } : {}) };
  const times: number[] = [];
  const start = Date.now();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections: CONNECTIONS,
        ...(options.amount ? { amount: options.amount } : { duration: SECONDS }),
        ...(options.timeoutSeconds ? { timeout: options.timeoutSeconds } : {}),
        headers,
      },
      (error, done) => (error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(done)),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
  const elapsed = (Date.now() - start) / 1000;
  if (result.non2xx || result.errors) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  const bytes = (await (await fetch(url, { headers: { 'x-access-token': token } })).text()).length;
  // What went over the wire: fetch decodes, so ask for the length the API sent.
  const sent = options.acceptEncoding ? await sentBytes(url, headers) : bytes;
  const perSecond = options.amount ? Math.round((times.length / elapsed) * 10) / 10 : Math.round(times.length / SECONDS);
  return {
    requestsPerSecond: perSecond,
    ...latencies(times),
    answerBytes: bytes,
    ...(options.acceptEncoding ? { sentBytes: sent } : {}),
    ...(options.amount ? { answers: times.length } : {}),
  };
}

/** The bytes of one answer as sent (compressed when the headers accept it), read off the socket with node:http, which does not decode. */
async function sentBytes(url: string, headers: Record<string, string>): Promise<number> {
  const { request } = await import('node:http');
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      let length = 0;
      res.on('data', (chunk: Buffer) => (length += chunk.length));
      res.on('end', () => resolve(length));
    })
      .on('error', reject)
      .end();
  });
}

/**
 * The three statements GET /api/rateCardLineStores runs for one page (see list.service.ts):
 * the count, the page's ids (a page in the back half read from the end: the reversed order with
 * a small offset), and the rows by id with their lookups.
 */
function pageStatements(storeID: number, from: number, rowCount: number) {
  const fromEnd = from > rowCount / 2;
  const dir = fromEnd ? 'ASC' : 'DESC';
  const [limit, offset] = fromEnd ? [Math.min(PAGE_LENGTH, rowCount - from), Math.max(0, rowCount - from - PAGE_LENGTH)] : [PAGE_LENGTH, from];
  return {
    count: ['SELECT COUNT(*) AS rowCount FROM rateCardLineStore rateCardLineStore WHERE rateCardLineStore.storeID IN (?)', [storeID]] as [string, number[]],
    ids: [
      'SELECT rateCardLineStore.rateCardLineStoreID AS id, rateCardLineStore.revenue AS sortValue FROM rateCardLineStore rateCardLineStore ' +
        `WHERE rateCardLineStore.storeID IN (?) ORDER BY rateCardLineStore.revenue ${dir}, rateCardLineStore.rateCardLineStoreID ${dir} LIMIT ? OFFSET ?`,
      [storeID, limit, offset],
    ] as [string, number[]],
    rows: (ids: number[]) =>
      [
        'SELECT ls.*, line.*, card.*, skuType.*, saleType.*, band.*, store.* FROM rateCardLineStore ls ' +
          'LEFT JOIN rateCardLine line ON line.rateCardLineID = ls.rateCardLineID LEFT JOIN rateCard card ON card.rateCardID = line.rateCardID ' +
          'LEFT JOIN skuType skuType ON skuType.skuTypeID = line.skuTypeID LEFT JOIN saleType saleType ON saleType.saleTypeID = line.saleTypeID ' +
          'LEFT JOIN band band ON band.bandID = line.bandID LEFT JOIN store store ON store.storeID = ls.storeID ' +
          `WHERE ls.rateCardLineStoreID IN (${ids.map(() => '?').join(',')})`,
        ids,
      ] as [string, number[]],
  };
}

/**
 * `run` by `workers` side by side, each again and again for SECONDS; runs under way then end.
 * Per second over the whole time, those last runs included (they overrun SECONDS by the length
 * of one run: seconds when one run takes seconds).
 */
export async function loadDirect(run: () => Promise<void>, workers: number): Promise<Json> {
  const times: number[] = [];
  const started = Date.now();
  const end = started + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (Date.now() < end) {
        const start = performance.now();
        await run();
        times.push(performance.now() - start);
      }
    }),
  );
  const perSecond = times.length / Math.max(SECONDS, (Date.now() - started) / 1000);
  return { requestsPerSecond: perSecond < 10 ? Math.round(perSecond * 10) / 10 : Math.round(perSecond), ...latencies(times) };
}

async function exportCase(env: Record<string, string>, token: string, rows: number): Promise<Json> {
  const api = new ApiProcess(env);
  await api.start();
  try {
    const idle = api.peakRssMB();
    // The first `rows` line stores in id order (ids run from 1): the same query shape at both sizes.
    const query = `rateCardLineStoreIDLEQ=${rows}&sort=rateCardLineStoreID`;
    const t0 = Date.now();
    const res = await fetch(`${api.base}/rateCardLineStores/excel?${query}&token=${encodeURIComponent(token)}`);
    const bytes = (await res.arrayBuffer()).byteLength;
    if (res.status !== 200) throw new Error(`export: ${res.status}`);
    return { rows, seconds: (Date.now() - t0) / 1000, megabytes: Math.round(bytes / 104857.6) / 10, idleRssMB: idle, peakRssMB: api.peakRssMB() };
  } finally {
    await api.stop();
  }
}

async function run(engine: 'sqlite' | 'mysql', databaseUrl?: string): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'list-bench-'));
  const env: Record<string, string> = {
    DATA_DIR: dir,
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    JWT_SECRET: 'bench-secret',
    LOGIN_ATTEMPTS_PER_MINUTE: '1000',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  const pool = databaseUrl ? createPool({ uri: databaseUrl, connectionLimit: CONNECTIONS, multipleStatements: false }) : undefined;
  const api = new ApiProcess(env);
  try {
    await api.start();
    const writer = pool ? mysqlWriter(pool) : sqliteWriter(join(dir, 'app.sqlite'));
    const { token, storeIDs } = await fill(api, writer);
    if (pool) {
      // The figures depend on the line stores and their indexes (about 170 MB) fitting in memory.
      const [[settings]] = (await pool.query('SELECT @@version AS version, @@innodb_buffer_pool_size AS bufferPool')) as unknown as [Json[]];
      print({ scenario: 'list', engine, case: 'server', version: settings.version, innodbBufferPoolMB: Number(settings.bufferPool) / 1048576 });
    }
    await writer.close();
    const storeID = storeIDs[7];
    const sqlite = pool ? undefined : new Database(join(dir, 'app.sqlite'), { readonly: true });
    const direct = async (offset: number) => {
      const statements = pageStatements(storeID, offset, STORE_ROWS);
      if (pool) {
        // As the route: the count beside the ids on a front page, before them deeper in.
        const readIDs = async () => ((await pool.query(...statements.ids)) as unknown as [Array<{ id: number }>])[0];
        const ids = offset < 1_000 ? (await Promise.all([pool.query(...statements.count), readIDs()]))[1] : await pool.query(...statements.count).then(readIDs);
        await pool.query(...statements.rows(ids.map((r) => r.id)));
      } else {
        sqlite!.prepare(statements.count[0]).get(...statements.count[1]);
        const ids = sqlite!.prepare(statements.ids[0]).all(...statements.ids[1]) as Array<{ id: number }>;
        const rows = statements.rows(ids.map((r) => r.id));
        sqlite!.prepare(rows[0]).all(...rows[1]);
      }
    };
    // Page 1 and page 1,000 (the store's last), and the middle one: the dearest OFFSET.
    for (const page of [0, 999, 499]) {
      const url = `${api.base}/rateCardLineStores?storeID=${storeID}&sort=revenue&sortDir=desc&pageLength=${PAGE_LENGTH}&page=${page}`;
      await loadHttp(url, token).catch(() => undefined); // warm up: caches, JIT, pool
      const http = await loadHttp(url, token);
      const sql = await loadDirect(() => direct(page * PAGE_LENGTH), pool ? CONNECTIONS : 1);
      print({
        scenario: 'list',
        engine,
        case: `page ${page}`,
        route: url.slice(url.indexOf('/api')),
        connections: CONNECTIONS,
        http,
        directSql: sql,
        throughputVsDirect: Math.round((http.requestsPerSecond / sql.requestsPerSecond) * 100) / 100,
      });
    }
    sqlite?.close();
    await api.stop();
    const small = await exportCase(env, token, 50_000);
    const large = await exportCase(env, token, 200_000);
    // Four times as many again: flat memory means the same peak as 200,000.
    const larger = await exportCase(env, token, 800_000);
    print({ scenario: 'list', engine, case: 'export', small, large, larger, peakRssRatio: Math.round((large.peakRssMB / small.peakRssMB) * 100) / 100 });
  } finally {
    await api.stop();
    await pool?.end();
    // BENCH_KEEP=1 keeps the filled SQLite database for a closer look.
    if (process.env.BENCH_KEEP) print({ scenario: 'list', engine, kept: dir });
    else rmSync(dir, { recursive: true, force: true });
  }
}

export async function listBench(): Promise<void> {
  // BENCH_ENGINES=mysql runs one engine only.
  const engines = (process.env.BENCH_ENGINES ?? 'sqlite,mysql').split(',');
  if (engines.includes('sqlite')) await run('sqlite');
  const mysql = process.env.BENCH_DATABASE_URL;
  if (mysql && engines.includes('mysql')) {
    await recreate(mysql);
    await run('mysql', mysql);
  }
}
