import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { moneyTransformer } from '../../../common/db/numbers';

/**
 * A link an auto-reconcile run made (line → sale). Matches are first written here in one
 * INSERT ... SELECT, then lines and sales are updated from it in a statement each: the run's
 * work table, kept so the run can be undone.
 */
@Entity('autoRecLink')
@Index(['autoRecRunID', 'saleID'])
@Index(['autoRecRunID', 'recSheetLineID'], { unique: true })
export class AutoRecLink {
  @PrimaryGeneratedColumn({ type: 'integer' })
  autoRecLinkID: number;

  @Column({ type: 'integer' })
  autoRecRunID: number;

  @Column({ type: 'integer' })
  recSheetLineID: number;

  /** The sale linked; 0 while the run works on a line it could not link (several matches). */
  @Column({ type: 'integer' })
  saleID: number;

  /**
   * How many sales matched the line. The run's INSERT ... SELECT writes every line with a match
   * (so the notes need no second join), then deletes the rows it did not link before it commits:
   * after a run only links remain.
   */
  @Column({ type: 'integer', default: 1 })
  matches: number;

  /** What made the link: exact, a match rule (saleDateWithin, revenueWithin, orderRefOnly) or clawback. */
  @Column({ type: 'varchar', length: 20, default: 'exact' })
  rule: string;

  /** The revenue adjustment the link wrote on its line and sale (a revenue tolerance); undone with it. */
  @Column({ type: 'decimal', precision: 12, scale: 2, default: 0, transformer: moneyTransformer })
  adjustment: number;
}
