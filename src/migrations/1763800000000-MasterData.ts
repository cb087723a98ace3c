import { MigrationInterface, QueryRunner, Table, TableForeignKey, TableIndex, type TableColumnOptions } from 'typeorm';
import { AUDIT_COLUMNS } from '../common/db/audited.entity';

/**
 * Issue 3 master data: sale types, SKU types, bands, discounts, analysis fields, metrics.
 * Schema-builder only, so the same migration runs on SQLite and MySQL/MariaDB. Rows saved
 * through their parent (stores of a sale type, discount or field; list items) go with it
 * (CASCADE); references between records are RESTRICT, so the generic in-use check names them.
 */
const id = (name: string): TableColumnOptions => ({
  name,
  type: 'integer',
  isPrimary: true,
  isGenerated: true,
  generationStrategy: 'increment',
});
const audit = AUDIT_COLUMNS as TableColumnOptions[];
const bool = (name: string, value: boolean): TableColumnOptions => ({ name, type: 'boolean', default: value ? 1 : 0 });
const int = (name: string, value?: number, isNullable = false): TableColumnOptions => ({
  name,
  type: 'integer',
  isNullable,
  ...(value === undefined ? {} : { default: value }),
});
const text = (name: string, length: number, options: { default?: string; nullable?: boolean } = {}): TableColumnOptions => ({
  name,
  type: 'varchar',
  length: String(length),
  isNullable: options.nullable ?? false,
  ...(options.default === undefined ? {} : { default: `'${options.default}'` }),
});
const decimal = (name: string, precision: number, scale: number, value: number): TableColumnOptions => ({
  name,
  type: 'decimal',
  precision,
  scale,
  default: value,
});
const fk = (column: string, table: string, onDelete: 'CASCADE' | 'RESTRICT') =>
  new TableForeignKey({ columnNames: [column], referencedTableName: table, referencedColumnNames: [column], onDelete });
const index = (columns: string[], isUnique = false) => new TableIndex({ columnNames: columns, isUnique });

export class MasterData1763800000000 implements MigrationInterface {
  name = 'MasterData1763800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(new Table({ name: 'saleType', columns: [id('saleTypeID'), text('name', 100), ...audit], indices: [index(['name'])] }));
    await q.createTable(
      new Table({
        name: 'saleTypeStore',
        columns: [id('saleTypeStoreID'), int('saleTypeID'), int('storeID')],
        foreignKeys: [fk('saleTypeID', 'saleType', 'CASCADE'), fk('storeID', 'store', 'CASCADE')],
        indices: [index(['saleTypeID', 'storeID'], true), index(['storeID'])],
      }),
    );
    await q.createTable(
      new Table({
        name: 'skuType',
        columns: [id('skuTypeID'), text('name', 100), text('description', 255, { default: '' }), bool('excludeDiscount', false), ...audit],
        indices: [index(['name'])],
      }),
    );
    await q.createTable(
      new Table({
        name: 'band',
        columns: [id('bandID'), text('name', 100), text('description', 255, { default: '' }), ...audit],
        indices: [index(['name'])],
      }),
    );
    await q.createTable(
      new Table({
        name: 'discount',
        columns: [id('discountID'), text('name', 100), int('saleTypeID'), ...audit],
        foreignKeys: [fk('saleTypeID', 'saleType', 'RESTRICT')],
        indices: [index(['name']), index(['saleTypeID'])],
      }),
    );
    await q.createTable(
      new Table({
        name: 'discountStore',
        columns: [
          id('discountStoreID'),
          int('discountID'),
          int('storeID'),
          bool('enabled', true),
          bool('captureVariablePercent', false),
          bool('revenueReductionIsFixed', true),
          decimal('revenueReductionFixed', 12, 2, 0),
          decimal('revenueReductionRatio', 5, 2, 0),
          bool('commissionReductionIsFixed', true),
          decimal('commissionReductionFixed', 12, 2, 0),
          decimal('commissionReductionRatio', 5, 2, 0),
          bool('commissionSameAsRevenue', false),
        ],
        foreignKeys: [fk('discountID', 'discount', 'CASCADE'), fk('storeID', 'store', 'CASCADE')],
        indices: [index(['discountID', 'storeID'], true), index(['storeID'])],
      }),
    );
    await q.createTable(
      new Table({
        name: 'analysisField',
        columns: [
          id('analysisFieldID'),
          text('name', 100),
          text('label', 100),
          text('inputType', 10),
          text('regex', 255, { nullable: true }),
          text('defaultValue', 255, { nullable: true }),
          bool('required', false),
          bool('targetRevenue', false),
          bool('targetQuantity', false),
          text('autoFillFrom', 40, { nullable: true }),
          ...audit,
        ],
        indices: [index(['name'])],
      }),
    );
    await q.createTable(
      new Table({
        name: 'analysisListItem',
        columns: [
          id('analysisListItemID'),
          int('analysisFieldID'),
          text('code', 50),
          text('description', 255, { default: '' }),
          bool('enableTargets', false),
          text('dailyReportAs', 50, { default: '' }),
        ],
        foreignKeys: [fk('analysisFieldID', 'analysisField', 'CASCADE')],
        // Not unique here: codes are unique ignoring case, which the server checks; a unique
        // index would follow each engine's collation (SQLite: case-sensitive; MariaDB: also
        // accent-blind), so the same save could pass on one engine and fail on the other.
        indices: [index(['analysisFieldID', 'code'])],
      }),
    );
    await q.createTable(
      new Table({
        name: 'analysisFieldStore',
        columns: [id('analysisFieldStoreID'), int('analysisFieldID'), int('storeID')],
        foreignKeys: [fk('analysisFieldID', 'analysisField', 'CASCADE'), fk('storeID', 'store', 'CASCADE')],
        indices: [index(['analysisFieldID', 'storeID'], true), index(['storeID'])],
      }),
    );
    await q.createTable(
      new Table({
        name: 'metric',
        columns: [
          id('metricID'),
          text('name', 100),
          text('metricType', 10),
          bool('showCard', true),
          bool('showInTables', true),
          decimal('successValue', 14, 4, 0),
          int('successIsLess', 0),
          int('analysisFieldID', undefined, true),
          ...audit,
        ],
        foreignKeys: [fk('analysisFieldID', 'analysisField', 'RESTRICT')],
        indices: [index(['name']), index(['analysisFieldID'])],
      }),
    );
    await q.createTable(
      new Table({
        name: 'metricPart',
        columns: [
          id('metricPartID'),
          int('metricID'),
          text('name', 100),
          text('divisionPart', 12),
          decimal('multiplier', 12, 4, 1),
          text('tableName', 20),
          text('field', 50),
          text('params', 2000, { default: '{}' }),
          ...audit,
        ],
        foreignKeys: [fk('metricID', 'metric', 'RESTRICT')],
        indices: [index(['metricID'])],
      }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of [
      'metricPart',
      'metric',
      'analysisFieldStore',
      'analysisListItem',
      'analysisField',
      'discountStore',
      'discount',
      'band',
      'skuType',
      'saleTypeStore',
      'saleType',
    ]) {
      await q.dropTable(table);
    }
  }
}
