import { Column, Entity, Index, OneToMany, PrimaryGeneratedColumn } from 'typeorm';
import { AuditedEntity } from '../../../common/db/audited.entity';
import type { RecSheetLine } from './rec-sheet-line.entity';

/** A supplier's revenue statement (spec 02 section 3, Rec sheet): its lines are reconciled against sales. */
@Entity('recSheet')
@Index(['recDate'])
export class RecSheet extends AuditedEntity {
  @PrimaryGeneratedColumn({ type: 'integer' })
  recSheetID: number;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ type: 'date' })
  recDate: string;

  @OneToMany('RecSheetLine', (line: RecSheetLine) => line.recSheet)
  recSheetLines?: RecSheetLine[];
}
