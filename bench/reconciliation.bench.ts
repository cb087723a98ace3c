/**
 * npm run bench -- reconciliation: the rec sheet import and auto reconcile as queued jobs, on
 * MySQL/MariaDB (BENCH_DATABASE_URL, a database with "bench" or "test" in its name, dropped and
 * recreated) and Redis (BENCH_REDIS_URL; keys under a prefix of this run, deleted at the end).
 * Without both the scenario says so and stops.
 *
 * The API runs as its own process with JOB_QUEUE=bull (it only queues); jobs run in worker
 * processes (node dist-bench/src/worker.js, the same build as the API) started per case with
 * WORKER_QUEUES and WORKER_CONCURRENCY=1, sharing the API's files directory. Each worker's peak
 * RSS is its Linux VmHWM read before it stops. Every call is timed from the POST/PUT to the
 * operation's completion, polled every 50 ms (GET /api/longRunningOperation?operationID=).
 *
 * The franchise comes through the API (20 stores, 3 sale types, 20 sellers, one rate card).
 * Three rec sheet workbooks of BENCH_REC_ROWS (100,000) rows each, in three worksheets (Sale date,
 * Store, Order number, SKU, Description, Revenue; dates over two years, the franchise's stores,
 * each file its own order numbers), are written with exceljs's streaming writer and uploaded
 * (POST /api/file/recSheets/xlsx).
 *
 * - import: POST /api/recSheetLines/excel { commit: false } then { commit: true } (the commit
 *   reuses the validation's staged rows, then writes) on a fresh rec sheet, one worker
 *   (WORKER_QUEUES=imports,importSheets),
 *   against the anchor: exceljs's streaming parse of the same file alone, in this process
 *   (WorkbookReader, every row's values of every sheet, nothing else). Targets:
 *   (validate + commit) / anchor at most 2.5, peak worker RSS under 400 MB.
 * - import workers: the same import with 1 and with 3 workers, and three imports (the three
 *   files, each on its own sheet) started at once with 1 and with 3 workers. An import's
 *   worksheets validate as parts on the importSheets queue, side by side on several workers.
 * - autoRec: BENCH_SALES (1,000,000) sales over two years written with multi-row INSERTs (mostly
 *   recorded; some modified, cancelled, already reconciled; 5,000 of them duplicates of another
 *   sale, as a sale recorded twice) and a rec sheet of BENCH_REC_LINES (100,000) lines inserted the
 *   same way: 90 % match exactly one ready sale, 5 % two (the duplicates), 5 % none (an unknown
 *   order number, revenue a penny off, or a sale already reconciled or cancelled); a tenth of
 *   the lines carry the SKU in lower case. Then PUT /api/recSheet/{id}/autoRec with one worker
 *   (WORKER_QUEUES=reconcile), against the anchor run before it: one SQL join counting the lines
 *   with exactly one candidate sale (median of 3). Target at most 3 times. The job's counts are
 *   checked against what was written; the anchor's EXPLAIN is printed, and the statements the
 *   job ran (from MariaDB's general log, switched on for the run; BENCH_REC_SQL_LOG=0 leaves it
 *   off) with the time to each one's next statement and their EXPLAIN.
 *
 * Prints one JSON line per case.
 */
import 'reflect-metadata';
import ExcelJS from 'exceljs';
import Redis from 'ioredis';
import { createConnection, createPool, type Pool } from 'mysql2/promise';
import { ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { localDate } from '../src/modules/rate-cards/dates';
import { finishedResult } from './bench-api';
import { recreate } from './bench-database';
import { ADMIN_EMAIL, ADMIN_PASSWORD, ApiProcess, call, peakRssMB, print, stopChild } from './list.bench';
// The demo seed's seeded generator and day arithmetic: every run writes the same rows.
import { addDays, rng } from '../src/seed/demo-sales';
import { createSellers } from './sales.bench';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const ROWS = Number(process.env.BENCH_REC_ROWS || 100_000);
const SHEETS = 3;
const FILES = 3;
const SALES = Number(process.env.BENCH_SALES || 1_000_000);
const LINES = Number(process.env.BENCH_REC_LINES || 100_000);
const STORES = 20;
const SALE_TYPES = ['New contract', 'Upgrade', 'SIM only'];
const CARD_LINES = 100; // per sale type
const DAYS = 730;
const BATCH = 5_000;
const TIME_ZONE = process.env.TIME_ZONE || 'Europe/London';
const WORKER = join(__dirname, '..', 'src', 'worker.js');
const MAPPING = { saleDate: 1, storeName: 2, orderRef: 3, sku: 4, description: 5, revenue: 6 };
const HEADERS = ['Sale date', 'Store', 'Order number', 'SKU', 'Description', 'Revenue'];

const storeName = (i: number) => `Store ${String(i + 1).padStart(2, '0')}`;
const skuOf = (type: number, line: number) => `SKU-${type}-${String(line).padStart(4, '0')}`;
/** Revenue in pence of a card line: about 400 values, with pence. */
const pennies = (line: number, type: number) => (60 + ((line * 37 + type * 11) % 400)) * 100 + ((line * 13 + type) % 100);
const money = (p: number) => (p / 100).toFixed(2);
const round = (n: number, places = 0) => Math.round(n * 10 ** places) / 10 ** places;



/** A worker process (src/worker.ts) consuming `queues`, one job at a time. */
class WorkerProcess {
  private child?: ChildProcess;
  private output = '';

  constructor(private readonly env: Record<string, string>) {}

  async start(): Promise<void> {
    this.child = spawn(process.execPath, [WORKER], { env: { ...process.env, ...this.env, NODE_ENV: 'production' }, stdio: ['ignore', 'pipe', 'pipe'] });
    const keep = (chunk: Buffer) => {
      this.output = (this.output + chunk.toString()).slice(-4000);
    };
    this.child.stdout!.on('data', keep);
    this.child.stderr!.on('data', keep);
    for (let i = 0; i < 600; i++) {
      if (/consuming/.test(this.output)) return;
      if (this.child.exitCode !== null) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`the worker did not start: ${this.output}`);
  }

  peakRssMB(): number {
    return peakRssMB(this.child!);
  }

  stop(): Promise<void> {
    return stopChild(this.child);
  }
}

interface Context {
  api: ApiProcess;
  token: string;
  workerEnv: Record<string, string>;
  storeIDs: number[];
}

async function withWorkers<T>(ctx: Context, count: number, queues: string, work: (workers: WorkerProcess[]) => Promise<T>): Promise<T> {
  const workers = Array.from({ length: count }, () => new WorkerProcess({ ...ctx.workerEnv, WORKER_QUEUES: queues, WORKER_CONCURRENCY: '1' }));
  try {
    await Promise.all(workers.map((w) => w.start()));
    return await work(workers);
  } finally {
    await Promise.all(workers.map((w) => w.stop()));
  }
}

/** Starts a job with `method path body` and waits for it: its result and the ms from the call to completion. */
async function timedJob(ctx: Context, method: string, path: string, body?: unknown): Promise<{ ms: number; result: Json }> {
  const t0 = performance.now();
  const { operationID } = (await call(ctx.api.base, ctx.token, method, path, body)).data;
  const result = await finishedResult((p) => call(ctx.api.base, ctx.token, 'GET', p), operationID);
  return { ms: Math.round(performance.now() - t0), result };
}

// ---------------------------------------------------------------- import

async function writeWorkbook(path: string, file: number): Promise<void> {
  const random = rng(100 + file);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path, useSharedStrings: true, useStyles: true });
  const today = localDate(TIME_ZONE);
  const start = addDays(today, 1 - DAYS);
  let n = 0;
  for (let s = 0; s < SHEETS; s++) {
    const sheet = workbook.addWorksheet(`Statement ${s + 1}`);
    sheet.getColumn(1).numFmt = 'dd/mm/yyyy';
    sheet.addRow(HEADERS).commit();
    const rows = Math.floor(ROWS / SHEETS) + (s < ROWS % SHEETS ? 1 : 0);
    for (let i = 0; i < rows; i++, n++) {
      const day = addDays(start, Math.floor((n * DAYS) / ROWS));
      const store = Math.floor(STORES * Math.pow(random(), 1.15)) % STORES;
      const type = Math.floor(random() * SALE_TYPES.length);
      const line = Math.floor(random() * CARD_LINES);
      // Each file its own order numbers, as a supplier's statement numbers its orders.
      const orderRef = `${file + 5}${String(n * 7919 + 13).padStart(11, '0')}`;
      sheet.addRow([new Date(`${day}T00:00:00Z`), storeName(store), orderRef, skuOf(type, line), `${SALE_TYPES[type]}: handset ${line}`, pennies(line, type) / 100]).commit();
    }
    sheet.commit();
  }
  await workbook.commit();
}

/** The anchor: exceljs's streaming parse of the file alone, every row's values of every sheet. */
async function exceljsParse(path: string): Promise<{ ms: number; rows: number; cells: number }> {
  const t0 = performance.now();
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(path, { worksheets: 'emit', sharedStrings: 'cache', styles: 'ignore', hyperlinks: 'ignore', entries: 'ignore' });
  let rows = 0;
  let cells = 0;
  for await (const worksheet of reader) {
    for await (const row of worksheet) {
      const values = row.values as unknown[];
      rows += 1;
      cells += values.length;
    }
  }
  return { ms: Math.round(performance.now() - t0), rows, cells };
}

async function upload(ctx: Context, path: string): Promise<number> {
  const form = new FormData();
  form.append('file', new Blob([readFileSync(path)]), 'supplier-statement.xlsx');
  const res = await fetch(`${ctx.api.base}/file/recSheets/xlsx`, { method: 'POST', headers: { 'x-access-token': ctx.token }, body: form });
  const json = (await res.json()) as Json;
  if (res.status >= 300) throw new Error(`upload → ${res.status} ${JSON.stringify(json).slice(0, 300)}`);
  return json.data.fileID;
}

let sheetSequence = 0;
async function newSheet(ctx: Context, label: string): Promise<number> {
  sheetSequence += 1;
  return (await call(ctx.api.base, ctx.token, 'POST', '/recSheet', { name: `Bench ${label} ${sheetSequence}`, recDate: localDate(TIME_ZONE) })).data.recSheetID;
}

/** Validate then commit one file on a fresh sheet; each phase's ms, checked to have read and written every row. */
async function importFile(ctx: Context, fileID: number, label: string): Promise<{ validateMs: number; commitMs: number; totalMs: number }> {
  const recSheetID = await newSheet(ctx, label);
  const mappings = Object.fromEntries(Array.from({ length: SHEETS }, (_, s) => [`Statement ${s + 1}`, MAPPING]));
  const body = { fileID, recSheetID, mappings };
  const validate = await timedJob(ctx, 'POST', '/recSheetLines/excel', { ...body, commit: false });
  const check = (phase: string, result: Json, committed: boolean) => {
    if (result.validationResult?.fail || result.data?.lines !== ROWS || result.data?.errors !== 0 || result.data?.committed !== committed) {
      throw new Error(`${label} ${phase}: expected ${ROWS} lines, no errors, got ${JSON.stringify({ validationResult: result.validationResult, data: result.data })}`);
    }
  };
  check('validate', validate.result, false);
  const commit = await timedJob(ctx, 'POST', '/recSheetLines/excel', { ...body, commit: true });
  check('commit', commit.result, true);
  const written = await call(ctx.api.base, ctx.token, 'GET', `/recSheetLines?recSheetID=${recSheetID}&pageLength=1`);
  if (written.page?.rowCount !== ROWS) throw new Error(`${label}: ${written.page?.rowCount} lines written, expected ${ROWS}`);
  return { validateMs: validate.ms, commitMs: commit.ms, totalMs: validate.ms + commit.ms };
}

async function importCases(ctx: Context, dir: string): Promise<void> {
  const paths: string[] = [];
  const t0 = Date.now();
  for (let f = 0; f < FILES; f++) {
    paths.push(join(dir, `statement-${f + 1}.xlsx`));
    await writeWorkbook(paths[f], f);
  }
  const fileIDs: number[] = [];
  for (const path of paths) fileIDs.push(await upload(ctx, path));
  print({
    scenario: 'reconciliation',
    case: 'files',
    files: FILES,
    rows: ROWS,
    worksheets: SHEETS,
    megabytes: round(statSync(paths[0]).size / 1048576, 1),
    seconds: (Date.now() - t0) / 1000,
  });

  // 1. One import, one worker, against exceljs's parse of the same file in the same run.
  await exceljsParse(paths[0]); // warm up: JIT, page cache
  const anchor = await exceljsParse(paths[0]);
  if (anchor.rows !== ROWS + SHEETS) throw new Error(`exceljs read ${anchor.rows} rows, expected ${ROWS + SHEETS}`);
  await withWorkers(ctx, 1, 'imports,importSheets', async ([worker]) => {
    const recSheetID = await newSheet(ctx, 'import');
    const mappings = Object.fromEntries(Array.from({ length: SHEETS }, (_, s) => [`Statement ${s + 1}`, MAPPING]));
    const body = { fileID: fileIDs[0], recSheetID, mappings };
    const validate = await timedJob(ctx, 'POST', '/recSheetLines/excel', { ...body, commit: false });
    if (validate.result.validationResult?.fail || validate.result.data?.lines !== ROWS) throw new Error(`validate: ${JSON.stringify(validate.result).slice(0, 500)}`);
    const rssAfterValidate = worker.peakRssMB();
    const commit = await timedJob(ctx, 'POST', '/recSheetLines/excel', { ...body, commit: true });
    if (commit.result.validationResult?.fail || commit.result.data?.lines !== ROWS || !commit.result.data?.committed) throw new Error(`commit: ${JSON.stringify(commit.result).slice(0, 500)}`);
    const peak = worker.peakRssMB();
    const ratio = round((validate.ms + commit.ms) / anchor.ms, 2);
    print({
      scenario: 'reconciliation',
      case: 'import',
      rows: ROWS,
      worksheets: SHEETS,
      workers: 1,
      validateMs: validate.ms,
      commitMs: commit.ms,
      totalMs: validate.ms + commit.ms,
      anchorMs: anchor.ms,
      anchor: 'exceljs WorkbookReader, every row of every sheet',
      ratio,
      ratioTarget: 2.5,
      ratioMet: ratio <= 2.5,
      peakWorkerRssMB: peak,
      peakWorkerRssAfterValidateMB: rssAfterValidate,
      rssTargetMB: 400,
      rssMet: peak < 400,
    });
  });

  // 2. The same import with 1 and 3 workers; three imports at once with 1 and 3 workers.
  for (const workers of [1, 3]) {
    await withWorkers(ctx, workers, 'imports,importSheets', async (procs) => {
      const t = performance.now();
      const one = await importFile(ctx, fileIDs[0], `one import ${workers}w`);
      const oneWallMs = Math.round(performance.now() - t);
      const t3 = performance.now();
      const three = await Promise.all(fileIDs.map((fileID, f) => importFile(ctx, fileID, `three imports ${workers}w file ${f + 1}`)));
      const threeWallMs = Math.round(performance.now() - t3);
      print({
        scenario: 'reconciliation',
        case: `import, ${workers} worker${workers > 1 ? 's' : ''}`,
        rows: ROWS,
        worksheets: SHEETS,
        workers,
        oneImport: { ...one, wallMs: oneWallMs },
        threeImportsAtOnce: { wallMs: threeWallMs, each: three, rowsPerSecond: Math.round((3 * ROWS) / (threeWallMs / 1000)) },
        peakWorkerRssMB: procs.map((p) => p.peakRssMB()),
        note: "an import's worksheets validate as parts (importSheets), side by side on several workers; its commit is one statement; several imports run side by side",
      });
    });
  }
}

// ---------------------------------------------------------------- auto reconcile

interface Fill {
  recSheetID: number;
  expected: { considered: number; reconciled: number; matchMultiple: number; matchNone: number };
}

/** 1,000,000 sales and a rec sheet of 100,000 lines, written straight into MariaDB. */
async function fillForAutoRec(ctx: Context, databaseUrl: string): Promise<Fill> {
  const t0 = Date.now();
  const post = async (path: string, body: unknown) => (await call(ctx.api.base, ctx.token, 'POST', path, body)).data;
  const { storeIDs } = ctx;
  const saleTypeIDs: number[] = [];
  for (const name of SALE_TYPES) saleTypeIDs.push((await post('/saleType', { name, storeIDs })).saleTypeID);
  const skuType = await post('/skuType', { name: 'Handset' });
  const sellerIDs = await createSellers(post, storeIDs);
  const today = localDate(TIME_ZONE);
  const start = addDays(today, 1 - DAYS);
  const card = await post('/rateCard', { name: 'Bench card', fromDate: `${start.slice(0, 7)}-01` });
  const recSheet = await post('/recSheet', { name: 'Bench supplier statement', recDate: today });

  const main = await createConnection({ uri: databaseUrl });
  const connections = [main, await createConnection({ uri: databaseUrl }), await createConnection({ uri: databaseUrl })];
  for (const c of connections) await c.query('SET SESSION foreign_key_checks = 0, SESSION unique_checks = 0');
  const now = new Date().toISOString().slice(0, 23).replace('T', ' ');
  const [[ids]] = (await main.query(
    'SELECT (SELECT COALESCE(MAX(rateCardLineID), 0) FROM rateCardLine) AS line, (SELECT COALESCE(MAX(rateCardLineStoreID), 0) FROM rateCardLineStore) AS lineStore, (SELECT COALESCE(MAX(saleID), 0) FROM sale) AS sale',
  )) as unknown as [Json[]];
  const lineBase = Number(ids?.line ?? 0);
  const lineStoreBase = Number(ids?.lineStore ?? 0);
  const saleBase = Number(ids?.sale ?? 0);
  const lineID = (type: number, line: number) => lineBase + type * CARD_LINES + line + 1;
  const lineStoreID = (type: number, line: number, store: number) => lineStoreBase + (type * CARD_LINES + line) * STORES + store + 1;
  const cardLines: unknown[][] = [];
  const lineStores: unknown[][] = [];
  for (let type = 0; type < SALE_TYPES.length; type++) {
    for (let line = 0; line < CARD_LINES; line++) {
      cardLines.push([lineID(type, line), card.rateCardID, saleTypeIDs[type], skuOf(type, line), skuType.skuTypeID, `${SALE_TYPES[type]}: handset ${line}`, 29, 30 + (line % 40), 24, 'bench', now, 'bench', now]);
      for (let store = 0; store < STORES; store++) {
        const p = pennies(line, type);
        lineStores.push([lineStoreID(type, line, store), lineID(type, line), storeIDs[store], 1, money(p), money(Math.round(p / 10))]);
      }
    }
  }
  await main.query('INSERT INTO rateCardLine (rateCardLineID, rateCardID, saleTypeID, sku, skuTypeID, description, customerRRP, customerMonthly, contractMonths, createdByUserName, createdDate, updatedByUserName, updatedDate) VALUES ?', [cardLines]);
  await main.query('INSERT INTO rateCardLineStore (rateCardLineStoreID, rateCardLineID, storeID, active, revenue, commission) VALUES ?', [lineStores]);

  // The sales, compactly: store, day, type, card line and step of each (0 recorded, 1 modified, 2 cancelled, 3 reconciled).
  const doubles = Math.round(LINES * 0.05);
  const none = Math.round(LINES * 0.05);
  const singles = LINES - doubles - none;
  const base = SALES - doubles;
  const random = rng(9);
  const storeOf = new Uint8Array(base);
  const dayOf = new Uint16Array(base);
  const typeOf = new Uint8Array(base);
  const lineOf = new Uint8Array(base);
  const stepOf = new Uint8Array(base);
  for (let i = 0; i < base; i++) {
    dayOf[i] = Math.floor((i * DAYS) / base);
    storeOf[i] = Math.floor(STORES * Math.pow(random(), 1.15)) % STORES;
    typeOf[i] = Math.floor(random() * SALE_TYPES.length);
    lineOf[i] = Math.floor(random() * CARD_LINES);
    const r = random();
    stepOf[i] = r < 0.02 ? 2 : r < 0.04 ? 3 : r < 0.09 ? 1 : 0;
  }
  const orderRefOf = (i: number) => `7${String((saleBase + i + 1) * 7919).padStart(19, '0')}`;
  // Which sales the sheet's lines point at: a shuffle of the ready sales, and of the others.
  const ready: number[] = [];
  const notReady: number[] = [];
  for (let i = 0; i < base; i++) (stepOf[i] <= 1 ? ready : notReady).push(i);
  const shuffle = (a: number[], count: number) => {
    for (let i = 0; i < count; i++) {
      const j = i + Math.floor(random() * (a.length - i));
      [a[i], a[j]] = [a[j], a[i]];
    }
    return a.slice(0, count);
  };
  const unknown = Math.round(none * 0.4);
  const pennyOff = Math.round(none * 0.3);
  const taken = none - unknown - pennyOff;
  const picked = shuffle(ready, singles + doubles + pennyOff);
  const singleSet = picked.slice(0, singles);
  const doubleSet = picked.slice(singles, singles + doubles);
  const pennySet = picked.slice(singles + doubles);
  const takenSet = shuffle(notReady, taken);
  const unknownSet = shuffle(ready.slice(singles + doubles + pennyOff), unknown); // a real sale's store, date and SKU; an order number no sale has

  const dateOf = (i: number) => addDays(start, dayOf[i]);
  const saleRow = (id: number, i: number) => {
    const step = stepOf[i];
    const p = pennies(lineOf[i], typeOf[i]);
    const day = dateOf(i);
    const reconciled = step === 3;
    return [
      id, storeIDs[storeOf[i]], saleTypeIDs[typeOf[i]], sellerIDs[storeOf[i]], day, orderRefOf(i), card.rateCardID, lineID(typeOf[i], lineOf[i]),
      lineStoreID(typeOf[i], lineOf[i], storeOf[i]), skuOf(typeOf[i], lineOf[i]), ['recorded', 'modified', 'cancelled', 'reconciled'][step],
      money(p), money(Math.round(p / 10)), money(p), reconciled ? '0.00' : money(p), reconciled ? money(p) : '0.00', reconciled ? 1 : 0,
      '', 'Seller', `${day} 12:00:00.000`, 'Seller', `${day} 12:00:00.000`,
    ];
  };
  const saleColumns = [
    'saleID', 'storeID', 'saleTypeID', 'attributableToUserID', 'saleDate', 'orderRef', 'rateCardID', 'rateCardLineID', 'rateCardLineStoreID',
    'sku', 'currentHistoryStep', 'revenue', 'commission', 'adjustedRevenue', 'unreconciledRevenue', 'recSheetLinesTotal', 'recSheetLinesCount',
    'notes', 'createdByUserName', 'createdDate', 'updatedByUserName', 'updatedDate',
  ];
  function* saleBatches(): Generator<unknown[][]> {
    let batch: unknown[][] = [];
    for (let i = 0; i < base; i++) {
      batch.push(saleRow(saleBase + i + 1, i));
      if (batch.length >= BATCH) {
        yield batch;
        batch = [];
      }
    }
    // The duplicates: the same sale recorded twice (a new id, every matching field the same, recorded).
    doubleSet.forEach((i, k) => {
      const row = saleRow(saleBase + base + k + 1, i);
      row[10] = 'recorded';
      batch.push(row);
    });
    if (batch.length) yield batch;
  }
  const batches = saleBatches();
  await Promise.all(
    connections.map(async (c) => {
      for (let next = batches.next(); !next.done; next = batches.next()) await c.query(`INSERT INTO sale (${saleColumns.join(',')}) VALUES ?`, [next.value]);
    }),
  );

  // The sheet's lines, in sale order as a supplier's statement lists them.
  const kinds = new Map<number, 'single' | 'double' | 'penny' | 'taken' | 'unknown'>();
  for (const i of singleSet) kinds.set(i, 'single');
  for (const i of doubleSet) kinds.set(i, 'double');
  for (const i of pennySet) kinds.set(i, 'penny');
  for (const i of takenSet) kinds.set(i, 'taken');
  for (const i of unknownSet) kinds.set(i, 'unknown');
  const order = [...kinds.keys()].sort((a, b) => a - b);
  const lineColumns = [
    'recSheetID', 'saleDate', 'storeID', 'storeName', 'orderRef', 'sku', 'description', 'revenue', 'worksheet', 'rowNumber', 'adjustment', 'adjustmentReason',
    'fileID', 'autoRecNotes', 'saleID', 'recByUserName', 'recDate', 'autoRecRunID', 'operationID', 'createdByUserName', 'createdDate', 'updatedByUserName', 'updatedDate',
  ];
  const lines: unknown[][] = order.map((i, n) => {
    const kind = kinds.get(i)!;
    const p = pennies(lineOf[i], typeOf[i]) + (kind === 'penny' ? 1 : 0);
    const orderRef = kind === 'unknown' ? `9${String(n + 1).padStart(19, '0')}` : orderRefOf(i);
    const sku = skuOf(typeOf[i], lineOf[i]);
    return [
      recSheet.recSheetID, dateOf(i), storeIDs[storeOf[i]], storeName(storeOf[i]), orderRef, n % 10 === 3 ? sku.toLowerCase() : sku,
      `${SALE_TYPES[typeOf[i]]}: handset ${lineOf[i]}`, money(p), 'Statement', n + 2, '0.00', '', null, '', 0, '', null, null, null, 'bench', now, 'bench', now,
    ];
  });
  for (let i = 0; i < lines.length; i += BATCH) await main.query(`INSERT INTO recSheetLine (${lineColumns.join(',')}) VALUES ?`, [lines.slice(i, i + BATCH)]);
  await main.query('ANALYZE TABLE sale, recSheetLine, rateCardLine, rateCardLineStore');
  for (const c of connections) await c.end();
  const expected = { considered: lines.length, reconciled: singles, matchMultiple: doubles, matchNone: none };
  print({
    scenario: 'reconciliation',
    case: 'autoRec fill',
    sales: base + doubles,
    duplicateSales: doubles,
    salesBySteps: { recorded: stepOf.filter((s) => s === 0).length + doubles, modified: stepOf.filter((s) => s === 1).length, cancelled: stepOf.filter((s) => s === 2).length, reconciled: stepOf.filter((s) => s === 3).length },
    lines: lines.length,
    linesBy: { oneMatch: singles, twoMatches: doubles, unknownOrderRef: unknown, revenueAPennyOff: pennyOff, saleNotReady: taken, skuInLowerCase: lines.filter((_, n) => n % 10 === 3).length },
    seconds: (Date.now() - t0) / 1000,
  });
  return { recSheetID: recSheet.recSheetID, expected };
}

const ANCHOR =
  'SELECT COUNT(*) AS n FROM (SELECT l.recSheetLineID FROM recSheetLine l JOIN sale s ON s.storeID = l.storeID AND s.saleDate = l.saleDate ' +
  'AND s.orderRef = l.orderRef AND s.sku = l.sku AND s.revenue = l.revenue AND s.currentHistoryStep IN (\'recorded\',\'modified\') ' +
  'AND s.recSheetLinesCount = 0 WHERE l.recSheetID = ? AND l.saleID = 0 GROUP BY l.recSheetLineID HAVING COUNT(*) = 1) x';

async function explain(pool: Pool, statement: string, params: unknown[] = []): Promise<Json[] | string> {
  try {
    const [rows] = (await pool.query(`EXPLAIN ${statement}`, params)) as unknown as [Json[]];
    return rows.map((r) => ({ id: r.id, select: r.select_type, table: r.table, type: r.type, key: r.key, keyLen: r.key_len, ref: r.ref, rows: Number(r.rows), extra: r.Extra }));
  } catch (error) {
    return `no EXPLAIN: ${(error as Error).message}`;
  }
}

/** The statements the job's connection ran between `from` and `to` (general log), each with the ms to the next statement on its connection. */
async function jobStatements(pool: Pool, database: string, from: string, to: string, own: number): Promise<Array<{ sql: string; ms: number }>> {
  const [rows] = (await pool.query(
    "SELECT thread_id AS thread, event_time AS at, CONVERT(argument USING utf8mb4) AS statement FROM mysql.general_log WHERE command_type IN ('Query', 'Execute') AND event_time BETWEEN ? AND ? ORDER BY event_time",
    [from, to],
  )) as unknown as [Json[]];
  const [threads] = (await pool.query('SELECT ID AS id FROM information_schema.PROCESSLIST WHERE DB = ?', [database])) as unknown as [Json[]];
  const mine = new Set(threads.map((t) => Number(t.id)).filter((id) => id !== own));
  const byThread = new Map<number, Json[]>();
  for (const r of rows) {
    if (!mine.has(Number(r.thread))) continue;
    const list = byThread.get(Number(r.thread)) ?? [];
    list.push(r);
    byThread.set(Number(r.thread), list);
  }
  const out: Array<{ sql: string; ms: number; at: number }> = [];
  for (const list of byThread.values()) {
    list.forEach((r, k) => {
      const sql = String(r.statement);
      // The job's work on the sheet, not the API's polling of the operation nor progress writes.
      if (!/autoRecLink|recSheetLine|`sale`|\bsale\b|history/.test(sql) || /`operation`|\boperation\b/.test(sql)) return;
      const next = list[k + 1];
      const at = new Date(r.at).getTime();
      out.push({ sql, ms: next ? new Date(next.at).getTime() - at : -1, at });
    });
  }
  return out.sort((a, b) => a.at - b.at).map(({ sql, ms }) => ({ sql, ms }));
}

async function autoRecCase(ctx: Context, databaseUrl: string, pool: Pool): Promise<void> {
  const fill = await fillForAutoRec(ctx, databaseUrl);
  const database = decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
  const times: number[] = [];
  let matches = 0;
  for (let i = 0; i < 3; i++) {
    const t = performance.now();
    const [[row]] = (await pool.query(ANCHOR, [fill.recSheetID])) as unknown as [Json[]];
    times.push(performance.now() - t);
    matches = Number(row.n);
  }
  const anchorMs = Math.round([...times].sort((a, b) => a - b)[1]);
  if (matches !== fill.expected.reconciled) throw new Error(`the anchor counts ${matches} single matches, ${fill.expected.reconciled} were written`);
  print({ scenario: 'reconciliation', case: 'autoRec anchor', sql: ANCHOR, singleMatches: matches, ms: times.map((t) => Math.round(t)), explain: await explain(pool, ANCHOR, [fill.recSheetID]) });

  const logSql = process.env.BENCH_REC_SQL_LOG !== '0';
  const own = await pool.getConnection();
  try {
    await withWorkers(ctx, 1, 'reconcile', async ([worker]) => {
      const [[{ at: from }]] = (await own.query('SELECT CAST(NOW(6) AS CHAR) AS at')) as unknown as [Json[]];
      if (logSql) {
        await own.query("SET GLOBAL log_output = 'TABLE'");
        await own.query("SET GLOBAL general_log = 'ON'");
      }
      let job: { ms: number; result: Json };
      try {
        job = await timedJob(ctx, 'PUT', `/recSheet/${fill.recSheetID}/autoRec`);
      } finally {
        if (logSql) await own.query("SET GLOBAL general_log = 'OFF'");
      }
      const [[{ at: to }]] = (await own.query('SELECT CAST(NOW(6) AS CHAR) AS at')) as unknown as [Json[]];
      const counts = { considered: job.result.considered, reconciled: job.result.reconciled, matchMultiple: job.result.matchMultiple, matchNone: job.result.matchNone };
      const ratio = round(job.ms / anchorMs, 2);
      print({
        scenario: 'reconciliation',
        case: 'autoRec',
        sales: SALES,
        lines: LINES,
        workers: 1,
        autoRecMs: job.ms,
        anchorMs,
        ratio,
        ratioTarget: 3,
        ratioMet: ratio <= 3,
        counts,
        expected: fill.expected,
        countsMatch: JSON.stringify(counts) === JSON.stringify(fill.expected),
        peakWorkerRssMB: worker.peakRssMB(),
      });
      if (logSql) {
        const statements = await jobStatements(pool, database, String(from), String(to), own.threadId);
        const listed: Json[] = [];
        for (const s of statements) {
          const explainable = /^\s*(SELECT|INSERT|UPDATE|DELETE)/i.test(s.sql) && !/^\s*INSERT\s+INTO\s+\S+\s*\(?[^)]*\)?\s*VALUES/i.test(s.sql);
          listed.push({ ms: s.ms, sql: s.sql.slice(0, 600), ...(explainable && s.ms >= 100 ? { explain: await explain(pool, s.sql) } : {}) });
        }
        print({ scenario: 'reconciliation', case: 'autoRec statements', note: 'ms: to the next statement on the same connection (-1: the last)', statements: listed });
      }
    });
  } finally {
    own.release();
  }
}

// ---------------------------------------------------------------- scenario

export async function reconciliationBench(): Promise<void> {
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  const redisUrl = process.env.BENCH_REDIS_URL;
  if (!databaseUrl || !redisUrl) {
    print({ scenario: 'reconciliation', skipped: 'set BENCH_DATABASE_URL to a MySQL/MariaDB database (its name with "bench" or "test") and BENCH_REDIS_URL to a Redis: jobs run on Bull there' });
    return;
  }
  await recreate(databaseUrl);
  const dir = mkdtempSync(join(tmpdir(), 'reconciliation-bench-'));
  const filesDir = join(dir, 'files');
  mkdirSync(filesDir, { recursive: true });
  const prefix = `bench-rec-${process.pid}-${Date.now()}:`;
  const shared = {
    DATA_DIR: dir,
    FILES_DIR: filesDir,
    JWT_SECRET: 'bench-secret',
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    REDIS_KEY_PREFIX: prefix,
    JOB_QUEUE: 'bull',
    TIME_ZONE,
  };
  const api = new ApiProcess({ ...shared, ADMIN_EMAIL, ADMIN_PASSWORD, LOGIN_ATTEMPTS_PER_MINUTE: '1000' });
  const pool = createPool({ uri: databaseUrl, connectionLimit: 4 });
  try {
    await api.start();
    const token = (await call(api.base, '', 'POST', '/user/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).data.token;
    const storeType = (await call(api.base, token, 'POST', '/storeType', { name: 'Bench stores' })).data;
    const storeIDs: number[] = [];
    for (let i = 0; i < STORES; i++) storeIDs.push((await call(api.base, token, 'POST', '/store', { name: storeName(i), storeTypeID: storeType.storeTypeID })).data.storeID);
    // The administrator logs in again, so the token's profile holds the new stores.
    const fresh = (await call(api.base, '', 'POST', '/user/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).data.token;
    const ctx: Context = { api, token: fresh, workerEnv: shared, storeIDs };
    const [[settings]] = (await pool.query('SELECT @@version AS version, @@innodb_buffer_pool_size AS bufferPool')) as unknown as [Json[]];
    print({ scenario: 'reconciliation', case: 'server', version: settings.version, innodbBufferPoolMB: Number(settings.bufferPool) / 1048576, redisKeyPrefix: prefix });

    const only = (process.env.BENCH_REC_CASES ?? 'import,autoRec').split(',');
    if (only.includes('import')) await importCases(ctx, dir);
    if (only.includes('autoRec')) await autoRecCase(ctx, databaseUrl, pool);
  } finally {
    await api.stop();
    await pool.end();
    rmSync(dir, { recursive: true, force: true });
    // This run's Bull keys only.
    const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
    try {
      await redis.connect();
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
        if (keys.length) await redis.del(...keys);
        cursor = next;
      } while (cursor !== '0');
    } catch {
      // Leftover keys are under this run's prefix only.
    } finally {
      redis.disconnect();
    }
  }
}
