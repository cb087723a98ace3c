import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { AuditedEntity } from '../../../common/db/audited.entity';
import { decimalTransformer } from '../../../common/db/numbers';
import { Store } from '../../master-data/entities/store.entity';
import { User } from '../../users/entities/user.entity';

/**
 * One person's planned time at a store on a day (spec 02 section 3, Rota line). Times are
 * 'HH:mm' texts on 5-minute steps: they compare and sort as text on both engines, and carry no
 * time zone. Its steps and their history are in rota-steps.ts.
 */
@Entity('rotaLine')
@Index(['storeID', 'rotaDate'])
@Index(['userID', 'rotaDate'])
export class RotaLine extends AuditedEntity {
  @PrimaryGeneratedColumn({ type: 'integer' })
  rotaLineID: number;

  @Column({ type: 'date' })
  rotaDate: string;

  @Column({ type: 'varchar', length: 5, default: '09:00' })
  plannedFrom: string;

  @Column({ type: 'varchar', length: 5, default: '17:00' })
  plannedTo: string;

  @Column({ type: 'integer' })
  userID: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'userID' })
  user?: User;

  @Column({ type: 'integer' })
  storeID: number;

  @ManyToOne(() => Store, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'storeID' })
  store?: Store;

  /** One of ROTA_LINE_TYPES (a fixed list, docs/decisions.md "Rota"). */
  @Column({ type: 'integer', default: 1 })
  rotaLineTypeID: number;

  @Column({ type: 'integer', nullable: true })
  currentHistoryID: number | null;

  @Column({ type: 'varchar', length: 30, default: 'planning' })
  currentHistoryStep: string;

  @Column({ type: 'varchar', length: 1000, default: '' })
  notes: string;

  @Column({ type: 'varchar', length: 5, nullable: true })
  workedFrom: string | null;

  @Column({ type: 'varchar', length: 5, nullable: true })
  workedTo: string | null;

  @Column({ type: 'boolean', default: false })
  viewedByUser: boolean;

  @Column({ type: 'datetime', precision: 3, nullable: true })
  viewedByUserDate: Date | null;

  @Column({ type: 'decimal', precision: 5, scale: 2, default: 0, transformer: decimalTransformer(2) })
  unpaidHours: number;

  /** The other users the line was copied to when saved, as comma-separated ids ('' for none). */
  @Column({ type: 'varchar', length: 1000, default: '' })
  repeatUsers: string;

  /** The weekdays of its week the line was copied to: Sunday bit 0 (1) to Saturday bit 6 (64); 0 none. */
  @Column({ type: 'integer', default: 0 })
  repeatDays: number;
}
