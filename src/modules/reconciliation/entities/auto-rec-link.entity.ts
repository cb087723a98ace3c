import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

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

  @Column({ type: 'integer' })
  saleID: number;
}
