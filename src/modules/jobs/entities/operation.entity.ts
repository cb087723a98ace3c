import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * One long-running operation (a job) as every API node reads it: state, progress and result
 * live here, in the database, in both run modes; Bull only carries `{ operationID }`.
 */
@Entity('operation')
@Index(['userID', 'operationID'])
@Index(['state'])
@Index(['parentOperationID'])
export class Operation {
  @PrimaryGeneratedColumn({ type: 'integer' })
  operationID: number;

  @Column({ type: 'varchar', length: 40 })
  queue: string;

  @Column({ type: 'varchar', length: 60 })
  name: string;

  @Column({ type: 'integer' })
  userID: number;

  /** The operation this one is a part of (a worksheet of an import); null for one a user started. */
  @Column({ type: 'integer', nullable: true })
  parentOperationID: number | null;

  @Column({ type: 'varchar', length: 100, default: '' })
  userName: string;

  @Column({ type: 'varchar', length: 12, default: 'waiting' })
  state: string;

  @Column({ type: 'varchar', length: 255, default: '' })
  message: string;

  @Column({ type: 'integer', default: 0 })
  percentage: number;

  @Column({ type: 'integer', default: 0 })
  attempts: number;

  /** The job's input (JSON). */
  @Column({ type: 'text' })
  data: string;

  /** The job's answer (JSON); set inside the commit transaction by commitOnce, then on completion. */
  @Column({ type: 'text', nullable: true })
  result: string | null;

  @Column({ type: 'integer', nullable: true })
  resultID: number | null;

  /** Set in the same transaction as the job's writes, so a retry knows they happened. */
  @Column({ type: 'boolean', default: false })
  committed: boolean;

  @Column({ type: 'varchar', length: 1000, nullable: true })
  error: string | null;

  @Column({ type: 'datetime', precision: 3 })
  createdDate: Date;

  @Column({ type: 'datetime', precision: 3, nullable: true })
  startedDate: Date | null;

  @Column({ type: 'datetime', precision: 3, nullable: true })
  finishedDate: Date | null;
}
