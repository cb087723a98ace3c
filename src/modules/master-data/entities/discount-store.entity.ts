import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { moneyTransformer } from '../../../common/db/numbers';
import { Discount } from './discount.entity';
import { Store } from './store.entity';

/**
 * The settings of a discount at one store (spec 01 section 3, Discount store). Saved through
 * the discount, keyed by store so its id stays the same across saves (sales will point at it).
 * Fixed reductions are pounds (DECIMAL(12,2)); ratios are fractions 0..1 with two decimals
 * (DECIMAL(5,2)), both read through the 2-dp transformer.
 */
@Entity('discountStore')
@Index(['storeID'])
@Index(['discountID', 'storeID'], { unique: true })
export class DiscountStore {
  @PrimaryGeneratedColumn({ type: 'integer' })
  discountStoreID: number;

  @Column({ type: 'integer' })
  discountID: number;

  @ManyToOne(() => Discount, (discount) => discount.discountStores, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'discountID' })
  discount?: Discount;

  @Column({ type: 'integer' })
  storeID: number;

  @ManyToOne(() => Store, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'storeID' })
  store?: Store;

  @Column({ type: 'boolean', default: true })
  enabled: boolean;

  @Column({ type: 'boolean', default: false })
  captureVariablePercent: boolean;

  @Column({ type: 'boolean', default: true })
  revenueReductionIsFixed: boolean;

  @Column({ type: 'decimal', precision: 12, scale: 2, default: 0, transformer: moneyTransformer })
  revenueReductionFixed: number;

  @Column({ type: 'decimal', precision: 5, scale: 2, default: 0, transformer: moneyTransformer })
  revenueReductionRatio: number;

  @Column({ type: 'boolean', default: true })
  commissionReductionIsFixed: boolean;

  @Column({ type: 'decimal', precision: 12, scale: 2, default: 0, transformer: moneyTransformer })
  commissionReductionFixed: number;

  @Column({ type: 'decimal', precision: 5, scale: 2, default: 0, transformer: moneyTransformer })
  commissionReductionRatio: number;

  @Column({ type: 'boolean', default: false })
  commissionSameAsRevenue: boolean;
}
