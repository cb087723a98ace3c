import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { moneyTransformer } from '../../../common/db/numbers';
import { Store } from '../../master-data/entities/store.entity';
import { RateCardLine } from '../../rate-cards/entities';

const total = { type: 'decimal', precision: 14, scale: 2, default: 0, transformer: moneyTransformer } as const;

/**
 * Counted sales summed per month, store, SKU and rate card line: the dashboard's top SKU of a
 * month reads a few thousand of these instead of grouping every sale of the month by SKU
 * (SaleFigures.bySku). Kept by the same triggers as SaleDayTotal (its comment says how), with
 * `rowCount`, the counted rows, so a SKU whose sales all left the month is not a top SKU and a
 * line's description is a SKU's label only while one of its sales counts.
 */
@Entity('saleMonthSkuTotal')
@Index(['saleMonth', 'sku', 'storeID', 'rowCount', 'revenueCount', 'adjustedRevenue', 'commission'])
export class SaleMonthSkuTotal {
  /** The first day of the month. */
  @PrimaryColumn({ type: 'date' })
  saleMonth: string;

  @PrimaryColumn({ type: 'integer' })
  storeID: number;

  // For the store type's join; no foreign keys: the totals follow the sales, which hold the keys.
  @ManyToOne(() => Store, { createForeignKeyConstraints: false })
  @JoinColumn({ name: 'storeID' })
  store?: Store;

  @PrimaryColumn({ type: 'varchar', length: 25 })
  sku: string;

  @PrimaryColumn({ type: 'integer' })
  rateCardLineID: number;

  @ManyToOne(() => RateCardLine, { createForeignKeyConstraints: false })
  @JoinColumn({ name: 'rateCardLineID' })
  rateCardLine?: RateCardLine;

  /** Counted rows (sales and refund rows alike). */
  @Column({ type: 'integer', default: 0 })
  rowCount: number;

  /** Counted sales, refunds as -1. */
  @Column({ type: 'integer', default: 0 })
  revenueCount: number;

  @Column(total) adjustedRevenue: number;
  @Column(total) commission: number;
}
