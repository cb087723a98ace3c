import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { AuditedEntity } from '../../../common/db/audited.entity';

/**
 * A supplier template of the rec sheet import (issue 24): the header names a supplier's statement
 * uses and the field each feeds, offered again when a file with those headers arrives.
 */
@Entity('recImportTemplate')
@Index(['name'], { unique: true })
export class RecImportTemplate extends AuditedEntity {
  @PrimaryGeneratedColumn({ type: 'integer' })
  templateID: number;

  /** The supplier: unique ignoring case. */
  @Column({ type: 'varchar', length: 100 })
  name: string;

  /** JSON text of { normalised header name: field }. */
  @Column({ type: 'text' })
  mappings: string;
}
