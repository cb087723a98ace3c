import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { audit, fk, flag, id, index, int, money, text } from './columns';

/**
 * Issue 9: sales, their analysis values, and the history every sale action writes (shared with
 * the rota). Schema-builder only, so the same migration runs on SQLite and MySQL/MariaDB.
 */
export class Sales1764200000000 implements MigrationInterface {
  name = 'Sales1764200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'sale',
        columns: [
          id('saleID'),
          int('storeID'),
          int('saleTypeID'),
          int('attributableToUserID'),
          { name: 'saleDate', type: 'date' },
          text('orderRef', 20),
          int('rateCardID'),
          int('rateCardLineID'),
          int('rateCardLineStoreID'),
          text('sku', 25),
          int('currentHistoryID', true),
          text('currentHistoryStep', 20, { default: 'recorded' }),
          money('revenue'),
          money('commission'),
          money('adjustment'),
          money('adjustedRevenue'),
          int('refSaleID', true),
          flag('isRefund'),
          flag('isRefunded'),
          text('isRefundedNote', 255, { nullable: true }),
          text('isRefundedOrderRef', 20, { nullable: true }),
          int('refundReasonID', true),
          text('notes', 1000, { default: '' }),
          int('discountStoreID', true),
          int('discountPercent', true),
          money('unreconciledRevenue'),
          money('recSheetLinesTotal'),
          int('recSheetLinesCount', false, 0),
          ...audit,
        ],
        foreignKeys: [
          fk('storeID', 'store', 'RESTRICT'),
          fk('saleTypeID', 'saleType', 'RESTRICT'),
          fk('attributableToUserID', 'user', 'RESTRICT', 'userID'),
          fk('rateCardID', 'rateCard', 'RESTRICT'),
          fk('rateCardLineID', 'rateCardLine', 'RESTRICT'),
          fk('rateCardLineStoreID', 'rateCardLineStore', 'RESTRICT'),
          fk('refSaleID', 'sale', 'RESTRICT', 'saleID'),
          fk('discountStoreID', 'discountStore', 'RESTRICT'),
        ],
        indices: [
          index(['storeID', 'saleDate']),
          // The list's count and total (COUNT, SUM(adjustedRevenue)) of a store's date range, from the index alone.
          index(['storeID', 'saleDate', 'adjustedRevenue']),
          index(['storeID', 'saleID']),
          index(['saleDate']),
          index(['orderRef']),
          index(['storeID', 'orderRef']),
          index(['storeID', 'sku']),
          index(['attributableToUserID', 'saleDate']),
          index(['saleTypeID']),
          index(['rateCardID']),
          index(['rateCardLineID']),
          index(['rateCardLineStoreID']),
          index(['refSaleID']),
          index(['discountStoreID']),
        ],
      }),
    );
    await q.createTable(
      new Table({
        name: 'saleAnalysisValue',
        columns: [id('saleAnalysisValueID'), int('saleID'), int('analysisFieldID'), text('analysisValue', 255)],
        foreignKeys: [fk('saleID', 'sale', 'CASCADE'), fk('analysisFieldID', 'analysisField', 'RESTRICT')],
        indices: [index(['saleID']), index(['analysisValue']), index(['analysisFieldID'])],
      }),
    );
    await q.createTable(
      new Table({
        name: 'history',
        columns: [
          id('historyID'),
          text('documentType', 30),
          int('documentID'),
          text('step', 30),
          text('description', 1000, { default: '' }),
          { name: 'createdDate', type: 'datetime', precision: 3 },
          text('createdByUserName', 100, { default: '' }),
        ],
        indices: [index(['documentType', 'documentID'])],
      }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropTable('history');
    await q.dropTable('saleAnalysisValue');
    await q.dropTable('sale');
  }
}
