import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** One auto-reconcile of a sheet: its counts, and (with its links) what "Undo" reverses. */
@Entity('autoRecRun')
@Index(['recSheetID'])
export class AutoRecRun {
  @PrimaryGeneratedColumn({ type: 'integer' })
  autoRecRunID: number;

  @Column({ type: 'integer' })
  recSheetID: number;

  /** The job's operation; unique, so a retried job finds its own run instead of making another. */
  @Index({ unique: true })
  @Column({ type: 'integer' })
  operationID: number;

  @Column({ type: 'integer', default: 0 }) considered: number;
  @Column({ type: 'integer', default: 0 }) reconciled: number;
  @Column({ type: 'integer', default: 0 }) matchMultiple: number;
  @Column({ type: 'integer', default: 0 }) matchNone: number;

  /** Lines reconciled by each way of matching (they add up to `reconciled`). */
  @Column({ type: 'integer', default: 0 }) exactMatches: number;
  @Column({ type: 'integer', default: 0 }) saleDateMatches: number;
  @Column({ type: 'integer', default: 0 }) revenueMatches: number;
  @Column({ type: 'integer', default: 0 }) orderRefMatches: number;
  @Column({ type: 'integer', default: 0 }) clawbackMatches: number;

  /** Clawback lines (negative revenue) with no refund to match: not counted in matchNone. */
  @Column({ type: 'integer', default: 0 }) clawbacksWithoutRefund: number;

  /** The last line id of the run's last committed batch: a run taken up again starts after it. */
  @Column({ type: 'integer', default: 0 }) lastLineID: number;

  /** Every line went through the run (its counts are final). */
  @Column({ type: 'boolean', default: false }) finished: boolean;

  /** Links an undo has reversed so far (it commits in batches too). */
  @Column({ type: 'integer', default: 0 }) undoneLinks: number;

  @Column({ type: 'varchar', length: 100, default: '' })
  createdByUserName: string;

  @Column({ type: 'datetime', precision: 3, nullable: true })
  createdDate: Date | null;

  @Column({ type: 'boolean', default: false })
  undone: boolean;

  /** The undo job's operation that marked the run undone (its retry answers instead of failing). */
  @Column({ type: 'integer', nullable: true })
  undoOperationID: number | null;

  @Column({ type: 'varchar', length: 100, default: '' })
  undoneByUserName: string;

  @Column({ type: 'datetime', precision: 3, nullable: true })
  undoneDate: Date | null;
}
