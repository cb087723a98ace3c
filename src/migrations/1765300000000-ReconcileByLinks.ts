import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';
import { index, int, text } from './columns';

/** The steps a link turns into 'reconciled' on read (sales/sale-links.ts). */
const LINKABLE = "('recorded', 'modified')";

/**
 * Issue 24's links-only redesign, slice 6 (docs/plans/reconcile-links-redesign.md): a sale's
 * reconcile state is its links alone, so auto reconcile no longer writes the sale.
 *
 * - recLink gets a `slot` and a unique key (saleID, slot): the guard that two transactions do
 *   not both make a sale's first link (the conditional sale update gave it before). A sale's
 *   first link takes slot 0; a further line linked by hand takes its own line id. The key also
 *   serves every lookup by sale, so the index on saleID alone goes.
 * - The stored step goes back from 'reconciled' to the step the sale had (modified when its
 *   history has a change, else recorded), and the stored count, total and unreconciled revenue
 *   to "no line": what a sale shows is derived from its links (a linked recorded or modified
 *   sale reads as reconciled), and nothing writes those any more. Every one of these steps is
 *   counted in the figures, so the totals triggers change nothing.
 * - recLink gets the note an auto link's line shows (`note`, filled from the lines' notes): a run
 *   writes no linked line. The lines' own link columns (saleID and the rest) are no longer
 *   written nor read; down() writes them back from the links.
 * - autoRecLink, the run's work table, loses its index on (autoRecRunID, saleID), and
 *   recSheetLine its indexes on (recSheetID, saleID) and (saleID): links are read from recLink
 *   (session 40), and each index cost a run a random write per match or link.
 */
export class ReconcileByLinks1765300000000 implements MigrationInterface {
  name = 'ReconcileByLinks1765300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.addColumn('recLink', new TableColumn(int('slot', false, 0)));
    await q.addColumn('recLink', new TableColumn(text('note', 255, { default: '' })));
    await q.query(
      'UPDATE recLink SET note = (SELECT l.autoRecNotes FROM recSheetLine l WHERE l.recSheetLineID = recLink.recSheetLineID) WHERE autoRecRunID IS NOT NULL',
    );
    await q.query(
      'UPDATE recLink SET slot = recSheetLineID WHERE recSheetLineID > (SELECT MIN(first.recSheetLineID) FROM (SELECT saleID, recSheetLineID FROM recLink) first WHERE first.saleID = recLink.saleID)',
    );
    await dropIndexOn(q, 'recLink', ['saleID']);
    await q.createIndex('recLink', index(['saleID', 'slot'], true));
    await dropIndexOn(q, 'autoRecLink', ['autoRecRunID', 'saleID']);
    await dropIndexOn(q, 'recSheetLine', ['recSheetID', 'saleID']);
    await dropIndexOn(q, 'recSheetLine', ['saleID']);
    await q.query(
      "UPDATE sale SET currentHistoryStep = CASE WHEN EXISTS (SELECT 1 FROM history h WHERE h.documentType = 'sale' AND h.documentID = sale.saleID AND h.step = 'modified') " +
        "THEN 'modified' ELSE 'recorded' END WHERE currentHistoryStep = 'reconciled'",
    );
    await q.query(
      'UPDATE sale SET recSheetLinesCount = 0, recSheetLinesTotal = 0, unreconciledRevenue = adjustedRevenue WHERE recSheetLinesCount <> 0 OR recSheetLinesTotal <> 0 OR unreconciledRevenue <> adjustedRevenue',
    );
  }

  async down(q: QueryRunner): Promise<void> {
    // The lines' own link columns and notes, as the runs and manual links wrote them before.
    const fromLink = (column: string) => `(SELECT k.${column} FROM recLink k WHERE k.recSheetLineID = recSheetLine.recSheetLineID)`;
    await q.query(
      `UPDATE recSheetLine SET saleID = ${fromLink('saleID')}, autoRecRunID = ${fromLink('autoRecRunID')}, recByUserName = ${fromLink('linkedByUserName')}, ` +
        `recDate = ${fromLink('linkedDate')}, adjustment = ${fromLink('adjustment')}, adjustmentReason = ${fromLink('adjustmentReason')}, ` +
        `autoRecNotes = COALESCE(NULLIF(${fromLink('note')}, ''), autoRecNotes) WHERE EXISTS (SELECT 1 FROM recLink k WHERE k.recSheetLineID = recSheetLine.recSheetLineID)`,
    );
    await q.query(
      "UPDATE recSheetLine SET saleID = 0, autoRecRunID = NULL, recByUserName = '', recDate = NULL, adjustment = 0, adjustmentReason = '' " +
        'WHERE saleID <> 0 AND NOT EXISTS (SELECT 1 FROM recLink k WHERE k.recSheetLineID = recSheetLine.recSheetLineID)',
    );
    const linked = 'EXISTS (SELECT 1 FROM recLink k WHERE k.saleID = sale.saleID)';
    const total =
      '(SELECT COALESCE(SUM(l.revenue), 0) FROM recLink k INNER JOIN recSheetLine l ON l.recSheetLineID = k.recSheetLineID WHERE k.saleID = sale.saleID)';
    await q.query(
      `UPDATE sale SET recSheetLinesCount = (SELECT COUNT(*) FROM recLink k WHERE k.saleID = sale.saleID), recSheetLinesTotal = ${total}, ` +
        `unreconciledRevenue = ROUND(adjustedRevenue - ${total}, 2) WHERE ${linked}`,
    );
    await q.query(`UPDATE sale SET currentHistoryStep = 'reconciled' WHERE currentHistoryStep IN ${LINKABLE} AND ${linked}`);
    await q.createIndex('recSheetLine', index(['saleID']));
    await q.createIndex('recSheetLine', index(['recSheetID', 'saleID']));
    await q.createIndex('autoRecLink', index(['autoRecRunID', 'saleID']));
    await dropIndexOn(q, 'recLink', ['saleID', 'slot']);
    await q.createIndex('recLink', index(['saleID']));
    await q.dropColumn('recLink', 'slot');
    await q.dropColumn('recLink', 'note');
  }
}

async function dropIndexOn(q: QueryRunner, tableName: string, columns: string[]): Promise<void> {
  const table = await q.getTable(tableName);
  const found = table?.indices.find((i) => i.columnNames.join() === columns.join());
  if (found) await q.dropIndex(tableName, found);
}
