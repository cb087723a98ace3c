import type { DataSource, EntityManager } from 'typeorm';
import type { IsolationLevel } from 'typeorm/driver/types/IsolationLevel';

/** MySQL/MariaDB's "Deadlock found when trying to get lock; try restarting transaction". */
const ER_LOCK_DEADLOCK = 1213;
/** MySQL/MariaDB's "Duplicate entry ... for key ...". */
const ER_DUP_ENTRY = 1062;

type DriverError = { errno?: number; code?: string } | null | undefined;

function driverErrorOf(error: unknown): DriverError {
  return (error as { driverError?: DriverError } | null)?.driverError ?? (error as DriverError);
}

function isDeadlock(error: unknown): boolean {
  return driverErrorOf(error)?.errno === ER_LOCK_DEADLOCK;
}

/** A unique or primary key refused a row (MySQL's 1062, SQLite's constraint codes). */
export function isDuplicateKey(error: unknown): boolean {
  const driverError = driverErrorOf(error);
  return driverError?.errno === ER_DUP_ENTRY || ['SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT_PRIMARYKEY'].includes(driverError?.code ?? '');
}

/**
 * Thrown to roll a transaction back because another one changed what it read (for example a
 * unique key refused a link another transaction made first): running it again reads the other's
 * committed work and decides afresh, so retryingTransaction runs it again.
 */
export class TransactionConflict extends Error {}

/**
 * A transaction that is run again when InnoDB picks it as a deadlock's victim, or when it threw a
 * TransactionConflict (it was rolled back whole, so running it again is safe): busy stores
 * recording sales at once must not see a 500 for what the database asks to be restarted. Other
 * errors pass through at once. `isolation` as TypeORM's transaction() takes it.
 */
export async function retryingTransaction<T>(
  dataSource: DataSource,
  work: (manager: EntityManager) => Promise<T>,
  attempts = 3,
  isolation?: IsolationLevel,
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await (isolation ? dataSource.transaction(isolation, work) : dataSource.transaction(work));
    } catch (error) {
      if (attempt >= attempts || !(isDeadlock(error) || error instanceof TransactionConflict)) throw error;
    }
  }
}
