import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { AnalysisField } from './analysis-field.entity';
import { Store } from './store.entity';

/** A store an analysis field applies to. Saved through the field; goes with it or with the store. */
@Entity('analysisFieldStore')
@Index(['storeID'])
@Index(['analysisFieldID', 'storeID'], { unique: true })
export class AnalysisFieldStore {
  @PrimaryGeneratedColumn({ type: 'integer' })
  analysisFieldStoreID: number;

  @Column({ type: 'integer' })
  analysisFieldID: number;

  @ManyToOne(() => AnalysisField, (field) => field.analysisFieldStores, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'analysisFieldID' })
  analysisField?: AnalysisField;

  @Column({ type: 'integer' })
  storeID: number;

  @ManyToOne(() => Store, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'storeID' })
  store?: Store;
}
