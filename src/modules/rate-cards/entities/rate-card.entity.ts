import { Column, Entity, Index, OneToMany, PrimaryGeneratedColumn } from 'typeorm';
import { AuditedEntity } from '../../../common/db/audited.entity';
import type { RateCardLine } from './rate-card-line.entity';

/**
 * A rate card (spec 01 section 3): the prices, revenue and commission that apply from
 * `fromDate` until the next card's fromDate. fromDate is a DATE read as 'yyyy-mm-dd' on both
 * engines (mysql2 dateStrings) and unique.
 */
@Entity('rateCard')
// A unique index, as the migration made it (not a UNIQUE constraint: the schema would differ).
@Index(['fromDate'], { unique: true })
export class RateCard extends AuditedEntity {
  @PrimaryGeneratedColumn({ type: 'integer' })
  rateCardID: number;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  /** 'yyyy-mm-dd'. */
  @Column({ type: 'date' })
  fromDate: string;

  @OneToMany('RateCardLine', (line: RateCardLine) => line.rateCard)
  rateCardLines?: RateCardLine[];
}
