import { Column, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Index } from 'typeorm';
import { AuditedEntity } from '../../../common/db/audited.entity';
import { decimalTransformer } from '../../../common/db/numbers';
import { Metric } from './metric.entity';

export const DIVISION_PARTS = ['numerator', 'denominator'] as const;
export type DivisionPart = (typeof DIVISION_PARTS)[number];

/**
 * One term of a metric: `field` aggregated over `tableName`, filtered by `params` (a JSON object
 * of list filters), times `multiplier` (DECIMAL(12,4)). A record of its own (own page, own
 * saves), so a metric with parts is not deleted: its parts are deleted first.
 */
@Entity('metricPart')
@Index(['metricID'])
export class MetricPart extends AuditedEntity {
  @PrimaryGeneratedColumn({ type: 'integer' })
  metricPartID: number;

  @Column({ type: 'integer' })
  metricID: number;

  @ManyToOne(() => Metric, (metric) => metric.metricParts, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'metricID' })
  metric?: Metric;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ type: 'varchar', length: 12 })
  divisionPart: DivisionPart;

  @Column({ type: 'decimal', precision: 12, scale: 4, default: 1, transformer: decimalTransformer(4) })
  multiplier: number;

  @Column({ type: 'varchar', length: 20 })
  tableName: string;

  @Column({ type: 'varchar', length: 50 })
  field: string;

  /** JSON object text of list filters ('{}' for none). */
  @Column({ type: 'varchar', length: 2000, default: '{}' })
  params: string;
}
