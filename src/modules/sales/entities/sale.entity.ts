import { Column, Entity, Index, JoinColumn, ManyToOne, OneToMany, PrimaryGeneratedColumn, VirtualColumn } from 'typeorm';
import { AuditedEntity } from '../../../common/db/audited.entity';
import { decimalTransformer, moneyTransformer } from '../../../common/db/numbers';
import { DiscountStore } from '../../master-data/entities/discount-store.entity';
import { SaleType } from '../../master-data/entities/sale-type.entity';
import { Store } from '../../master-data/entities/store.entity';
import { RateCard, RateCardLine, RateCardLineStore } from '../../rate-cards/entities';
import { User } from '../../users/entities/user.entity';
import { linkCountSql, linkTotalSql } from '../sale-links';
import type { SaleAnalysisValue } from './sale-analysis-value.entity';

export const SALE_STEPS = ['recorded', 'modified', 'reconciled', 'cancelled'] as const;
export type SaleStep = (typeof SALE_STEPS)[number];

const money = { type: 'decimal', precision: 12, scale: 2, default: 0, transformer: moneyTransformer } as const;

/**
 * A sale, refund or cancellation (spec 01 section 3, Sale). Amounts are computed by the server
 * (sale-amounts.ts) and stored, so lists, figures and reconciliation read them without joins.
 * The indexes serve the console's reads: a store's sales by date or id, order reference
 * duplicates, the refunds of a sale (test/api/list-scale checks the sort indexes).
 */
@Entity('sale')
// The references' own indexes (the foreign keys' lookups, as the migrations made them).
@Index(['discountStoreID'])
@Index(['refSaleID'])
@Index(['rateCardLineStoreID'])
@Index(['rateCardLineID'])
@Index(['rateCardID'])
@Index(['saleTypeID'])
// The dashboard's sums read a span from these alone (migration KpiFigureIndexes).
@Index(['saleDate', 'storeID', 'currentHistoryStep', 'isRefund', 'attributableToUserID', 'sku', 'adjustedRevenue', 'commission'])
@Index(['attributableToUserID', 'saleDate', 'storeID', 'currentHistoryStep', 'isRefund', 'adjustedRevenue', 'commission'])
@Index(['storeID', 'saleDate'])
// The list's count and total (COUNT, SUM(adjustedRevenue)) of a store's date range, from the index alone.
@Index(['storeID', 'saleDate', 'adjustedRevenue'])
@Index(['storeID', 'saleID'])
@Index(['saleDate'])
@Index(['orderRef'])
@Index(['storeID', 'orderRef'])
@Index(['storeID', 'sku'])
@Index(['attributableToUserID', 'saleDate'])
export class Sale extends AuditedEntity {
  @PrimaryGeneratedColumn({ type: 'integer' })
  saleID: number;

  @Column({ type: 'integer' })
  storeID: number;

  @ManyToOne(() => Store, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'storeID' })
  store?: Store;

  @Column({ type: 'integer' })
  saleTypeID: number;

  @ManyToOne(() => SaleType, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'saleTypeID' })
  saleType?: SaleType;

  /** Sale made by. */
  @Column({ type: 'integer' })
  attributableToUserID: number;

  @ManyToOne(() => User, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'attributableToUserID' })
  attributableToUser?: User;

  @Column({ type: 'date' })
  saleDate: string;

  @Column({ type: 'varchar', length: 20 })
  orderRef: string;

  @Column({ type: 'integer' })
  rateCardID: number;

  @ManyToOne(() => RateCard, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'rateCardID' })
  rateCard?: RateCard;

  @Column({ type: 'integer' })
  rateCardLineID: number;

  @ManyToOne(() => RateCardLine, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'rateCardLineID' })
  rateCardLine?: RateCardLine;

  @Column({ type: 'integer' })
  rateCardLineStoreID: number;

  @ManyToOne(() => RateCardLineStore, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'rateCardLineStoreID' })
  rateCardLineStore?: RateCardLineStore;

  /** The SKU as sold (the line store's, else the line's), kept when the card changes later. */
  @Column({ type: 'varchar', length: 25 })
  sku: string;

  @Column({ type: 'integer', nullable: true })
  currentHistoryID: number | null;

  @Column({ type: 'varchar', length: 20, default: 'recorded' })
  currentHistoryStep: SaleStep;

  @Column(money) revenue: number;
  @Column(money) commission: number;
  /** Set by reconciliation (manual adjustments); 0 otherwise. */
  @Column(money) adjustment: number;
  /** revenue + adjustment. */
  @Column(money) adjustedRevenue: number;

  /** On a refund row: the sale it refunds. */
  @Column({ type: 'integer', nullable: true })
  refSaleID: number | null;

  @ManyToOne(() => Sale, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'refSaleID' })
  refSale?: Sale;

  @Column({ type: 'boolean', default: false })
  isRefund: boolean;

  @Column({ type: 'boolean', default: false })
  isRefunded: boolean;

  @Column({ type: 'varchar', length: 255, nullable: true })
  isRefundedNote: string | null;

  @Column({ type: 'varchar', length: 20, nullable: true })
  isRefundedOrderRef: string | null;

  /** No refund reason list exists yet (spec: "when reasons exist"); always null. */
  @Column({ type: 'integer', nullable: true })
  refundReasonID: number | null;

  @Column({ type: 'varchar', length: 1000, default: '' })
  notes: string;

  @Column({ type: 'integer', nullable: true })
  discountStoreID: number | null;

  @ManyToOne(() => DiscountStore, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'discountStoreID' })
  discountStore?: DiscountStore;

  @Column({ type: 'integer', nullable: true })
  discountPercent: number | null;

  /** Maintained by reconciliation (issue 10): adjustedRevenue less what rec sheet lines matched. */
  @Column(money) unreconciledRevenue: number;
  @Column(money) recSheetLinesTotal: number;
  @Column({ type: 'integer', default: 0 }) recSheetLinesCount: number;

  /**
   * How many rec sheet lines link the sale, read from the links whenever the entity is loaded
   * (sale-links.ts): what isEditable asks, whatever the stored columns say.
   */
  @VirtualColumn({
    type: 'integer',
    query: (sale) => linkCountSql(sale).slice(1, -1),
    transformer: decimalTransformer(0),
  })
  linkedLines: number;

  /** The revenue of the rec sheet lines that link the sale, read the same way. */
  @VirtualColumn({ type: 'decimal', query: (sale) => linkTotalSql(sale).slice(1, -1), transformer: moneyTransformer })
  linkedLinesTotal: number;

  @OneToMany('SaleAnalysisValue', (value: SaleAnalysisValue) => value.sale)
  saleAnalysisValues?: SaleAnalysisValue[];
}
