import { MigrationInterface, QueryRunner } from 'typeorm';
import { index } from './columns';

/**
 * Issue 12: the indexes behind the dashboard's sums (SaleFigures: the KPI cards, tables and
 * tops). A card or table adds up every counted sale of a span: read through an index that
 * lacks a column the sums use, the database fetches each sale's row by its key, and a year of
 * all the stores is half a million of those. These hold every column the sums read (the scope,
 * the counted steps, the refund sign, the amounts and what they are split or ranked by), so a
 * span is read from the index alone: the chosen users' by user and date, and every other by
 * date first. A span of many stores is then one range of the index; led by the store, the
 * same span of 40 stores was 40 ranges, and MariaDB chose to read the whole index instead (a
 * store's own span is read by the sales list's (storeID, saleDate) index).
 */
const SALE_INDEXES = [
  ['saleDate', 'storeID', 'currentHistoryStep', 'isRefund', 'attributableToUserID', 'sku', 'adjustedRevenue', 'commission'],
  ['attributableToUserID', 'saleDate', 'storeID', 'currentHistoryStep', 'isRefund', 'adjustedRevenue', 'commission'],
];

export class KpiFigureIndexes1764600000000 implements MigrationInterface {
  name = 'KpiFigureIndexes1764600000000';

  async up(q: QueryRunner): Promise<void> {
    for (const columnNames of SALE_INDEXES) await q.createIndex('sale', index(columnNames));
  }

  async down(q: QueryRunner): Promise<void> {
    const table = await q.getTable('sale');
    for (const columnNames of SALE_INDEXES) {
      const found = table?.indices.find((i) => i.columnNames.join() === columnNames.join());
      if (found) await q.dropIndex('sale', found);
    }
  }
}
