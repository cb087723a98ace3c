import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * One state change of a document (a sale, a rota line): its step after the change, what
 * happened and why, who and when (spec 01 section 3, History entry). Written in the same
 * transaction as the change, never edited.
 */
@Entity('history')
@Index(['documentType', 'documentID'])
export class History {
  @PrimaryGeneratedColumn({ type: 'integer' })
  historyID: number;

  @Column({ type: 'varchar', length: 30 })
  documentType: string;

  @Column({ type: 'integer' })
  documentID: number;

  @Column({ type: 'varchar', length: 30 })
  step: string;

  @Column({ type: 'varchar', length: 1000, default: '' })
  description: string;

  @Column({ type: 'datetime', precision: 3 })
  createdDate: Date;

  @Column({ type: 'varchar', length: 100, default: '' })
  createdByUserName: string;
}
