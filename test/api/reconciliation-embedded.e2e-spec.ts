import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BATCH_LINES } from '../../src/modules/reconciliation/auto-rec/auto-rec.service';
import { expectStatus, Row } from '../support/api';
import { createRecLine, createRecSheet, waitForOperation } from '../support/rec-fixtures';
import { recordSale, SalesWorld, salesWorld } from './sales-fixtures';

/**
 * The embedded default (SQLite, jobs in the API process) answers while an auto reconcile and its
 * undo run (issue 24): better-sqlite3 runs every statement on the event loop, so the job yields
 * between its batches. Always on SQLite, whatever database the other API tests use.
 */

let w: SalesWorld;
let dataDir: string;
const YEAR = 2020;
const saved = { ...BATCH_LINES };

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'retail-embedded-'));
  w = await salesWorld(YEAR, { env: { DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '', JOB_QUEUE: 'in-process' } });
});
afterAll(async () => {
  Object.assign(BATCH_LINES, saved);
  await w?.t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function stateOf(operationID: number): Promise<string> {
  const [operation]: Row[] = await w.t.dataSource.query('SELECT state FROM operation WHERE operationID = ?', [operationID]);
  return String(operation.state);
}

it('runs on SQLite with jobs in the API process', () => {
  expect(w.t.dataSource.options.type).toBe('better-sqlite3');
});

it('answers a sales list while an auto reconcile and then its undo run, before they end', async () => {
  BATCH_LINES.sqlite = 1;
  const sheet = await createRecSheet(w.admin);
  for (let i = 0; i < 30; i++) {
    const s = await recordSale(w, w.admin, { saleDate: `${YEAR}-04-01`, orderRef: `20${String(i).padStart(18, '0')}`, attributableToUserID: w.adminID });
    await createRecLine(w.admin, {
      recSheetID: sheet.recSheetID,
      storeName: w.storeA.name,
      saleDate: `${YEAR}-04-01`,
      orderRef: s.orderRef,
      sku: s.sku,
      revenue: s.revenue,
    });
  }
  const run = expectStatus(await w.admin.put(`/api/recSheet/${sheet.recSheetID}/autoRec`), 202).body.data;
  const listed = expectStatus(await w.admin.get(`/api/sales?pageLength=50&saleDateGEQ=${YEAR}-04-01&saleDateLEQ=${YEAR}-04-01`), 200).body;
  expect(listed.listData).toHaveLength(30);
  expect(['waiting', 'active']).toContain(await stateOf(run.operationID));
  const done = await waitForOperation(w.admin, run.operationID);
  expect(done.result).toEqual(expect.objectContaining({ considered: 30, reconciled: 30 }));

  const undo = expectStatus(await w.admin.put(`/api/autoRecRun/${done.result.autoRecRunID}/undo`), 202).body.data;
  expectStatus(await w.admin.get(`/api/sales?pageLength=50&saleDateGEQ=${YEAR}-04-01&saleDateLEQ=${YEAR}-04-01`), 200);
  expect(['waiting', 'active']).toContain(await stateOf(undo.operationID));
  expect((await waitForOperation(w.admin, undo.operationID)).result).toEqual({ autoRecRunID: done.result.autoRecRunID, undone: 30 });
});
