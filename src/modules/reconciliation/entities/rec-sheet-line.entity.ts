import { Column, Entity, Index, JoinColumn, ManyToOne, OneToOne, PrimaryGeneratedColumn } from 'typeorm';
import { AuditedEntity } from '../../../common/db/audited.entity';
import { moneyTransformer } from '../../../common/db/numbers';
import { StoredFile } from '../../files/entities/stored-file.entity';
import { Store } from '../../master-data/entities/store.entity';
import type { RecLink } from './rec-link.entity';
import { RecSheet } from './rec-sheet.entity';

const money = { type: 'decimal', precision: 12, scale: 2, default: 0, transformer: moneyTransformer } as const;

/**
 * One line of a rec sheet (spec 02 section 3, Rec sheet line): what the supplier paid for one
 * order. Its link to a sale is its recLink row (RecLink, `link`), which also holds an auto
 * link's note. The line's own link columns (`saleID` and the rest) are neither written nor read
 * since migration ReconcileByLinks (which dropped their indexes), and can be dropped. The store
 * is kept by id as well as by the sheet's name, so matching joins on the sale's own index.
 * (recSheetID, orderRef) is unique: the same order number is never created twice in a sheet.
 */
@Entity('recSheetLine')
@Index(['recSheetID', 'orderRef'], { unique: true })
@Index(['storeID', 'saleDate'])
@Index(['fileID'])
export class RecSheetLine extends AuditedEntity {
  @PrimaryGeneratedColumn({ type: 'integer' })
  recSheetLineID: number;

  @Column({ type: 'integer' })
  recSheetID: number;

  @ManyToOne(() => RecSheet, (sheet) => sheet.recSheetLines, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'recSheetID' })
  recSheet?: RecSheet;

  @Column({ type: 'date' })
  saleDate: string;

  @Column({ type: 'integer', nullable: true })
  storeID: number | null;

  @ManyToOne(() => Store, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'storeID' })
  store?: Store | null;

  @Column({ type: 'varchar', length: 100, default: '' })
  storeName: string;

  /** Upper-cased and trimmed, so "ab12" and "AB12 " are the same order on both engines. */
  @Column({ type: 'varchar', length: 50 })
  orderRef: string;

  @Column({ type: 'varchar', length: 50, default: '' })
  sku: string;

  @Column({ type: 'varchar', length: 255, default: '' })
  description: string;

  @Column(money) revenue: number;

  /** The worksheet the line came from ('' when typed in). */
  @Column({ type: 'varchar', length: 31, default: '' })
  worksheet: string;

  /** The line's row in its worksheet (0 when typed in). */
  @Column({ type: 'integer', default: 0 })
  rowNumber: number;

  /** The revenue adjustment recorded on the sale when this line was reconciled by hand. */
  @Column(money) adjustment: number;

  @Column({ type: 'varchar', length: 1000, default: '' })
  adjustmentReason: string;

  @Column({ type: 'integer', nullable: true })
  fileID: number | null;

  @ManyToOne(() => StoredFile, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'fileID' })
  file?: StoredFile | null;

  @Column({ type: 'varchar', length: 255, default: '' })
  autoRecNotes: string;

  /** 0 = unreconciled. */
  @Column({ type: 'integer', default: 0 })
  saleID: number;

  @Column({ type: 'varchar', length: 100, default: '' })
  recByUserName: string;

  @Column({ type: 'datetime', precision: 3, nullable: true })
  recDate: Date | null;

  /** The auto-reconcile run that linked it (for undo); null when linked by hand or unlinked. */
  @Column({ type: 'integer', nullable: true })
  autoRecRunID: number | null;

  /** The import operation that created it (null when typed in). */
  @Column({ type: 'integer', nullable: true })
  operationID: number | null;

  /** Its link to a sale, when reconciled (recLink, keyed on the line): what the lines list reads. */
  @OneToOne('RecLink', (link: RecLink) => link.line)
  link?: RecLink | null;
}
