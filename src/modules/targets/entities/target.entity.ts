import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { AuditedEntity } from '../../../common/db/audited.entity';
import { decimalTransformer } from '../../../common/db/numbers';
import { AnalysisField } from '../../master-data/entities/analysis-field.entity';
import { AnalysisListItem } from '../../master-data/entities/analysis-list-item.entity';
import { Store } from '../../master-data/entities/store.entity';
import { User } from '../../users/entities/user.entity';

// The user and list item columns hold 0 for "none" (a store total, an overall target), so their
// relations are joins for names only, without foreign keys.
const nameOnly = { createForeignKeyConstraints: false } as const;

export const TARGET_TYPES = ['revenue', 'quantity'] as const;
export type TargetType = (typeof TARGET_TYPES)[number];

/**
 * One cell of a store's monthly targets grid (spec 02 section 3, Target): the store total
 * (userID 0) or one user's target, overall (analysisFieldID 0) or for one analysis list item,
 * for revenue or quantity. docs/decisions.md "Targets" says what userID and targetForUserID mean.
 * One row per cell: the unique index is the grid's coordinates.
 */
@Entity('target')
@Index(['storeID', 'targetDate', 'targetType', 'userID', 'analysisFieldID', 'analysisListItemID'], { unique: true })
@Index(['targetDate'])
export class Target extends AuditedEntity {
  @PrimaryGeneratedColumn({ type: 'integer' })
  targetID: number;

  @Column({ type: 'integer' })
  storeID: number;

  @ManyToOne(() => Store, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'storeID' })
  store?: Store;

  /** The first of the month. */
  @Column({ type: 'date' })
  targetDate: string;

  @Column({ type: 'varchar', length: 10 })
  targetType: TargetType;

  /** The grid row: 0 is the store's total, otherwise the user whose row it is. */
  @Column({ type: 'integer', default: 0 })
  userID: number;

  @ManyToOne(() => User, nameOnly)
  @JoinColumn({ name: 'userID' })
  user?: User;

  /** Whose sales count towards it: the row's user, or 0 (every user of the store) on a store total. */
  @Column({ type: 'integer', default: 0 })
  targetForUserID: number;

  @ManyToOne(() => User, nameOnly)
  @JoinColumn({ name: 'targetForUserID' })
  targetForUser?: User;

  /** 0: the overall target; otherwise the analysis field of the list item. */
  @Column({ type: 'integer', default: 0 })
  analysisFieldID: number;

  @ManyToOne(() => AnalysisField, nameOnly)
  @JoinColumn({ name: 'analysisFieldID' })
  analysisField?: AnalysisField;

  @Column({ type: 'integer', default: 0 })
  analysisListItemID: number;

  @ManyToOne(() => AnalysisListItem, nameOnly)
  @JoinColumn({ name: 'analysisListItemID' })
  analysisListItem?: AnalysisListItem;

  /** False on a row that only carries a user's hours and weight (no value typed in that cell). */
  @Column({ type: 'boolean', default: true })
  isTarget: boolean;

  /** Pounds (revenue) or sales (quantity); per-user values up to 2 decimals, store totals whole. */
  @Column({ type: 'decimal', precision: 12, scale: 2, default: 0, transformer: decimalTransformer(2) })
  target: number;

  /** The user's hours in the month, for distributing the store total (0 on store totals). */
  @Column({ type: 'integer', default: 0 })
  hours: number;

  /** The user's weighting in percent (100 = full share per hour). */
  @Column({ type: 'integer', default: 0 })
  weight: number;
}
