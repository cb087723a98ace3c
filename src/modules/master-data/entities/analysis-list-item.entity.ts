import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { AnalysisField } from './analysis-field.entity';

/**
 * A choice of a single or multi analysis field. Its code is unique in the field ignoring case
 * (checked by the server, the same on both engines) and never changes.
 */
@Entity('analysisListItem')
@Index(['analysisFieldID', 'code'])
export class AnalysisListItem {
  @PrimaryGeneratedColumn({ type: 'integer' })
  analysisListItemID: number;

  @Column({ type: 'integer' })
  analysisFieldID: number;

  @ManyToOne(() => AnalysisField, (field) => field.analysisListItems, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'analysisFieldID' })
  analysisField?: AnalysisField;

  @Column({ type: 'varchar', length: 50 })
  code: string;

  @Column({ type: 'varchar', length: 255, default: '' })
  description: string;

  /** Offered as a per-item target in the targets grid. */
  @Column({ type: 'boolean', default: false })
  enableTargets: boolean;

  /** Heading the item is counted under in the daily report; empty means not reported. */
  @Column({ type: 'varchar', length: 50, default: '' })
  dailyReportAs: string;
}
