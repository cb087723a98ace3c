import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { audit, fk, id, index, int, money, text } from './columns';

/**
 * Issue 4 rate cards: cards, their lines per sale type, and each line's revenue and commission
 * per store. Schema-builder only, so the same migration runs on SQLite and MySQL/MariaDB.
 * fromDate is a DATE (read as 'yyyy-mm-dd' on both: mysql2 dateStrings).
 */
export class RateCards1764000000000 implements MigrationInterface {
  name = 'RateCards1764000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'rateCard',
        columns: [id('rateCardID'), text('name', 100), { name: 'fromDate', type: 'date' }, ...audit],
        indices: [index(['fromDate'], true)],
      }),
    );
    await q.createTable(
      new Table({
        name: 'rateCardLine',
        columns: [
          id('rateCardLineID'),
          int('rateCardID'),
          int('saleTypeID'),
          text('sku', 25),
          int('skuTypeID'),
          text('description', 255, { default: '' }),
          money('customerRRP'),
          money('customerMonthly'),
          int('contractMonths', false, 0),
          int('bandID', true),
          text('legacySKU', 25, { nullable: true }),
          int('fileID', true),
          ...audit,
        ],
        foreignKeys: [
          fk('rateCardID', 'rateCard', 'CASCADE'),
          fk('saleTypeID', 'saleType', 'RESTRICT'),
          fk('skuTypeID', 'skuType', 'RESTRICT'),
          fk('bandID', 'band', 'RESTRICT'),
          fk('fileID', 'file', 'SET NULL'),
        ],
        // sku is unique per card and sale type ignoring case, checked by the server (a unique
        // index would follow each engine's collation).
        indices: [
          index(['rateCardID', 'saleTypeID', 'sku']),
          index(['sku']),
          index(['saleTypeID']),
          index(['skuTypeID']),
          index(['bandID']),
          index(['fileID']),
        ],
      }),
    );
    await q.createTable(
      new Table({
        name: 'rateCardLineStore',
        columns: [
          id('rateCardLineStoreID'),
          int('rateCardLineID'),
          int('storeID'),
          { name: 'active', type: 'boolean', default: 1 },
          money('revenue'),
          money('commission'),
          // The store's overrides of the line's values; null follows the line (and its SKU type).
          text('sku', 25, { nullable: true }),
          text('description', 255, { nullable: true }),
          { name: 'customerRRP', type: 'decimal', precision: 12, scale: 2, isNullable: true },
          { name: 'customerMonthly', type: 'decimal', precision: 12, scale: 2, isNullable: true },
          { name: 'excludeDiscount', type: 'boolean', isNullable: true },
        ],
        foreignKeys: [fk('rateCardLineID', 'rateCardLine', 'CASCADE'), fk('storeID', 'store', 'CASCADE')],
        indices: [index(['rateCardLineID', 'storeID'], true), index(['storeID'])],
      }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropTable('rateCardLineStore');
    await q.dropTable('rateCardLine');
    await q.dropTable('rateCard');
  }
}
