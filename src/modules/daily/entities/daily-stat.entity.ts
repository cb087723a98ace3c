import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { AuditedEntity } from '../../../common/db/audited.entity';
import { decimalTransformer } from '../../../common/db/numbers';
import { Store } from '../../master-data/entities/store.entity';

/**
 * A store's figures for one day (spec 02 section 3, Daily stat). A column the store type does not
 * record stays null: null is "not recorded", which the metrics' dayCount and averages tell apart
 * from a recorded 0.
 */
@Entity('dailyStat')
@Index(['storeID', 'dailyStatDate'], { unique: true })
@Index(['dailyStatDate'])
export class DailyStat extends AuditedEntity {
  @PrimaryGeneratedColumn({ type: 'integer' })
  dailyStatID: number;

  @Column({ type: 'date' })
  dailyStatDate: string;

  @Column({ type: 'integer' })
  storeID: number;

  @ManyToOne(() => Store, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'storeID' })
  store?: Store;

  @Column({ type: 'integer', nullable: true })
  footfall: number | null;

  @Column({ type: 'integer', nullable: true })
  chatCount: number | null;

  /** Digits and a decimal point (part-time staff): up to 2 decimals. */
  @Column({ type: 'decimal', precision: 7, scale: 2, nullable: true, transformer: decimalTransformer(2) })
  staffCount: number | null;
}
