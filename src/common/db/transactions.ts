import type { DataSource, EntityManager } from 'typeorm';

/** MySQL/MariaDB's "Deadlock found when trying to get lock; try restarting transaction". */
const ER_LOCK_DEADLOCK = 1213;

function isDeadlock(error: unknown): boolean {
  const driverError = (error as { driverError?: { errno?: number } } | null)?.driverError;
  return (driverError?.errno ?? (error as { errno?: number } | null)?.errno) === ER_LOCK_DEADLOCK;
}

/**
 * A transaction that is run again when InnoDB picks it as a deadlock's victim (it was rolled
 * back whole, so running it again is safe): busy stores recording sales at once must not see a
 * 500 for what the database asks to be restarted. Other errors pass through at once.
 */
export async function retryingTransaction<T>(dataSource: DataSource, work: (manager: EntityManager) => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await dataSource.transaction(work);
    } catch (error) {
      if (attempt >= attempts || !isDeadlock(error)) throw error;
    }
  }
}
