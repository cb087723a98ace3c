/**
 * npm run bench -- kpi: the landing dashboard's figures (issue 12) at a million sales, through the
 * real HTTP API on MySQL/MariaDB: a MariaDB server of the bench's own (private data directory and
 * port), or BENCH_DATABASE_URL (a database with "bench" or "test" in its name, dropped and
 * recreated; there no statement is captured, as the general log is a server-wide setting).
 *
 * The sales scenario's fill (sales.bench.ts, fillSales) with 40 stores: 1,000,000 sales over two
 * years ending today, one seller a store. Then a day of stats for every store and day (29,200
 * rows, by SQL), three metrics through the API (average revenue: adjustedRevenueTotal over
 * revenueCount; sales count; footfall per day: footfallTotal over dayCount, from the daily
 * stats) and an all-stores manager (all 40 stores, showRevenue, showCommission, ViewYearCards).
 * As that manager, at 20 concurrent clients (autocannon) for BENCH_SECONDS (10):
 *
 * - GET /api/kpi/cards?date={today}&userID={the manager}: their own cards (day, month, year with
 *   tops), the 40 store cards and the trend chart;
 * - the same for five sellers (userID a list): the user cards too;
 * - GET /api/kpi/tables?date={today}&splitBy=attributableToUserID: the month and the day tables
 *   of all the stores, split by user.
 *
 * The API keeps these answers under the figure versions (docs/decisions.md, "dashboard answers
 * kept"), so the load above is mostly answers kept. Beside it, per case: `builtAlone`, twenty
 * requests one at a time each after a change (a store's counter raised, as a recorded sale
 * raises it), what the first answer after a change costs; and `whileChanging`, the same load
 * while a store's counter rises ten times a second (the stores in turn).
 *
 * Each answer's totals are checked against SQL written here (counted steps, refund rows -1 with
 * their amounts as stored, the manager's stores): the month card's three sides, the store cards'
 * sum, and both tables' totals rows (each part, current and prior). Beside each case: the
 * statements the request ran when it built the answer (read from MariaDB's general log, as the sales scenario does), run
 * one after another per simulated client through a mysql2 pool of 20 for the same time (the
 * anchor), the dearest of them alone with their EXPLAIN, and the check SQL's own time.
 *
 * Autocannon gives an answer up to 300 s; when fewer than two answers a client came back in
 * BENCH_SECONDS, the case runs again until two a client have (`answers` in its line, requests
 * per second over the time that took). Between runs the API is left to finish what autocannon
 * gave up on (no statement on the database for a second).
 *
 * BENCH_REUSE=1 keeps a database this scenario filled before (no drop, no fill): the API's
 * migrations still run on start. BENCH_CASES=cards or tables runs those cases only. Prints one
 * JSON line per case.
 */
import 'reflect-metadata';
import { createPool, type Pool } from 'mysql2/promise';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { localDate } from '../src/common/dates/days';
import { addDays } from '../src/seed/demo-sales';
import { benchDatabase } from './bench-database';
import { ADMIN_EMAIL, ADMIN_PASSWORD, ApiProcess, call, CONNECTIONS, loadDirect, loadHttp, print, SECONDS } from './list.bench';
import { capture, explain, fillSales, median } from './sales.bench';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const STORES = 40;
const DAYS = 730;
/** Sellers on the several-users cards (the sellers of the first stores). */
const CARD_SELLERS = 5;
const TIME_ZONE = process.env.TIME_ZONE || 'Europe/London';
const MANAGER_EMAIL = 'kpi.manager@example.com';
const TARGETS = { cards: 150, tables: 300 };
const COUNTED = "sale.currentHistoryStep IN ('recorded', 'modified', 'reconciled')";
/** What Chromium and Firefox send as Accept-Encoding. */
const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd';
/** How long one answer may take under load before autocannon counts it an error. */
const TIMEOUT_SECONDS = 300;

/**
 * Until the API runs no statement on the database for a second: requests autocannon gave up on
 * or left running at the end of its time go on in the API, and would share the next case's time.
 */
async function idle(pool: Pool, database: string): Promise<void> {
  for (let quiet = 0; quiet < 5;) {
    const [[row]] = (await pool.query(
      "SELECT COUNT(*) AS busy FROM information_schema.PROCESSLIST WHERE DB = ? AND COMMAND <> 'Sleep' AND ID <> CONNECTION_ID()",
      [database],
    )) as unknown as [Json[]];
    quiet = Number(row.busy) === 0 ? quiet + 1 : 0;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

interface Setup {
  managerToken: string;
  managerID: number;
  storeIDs: number[];
  sellerIDs: number[];
  /** Metric ids by what they compute. */
  metrics: { averageRevenue: number; salesCount: number; footfallPerDay: number };
}

/** Every store's stats for every day of the two years (footfall, chats, staff), by multi-row INSERTs. */
async function fillDailyStats(pool: Pool, storeIDs: number[], today: string): Promise<number> {
  const start = addDays(today, 1 - DAYS);
  const rows: unknown[][] = [];
  const now = `${today} 12:00:00.000`;
  for (let d = 0; d < DAYS; d++) {
    const date = addDays(start, d);
    storeIDs.forEach((storeID, s) =>
      rows.push([date, storeID, 150 + ((s * 37 + d * 11) % 200), (s + d) % 17, 3 + ((s + d) % 4) / 2, 'bench', now, 'bench', now]),
    );
  }
  for (let i = 0; i < rows.length; i += 5_000) {
    await pool.query(
      'INSERT INTO dailyStat (dailyStatDate, storeID, footfall, chatCount, staffCount, createdByUserName, createdDate, updatedByUserName, updatedDate) VALUES ?',
      [rows.slice(i, i + 5_000)],
    );
  }
  await pool.query('ANALYZE TABLE dailyStat');
  return rows.length;
}

/** The metrics the tables show, through the API; the all-stores manager and their token. */
async function setUp(api: ApiProcess, adminToken: string, storeIDs: number[], sellerIDs: number[]): Promise<Setup> {
  const post = async (path: string, body: unknown) => (await call(api.base, adminToken, 'POST', path, body)).data;
  const metric = async (name: string, metricType: string, successValue: number, parts: Json[]) => {
    const { metricID } = await post('/metric', { name, metricType, successValue, showCard: false, showInTables: true });
    for (const part of parts) await post('/metricPart', { metricID, multiplier: 1, params: '{}', ...part });
    return metricID as number;
  };
  const metrics = {
    averageRevenue: await metric('Average revenue', 'money', 200, [
      { name: 'Revenue', tableName: 'sales', field: 'adjustedRevenueTotal', divisionPart: 'numerator' },
      { name: 'Sales', tableName: 'sales', field: 'revenueCount', divisionPart: 'denominator' },
    ]),
    salesCount: await metric('Sales count', 'integer', 20, [{ name: 'Sales counted', tableName: 'sales', field: 'revenueCount', divisionPart: 'numerator' }]),
    footfallPerDay: await metric('Footfall per day', '2dp', 250, [
      { name: 'Footfall', tableName: 'dailyStats', field: 'footfallTotal', divisionPart: 'numerator' },
      { name: 'Days', tableName: 'dailyStats', field: 'dayCount', divisionPart: 'denominator' },
    ]),
  };
  const profile = await post('/accessProfile', {
    name: 'All stores managers',
    systemAreas: 'ViewYearCards',
    storeIDs,
    showRevenue: true,
    showCommission: true,
  });
  const manager = await post('/user', {
    name: 'Area Manager',
    email: MANAGER_EMAIL,
    password: ADMIN_PASSWORD,
    confirm: ADMIN_PASSWORD,
    accessProfileID: profile.accessProfileID,
    storeID: storeIDs[0],
  });
  const managerToken = (await call(api.base, '', 'POST', '/user/login', { email: MANAGER_EMAIL, password: ADMIN_PASSWORD })).data.token;
  return { managerToken, managerID: manager.userID, storeIDs, sellerIDs, metrics };
}

/** A database this scenario filled before (BENCH_REUSE): its stores, sellers, metrics and manager, read back. */
async function readSetUp(api: ApiProcess, pool: Pool): Promise<Setup> {
  const ids = async (sql: string) => ((await pool.query(sql)) as unknown as [Json[]])[0].map((r) => Number(r.id));
  const storeIDs = await ids("SELECT storeID AS id FROM store WHERE name LIKE 'Store %' ORDER BY name");
  const sellerIDs = await ids("SELECT userID AS id FROM user WHERE email LIKE 'seller%@example.com' ORDER BY userID");
  const [managerID] = await ids(`SELECT userID AS id FROM user WHERE email = '${MANAGER_EMAIL}'`);
  const metricID = async (name: string) => (await ids(`SELECT metricID AS id FROM metric WHERE name = '${name}'`))[0];
  if (storeIDs.length !== STORES || !managerID) throw new Error('BENCH_REUSE: the database does not hold a kpi fill; run once without it');
  const managerToken = (await call(api.base, '', 'POST', '/user/login', { email: MANAGER_EMAIL, password: ADMIN_PASSWORD })).data.token;
  return {
    managerToken,
    managerID,
    storeIDs,
    sellerIDs,
    metrics: {
      averageRevenue: await metricID('Average revenue'),
      salesCount: await metricID('Sales count'),
      footfallPerDay: await metricID('Footfall per day'),
    },
  };
}

const cents = (value: unknown) => Math.round(Number(value ?? 0) * 100);

/** Counted sales of the manager's stores (and these users) in a span, summed by SQL written here. */
async function saleSums(pool: Pool, storeIDs: number[], from: string, to: string, userIDs?: number[]) {
  const users = userIDs ? `AND sale.attributableToUserID IN (${userIDs.join(',')})` : '';
  const [[row]] = (await pool.query(
    `SELECT SUM(CASE WHEN sale.isRefund = 1 THEN -1 ELSE 1 END) AS n, SUM(sale.adjustedRevenue) AS revenue, SUM(sale.commission) AS commission FROM sale
      WHERE sale.storeID IN (${storeIDs.join(',')}) ${users} AND sale.saleDate >= ? AND sale.saleDate <= ? AND ${COUNTED}`,
    [from, to],
  )) as unknown as [Json[]];
  return { revenueCount: Number(row.n ?? 0), revenue: cents(row.revenue), commission: cents(row.commission) };
}

async function statSums(pool: Pool, storeIDs: number[], from: string, to: string) {
  const [[row]] = (await pool.query(
    `SELECT SUM(footfall) AS footfall, COUNT(*) AS days FROM dailyStat WHERE storeID IN (${storeIDs.join(',')}) AND dailyStatDate >= ? AND dailyStatDate <= ?`,
    [from, to],
  )) as unknown as [Json[]];
  return { footfall: Number(row.footfall ?? 0), days: Number(row.days) };
}

const CHANGES_PER_SECOND = 10;

/**
 * What a recorded sale does to the kept answers (docs/decisions.md, "dashboard answers kept"):
 * its store's change counter rises (the sales' triggers do it; here by hand, so the figures the
 * answers are checked against stay as they are). The next answer of that store's callers is built again.
 */
async function changeFigures(pool: Pool, storeID?: number): Promise<void> {
  await pool.query(
    storeID ? 'UPDATE saleFigureVersion SET version = version + 1 WHERE storeID = ?' : 'UPDATE saleFigureVersion SET version = version + 1',
    storeID ? [storeID] : [],
  );
}

/** Twenty requests one at a time, each after a change: what the first answer after a change takes, alone. */
async function builtAlone(pool: Pool, url: string, token: string, acceptEncoding: string): Promise<Json> {
  const times: number[] = [];
  for (let i = 0; i < 20; i++) {
    await changeFigures(pool);
    const start = performance.now();
    const res = await fetch(url, { headers: { 'x-access-token': token, 'accept-encoding': acceptEncoding } });
    await res.arrayBuffer();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => Math.round(times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)] * 10) / 10;
  return { requests: times.length, p50: at(0.5), p95: at(0.95), max: at(1) };
}

/** Runs `load` while a store's counter rises CHANGES_PER_SECOND times a second, the stores in turn. */
async function duringChanges(pool: Pool, storeIDs: number[], load: () => Promise<Json>): Promise<Json> {
  let running = true;
  let changes = 0;
  const changing = (async () => {
    while (running) {
      await changeFigures(pool, storeIDs[changes++ % storeIDs.length]);
      await new Promise((resolve) => setTimeout(resolve, 1000 / CHANGES_PER_SECOND));
    }
  })();
  try {
    const result = await load();
    return { ...result, changes };
  } finally {
    running = false;
    await changing;
  }
}

/** Differences between a cards answer and the SQL sums: the month card's three sides and the store cards' total. */
async function checkCards(pool: Pool, s: Setup, data: Json, userIDs: number[]): Promise<string[]> {
  const wrong: string[] = [];
  const month = data.cards.find((c: Json) => c.period === 'month');
  for (const side of ['current', 'prior', 'py']) {
    const answer = month[side];
    const sql = await saleSums(pool, s.storeIDs, answer.fromDate, answer.toDate, userIDs);
    const got = { revenueCount: answer.revenueCount, revenue: cents(answer.adjustedRevenueTotal), commission: cents(answer.commissionTotal) };
    if (JSON.stringify(got) !== JSON.stringify(sql)) wrong.push(`month ${side}: ${JSON.stringify(got)} ≠ SQL ${JSON.stringify(sql)}`);
  }
  const current = month.current;
  const sql = await saleSums(pool, s.storeIDs, current.fromDate, current.toDate);
  const stores = data.storeCards.reduce(
    (n: Json, c: Json) => ({
      revenueCount: n.revenueCount + c.card.current.revenueCount,
      revenue: n.revenue + cents(c.card.current.adjustedRevenueTotal),
      commission: n.commission + cents(c.card.current.commissionTotal),
    }),
    { revenueCount: 0, revenue: 0, commission: 0 },
  );
  if (data.storeCards.length !== STORES) wrong.push(`${data.storeCards.length} store cards`);
  if (JSON.stringify(stores) !== JSON.stringify(sql)) wrong.push(`store cards' sum: ${JSON.stringify(stores)} ≠ SQL ${JSON.stringify(sql)}`);
  return wrong;
}

/** Differences between a tables answer's totals rows (month and day; each part, current and prior; each metric) and the SQL sums. */
async function checkTables(pool: Pool, s: Setup, listData: Json[]): Promise<string[]> {
  const wrong: string[] = [];
  if (listData.map((t) => t.name).join() !== 'month,day') return [`tables ${listData.map((t) => t.name).join()}`];
  for (const table of listData) {
    for (const side of ['current', 'prior'] as const) {
      const span = table[side];
      const sales = await saleSums(pool, s.storeIDs, span.fromDate, span.toDate);
      const stats = await statSums(pool, s.storeIDs, span.fromDate, span.toDate);
      const expected: Record<string, number> = {
        Revenue: sales.revenue,
        Sales: sales.revenueCount * 100,
        'Sales counted': sales.revenueCount * 100,
        Footfall: stats.footfall * 100,
        Days: stats.days * 100,
      };
      for (const parts of Object.values<Json[]>(table.totalsRow.metricParts)) {
        for (const part of parts) {
          if (cents(part[side]) !== expected[part.name]) wrong.push(`${table.name} ${side} ${part.name}: ${part[side]} ≠ SQL ${expected[part.name] / 100}`);
        }
      }
      if (side === 'current') {
        const values = table.totalsRow.values;
        const close = (got: number | null, want: number | null) => (got === null || want === null ? got === want : Math.abs(got - want) < 1e-5);
        const checks: Array<[string, number, number | null]> = [
          ['average revenue', s.metrics.averageRevenue, sales.revenueCount ? sales.revenue / 100 / sales.revenueCount : null],
          ['sales count', s.metrics.salesCount, sales.revenueCount],
          ['footfall per day', s.metrics.footfallPerDay, stats.days ? stats.footfall / stats.days : null],
        ];
        for (const [name, id, want] of checks)
          if (!close(values[`metric${id}`], want)) wrong.push(`${table.name} ${name}: ${values[`metric${id}`]} ≠ SQL ${want}`);
      }
    }
    // The rows add up to the totals row: every seller's sales are in the split.
    const column = `metric${s.metrics.salesCount}`;
    const rowsSum = table.rows.reduce((n: number, r: Json) => n + (r.values[column] ?? 0), 0);
    if (rowsSum !== table.totalsRow.values[column]) wrong.push(`${table.name}: rows' sales count ${rowsSum} ≠ totals row ${table.totalsRow.values[column]}`);
  }
  return wrong;
}

/** What a captured statement is, in a few words (for the dearest statements' list). */
function statementName(statement: string): string {
  const group = /GROUP BY (\S+)/.exec(statement)?.[1] ?? '';
  const table = /FROM `(\w+)`/.exec(statement)?.[1] ?? '?';
  return `${table}${group ? ` by ${group.replace(/`/g, '')}` : ''}${/LIMIT/.test(statement) ? ' (ranked)' : ''}`;
}

export async function kpiBench(): Promise<void> {
  // BENCH_REUSE: the filled database of an earlier run (BENCH_DATABASE_URL), kept.
  const reuse = Boolean(process.env.BENCH_REUSE && process.env.BENCH_DATABASE_URL);
  const db = await benchDatabase('kpi', { keep: reuse });
  const databaseUrl = db.url;
  const database = decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
  const dir = mkdtempSync(join(tmpdir(), 'kpi-bench-'));
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
    const today = localDate(TIME_ZONE);
    let setup: Setup;
    if (reuse) setup = await readSetUp(api, pool);
    else {
      const franchise = await fillSales(api, databaseUrl, { stores: STORES, scenario: 'kpi' });
      const stats = await fillDailyStats(pool, franchise.storeIDs, today);
      setup = await setUp(api, franchise.token, franchise.storeIDs, franchise.sellerIDs);
      print({ scenario: 'kpi', case: 'fill', dailyStats: stats, metrics: setup.metrics, managerID: setup.managerID });
    }
    const [[settings]] = (await pool.query('SELECT @@version AS version, @@innodb_buffer_pool_size AS bufferPool')) as unknown as [Json[]];
    print({ scenario: 'kpi', case: 'server', version: settings.version, innodbBufferPoolMB: Number(settings.bufferPool) / 1048576 });
    // BENCH_SQL_AFTER_FILL: statements (split on ';') run once the rows are written, to try an index.
    for (const statement of (process.env.BENCH_SQL_AFTER_FILL ?? '').split(';').filter((x) => x.trim())) {
      await pool.query(statement);
      print({ scenario: 'kpi', case: 'after fill', sql: statement.trim() });
    }

    const sellers = setup.sellerIDs.slice(0, CARD_SELLERS);
    const cases: Array<{ name: string; kind: 'cards' | 'tables'; query: string; check: (body: Json) => Promise<string[]>; checkSql: () => Promise<unknown> }> =
      [
        {
          name: "cards, the manager's own",
          kind: 'cards',
          query: `cards?date=${today}&userID=${setup.managerID}`,
          check: (body) => checkCards(pool, setup, body.data, [setup.managerID]),
          checkSql: () => saleSums(pool, setup.storeIDs, `${today.slice(0, 8)}01`, today),
        },
        {
          name: `cards of ${CARD_SELLERS} sellers`,
          kind: 'cards',
          query: `cards?date=${today}&userID=${sellers.join(',')}`,
          check: (body) => checkCards(pool, setup, body.data, sellers),
          checkSql: () => saleSums(pool, setup.storeIDs, `${today.slice(0, 8)}01`, today, sellers),
        },
        {
          name: 'tables by user, all stores',
          kind: 'tables',
          query: `tables?date=${today}&splitBy=attributableToUserID`,
          check: (body) => checkTables(pool, setup, body.listData),
          checkSql: () => saleSums(pool, setup.storeIDs, `${today.slice(0, 8)}01`, today),
        },
      ];
    // BENCH_CASES=tables (or cards): only the cases of that kind.
    const kinds = (process.env.BENCH_CASES ?? 'cards,tables').split(',');
    for (const c of cases.filter((x) => kinds.includes(x.kind))) {
      const url = `${api.base}/kpi/${c.query}`;
      const token = setup.managerToken;
      // As the dashboard's browsers ask: compressed (they all send this header).
      const load = { timeoutSeconds: TIMEOUT_SECONDS, acceptEncoding: BROWSER_ENCODINGS };
      await loadHttp(url, token, load).catch(() => undefined); // warm up: caches, JIT, pool
      await idle(pool, database);
      let http = await loadHttp(url, token, load);
      // Requests autocannon left running end first, so the log holds this request's statements only.
      await idle(pool, database);
      if (http.requestsPerSecond * SECONDS < 2 * CONNECTIONS) {
        // Fewer than two answers a client in SECONDS: those were the fastest. Two a client, however long they take.
        http = await loadHttp(url, token, { ...load, amount: 2 * CONNECTIONS });
        await idle(pool, database);
      }
      // A change before each of these, so they build the answer: the statements of a built
      // answer (the anchor replays them), and that build's time alone, a request at a time.
      await changeFigures(pool);
      const statements = db.own ? await capture(pool, database, url, token) : [];
      const built = await builtAlone(pool, url, token, load.acceptEncoding);
      // The same load while the figures change ten times a second (sales recorded across the
      // stores): every change makes the next answer build again.
      const whileChanging = await duringChanges(pool, setup.storeIDs, () => loadHttp(url, token, load));
      await idle(pool, database);
      // The answer's totals against SQL written here, in the same run.
      const body = (await (await fetch(url, { headers: { 'x-access-token': token } })).json()) as Json;
      const wrong = await c.check(body);
      // The request's SQL, one statement after another per simulated client, at the same concurrency.
      const sql = await loadDirect(async () => {
        for (const statement of statements) await pool.query(statement);
      }, CONNECTIONS);
      const alone = [];
      for (const statement of statements) alone.push({ statement, ms: await median(pool, statement, 5) });
      alone.sort((a, b) => b.ms - a.ms);
      const dearest = [];
      for (const { statement, ms } of alone.slice(0, 3)) dearest.push({ name: statementName(statement), ms, explain: await explain(pool, statement) });
      const checkStart = performance.now();
      await c.checkSql();
      print({
        scenario: 'kpi',
        case: c.name,
        route: url.slice(url.indexOf('/api')),
        connections: CONNECTIONS,
        seconds: SECONDS,
        http,
        target: { p95Under: TARGETS[c.kind], met: http.p95 < TARGETS[c.kind] },
        builtAlone: built,
        whileChanging: { changesPerSecond: CHANGES_PER_SECOND, ...whileChanging, met: whileChanging.p95 < TARGETS[c.kind] },
        totalsEqualSql: wrong.length === 0,
        ...(wrong.length ? { wrong } : {}),
        directSql: sql,
        throughputVsDirect: Math.round((http.requestsPerSecond / sql.requestsPerSecond) * 100) / 100,
        statements: statements.length,
        statementsAloneMs: Math.round(alone.reduce((n, a) => n + a.ms, 0) * 10) / 10,
        dearest,
        checkSqlMs: Math.round((performance.now() - checkStart) * 10) / 10,
      });
      if (process.env.BENCH_SHOW_SQL) for (const statement of statements) print({ scenario: 'kpi', sql: statement.slice(0, 3_000) });
    }
  } finally {
    await api.stop();
    await pool.end();
    await db.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
