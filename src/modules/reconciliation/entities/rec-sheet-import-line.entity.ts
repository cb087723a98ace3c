import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { moneyTransformer } from '../../../common/db/numbers';

/**
 * Staging for a rec sheet import (docs/decisions.md, "The import fans out per worksheet"): each
 * worksheet part writes the rows it read here, the import checks order numbers across worksheets
 * with one GROUP BY and commits with one INSERT ... SELECT, then deletes its rows. Keyed by the
 * import (the parent operation), the worksheet's position and the row, so a part's rows are one
 * range of the key. Rows whose values were refused are kept too (with what was valid), so an order
 * number is checked across worksheets exactly as in one pass; nothing is committed then.
 * No foreign keys: the rows live for the length of one import.
 */
@Entity('recSheetImportLine')
@Index(['parentOperationID', 'orderRef'])
export class RecSheetImportLine {
  /** The import's operation. */
  @PrimaryColumn({ type: 'integer' })
  parentOperationID: number;

  /** The worksheet's position in the file (tab order, 0-based). */
  @PrimaryColumn({ type: 'integer' })
  sheetIndex: number;

  @PrimaryColumn({ type: 'integer' })
  rowNumber: number;

  /** The part (worksheet) operation that wrote the row. */
  @Column({ type: 'integer' })
  operationID: number;

  @Column({ type: 'varchar', length: 31 })
  worksheet: string;

  /** Null when the cell was refused. */
  @Column({ type: 'date', nullable: true })
  saleDate: string | null;

  @Column({ type: 'integer', nullable: true })
  storeID: number | null;

  @Column({ type: 'varchar', length: 100, default: '' })
  storeName: string;

  /** Upper-cased and trimmed (as recSheetLine keeps it). */
  @Column({ type: 'varchar', length: 50 })
  orderRef: string;

  /** The order number as the cell has it, when that differs from orderRef (for the report). */
  @Column({ type: 'varchar', length: 50, default: '' })
  orderText: string;

  @Column({ type: 'varchar', length: 50, default: '' })
  sku: string;

  @Column({ type: 'varchar', length: 255, default: '' })
  description: string;

  /** Null when the cell was refused. */
  @Column({ type: 'decimal', precision: 12, scale: 2, nullable: true, transformer: moneyTransformer })
  revenue: number | null;
}
