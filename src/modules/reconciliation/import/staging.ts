import type { DataSource, EntityManager } from 'typeorm';
import { RecSheetLine } from '../entities/rec-sheet-line.entity';

/**
 * The SQL of the import's staging table (recSheetImportLine): plain statements, the same on
 * SQLite and MariaDB, set-based (no statement per row).
 */

export const STAGING_TABLE = 'recSheetImportLine';

/** Staged rows per INSERT: 14 values each, 14,000 variables, well within SQLite's 32,766. */
export const STAGING_BATCH = 1000;

const STAGING_COLUMNS = [
  'parentOperationID',
  'sheetIndex',
  'rowNumber',
  'operationID',
  'worksheet',
  'saleDate',
  'storeID',
  'storeName',
  'orderRef',
  'orderText',
  'sku',
  'description',
  'revenue',
] as const;

/** One staged row, as a part writes it: money in pence; null where the cell was refused. */
export interface StagedRow {
  rowNumber: number;
  saleDate: string | null;
  storeID: number | null;
  storeName: string;
  orderRef: string;
  orderText: string;
  sku: string;
  description: string;
  revenuePence: number | null;
}

/**
 * A part's writer: rows are buffered as parameters and written in multi-row INSERTs of
 * STAGING_BATCH rows (the statement text built once per batch size), one INSERT running while
 * the next rows are read.
 */
export class StagingWriter {
  private readonly width = STAGING_COLUMNS.length;
  private params: unknown[] = [];
  private rows = 0;
  private statements = new Map<number, string>();
  /** The INSERT last started (at most one runs at a time); settled by the next send or by flush. */
  private pending: Promise<unknown> = Promise.resolve();
  written = 0;

  constructor(
    private readonly dataSource: DataSource,
    private readonly parentOperationID: number,
    private readonly sheetIndex: number,
    private readonly operationID: number,
    private readonly worksheet: string,
  ) {}

  /** Deletes what an earlier run of this part staged (a retry), before it writes again. */
  async clearOwn(): Promise<void> {
    await this.dataSource.query(`DELETE FROM ${STAGING_TABLE} WHERE parentOperationID = ? AND sheetIndex = ? AND operationID = ?`, [
      this.parentOperationID,
      this.sheetIndex,
      this.operationID,
    ]);
  }

  async add(row: StagedRow): Promise<void> {
    const p = this.params;
    p.push(
      this.parentOperationID,
      this.sheetIndex,
      row.rowNumber,
      this.operationID,
      this.worksheet,
      row.saleDate,
      row.storeID,
      row.storeName,
      row.orderRef,
      row.orderText,
      row.sku,
      row.description,
      row.revenuePence === null ? null : (row.revenuePence / 100).toFixed(2),
    );
    this.rows += 1;
    if (this.rows >= STAGING_BATCH) await this.send();
  }

  /** Writes what is buffered and waits until every row is written (the end of the part). */
  async flush(): Promise<void> {
    await this.send();
    await this.pending;
  }

  /** Waits for the INSERT still running, if any, whatever its outcome (a part that fails). */
  async settle(): Promise<void> {
    await this.pending.catch(() => undefined);
  }

  /**
   * Starts the INSERT of the buffered rows once the one before it is done, and returns without
   * waiting for it: the part reads and checks the next rows while MariaDB writes these (on a
   * core of its own), instead of the two taking turns. A failed INSERT is thrown by the next
   * send or by flush.
   */
  private async send(): Promise<void> {
    if (this.rows === 0) return;
    let statement = this.statements.get(this.rows);
    if (!statement) {
      const row = `(${Array.from({ length: this.width }, () => '?').join(', ')})`;
      statement = `INSERT INTO ${STAGING_TABLE} (${STAGING_COLUMNS.join(', ')}) VALUES ${Array.from({ length: this.rows }, () => row).join(', ')}`;
      this.statements.set(this.rows, statement);
    }
    const params = this.params;
    this.params = [];
    this.written += this.rows;
    this.rows = 0;
    await this.pending;
    const sent = this.dataSource.query(statement, params);
    // Marked handled here; the rejection itself is awaited (and thrown) by the next send or flush.
    sent.catch(() => undefined);
    this.pending = sent;
  }
}

/** An order number staged on more than one worksheet, on a later one (sheet index above the first's). */
export interface CrossSheetDuplicate {
  sheetIndex: number;
  worksheet: string;
  rowNumber: number;
  orderRef: string;
  orderText: string;
  firstSheet: number;
  firstRow: number;
}

/** The order numbers of an import on more than one worksheet: one GROUP BY over the import's staged rows. */
const DUPLICATES = `SELECT orderRef, MIN(sheetIndex) AS firstSheet, COUNT(*) AS n FROM ${STAGING_TABLE} WHERE parentOperationID = ? GROUP BY orderRef HAVING COUNT(*) > 1`;

/** How many staged rows repeat an order number of an earlier worksheet. */
export async function countCrossSheetDuplicates(dataSource: DataSource, parentOperationID: number): Promise<number> {
  const [row] = await dataSource.query<Array<{ c: unknown }>>(`SELECT COALESCE(SUM(d.n - 1), 0) AS c FROM (${DUPLICATES}) d`, [parentOperationID]);
  return Number(row?.c ?? 0);
}

/** The first `limit` such rows in file order, each with where its order number was first seen. */
export async function crossSheetDuplicates(dataSource: DataSource, parentOperationID: number, limit: number): Promise<CrossSheetDuplicate[]> {
  const rows: Array<Record<string, unknown>> = await dataSource.query(
    `SELECT s.sheetIndex, s.worksheet, s.rowNumber, s.orderRef, s.orderText, d.firstSheet AS firstSheet, f.rowNumber AS firstRow
       FROM (${DUPLICATES}) d
       JOIN ${STAGING_TABLE} s ON s.parentOperationID = ? AND s.orderRef = d.orderRef AND s.sheetIndex > d.firstSheet
       JOIN ${STAGING_TABLE} f ON f.parentOperationID = ? AND f.orderRef = d.orderRef AND f.sheetIndex = d.firstSheet
      ORDER BY s.sheetIndex, s.rowNumber
      LIMIT ${Math.max(0, Math.floor(limit))}`,
    [parentOperationID, parentOperationID, parentOperationID],
  );
  return rows.map((r) => ({
    sheetIndex: Number(r.sheetIndex),
    worksheet: String(r.worksheet),
    rowNumber: Number(r.rowNumber),
    orderRef: String(r.orderRef),
    orderText: String((r.orderText ?? '') as string),
    firstSheet: Number(r.firstSheet),
    firstRow: Number(r.firstRow),
  }));
}

/** Where each of `orderRefs` was first staged in the import (lowest worksheet index): orderRef → { sheetIndex, worksheet, rowNumber }. */
export async function firstStaged(
  dataSource: DataSource,
  parentOperationID: number,
  orderRefs: readonly string[],
): Promise<Map<string, { sheetIndex: number; worksheet: string; rowNumber: number }>> {
  const first = new Map<string, { sheetIndex: number; worksheet: string; rowNumber: number }>();
  const unique = [...new Set(orderRefs)];
  for (let i = 0; i < unique.length; i += STAGING_BATCH) {
    const chunk = unique.slice(i, i + STAGING_BATCH);
    const rows: Array<Record<string, unknown>> = await dataSource.query(
      `SELECT orderRef, sheetIndex, worksheet, rowNumber FROM ${STAGING_TABLE} WHERE parentOperationID = ? AND orderRef IN (${chunk.map(() => '?').join(', ')})`,
      [parentOperationID, ...chunk],
    );
    for (const r of rows) {
      const ref = String(r.orderRef).toUpperCase();
      const at = { sheetIndex: Number(r.sheetIndex), worksheet: String(r.worksheet), rowNumber: Number(r.rowNumber) };
      const known = first.get(ref);
      if (!known || at.sheetIndex < known.sheetIndex) first.set(ref, at);
    }
  }
  return first;
}

/** The import's columns of recSheetLine, and what the INSERT ... SELECT puts in each. */
const LINE_COLUMNS =
  'recSheetID, saleDate, storeID, storeName, orderRef, sku, description, revenue, worksheet, rowNumber, fileID, saleID, recByUserName, operationID, createdByUserName, createdDate, updatedByUserName, updatedDate';
const LINE_VALUES = "?, saleDate, storeID, storeName, orderRef, sku, description, revenue, worksheet, rowNumber, ?, 0, '', ?, ?, ?, ?, ?";

/** What the committed lines carry besides the staged values. */
export interface CommitLine {
  recSheetID: number;
  fileID: number;
  /** The committing import's operation (the line's operationID). */
  operationID: number;
  userName: string;
  /**
   * Only rows with no store or one of these stores are written (a kept validation committed later:
   * the user's stores as of the commit); omitted, every staged row.
   */
  storeIDs?: readonly number[];
}

/** Runs a statement in the caller's transaction; answers the rows it changed. */
async function changed(manager: EntityManager, sql: string, params: unknown[]): Promise<number> {
  const runner = manager.queryRunner;
  if (!runner) throw new Error('The commit must run in a transaction');
  const result = (await runner.query(sql, params, true)) as { affected?: number };
  return Number(result.affected ?? 0);
}

/**
 * Every staged row of the import becomes a line: one INSERT ... SELECT in the caller's
 * (commitOnce's) transaction, in file order (the primary key's order: no sort). Answers how many
 * lines it wrote, for the caller to compare with what it expected.
 */
export async function commitStaged(manager: EntityManager, parentOperationID: number, line: CommitLine): Promise<number> {
  const metadata = manager.connection.getMetadata(RecSheetLine);
  const now: unknown = manager.connection.driver.preparePersistentValue(new Date(), metadata.findColumnWithPropertyName('createdDate')!);
  const stores = line.storeIDs ? ` AND (storeID IS NULL${line.storeIDs.length ? ` OR storeID IN (${line.storeIDs.map(() => '?').join(', ')})` : ''})` : '';
  return changed(
    manager,
    `INSERT INTO recSheetLine (${LINE_COLUMNS}) SELECT ${LINE_VALUES} FROM ${STAGING_TABLE} WHERE parentOperationID = ?${stores} ORDER BY sheetIndex, rowNumber`,
    [line.recSheetID, line.fileID, line.operationID, line.userName, now, line.userName, now, parentOperationID, ...(line.storeIDs ?? [])],
  );
}

/** A staged row whose order number the sheet now has (another import or a typed line wrote it since it was checked). */
export interface SheetConflict {
  sheetIndex: number;
  worksheet: string;
  rowNumber: number;
  orderRef: string;
  orderText: string;
}

/**
 * The staged order numbers already on the sheet: one join of the import's staged rows (index
 * parentOperationID, orderRef) to the sheet's lines (unique recSheetID, orderRef). Run in the
 * commit's transaction after the sheet row is locked, so it sees every line committed before.
 * Answers how many, and the first `limit` in file order.
 */
export async function sheetConflicts(
  manager: EntityManager,
  parentOperationID: number,
  recSheetID: number,
  limit: number,
): Promise<{ count: number; rows: SheetConflict[] }> {
  const from = `FROM ${STAGING_TABLE} s JOIN recSheetLine l ON l.recSheetID = ? AND l.orderRef = s.orderRef WHERE s.parentOperationID = ?`;
  const [counted] = await manager.query<Array<{ c: unknown }>>(`SELECT COUNT(*) AS c ${from}`, [recSheetID, parentOperationID]);
  const count = Number(counted?.c ?? 0);
  if (count === 0) return { count, rows: [] };
  const rows: Array<Record<string, unknown>> = await manager.query(
    `SELECT s.sheetIndex, s.worksheet, s.rowNumber, s.orderRef, s.orderText ${from} ORDER BY s.sheetIndex, s.rowNumber LIMIT ${Math.max(0, Math.floor(limit))}`,
    [recSheetID, parentOperationID],
  );
  return {
    count,
    rows: rows.map((r) => ({
      sheetIndex: Number(r.sheetIndex),
      worksheet: String(r.worksheet),
      rowNumber: Number(r.rowNumber),
      orderRef: String(r.orderRef),
      orderText: String((r.orderText ?? '') as string),
    })),
  };
}

/** Deletes an import's staged rows (done, refused, failed for good, or a kept validation used or superseded): by the primary key's leading column. */
export async function clearStaged(dataSource: DataSource, parentOperationID: number): Promise<void> {
  await dataSource.query(`DELETE FROM ${STAGING_TABLE} WHERE parentOperationID = ?`, [parentOperationID]);
}

/** The imports with staged rows (running, or validations kept for their commit): a loose scan of the primary key's leading column. */
export async function stagedImports(dataSource: DataSource): Promise<number[]> {
  const rows: Array<{ parentOperationID: unknown }> = await dataSource.query(`SELECT DISTINCT parentOperationID FROM ${STAGING_TABLE}`);
  return rows.map((r) => Number(r.parentOperationID));
}
