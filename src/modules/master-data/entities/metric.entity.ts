import { Column, Entity, JoinColumn, ManyToOne, OneToMany, PrimaryGeneratedColumn, Index } from 'typeorm';
import { AuditedEntity } from '../../../common/db/audited.entity';
import { decimalTransformer } from '../../../common/db/numbers';
import { AnalysisField } from './analysis-field.entity';
import type { MetricPart } from './metric-part.entity';

export const METRIC_TYPES = ['percent', 'integer', '2dp', 'money'] as const;
export type MetricType = (typeof METRIC_TYPES)[number];

/**
 * A KPI (spec 02 section 3): the sum of its numerator parts over the sum of its denominator
 * parts. successValue is DECIMAL(14,4) (a fraction for percent metrics; 0 means unused).
 */
@Entity('metric')
@Index(['analysisFieldID'])
@Index(['name'])
export class Metric extends AuditedEntity {
  @PrimaryGeneratedColumn({ type: 'integer' })
  metricID: number;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ type: 'varchar', length: 10 })
  metricType: MetricType;

  @Column({ type: 'boolean', default: true })
  showCard: boolean;

  @Column({ type: 'boolean', default: true })
  showInTables: boolean;

  @Column({ type: 'decimal', precision: 14, scale: 4, default: 0, transformer: decimalTransformer(4) })
  successValue: number;

  /** 0: success is at least successValue; 1: at most. */
  @Column({ type: 'integer', default: 0 })
  successIsLess: number;

  @Column({ type: 'integer', nullable: true })
  analysisFieldID: number | null;

  /** An analysis field a metric uses is not deleted (400 naming the metrics). */
  @ManyToOne(() => AnalysisField, { onDelete: 'RESTRICT', nullable: true })
  @JoinColumn({ name: 'analysisFieldID' })
  analysisField?: AnalysisField | null;

  @OneToMany('MetricPart', (part: MetricPart) => part.metric)
  metricParts?: MetricPart[];
}
