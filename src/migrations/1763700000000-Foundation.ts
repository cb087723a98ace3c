import { MigrationInterface, QueryRunner, Table, TableForeignKey, TableIndex, type TableColumnOptions } from 'typeorm';
import { AUDIT_COLUMNS } from '../common/db/audited.entity';

/** Schema-builder only, so the same migration runs on SQLite and MySQL/MariaDB. */
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
const fk = (column: string, table: string, onDelete: 'CASCADE' | 'RESTRICT') =>
  new TableForeignKey({ columnNames: [column], referencedTableName: table, referencedColumnNames: [column], onDelete });

export class Foundation1763700000000 implements MigrationInterface {
  name = 'Foundation1763700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'storeType',
        columns: [
          id('storeTypeID'),
          { name: 'name', type: 'varchar', length: '100' },
          bool('recordFootfall', false),
          bool('recordChatCount', false),
          bool('recordStaffCount', false),
          ...audit,
        ],
      }),
    );
    await q.createTable(
      new Table({
        name: 'store',
        columns: [
          id('storeID'),
          { name: 'name', type: 'varchar', length: '100' },
          int('storeTypeID'),
          bool('targetRevenue', true),
          bool('targetQuantity', false),
          { name: 'postCode', type: 'varchar', length: '10', isNullable: true },
          int('squareFeet', 0),
          ...audit,
        ],
        foreignKeys: [fk('storeTypeID', 'storeType', 'RESTRICT')],
        indices: [new TableIndex({ columnNames: ['name'] })],
      }),
    );
    await q.createTable(
      new Table({
        name: 'accessProfile',
        columns: [
          id('accessProfileID'),
          { name: 'name', type: 'varchar', length: '100' },
          { name: 'systemAreas', type: 'varchar', length: '1000', default: "''" },
          bool('showRevenue', true),
          bool('showCommission', false),
          ...audit,
        ],
      }),
    );
    await q.createTable(
      new Table({
        name: 'accessProfileStore',
        columns: [id('accessProfileStoreID'), int('accessProfileID'), int('storeID')],
        foreignKeys: [fk('accessProfileID', 'accessProfile', 'CASCADE'), fk('storeID', 'store', 'CASCADE')],
        indices: [new TableIndex({ columnNames: ['accessProfileID', 'storeID'], isUnique: true })],
      }),
    );
    await q.createTable(
      new Table({
        name: 'user',
        columns: [
          id('userID'),
          { name: 'name', type: 'varchar', length: '100' },
          { name: 'email', type: 'varchar', length: '254', isUnique: true },
          { name: 'passwordHash', type: 'varchar', length: '100' },
          bool('active', true),
          int('storeID', undefined, true),
          int('accessProfileID'),
          int('defaultDaysBack', 180),
          int('fromHour', 0),
          int('toHour', 24),
          int('days', 0),
          bool('proRateTargetsOnActual', false),
          int('salesMonthsBack', 0),
          { name: 'lastLogin', type: 'datetime', precision: 3, isNullable: true },
          ...audit,
        ],
        foreignKeys: [fk('storeID', 'store', 'RESTRICT'), fk('accessProfileID', 'accessProfile', 'RESTRICT')],
        indices: [new TableIndex({ columnNames: ['name'] })],
      }),
    );
    await q.createTable(
      new Table({
        name: 'userPreference',
        columns: [
          id('userPreferenceID'),
          int('userID'),
          { name: 'group', type: 'varchar', length: '50' },
          { name: 'name', type: 'varchar', length: '100' },
          { name: 'value', type: 'text' },
        ],
        foreignKeys: [fk('userID', 'user', 'CASCADE')],
        indices: [new TableIndex({ columnNames: ['userID', 'group', 'name'], isUnique: true })],
      }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['userPreference', 'user', 'accessProfileStore', 'accessProfile', 'store', 'storeType']) {
      await q.dropTable(table);
    }
  }
}
