import { Column } from 'typeorm';

/**
 * Audit fields every master record carries (spec 02 section 3), set by the server only.
 * Dates are DATETIME(3) so MariaDB keeps milliseconds like SQLite does.
 */
export abstract class AuditedEntity {
  @Column({ type: 'varchar', length: 100, default: '' })
  createdByUserName: string;

  @Column({ type: 'datetime', precision: 3, nullable: true })
  createdDate: Date | null;

  @Column({ type: 'varchar', length: 100, default: '' })
  updatedByUserName: string;

  @Column({ type: 'datetime', precision: 3, nullable: true })
  updatedDate: Date | null;
}

/** Columns of the audit fields, for migrations. */
export const AUDIT_COLUMNS = [
  { name: 'createdByUserName', type: 'varchar', length: '100', default: "''" },
  { name: 'createdDate', type: 'datetime', precision: 3, isNullable: true },
  { name: 'updatedByUserName', type: 'varchar', length: '100', default: "''" },
  { name: 'updatedDate', type: 'datetime', precision: 3, isNullable: true },
];

export function stampCreated(entity: AuditedEntity, userName: string, now = new Date()): void {
  entity.createdByUserName = userName;
  entity.createdDate = now;
  entity.updatedByUserName = userName;
  entity.updatedDate = now;
}

export function stampUpdated(entity: AuditedEntity, userName: string, now = new Date()): void {
  entity.updatedByUserName = userName;
  entity.updatedDate = now;
}
