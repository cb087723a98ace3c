import { MigrationInterface, QueryRunner } from 'typeorm';
import { index } from './columns';

/**
 * Issue 12: the month's top SKU groups the month's SKU totals by SKU. Keyed by month and then
 * store, those rows come out of the primary key in store order, and the database sorts the
 * month's few thousand rows before it can add them up. Led by month and SKU, with every column
 * the sums read, they come out in SKU order from the index alone and are added up as they
 * stream (SaleFigures.bySku asks for one month by equality, so that order holds).
 */
const COLUMNS = ['saleMonth', 'sku', 'storeID', 'rowCount', 'revenueCount', 'adjustedRevenue', 'commission'];

export class SaleMonthSkuOrder1764800000000 implements MigrationInterface {
  name = 'SaleMonthSkuOrder1764800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.createIndex('saleMonthSkuTotal', index(COLUMNS));
  }

  async down(q: QueryRunner): Promise<void> {
    const table = await q.getTable('saleMonthSkuTotal');
    const found = table?.indices.find((i) => i.columnNames.join() === COLUMNS.join());
    if (found) await q.dropIndex('saleMonthSkuTotal', found);
  }
}
