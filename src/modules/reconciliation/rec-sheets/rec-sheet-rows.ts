import type { EntityManager, ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import type { AuthUser } from '../../../common/auth/auth-user';
import { toNumber } from '../../../common/db/numbers';
import { auditFields } from '../../../common/list/audit-fields';
import type { ListDefinition } from '../../../common/list/list-definition';
import type { ListFilter } from '../../../common/list/list-query';
import { recordDate } from '../../../common/dates/days';
import { RecSheet } from '../entities/rec-sheet.entity';
import { RecLink } from '../entities/rec-link.entity';
import { RecSheetLine } from '../entities/rec-sheet-line.entity';
import { lineAdjustedSql, lineLinkedSql } from '../rec-links';

const ID = /^\d{1,10}$/;

/** Percent of `part` in `whole`, to 1 decimal (0 when there is nothing). */
export function percent(part: number, whole: number): number {
  return whole > 0 ? Math.round((part * 1000) / whole) / 10 : 0;
}

/**
 * The list extras of a page of sheets with one grouped query (never one per row):
 * recSheetLineCount, reconciledPercent (lines with a sale) and autoReconciledPercent (lines an
 * auto-reconcile run linked).
 */
async function decorateSheets(rows: Record<string, unknown>[], { manager }: { manager: EntityManager }): Promise<void> {
  const ids = rows.map((r) => Number(r.recSheetID));
  const counts = new Map<number, { lines: number; reconciled: number; auto: number }>();
  const found = await manager
    .createQueryBuilder(RecSheetLine, 'line')
    .select('line.recSheetID', 'recSheetID')
    .addSelect('COUNT(*)', 'lines')
    .addSelect('SUM(CASE WHEN link.recSheetLineID IS NOT NULL THEN 1 ELSE 0 END)', 'reconciled')
    .addSelect('SUM(CASE WHEN link.autoRecRunID IS NOT NULL THEN 1 ELSE 0 END)', 'auto')
    // A line is reconciled when it has a link (recLink, one per line at most), by a run when the link says so.
    .leftJoin(RecLink, 'link', 'link.recSheetLineID = line.recSheetLineID')
    .where('line.recSheetID IN (:...ids)', { ids })
    .groupBy('line.recSheetID')
    .getRawMany<{ recSheetID: unknown; lines: unknown; reconciled: unknown; auto: unknown }>();
  for (const r of found) counts.set(toNumber(r.recSheetID), { lines: toNumber(r.lines), reconciled: toNumber(r.reconciled), auto: toNumber(r.auto) });
  for (const row of rows) {
    const c = counts.get(Number(row.recSheetID)) ?? { lines: 0, reconciled: 0, auto: 0 };
    row.recSheetLineCount = c.lines;
    row.reconciledPercent = percent(c.reconciled, c.lines);
    row.autoReconciledPercent = percent(c.auto, c.lines);
  }
}

export const recSheetList: ListDefinition<RecSheet> = {
  entity: RecSheet,
  alias: 'recSheet',
  idField: 'recSheetID',
  label: 'rec sheet',
  fields: {
    recSheetID: { column: 'recSheet.recSheetID', type: 'integer', pattern: ID, excel: 'ID' },
    name: { column: 'recSheet.name', type: 'text', maxLength: 100, quick: true, excel: 'Name' },
    recDate: { column: 'recSheet.recDate', type: 'date', excel: 'Rec date' },
    ...auditFields('recSheet'),
  },
  // Rec sheets by recDate descending (spec 02 section 9).
  defaultSort: { field: 'recDate', dir: 'DESC' },
  toRow: ({ recSheetLines: _lines, ...sheet }) => ({ ...sheet, recDate: recordDate(sheet.recDate) }),
  decorateRows: decorateSheets,
};

/** The filter segments of the lines screen (spec 02 section 2.3). */
export const LINE_SEGMENTS = ['unreconciled', 'reconciled', 'saleAdjustments'] as const;

function segment(qb: SelectQueryBuilder<ObjectLiteral>, filter: ListFilter, _param: string): void {
  const conditions: Record<string, string> = {
    unreconciled: `NOT ${lineLinkedSql('line')}`,
    reconciled: lineLinkedSql('line'),
    saleAdjustments: lineAdjustedSql('line'),
  };
  const any = `(${filter.values.map((v) => conditions[String(v)]).join(' OR ')})`;
  qb.andWhere(filter.op === 'not' ? `NOT ${any}` : any);
}

/**
 * Lines of the user's stores; a line whose store was not resolved (an imported store name no
 * store has) is visible to every RevenueReconciliation user.
 */
function lineScope(qb: SelectQueryBuilder<RecSheetLine>, user: AuthUser): void {
  if (user.storeIDs.length === 0) qb.andWhere('line.storeID IS NULL');
  else qb.andWhere('(line.storeID IS NULL OR line.storeID IN (:...lineStoreIDs))', { lineStoreIDs: [...user.storeIDs] });
}

export const recSheetLineList: ListDefinition<RecSheetLine> = {
  entity: RecSheetLine,
  alias: 'line',
  idField: 'recSheetLineID',
  label: 'rec sheet line',
  fields: {
    recSheetLineID: { column: 'line.recSheetLineID', type: 'integer', pattern: ID, excel: 'ID', indexed: true },
    recSheetID: { column: 'line.recSheetID', type: 'integer', pattern: ID, excel: 'Rec sheet' },
    saleDate: { column: 'line.saleDate', type: 'date', excel: 'Sale date', indexed: { after: ['storeID'] } },
    storeID: { column: 'line.storeID', type: 'integer', pattern: ID },
    storeName: { column: 'line.storeName', type: 'text', maxLength: 100, quick: true, excel: 'Store' },
    orderRef: { column: 'line.orderRef', type: 'text', maxLength: 50, quick: true, excel: 'Order number', indexed: { after: ['recSheetID'] } },
    sku: { column: 'line.sku', type: 'text', maxLength: 50, quick: true, excel: 'SKU' },
    description: { column: 'line.description', type: 'text', quick: true, excel: 'Description' },
    revenue: { column: 'line.revenue', type: 'number', excel: 'Revenue' },
    worksheet: { column: 'line.worksheet', type: 'text', maxLength: 31, excel: 'Worksheet' },
    rowNumber: { column: 'line.rowNumber', type: 'integer', excel: 'Row' },
    // What the line's link says (recLink, joined on the line's key); an unlinked line has none.
    adjustment: { column: 'COALESCE(link.adjustment, 0)', type: 'number', excel: 'Adjustment', notNull: true },
    adjustmentReason: { column: "COALESCE(link.adjustmentReason, '')", type: 'text', maxLength: 1000, excel: 'Adjustment reason', notNull: true },
    fileID: { column: 'line.fileID', type: 'integer', pattern: ID },
    // An auto link's note (what the run wrote when it linked the line), else the line's own (the run's note on a line it did not link, 'Undone', 'Unreconciled from sale N').
    autoRecNotes: { column: "COALESCE(NULLIF(link.note, ''), line.autoRecNotes)", type: 'text', quick: true, excel: 'Auto reconcile notes', notNull: true },
    saleID: { column: 'COALESCE(link.saleID, 0)', type: 'integer', pattern: ID, excel: 'Sale ID', notNull: true },
    recByUserName: { column: "COALESCE(link.linkedByUserName, '')", type: 'text', maxLength: 100, excel: 'Reconciled by', notNull: true },
    recDate: { column: 'link.linkedDate', type: 'datetime', excel: 'Reconciled' },
    autoRecRunID: { column: 'link.autoRecRunID', type: 'integer', pattern: ID },
    operationID: { column: 'line.operationID', type: 'integer', pattern: ID },
    segment: { column: 'line.recSheetLineID', type: 'text', pattern: new RegExp(`^(${LINE_SEGMENTS.join('|')})$`), where: segment },
    ...auditFields('line'),
  },
  lookups: { link: 'line.link' },
  fkJoins: ['file'],
  // The supplier's revenue and the adjustment made by hand; the linked sale's figures are taken out where it is read (SaleReconciliationReads).
  figures: { revenue: ['revenue', 'adjustment'] },
  defaultSort: { field: 'recSheetLineID', dir: 'ASC' },
  large: true,
  scope: lineScope,
  toRow: ({ file, recSheet: _sheet, store: _store, link, ...line }, joins) => ({
    ...line,
    saleID: link?.saleID ?? 0,
    autoRecRunID: link?.autoRecRunID ?? null,
    recByUserName: link?.linkedByUserName ?? '',
    recDate: link?.linkedDate ?? null,
    adjustment: link?.adjustment ?? 0,
    adjustmentReason: link?.adjustmentReason ?? '',
    autoRecNotes: link?.note || line.autoRecNotes,
    saleDate: recordDate(line.saleDate),
    ...(joins.has('file') ? { file: file ? { fileID: file.fileID, originalName: file.originalName } : null } : {}),
  }),
};
