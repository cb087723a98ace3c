import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { moneyTransformer } from '../../../common/db/numbers';
import { Store } from '../../master-data/entities/store.entity';
import { RateCardLine, SKU_MAX_LENGTH } from './rate-card-line.entity';

/**
 * A line's revenue and commission at one store (spec 01 section 3, Rate card line store).
 * Saved through the line, keyed by store (its id stays while the store stays: sales point at
 * it). Goes with its line or its store. sku, description, customerRRP, customerMonthly and
 * excludeDiscount are the store's overrides: null follows the line (excludeDiscount: the line's
 * SKU type), see lineStoreRow and docs/decisions.md.
 */
@Entity('rateCardLineStore')
@Index(['rateCardLineID', 'storeID'], { unique: true })
@Index(['storeID'])
@Index(['storeID', 'revenue'])
@Index(['storeID', 'commission'])
@Index(['storeID', 'active'])
export class RateCardLineStore {
  @PrimaryGeneratedColumn({ type: 'integer' })
  rateCardLineStoreID: number;

  @Column({ type: 'integer' })
  rateCardLineID: number;

  @ManyToOne(() => RateCardLine, (line) => line.rateCardLineStores, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'rateCardLineID' })
  rateCardLine?: RateCardLine;

  @Column({ type: 'integer' })
  storeID: number;

  @ManyToOne(() => Store, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'storeID' })
  store?: Store;

  @Column({ type: 'boolean', default: true })
  active: boolean;

  @Column({ type: 'decimal', precision: 12, scale: 2, default: 0, transformer: moneyTransformer })
  revenue: number;

  @Column({ type: 'decimal', precision: 12, scale: 2, default: 0, transformer: moneyTransformer })
  commission: number;

  /** The store's own SKU; null = the line's. */
  @Column({ type: 'varchar', length: SKU_MAX_LENGTH, nullable: true })
  sku: string | null;

  /** The store's own description; null = the line's. */
  @Column({ type: 'varchar', length: 255, nullable: true })
  description: string | null;

  /** The store's own customer RRP; null = the line's. */
  @Column({ type: 'decimal', precision: 12, scale: 2, nullable: true, transformer: moneyTransformer })
  customerRRP: number | null;

  /** The store's own customer monthly; null = the line's. */
  @Column({ type: 'decimal', precision: 12, scale: 2, nullable: true, transformer: moneyTransformer })
  customerMonthly: number | null;

  /** The store's own discount rule; null = the line's SKU type's. */
  @Column({ type: 'boolean', nullable: true })
  excludeDiscount: boolean | null;
}
