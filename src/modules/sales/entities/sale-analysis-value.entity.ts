import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { AnalysisField } from '../../master-data/entities/analysis-field.entity';
import { Sale } from './sale.entity';

/**
 * One answer to an analysis field on a sale: a text, or one list item code (a multi field has
 * one row per chosen code), so the sales filter `analysisValue` is one indexed lookup.
 */
@Entity('saleAnalysisValue')
@Index(['analysisFieldID'])
@Index(['saleID'])
@Index(['analysisValue'])
export class SaleAnalysisValue {
  @PrimaryGeneratedColumn({ type: 'integer' })
  saleAnalysisValueID: number;

  @Column({ type: 'integer' })
  saleID: number;

  @ManyToOne(() => Sale, (sale) => sale.saleAnalysisValues, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'saleID' })
  sale?: Sale;

  @Column({ type: 'integer' })
  analysisFieldID: number;

  @ManyToOne(() => AnalysisField, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'analysisFieldID' })
  analysisField?: AnalysisField;

  @Column({ type: 'varchar', length: 255 })
  analysisValue: string;
}
