import { Column, Entity, OneToMany, PrimaryGeneratedColumn, Index } from 'typeorm';
import { AuditedEntity } from '../../../common/db/audited.entity';
import type { AnalysisFieldStore } from './analysis-field-store.entity';
import type { AnalysisListItem } from './analysis-list-item.entity';

export const INPUT_TYPES = ['text', 'single', 'multi'] as const;
export type InputType = (typeof INPUT_TYPES)[number];

export const AUTO_FILL_FROM = ['rateCardLineBandName', 'rateCardLineDescriptionContains'] as const;
export type AutoFillFrom = (typeof AUTO_FILL_FROM)[number];

/** An extra question asked on a sale (spec 02 section 3): free text, or one or many list items. */
@Entity('analysisField')
@Index(['name'])
export class AnalysisField extends AuditedEntity {
  @PrimaryGeneratedColumn({ type: 'integer' })
  analysisFieldID: number;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ type: 'varchar', length: 100 })
  label: string;

  @Column({ type: 'varchar', length: 10 })
  inputType: InputType;

  /** Text fields only; stored anchored, '^...$'. */
  @Column({ type: 'varchar', length: 255, nullable: true })
  regex: string | null;

  /** Text fields only; matches the regex. */
  @Column({ type: 'varchar', length: 255, nullable: true })
  defaultValue: string | null;

  @Column({ type: 'boolean', default: false })
  required: boolean;

  /** Single fields only. */
  @Column({ type: 'boolean', default: false })
  targetRevenue: boolean;

  /** Single fields only. */
  @Column({ type: 'boolean', default: false })
  targetQuantity: boolean;

  /** Single fields only. */
  @Column({ type: 'varchar', length: 40, nullable: true })
  autoFillFrom: AutoFillFrom | null;

  @OneToMany('AnalysisListItem', (item: AnalysisListItem) => item.analysisField)
  analysisListItems?: AnalysisListItem[];

  @OneToMany('AnalysisFieldStore', (afs: AnalysisFieldStore) => afs.analysisField)
  analysisFieldStores?: AnalysisFieldStore[];
}
