/**
 * npm run bench -- upload: the rate card xlsx upload through the real HTTP API.
 *
 * Builds the app on a temporary SQLite database (and, when BENCH_DATABASE_URL=mysql://…/<name with
 * "bench" or "test"> is set, on that MySQL/MariaDB database, dropped and recreated), creates 20
 * stores and a sale type offered in all of them, writes an xlsx of BENCH_LINES (5,000) lines with
 * per-store revenue and commission columns (20 × 2) with exceljs's streaming writer, uploads it,
 * then validates (commit false) and commits (commit true), printing rows per second of each phase
 * and the peak RSS and heap sampled every 50 ms.
 */
import 'reflect-metadata';
import ExcelJS from 'exceljs';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Memory, startBenchApi, type Json } from './bench-api';
import { recreate } from './bench-database';

const LINES = Number(process.env.BENCH_LINES || 5000);
const STORES = 20;
async function writeWorkbook(path: string, stores: Json[], skuType: string): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path, useSharedStrings: true, useStyles: false });
  const sheet = workbook.addWorksheet('Lines');
  sheet.addRow(['SKU', 'SKU type', 'Description', 'RRP', 'Monthly', 'Months', ...stores.flatMap((s) => [`Rev ${s.name}`, `Com ${s.name}`])]).commit();
  for (let i = 0; i < LINES; i += 1) {
    const money = stores.flatMap((_s, j) => [Math.round((10 + ((i * 7 + j) % 500)) * 100 + (i % 100)) / 100, Math.round((1 + ((i + j) % 50)) * 100) / 100]);
    sheet.addRow([`SKU-${String(i).padStart(6, '0')}`, skuType, `Bench product ${i}`, 199.99, 25.5, 24, ...money]).commit();
  }
  sheet.commit();
  await workbook.commit();
}

async function run(label: string, databaseUrl: string | undefined): Promise<void> {
  const api = await startBenchApi('rate-card-bench-', databaseUrl);
  const { call, job } = api;
  const dir = mkdtempSync(join(tmpdir(), 'rate-card-bench-xlsx-'));
  try {
    const storeType = (await call('POST', '/storeType', { name: 'Bench stores' })).data;
    const stores: Json[] = [];
    for (let i = 1; i <= STORES; i += 1)
      stores.push((await call('POST', '/store', { name: `Store ${String(i).padStart(2, '0')}`, storeTypeID: storeType.storeTypeID })).data);
    const saleType = (await call('POST', '/saleType', { name: 'Bench sale type', storeIDs: stores.map((s) => s.storeID) })).data;
    await call('POST', '/skuType', { name: 'Handset' });
    const card = (await call('POST', '/rateCard', { name: 'Bench card', fromDate: '2020-01-01' })).data;

    const xlsxPath = join(dir, 'bench.xlsx');
    let t0 = Date.now();
    await writeWorkbook(xlsxPath, stores, 'handset');
    console.log(
      `[${label}] workbook: ${LINES} lines × ${STORES} stores, ${(statSync(xlsxPath).size / 1048576).toFixed(1)} MB, written in ${Date.now() - t0} ms`,
    );

    const form = new FormData();
    form.append('file', new Blob([readFileSync(xlsxPath)]), 'bench.xlsx');
    t0 = Date.now();
    const fileID = (await call('POST', '/file/rateCards/xlsx', undefined, form)).data.fileID;
    console.log(`[${label}] upload: ${Date.now() - t0} ms`);

    const mapping: Json = { sku: 1, skuTypeName: 2, description: 3, customerRRP: 4, customerMonthly: 5, contractMonths: 6 };
    stores.forEach((s, j) => {
      mapping[`revenue.${s.storeID}`] = 7 + j * 2;
      mapping[`commission.${s.storeID}`] = 8 + j * 2;
    });
    const body = { fileID, rateCardID: card.rateCardID, saleTypeID: saleType.saleTypeID, mappings: { Lines: mapping } };
    const headers = await call('GET', `/file/${fileID}/excelHeaders/allSheets`);
    if (headers.listData[0].headers.length !== 6 + STORES * 2) throw new Error('unexpected headers');

    const memory = new Memory();
    for (const commit of [false, true]) {
      if (global.gc) global.gc();
      memory.start();
      t0 = Date.now();
      const result = await job('POST', '/rateCardLines/excel', { ...body, commit });
      const ms = Date.now() - t0;
      const mem = memory.stop();
      if (result.data.lines !== LINES) throw new Error(`expected ${LINES} lines, got ${JSON.stringify(result.data)}`);
      console.log(
        `[${label}] ${commit ? 'commit  ' : 'validate'}: ${ms} ms, ${Math.round((LINES / ms) * 1000)} rows/s ` +
          `(${Math.round(((LINES * STORES) / ms) * 1000)} line stores/s), ${mem}`,
      );
    }
    const written = await call('GET', `/rateCardLineStores?rateCardID=${card.rateCardID}&pageLength=1`);
    console.log(`[${label}] written: ${written.page.rowCount} line stores`);
  } finally {
    await api.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function rateCardUploadBench(): Promise<void> {
  await run('sqlite', undefined);
  const mysql = process.env.BENCH_DATABASE_URL;
  if (mysql) {
    await recreate(mysql);
    await run('mysql', mysql);
  }
}
