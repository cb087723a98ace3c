import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { moneyTransformer } from '../../../common/db/numbers';

/**
 * What an auto-reconcile run matched for a line (line → sale, or how many sales): the run's work
 * table. Each match statement writes here in one INSERT ... SELECT; the lines' notes, the run's
 * counts and the links (recLink) are written from it. Its rows are kept (a line's match count
 * and rule stay readable) and give an undo its batches.
 */
@Entity('autoRecLink')
@Index(['autoRecRunID', 'recSheetLineID'], { unique: true })
export class AutoRecLink {
  @PrimaryGeneratedColumn({ type: 'integer' })
  autoRecLinkID: number;

  @Column({ type: 'integer' })
  autoRecRunID: number;

  @Column({ type: 'integer' })
  recSheetLineID: number;

  /** The sale matched when exactly one did; 0 when several did (the line is left to link by hand). */
  @Column({ type: 'integer' })
  saleID: number;

  /** How many sales matched the line: every line with a match has a row (so the notes need no second join). */
  @Column({ type: 'integer', default: 1 })
  matches: number;

  /** What made the link: exact, a match rule (saleDateWithin, revenueWithin, orderRefOnly) or clawback. */
  @Column({ type: 'varchar', length: 20, default: 'exact' })
  rule: string;

  /** The revenue adjustment the link wrote on its line and sale (a revenue tolerance); undone with it. */
  @Column({ type: 'decimal', precision: 12, scale: 2, default: 0, transformer: moneyTransformer })
  adjustment: number;
}
