/**
 * The xlsx files that expand (issue "Hardening", and the review's 1,900 parts of 1 MB), against the API in a
 * process of its own, so that its memory is measured alone (Linux: /proc/<pid>/status).
 *
 * The API runs on a temporary SQLite database. For each of the three files (shared strings that
 * unzip to 500 MB, 500 MB of empty rows before the header, 500 MB of repeated rows) it prints the
 * answer's status and time and the API process's peak RSS growth, for one request and for eight
 * at once, and checks the API still answers afterwards. Then, for scale, the same figures for a
 * real 200,000-row, 25-column file (BENCH_REAL_ROWS, 0 to skip) read by the header read and
 * validated by the upload. Not run in CI; run it with
 *   npx tsc -p bench/tsconfig.json && node dist-bench/bench/xlsx-bombs.bench.js
 */
import 'reflect-metadata';
import ExcelJS from 'exceljs';
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../src/app.factory';
import { loadConfig } from '../src/config/app-config';
import { finishedResult } from './bench-api';
import { emptyRowsBomb, manyPartsBomb, repeatedRowsBomb, sharedStringsBomb } from '../test/support/xlsx-files';

const ADMIN_EMAIL = 'bench@example.com';
const ADMIN_PASSWORD = 'Bench-12345!';
const PARALLEL = 8;
const REAL_ROWS = Number(process.env.BENCH_REAL_ROWS ?? 200_000);
const MB = 1024 * 1024;

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** The child: the API on a temporary database, telling its port to the parent. */
async function serve(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'xlsx-bombs-bench-'));
  const config = loadConfig({ DATA_DIR: dir, ADMIN_EMAIL, ADMIN_PASSWORD, JWT_SECRET: 'bench-secret', LOGIN_ATTEMPTS_PER_MINUTE: '100' });
  const app = await createApp(config, { logger: ['error'] });
  await app.listen(0, '127.0.0.1');
  process.send!({ port: (app.getHttpServer().address() as AddressInfo).port });
  process.on('disconnect', () => {
    void app.close().finally(() => {
      rmSync(dir, { recursive: true, force: true });
      process.exit(0);
    });
  });
}

function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) * 1024;
}

/** Runs `work` sampling the API process's RSS every 20 ms: its time and peak RSS growth. */
async function measure<T>(pid: number, work: () => Promise<T>): Promise<{ result: T; ms: number; growth: string; peak: string }> {
  const before = rssOf(pid);
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 20);
  const started = Date.now();
  const result = await work();
  const ms = Date.now() - started;
  clearInterval(timer);
  peak = Math.max(peak, rssOf(pid));
  return { result, ms, growth: `${Math.round((peak - before) / MB)} MB`, peak: `${Math.round(peak / MB)} MB` };
}

async function realWorkbook(rows: number): Promise<Buffer> {
  const path = join(mkdtempSync(join(tmpdir(), 'xlsx-real-')), 'real.xlsx');
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path, useSharedStrings: true });
  const sheet = workbook.addWorksheet('Lines');
  const header = ['SKU', 'Type', 'Description', 'RRP', 'Monthly', 'Months', 'Band', 'Legacy'];
  for (let s = 0; s < 17; s += 1) header.push(`Revenue ${s}`);
  sheet.addRow(header).commit();
  for (let i = 0; i < rows; i += 1) {
    const row: unknown[] = [
      `SKU-${100000 + i}`,
      'Handset',
      `Supplier item ${i} colour ${i % 17} ${(i % 5) * 64}GB`,
      100 + (i % 900),
      i % 50,
      24,
      null,
      `OLD-${i}`,
    ];
    for (let s = 0; s < 17; s += 1) row.push(((i * 7 + s * 13) % 1000) / 10);
    sheet.addRow(row).commit();
  }
  await workbook.commit();
  const file = readFileSync(path);
  rmSync(path, { force: true });
  return file;
}

async function bench(): Promise<void> {
  const child: ChildProcess = fork(__filename, ['serve'], { stdio: 'inherit', execArgv: [] });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m: { port: number }) => resolve(m.port));
    child.once('exit', (code) => reject(new Error(`the API exited (${code})`)));
  });
  const pid = child.pid!;
  const base = `http://127.0.0.1:${port}/api`;
  let token = '';
  const call = async (method: string, path: string, body?: unknown, form?: FormData): Promise<{ status: number; json: Json }> => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { 'x-access-token': token, ...(form ? {} : { 'Content-Type': 'application/json' }) },
      body: form ?? (body === undefined ? undefined : JSON.stringify(body)),
    });
    return { status: res.status, json: (await res.json()) as Json };
  };
  const ok = async (method: string, path: string, body?: unknown, form?: FormData): Promise<Json> => {
    const { status, json } = await call(method, path, body, form);
    if (status >= 300) throw new Error(`${method} ${path} → ${status} ${JSON.stringify(json).slice(0, 300)}`);
    return json;
  };
  const upload = async (file: Buffer): Promise<number> => {
    const form = new FormData();
    form.append('file', new Blob([file]), 'bench.xlsx');
    return (await ok('POST', '/file/rateCards/xlsx', undefined, form)).data.fileID;
  };
  try {
    token = (await ok('POST', '/user/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).data.token;
    const storeType = (await ok('POST', '/storeType', { name: 'Bench stores' })).data;
    const store = (await ok('POST', '/store', { name: 'Bench store', storeTypeID: storeType.storeTypeID })).data;
    const saleType = (await ok('POST', '/saleType', { name: 'Bench sale type', storeIDs: [store.storeID] })).data;
    await ok('POST', '/skuType', { name: 'Handset' });
    const card = (await ok('POST', '/rateCard', { name: 'Bench card', fromDate: '2020-01-01' })).data;
    const linesBody = (fileID: number) => ({
      fileID,
      rateCardID: card.rateCardID,
      saleTypeID: saleType.saleTypeID,
      commit: false,
      mappings: { Lines: { sku: 1, skuTypeName: 2, description: 3 } },
    });
    const headers = (fileID: number) => call('GET', `/file/${fileID}/excelHeaders/allSheets`);
    // The upload queues a job (202): its answer is the job's result, 400 when that is a refusal.
    const lines = async (fileID: number) => {
      const queued = await call('POST', '/rateCardLines/excel', linesBody(fileID));
      if (queued.status !== 202) return queued;
      const json = await finishedResult((path) => ok('GET', path), queued.json.data.operationID);
      return { status: json.validationResult?.fail ? 400 : 200, json };
    };

    const files: Array<{ label: string; make: () => Promise<Buffer>; request: (fileID: number) => Promise<{ status: number; json: Json }> }> = [
      { label: 'shared strings unzip to 500 MB, GET excelHeaders', make: () => sharedStringsBomb(), request: headers },
      { label: '500 MB of empty rows before the header, GET excelHeaders', make: () => emptyRowsBomb(), request: headers },
      { label: '500 MB of repeated rows, POST rateCardLines/excel', make: () => repeatedRowsBomb(), request: lines },
      { label: '1,900 sheets of 1 MB of elements (1.9 GB), GET excelHeaders', make: () => manyPartsBomb(), request: headers },
    ];
    if (REAL_ROWS > 0) {
      const real = () => realWorkbook(REAL_ROWS);
      files.push({ label: `real ${REAL_ROWS}-row, 25-column file, GET excelHeaders`, make: real, request: headers });
      files.push({ label: `real ${REAL_ROWS}-row, 25-column file, POST rateCardLines/excel (validate)`, make: real, request: lines });
    }
    console.log(`API process RSS at start: ${Math.round(rssOf(pid) / MB)} MB`);
    for (const { label, make, request } of files) {
      const file = await make();
      const fileID = await upload(file);
      const one = await measure(pid, () => request(fileID));
      const summary = (answers: Array<{ status: number; json: Json }>) =>
        [
          ...new Set(
            answers.map(
              (a) =>
                `${a.status}${a.status === 400 ? ` "${String(Object.values(a.json.validationResult?.failMessages ?? {})[0] ?? a.json.validationResult?.failSummary).slice(0, 90)}…"` : ''}`,
            ),
          ),
        ].join(', ');
      console.log(`${label} (${(file.length / MB).toFixed(2)} MB file)`);
      console.log(`  1 request:   ${one.ms} ms, RSS +${one.growth} (peak ${one.peak}); ${summary([one.result])}`);
      const eight = await measure(pid, () => Promise.all(Array.from({ length: PARALLEL }, () => request(fileID))));
      const after = await measure(pid, () => call('GET', '/user/me'));
      console.log(`  ${PARALLEL} at once:   ${eight.ms} ms, RSS +${eight.growth} (peak ${eight.peak}); ${summary(eight.result)}`);
      console.log(`  then GET /user/me: ${after.result.status} in ${after.ms} ms`);
    }
  } finally {
    child.disconnect();
  }
}

if (process.argv[2] === 'serve') void serve();
else
  bench().catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });
