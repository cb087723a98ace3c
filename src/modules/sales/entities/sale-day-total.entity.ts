import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { moneyTransformer } from '../../../common/db/numbers';
import { Store } from '../../master-data/entities/store.entity';

const total = { type: 'decimal', precision: 14, scale: 2, default: 0, transformer: moneyTransformer } as const;

/**
 * Counted sales summed per day, store, seller and sale type: what the dashboard's figures read
 * instead of every sale when their filters use only these columns (SaleFigures). The database
 * keeps it, not the code: triggers on `sale` (migration 1764700000000-SaleDayTotals) add each
 * row's part as it is written, so every write, whatever path made it (a save, a set-based
 * reconcile, an import, a fix by hand in SQL), moves the totals in the same transaction, and
 * they always equal the sums over `sale` (test/api/sale-day-totals checks each kind of write).
 * Counted as ARCHITECTURE.md says: recorded, modified and reconciled; a refund row -1 with its
 * negated amounts. Rows are never deleted; one whose sales all left it holds zeros.
 */
@Entity('saleDayTotal')
@Index(['attributableToUserID', 'saleDate', 'revenueCount', 'adjustedRevenue', 'commission'])
export class SaleDayTotal {
  @PrimaryColumn({ type: 'date' })
  saleDate: string;

  @PrimaryColumn({ type: 'integer' })
  storeID: number;

  // For the store type's join; no foreign key: the totals follow the sales, which hold the keys.
  @ManyToOne(() => Store, { createForeignKeyConstraints: false })
  @JoinColumn({ name: 'storeID' })
  store?: Store;

  @PrimaryColumn({ type: 'integer' })
  attributableToUserID: number;

  @PrimaryColumn({ type: 'integer' })
  saleTypeID: number;

  /** Counted sales, refunds as -1. */
  @Column({ type: 'integer', default: 0 })
  revenueCount: number;

  @Column(total) adjustedRevenue: number;
  @Column(total) commission: number;
}
