import { Column } from 'typeorm';
import { nextStamp } from '../crud/edit-version';

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

/**
 * Stamps an edit of a loaded record. The stamp is its version (optimistic concurrency,
 * src/common/crud/edit-version.ts), so it always moves forward: 1 ms after the stored one when
 * the clock has not passed it.
 */
export function stampUpdated(entity: AuditedEntity, userName: string, now = new Date()): void {
  entity.updatedByUserName = userName;
  entity.updatedDate = nextStamp(entity.updatedDate, now);
}
