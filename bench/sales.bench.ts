/**
 * npm run bench -- sales: the sales console's list at a million sales, and recording sales,
 * through the real HTTP API on MySQL/MariaDB: a MariaDB server of the bench's own (private data
 * directory and port, BENCH_BUFFER_POOL_MB), or BENCH_DATABASE_URL (a database with "bench" or
 * "test" in its name, dropped and recreated; there no statement is captured, as the general log
 * is a server-wide setting).
 *
 * The API runs as its own process (as production runs it). The franchise comes through the API
 * (20 stores, 3 sale types, an Insurance analysis field, 20 sellers, 3 rate cards a year apart);
 * 900 rate card lines, 18,000 line stores, 1,000,000 sales over two years ending today (3 %
 * refunded, with their refund rows, 2 % cancelled) and their 1,000,000 analysis values are
 * written with multi-row INSERTs. Sales carry no history rows: the list never reads them.
 *
 * - list: 20 concurrent clients (autocannon) for BENCH_SECONDS (10) on
 *   GET /api/sales?storeID=…&saleDateGEQ=…&saleDateLEQ=…&pageLength=50, sorted by saleDate
 *   descending and by the default (saleID descending); one store's quarter a year back, about
 *   6,000 of its 50,000 sales. Then, in the same run, the same SQL the route ran for that page
 *   (read from MariaDB's general log while one request runs: the count, the page's ids, the
 *   rows by id, the order reference duplicates) through a mysql2 pool of 20
 *   connections for the same time; with each statement's EXPLAIN.
 * - record: POST /api/sale at 20 concurrent clients, each body a valid sale at one of the
 *   stores with its own order reference: sales recorded per second and latency.
 *
 * Prints one JSON line per case.
 */
import 'reflect-metadata';
import autocannon from 'autocannon';
import { createConnection, createPool, type Pool } from 'mysql2/promise';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { localDate } from '../src/common/dates/days';
import { benchDatabase } from './bench-database';
import { ADMIN_EMAIL, ADMIN_PASSWORD, ApiProcess, call, CONNECTIONS, latencies, loadDirect, loadHttp, print, SECONDS } from './list.bench';
// The demo seed's seeded generator and day arithmetic: every run writes the same rows.
import { addDays, rng } from '../src/seed/demo-sales';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const SALES = Number(process.env.BENCH_SALES || 1_000_000);
/** The sales scenario's stores; the kpi scenario fills 40 (fillSales' `stores`). */
const STORES = 20;
const SALE_TYPES = ['New contract', 'Upgrade', 'SIM only'];
const LINES = 100; // per card and sale type
const DAYS = 730;
const BATCH = 5_000;
const TIME_ZONE = process.env.TIME_ZONE || 'Europe/London';

const firstOfMonth = (ymd: string) => `${ymd.slice(0, 7)}-01`;

/** One seller a store (their home store), all under one profile that records sales in every store: their user ids. */
export async function createSellers(post: (path: string, body: unknown) => Promise<Json>, storeIDs: number[]): Promise<number[]> {
  const profile = await post('/accessProfile', {
    name: 'Bench sellers',
    systemAreas: 'RecordSales, RecordRefunds',
    storeIDs,
    showRevenue: true,
    showCommission: true,
  });
  const sellerIDs: number[] = [];
  for (let i = 0; i < storeIDs.length; i++) {
    const user = await post('/user', {
      name: `Seller ${i + 1}`,
      email: `seller${i + 1}@example.com`,
      password: ADMIN_PASSWORD,
      confirm: ADMIN_PASSWORD,
      accessProfileID: profile.accessProfileID,
      storeID: storeIDs[i],
    });
    sellerIDs.push(user.userID);
  }
  return sellerIDs;
}

export interface Franchise {
  token: string;
  storeIDs: number[];
  saleTypeIDs: number[];
  sellerIDs: number[];
  insuranceFieldID: number;
  /** Line store ids of the card in force today, by store index and sale type index. */
  currentLineStores: (store: number, type: number) => number[];
}

/**
 * The franchise through the API (`stores` stores, one seller each, sale types, Insurance, three
 * cards a year apart), then its lines, line stores and 1,000,000 sales over two years ending
 * today with their analysis values by multi-row INSERTs: the same rows on every run for the
 * same number of stores. `scenario` names the fill's JSON line.
 */
export async function fillSales(
  api: ApiProcess,
  databaseUrl: string,
  { stores = STORES, scenario = 'sales' }: { stores?: number; scenario?: string } = {},
): Promise<Franchise> {
  const t0 = Date.now();
  const token = (await call(api.base, '', 'POST', '/user/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).data.token;
  const post = async (path: string, body: unknown) => (await call(api.base, token, 'POST', path, body)).data;
  const storeType = await post('/storeType', { name: 'Bench stores' });
  const storeIDs: number[] = [];
  for (let i = 1; i <= stores; i++)
    storeIDs.push((await post('/store', { name: `Store ${String(i).padStart(2, '0')}`, storeTypeID: storeType.storeTypeID })).storeID);
  const saleTypeIDs: number[] = [];
  for (const name of SALE_TYPES) saleTypeIDs.push((await post('/saleType', { name, storeIDs })).saleTypeID);
  const skuType = await post('/skuType', { name: 'Handset' });
  const insurance = await post('/analysisField', {
    name: 'Insurance',
    label: 'Insurance sold?',
    inputType: 'single',
    required: true,
    storeIDs,
    analysisListItems: [
      { code: 'Yes', description: 'Insurance sold' },
      { code: 'No', description: 'No insurance' },
    ],
  });
  const sellerIDs = await createSellers(post, storeIDs);
  const today = localDate(TIME_ZONE);
  const start = addDays(today, 1 - DAYS);
  // Three cards a year apart, the first in force on the first sale's date.
  const cardFroms = [firstOfMonth(start), firstOfMonth(addDays(today, -365)), firstOfMonth(today)];
  const cardIDs: number[] = [];
  for (const fromDate of cardFroms) cardIDs.push((await post('/rateCard', { name: `Bench card ${fromDate.slice(0, 7)}`, fromDate })).rateCardID);

  const main = await createConnection({ uri: databaseUrl });
  const connections = [main, await createConnection({ uri: databaseUrl }), await createConnection({ uri: databaseUrl })];
  // Written ids point at rows written in the same run: the checks add nothing but time.
  for (const c of connections) await c.query('SET SESSION foreign_key_checks = 0, SESSION unique_checks = 0');
  const now = new Date().toISOString().slice(0, 23).replace('T', ' ');
  const lineID = (card: number, type: number, line: number) => (card * SALE_TYPES.length + type) * LINES + line + 1;
  const lineStoreID = (card: number, type: number, line: number, store: number) => (lineID(card, type, line) - 1) * stores + store + 1;
  const revenueOf = (line: number) => 60 + ((line * 37) % 400);
  const lines: unknown[][] = [];
  const lineStores: unknown[][] = [];
  for (let card = 0; card < cardIDs.length; card++) {
    for (let type = 0; type < SALE_TYPES.length; type++) {
      for (let line = 0; line < LINES; line++) {
        lines.push([
          lineID(card, type, line),
          cardIDs[card],
          saleTypeIDs[type],
          `SKU-${type}-${String(line).padStart(4, '0')}`,
          skuType.skuTypeID,
          `Bench handset ${line}`,
          29,
          30 + (line % 40),
          24,
          'bench',
          now,
          'bench',
          now,
        ]);
        for (let store = 0; store < stores; store++) {
          lineStores.push([lineStoreID(card, type, line, store), lineID(card, type, line), storeIDs[store], 1, revenueOf(line), revenueOf(line) / 10]);
        }
      }
    }
  }
  await main.query(
    'INSERT INTO rateCardLine (rateCardLineID, rateCardID, saleTypeID, sku, skuTypeID, description, customerRRP, customerMonthly, contractMonths, createdByUserName, createdDate, updatedByUserName, updatedDate) VALUES ?',
    [lines],
  );
  await main.query('INSERT INTO rateCardLineStore (rateCardLineStoreID, rateCardLineID, storeID, active, revenue, commission) VALUES ?', [lineStores]);

  const random = rng(9);
  let saleID = 0;
  const cardOn = (date: string) => (date >= cardFroms[2] ? 2 : date >= cardFroms[1] ? 1 : 0);
  function* sales(): Generator<unknown[][]> {
    let batch: unknown[][] = [];
    let values: unknown[][] = [];
    const pending: unknown[][] = [];
    for (let i = 0; i < SALES;) {
      const date = addDays(start, Math.floor((i * DAYS) / SALES));
      // Busier stores sell up to twice as much as quieter ones.
      const store = Math.floor(stores * Math.pow(random(), 1.15)) % stores;
      const type = Math.floor(random() * SALE_TYPES.length);
      const line = Math.floor(random() * LINES);
      const card = cardOn(date);
      const r = random();
      const cancelled = r < 0.02;
      const refunded = !cancelled && r < 0.05;
      const revenue = cancelled ? 0 : revenueOf(line);
      const id = ++saleID;
      const orderRef = `7${String(id * 7919).padStart(19, '0')}`;
      const row = (sid: number, day: string, amount: number, isRefund: boolean, refSaleID: number | null) => [
        sid,
        storeIDs[store],
        saleTypeIDs[type],
        sellerIDs[store],
        day,
        orderRef,
        cardIDs[card],
        lineID(card, type, line),
        lineStoreID(card, type, line, store),
        `SKU-${type}-${String(line).padStart(4, '0')}`,
        cancelled ? 'cancelled' : 'recorded',
        amount,
        amount / 10,
        amount,
        amount,
        refSaleID,
        isRefund ? 1 : 0,
        refunded && !isRefund ? 1 : 0,
        refunded && !isRefund ? 'Returned within 14 days' : null,
        refunded ? `RF${String(id).padStart(18, '0')}` : null,
        '',
        'Seller',
        `${day} 12:00:00.000`,
        'Seller',
        `${day} 12:00:00.000`,
      ];
      batch.push(row(id, date, revenue, false, null));
      values.push([id, insurance.analysisFieldID, random() < 0.3 ? 'Yes' : 'No']);
      i++;
      // A refund is written a few sales later, dated a few days on (never after today).
      if (refunded && i < SALES) pending.push(row(0, addDays(date, 3) > today ? today : addDays(date, 3), -revenue + 0, true, id));
      if (pending.length && random() < 0.5) {
        const refund = pending.shift()!;
        refund[0] = ++saleID;
        batch.push(refund);
        values.push([saleID, insurance.analysisFieldID, 'No']);
        i++;
      }
      if (batch.length >= BATCH) {
        yield batch;
        yield values;
        batch = [];
        values = [];
      }
    }
    if (batch.length) {
      yield batch;
      yield values;
    }
  }
  const saleColumns = [
    'saleID',
    'storeID',
    'saleTypeID',
    'attributableToUserID',
    'saleDate',
    'orderRef',
    'rateCardID',
    'rateCardLineID',
    'rateCardLineStoreID',
    'sku',
    'currentHistoryStep',
    'revenue',
    'commission',
    'adjustedRevenue',
    'unreconciledRevenue',
    'refSaleID',
    'isRefund',
    'isRefunded',
    'isRefundedNote',
    'isRefundedOrderRef',
    'notes',
    'createdByUserName',
    'createdDate',
    'updatedByUserName',
    'updatedDate',
  ];
  const valueColumns = ['saleID', 'analysisFieldID', 'analysisValue'];
  // Batches alternate sales and their analysis values; each connection writes a pair in turn.
  const pairs = sales();
  let saleWrites: Promise<unknown> = Promise.resolve();
  await Promise.all(
    connections.map(async (c) => {
      for (let next = pairs.next(); !next.done; next = pairs.next()) {
        const values = pairs.next().value as unknown[][];
        // One sale batch at a time: the triggers on sale add each batch to the day and month
        // totals, and batches of the same days on two connections deadlock there.
        const written = saleWrites.then(() => c.query(`INSERT INTO sale (${saleColumns.join(',')}) VALUES ?`, [next.value]));
        saleWrites = written.then(
          () => undefined,
          () => undefined,
        );
        await written;
        await c.query(`INSERT INTO saleAnalysisValue (${valueColumns.join(',')}) VALUES ?`, [values]);
      }
    }),
  );
  await main.query('ANALYZE TABLE sale, saleAnalysisValue, rateCardLine, rateCardLineStore');
  for (const c of connections) await c.end();
  print({ scenario, case: 'fill', stores, sales: saleID, lineStores: lineStores.length, seconds: (Date.now() - t0) / 1000 });
  return {
    token,
    storeIDs,
    saleTypeIDs,
    sellerIDs,
    insuranceFieldID: insurance.analysisFieldID,
    currentLineStores: (store, type) => Array.from({ length: LINES }, (_, line) => lineStoreID(2, type, line, store)),
  };
}

/**
 * The statements the API ran for one GET of `url` on the sale table, in order: read from the
 * general log (switched on for that one request), kept to the API's connections. Only on the
 * bench's own server (benchDatabase): the general log is a server-wide setting. Also the kpi
 * scenario's.
 */
export async function capture(pool: Pool, database: string, url: string, token: string): Promise<string[]> {
  const c = await pool.getConnection();
  try {
    await c.query("SET GLOBAL log_output = 'TABLE'");
    await c.query('TRUNCATE mysql.general_log');
    await c.query("SET GLOBAL general_log = 'ON'");
    const res = await fetch(url, { headers: { 'x-access-token': token } });
    await res.text();
    await c.query("SET GLOBAL general_log = 'OFF'");
    const [threads] = (await c.query('SELECT ID AS id FROM information_schema.PROCESSLIST WHERE DB = ? AND ID <> CONNECTION_ID()', [database])) as unknown as [
      Json[],
    ];
    const ids = threads.map((t) => Number(t.id));
    const [rows] = (await c.query(
      "SELECT thread_id AS thread, CONVERT(argument USING utf8mb4) AS statement FROM mysql.general_log WHERE command_type = 'Query' ORDER BY event_time",
    )) as unknown as [Json[]];
    // Every statement the request ran on the API's connections: the signed-in user's, the count, the
    // page's ids, their flags, the rows, their analysis values, the duplicates.
    return rows.filter((r) => ids.includes(Number(r.thread)) && /^\s*SELECT/i.test(String(r.statement))).map((r) => String(r.statement));
  } finally {
    c.release();
  }
}

/** A short name for a captured statement: what it reads. */
function statementName(statement: string): string {
  if (statement.includes('`rowCount`')) return 'count';
  if (statement.includes('`sortValue`')) return 'ids';
  if (statement.includes('`selectable`')) return 'flags';
  if (statement.includes('GROUP BY `s`.`orderRef`')) return 'duplicates';
  if (/FROM `saleAnalysisValue`/.test(statement)) return 'analysisValues';
  if (/FROM `sale`/.test(statement)) return 'rows';
  if (/FROM `accessProfileStore`/.test(statement)) return 'userStores';
  if (/FROM `user`/.test(statement)) return 'user';
  return statement.slice(0, 40);
}

export async function explain(pool: Pool, statement: string): Promise<Json[]> {
  const [rows] = (await pool.query(`EXPLAIN ${statement}`)) as unknown as [Json[]];
  return rows.map((r) => ({ table: r.table, type: r.type, key: r.key, rows: Number(r.rows), extra: r.Extra }));
}

/** One statement alone: the median of `runs` (11) runs one after another, in ms. */
export async function median(pool: Pool, statement: string, runs = 11): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await pool.query(statement);
    times.push(performance.now() - start);
  }
  return Math.round(times.sort((a, b) => a - b)[Math.floor(runs / 2)] * 10) / 10;
}

/** POST /api/sale at CONNECTIONS clients for SECONDS: valid sales, each with its own order reference. */
async function record(api: ApiProcess, f: Franchise): Promise<Json> {
  const today = localDate(TIME_ZONE);
  let n = 0;
  const body = () => {
    n += 1;
    const store = n % f.storeIDs.length;
    const type = n % SALE_TYPES.length;
    const lineStores = f.currentLineStores(store, type);
    return {
      storeID: f.storeIDs[store],
      saleTypeID: f.saleTypeIDs[type],
      attributableToUserID: f.sellerIDs[store],
      rateCardLineStoreID: lineStores[n % lineStores.length],
      saleDate: today,
      orderRef: `5${String(n).padStart(19, '0')}`,
      saleAnalysisValues: [{ analysisFieldID: f.insuranceFieldID, analysisValue: n % 3 === 0 ? 'Yes' : 'No' }],
    };
  };
  // One first, so a refused body fails with its answer rather than as a count of non-2xx.
  await call(api.base, f.token, 'POST', '/sale', body());
  const times: number[] = [];
  const statuses: Record<number, number> = {};
  const origin = api.base.slice(0, api.base.indexOf('/api'));
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: origin,
        connections: CONNECTIONS,
        duration: SECONDS,
        requests: [
          {
            method: 'POST',
            path: '/api/sale',
            headers: { 'x-access-token': f.token, 'content-type': 'application/json' },
            setupRequest: (request) => ({ ...request, body: JSON.stringify(body()) }),
          },
        ],
      },
      (error, done) => (error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(done)),
    );
    instance.on('response', (_client, status, _bytes, responseTime) => {
      statuses[status] = (statuses[status] ?? 0) + 1;
      if (status < 300) times.push(responseTime);
    });
  });
  // Refused or failed saves are counted, not thrown: the figure to read is how many were recorded.
  return { salesPerSecond: Math.round(times.length / SECONDS), ...latencies(times), recorded: times.length, failed: result.non2xx + result.errors, statuses };
}

/**
 * The supplier's statement as it would stand after months of reconciling: one rec sheet with a
 * line for every ordinary recorded sale older than 60 days, each linked (recLink), so the list's
 * derived reconcile state (sales/sale-links.ts) reads real links. The sales' stored step and
 * counts are left as recorded, as a run that writes only links leaves them.
 */
async function fillLinks(pool: Pool): Promise<Json> {
  const t0 = Date.now();
  const stamp = "'Bench', NOW(3), 'Bench', NOW(3)";
  const audit = 'createdByUserName, createdDate, updatedByUserName, updatedDate';
  const [sheet] = (await pool.query(`INSERT INTO recSheet (name, recDate, ${audit}) VALUES ('Bench statement', CURDATE(), ${stamp})`)) as unknown as [
    { insertId: number },
  ];
  await pool.query(
    `INSERT INTO recSheetLine (recSheetID, saleDate, storeID, storeName, orderRef, sku, description, revenue, saleID, recByUserName, recDate, ${audit}) ` +
      `SELECT ?, s.saleDate, s.storeID, '', CONCAT('L', s.saleID), s.sku, '', s.revenue, s.saleID, 'Bench', NOW(3), ${stamp} ` +
      `FROM sale s WHERE s.isRefund = 0 AND s.currentHistoryStep IN ('recorded', 'modified') AND s.saleDate < CURDATE() - INTERVAL 60 DAY`,
    [sheet.insertId],
  );
  const [linked] = (await pool.query(
    `INSERT INTO recLink (recSheetLineID, saleID, autoRecRunID, rule, linkedByUserName, linkedDate) ` +
      `SELECT recSheetLineID, saleID, NULL, 'manual', 'Bench', NOW(3) FROM recSheetLine WHERE recSheetID = ?`,
    [sheet.insertId],
  )) as unknown as [{ affectedRows: number }];
  await pool.query('ANALYZE TABLE recSheetLine, recLink');
  return { linkedSales: linked.affectedRows, seconds: (Date.now() - t0) / 1000 };
}

export async function salesBench(): Promise<void> {
  const db = await benchDatabase('sales');
  const databaseUrl = db.url;
  const database = decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
  const dir = mkdtempSync(join(tmpdir(), 'sales-bench-'));
  const api = new ApiProcess({
    DATA_DIR: dir,
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    JWT_SECRET: 'bench-secret',
    LOGIN_ATTEMPTS_PER_MINUTE: '1000',
    DATABASE_URL: databaseUrl,
  });
  const pool = createPool({ uri: databaseUrl, connectionLimit: CONNECTIONS });
  try {
    await api.start();
    const franchise = await fillSales(api, databaseUrl);
    const [[settings]] = (await pool.query('SELECT @@version AS version, @@innodb_buffer_pool_size AS bufferPool')) as unknown as [Json[]];
    print({ scenario: 'sales', case: 'server', version: settings.version, innodbBufferPoolMB: Number(settings.bufferPool) / 1048576 });

    print({ scenario: 'sales', case: 'links', ...(await fillLinks(pool)) });

    // BENCH_SQL_AFTER_FILL: statements (split on ';') run once the sales are written, to try an index.
    for (const statement of (process.env.BENCH_SQL_AFTER_FILL ?? '').split(';').filter((x) => x.trim())) {
      await pool.query(statement);
      print({ scenario: 'sales', case: 'after fill', sql: statement.trim() });
    }
    // One store's quarter a year back (about 6,000 of its 50,000 sales) by date and by the default
    // sort, and its last 90 days by the default sort (close to what the console opens on).
    const today = localDate(TIME_ZONE);
    const storeID = franchise.storeIDs[7];
    const pastQuarter = `saleDateGEQ=${addDays(today, -365)}&saleDateLEQ=${addDays(today, -275)}`;
    const lastQuarter = `saleDateGEQ=${addDays(today, -90)}&saleDateLEQ=${today}`;
    const cases: Array<[string, string]> = [
      ['list by saleDate desc, a quarter a year back', `${pastQuarter}&sort=saleDate&sortDir=desc`],
      ['list by saleID desc (default), a quarter a year back', pastQuarter],
      ['list by saleID desc (default), the last 90 days', lastQuarter],
    ];
    for (const [name, query] of cases) {
      const url = `${api.base}/sales?storeID=${storeID}&${query}&pageLength=50`;
      await loadHttp(url, franchise.token).catch(() => undefined); // warm up: caches, JIT, pool
      const http = await loadHttp(url, franchise.token);
      // Requests autocannon left running end first, so the log holds this request's statements only.
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      const statements = db.own ? await capture(pool, database, url, franchise.token) : [];
      const find = (marker: string) => {
        const found = statements.filter((statement) => statement.includes(marker));
        if (found.length !== 1) throw new Error(`expected one statement with ${marker}, read ${found.length} of ${statements.length}`);
        return found[0];
      };
      const [count, ids] = ['`rowCount`', '`sortValue`'].map(find);
      // The whole request's SQL, one statement after another, at the same concurrency.
      const sql = await loadDirect(async () => {
        for (const statement of statements) await pool.query(statement);
      }, CONNECTIONS);
      const singleStatementMs: Json = {};
      for (const statement of statements) singleStatementMs[statementName(statement)] = await median(pool, statement);
      print({
        scenario: 'sales',
        case: name,
        route: url.slice(url.indexOf('/api')),
        connections: CONNECTIONS,
        http,
        directSql: sql,
        throughputVsDirect: Math.round((http.requestsPerSecond / sql.requestsPerSecond) * 100) / 100,
        statements: statements.length,
        singleStatementMs,
        explain: { count: await explain(pool, count), ids: await explain(pool, ids) },
      });
      if (process.env.BENCH_SHOW_SQL) for (const statement of statements) print({ scenario: 'sales', sql: statement.slice(0, 2_000) });
    }
    print({ scenario: 'sales', case: 'record', route: 'POST /api/sale', connections: CONNECTIONS, ...(await record(api, franchise)) });
    // Saves autocannon left running end before the API stops.
    await new Promise((resolve) => setTimeout(resolve, 5_000));
  } finally {
    await api.stop();
    await pool.end();
    await db.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
