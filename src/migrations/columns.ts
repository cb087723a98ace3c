import { TableForeignKey, TableIndex, type TableColumnOptions } from 'typeorm';
import { AUDIT_COLUMNS } from '../common/db/audited.entity';

/**
 * Column, key and index builders for the schema-builder migrations: what one writes runs
 * unchanged on SQLite and MySQL/MariaDB (ARCHITECTURE.md, "Notes that were tried").
 */

/** A generated key: `integer`, the only type SQLite allows AUTOINCREMENT on. */
export const id = (name: string): TableColumnOptions => ({ name, type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' });

export const audit = AUDIT_COLUMNS as TableColumnOptions[];

export const int = (name: string, isNullable = false, value?: number): TableColumnOptions => ({
  name,
  type: 'integer',
  isNullable,
  ...(value === undefined ? {} : { default: value }),
});

export const text = (name: string, length: number, options: { default?: string; nullable?: boolean } = {}): TableColumnOptions => ({
  name,
  type: 'varchar',
  length: String(length),
  isNullable: options.nullable ?? false,
  ...(options.default === undefined ? {} : { default: `'${options.default}'` }),
});

/** A flag that is off unless set. */
export const flag = (name: string): TableColumnOptions => ({ name, type: 'boolean', default: 0 });

/** Pounds with two decimals, 0 by default. */
export const money = (name: string): TableColumnOptions => ({ name, type: 'decimal', precision: 12, scale: 2, default: 0 });

/** A foreign key on `column` to `table`'s column of that name (or `referenced`). */
export const fk = (column: string, table: string, onDelete: 'CASCADE' | 'RESTRICT' | 'SET NULL', referenced = column) =>
  new TableForeignKey({ columnNames: [column], referencedTableName: table, referencedColumnNames: [referenced], onDelete });

export const index = (columns: string[], isUnique = false) => new TableIndex({ columnNames: columns, isUnique });
