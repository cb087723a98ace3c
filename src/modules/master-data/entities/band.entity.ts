import { Column, Entity, PrimaryGeneratedColumn, Index } from 'typeorm';
import { AuditedEntity } from '../../../common/db/audited.entity';

/** A price band of rate card lines ('A' .. 'E'); analysis fields may auto-fill from its name. */
@Entity('band')
@Index(['name'])
export class Band extends AuditedEntity {
  @PrimaryGeneratedColumn({ type: 'integer' })
  bandID: number;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ type: 'varchar', length: 255, default: '' })
  description: string;
}
