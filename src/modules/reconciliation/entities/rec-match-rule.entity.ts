import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { AuditedEntity } from '../../../common/db/audited.entity';
import { moneyTransformer } from '../../../common/db/numbers';

/**
 * A match rule of auto reconcile (issue 24): one relaxation of the exact match an administrator
 * allows, at most one of each kind (`rule` is unique). Auto reconcile tries the exact match, then
 * the rules in their fixed order (match-rules.ts, MATCH_RULES); with no rule, only the exact one.
 */
@Entity('recMatchRule')
@Index(['rule'], { unique: true })
export class RecMatchRule extends AuditedEntity {
  @PrimaryGeneratedColumn({ type: 'integer' })
  recMatchRuleID: number;

  /** saleDateWithin, revenueWithin or orderRefOnly. */
  @Column({ type: 'varchar', length: 20 })
  rule: string;

  /** Where the kind comes in the fixed order the rules are tried (1 first), set from `rule`. */
  @Column({ type: 'integer', default: 0 })
  position: number;

  /** saleDateWithin: the sale date may be this many days before or after the line's (null for the other kinds). */
  @Column({ type: 'integer', nullable: true })
  days: number | null;

  /** revenueWithin: the revenue may differ by up to this many pounds (null when in percent). */
  @Column({ type: 'decimal', precision: 12, scale: 2, nullable: true, transformer: moneyTransformer })
  toleranceAmount: number | null;

  /** revenueWithin: the revenue may differ by up to this percent of the sale's (null when in pounds). */
  @Column({ type: 'decimal', precision: 5, scale: 2, nullable: true, transformer: moneyTransformer })
  tolerancePercent: number | null;
}
