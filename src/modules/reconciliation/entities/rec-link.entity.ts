import { Column, Entity, Index, JoinColumn, OneToOne, PrimaryColumn } from 'typeorm';
import { moneyTransformer } from '../../../common/db/numbers';
import { RecSheetLine } from './rec-sheet-line.entity';

/**
 * A rec sheet line's link to its sale, by auto reconcile or by hand: one row per linked line,
 * none for an unlinked one. It is the reconcile state of both (issue 24's links-only redesign,
 * docs/plans/reconcile-links-redesign.md): a sale reads as reconciled while a line links it, and
 * auto reconcile writes the sale only for a revenue tolerance's adjustment. The line's own link
 * columns (`recSheetLine.saleID` and the rest) are still written beside it, and kept equal to
 * it, until the lines' notes are derived too. Keyed on the line (a line links one sale); no
 * foreign keys, as each would take a lock on its parent row per link written.
 */
@Entity('recLink')
@Index(['saleID', 'slot'], { unique: true })
@Index(['autoRecRunID', 'recSheetLineID'])
export class RecLink {
  @PrimaryColumn({ type: 'integer' })
  recSheetLineID: number;

  /** The line, for joins (the lines list reads its link through it); no foreign key, as above. */
  @OneToOne(() => RecSheetLine, (line) => line.link, { createForeignKeyConstraints: false })
  @JoinColumn({ name: 'recSheetLineID' })
  line?: RecSheetLine;

  @Column({ type: 'integer' })
  saleID: number;

  /**
   * 0 for the sale's first link; a further line linked by hand takes its own line id. The
   * unique key (saleID, slot) is what stops two transactions both making a sale's first link
   * (linkSlot, LinkConflict).
   */
  @Column({ type: 'integer', default: 0 })
  slot: number;

  /** The auto-reconcile run that made it; null when linked by hand. */
  @Column({ type: 'integer', nullable: true })
  autoRecRunID: number | null;

  /** What made it: exact, a match rule, clawback, or manual. */
  @Column({ type: 'varchar', length: 20 })
  rule: string;

  /** The revenue adjustment the link wrote on its sale (a revenue tolerance, or the one typed by hand), and why. */
  @Column({ type: 'decimal', precision: 12, scale: 2, default: 0, transformer: moneyTransformer })
  adjustment: number;

  @Column({ type: 'varchar', length: 1000, default: '' })
  adjustmentReason: string;

  /**
   * What auto reconcile wrote when it made the link ("Reconciled automatically to sale N
   * (rule)"): the line's note while the link stands, so a run writes no linked line. Empty for a
   * link made by hand (the line keeps its own note).
   */
  @Column({ type: 'varchar', length: 255, default: '' })
  note: string;

  @Column({ type: 'varchar', length: 100, default: '' })
  linkedByUserName: string;

  @Column({ type: 'datetime', precision: 3, nullable: true })
  linkedDate: Date | null;
}
