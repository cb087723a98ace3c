import type { EntityManager } from 'typeorm';
import { History } from '../../common/history/history.entity';

/**
 * What reconciliation hands SalesService to link or unlink many sales in one statement: a set of
 * rows (each sale at most once) with the sale id and, when any brings one, the adjustment. Written
 * by the reconciliation module over its own tables (never the sale table, which MySQL cannot read
 * in a statement that updates it), with named parameters (`:name`, `:...list`).
 *
 *   { from: 'recLink l', where: 'l.autoRecRunID = :run', saleID: 'l.saleID',
 *     adjustment: 'l.adjustment', params: { run: 5 }, count: 1234 }
 */
export interface SaleLinkSource {
  from: string;
  where: string;
  saleID: string;
  /** The revenue adjustment each link writes on its sale (a match rule's tolerance); none when left out. */
  adjustment?: string;
  params: Record<string, unknown>;
  /** How many rows the source holds (none: nothing to write). */
  count: number;
}

const HISTORY_DESCRIPTION_MAX = 1000;

export function historyText(description: string): string {
  return description.length > HISTORY_DESCRIPTION_MAX ? `${description.slice(0, HISTORY_DESCRIPTION_MAX - 1)}…` : description;
}

export function isMySql(manager: EntityManager): boolean {
  return ['mysql', 'mariadb'].includes(manager.connection.driver.options.type);
}

/** Runs a statement with named parameters on either engine; answers the rows (SELECT) and the rows affected. */
export async function execute(
  manager: EntityManager,
  sql: string,
  params: Record<string, unknown> = {},
): Promise<{ records: Record<string, unknown>[]; affected: number }> {
  const [query, values] = manager.connection.driver.escapeQueryWithParameters(sql, params, {});
  const own = manager.queryRunner ? null : manager.connection.createQueryRunner();
  try {
    const result = (await (manager.queryRunner ?? own)!.query(query, values, true)) as { records?: Record<string, unknown>[]; affected?: number };
    return { records: result.records ?? [], affected: result.affected ?? 0 };
  } finally {
    await own?.release();
  }
}

/** A DATETIME(3) value as TypeORM would write it for the history table (the same on both engines). */
export function persistedNow(manager: EntityManager, now: Date): unknown {
  const column = manager.connection.getMetadata(History).findColumnWithPropertyName('createdDate')!;
  return manager.connection.driver.preparePersistentValue(now, column);
}

/**
 * UPDATE sale from the source as a join, in each engine's own form (MySQL's multi-table UPDATE,
 * SQLite's UPDATE ... FROM): a correlated `saleID IN (subquery)` is not turned into a join by
 * MariaDB 10's single-table UPDATE and would visit every sale. `set` may use `src.linkAdjustment`.
 * Assignments must read only columns no earlier assignment changes (MySQL applies them in order,
 * SQLite reads the old row).
 */
export async function updateSalesFrom(
  manager: EntityManager,
  source: SaleLinkSource,
  set: string,
  where: string,
  params: Record<string, unknown>,
): Promise<number> {
  const src = `(SELECT ${source.saleID} AS saleID, ${source.adjustment ?? '0'} AS linkAdjustment FROM ${source.from} WHERE ${source.where})`;
  const sql = isMySql(manager)
    ? `UPDATE sale INNER JOIN ${src} src ON src.saleID = sale.saleID SET ${set} WHERE ${where}`
    : `UPDATE sale SET ${set} FROM ${src} AS src WHERE src.saleID = sale.saleID AND ${where}`;
  return (await execute(manager, sql, { ...source.params, ...params })).affected;
}

/**
 * One history row per sale of the source (one INSERT ... SELECT). `step` is SQL for the step the sale will have: a constant, or an expression over the sale
 * (alias `s`), in which case the source is joined to the sale table to read it.
 */
export async function writeHistoryFrom(
  manager: EntityManager,
  source: SaleLinkSource,
  step: { constant: string } | { overSale: string; params?: Record<string, unknown> },
  description: string,
  userName: string,
  now: Date,
): Promise<void> {
  const params = { ...source.params, hDescription: historyText(description), hNow: persistedNow(manager, now), hUser: userName, hDoc: 'sale' };
  const fromSale = 'overSale' in step;
  await execute(
    manager,
    `INSERT INTO history (documentType, documentID, step, description, createdDate, createdByUserName) ` +
      `SELECT :hDoc, ${source.saleID}, ${fromSale ? step.overSale : ':hStep'}, :hDescription, :hNow, :hUser ` +
      `FROM ${source.from}${fromSale ? ` INNER JOIN sale s ON s.saleID = ${source.saleID}` : ''} WHERE ${source.where}`,
    { ...params, ...(fromSale ? (step.params ?? {}) : { hStep: step.constant }) },
  );
}

/**
 * The sale's newest history row: every history row of a sale is written with the change it
 * records, so this is the row of its current step (what the row's currentHistoryID answers).
 */
export function newestHistorySql(sale: string): string {
  return `(SELECT MAX(h.historyID) FROM history h WHERE h.documentType = 'sale' AND h.documentID = ${sale}.saleID)`;
}
