import { createHash } from 'node:crypto';
import { DataSource, MigrationExecutor, type DataSourceOptions, type EntityManager } from 'typeorm';

/** How long a process waits for another to finish the same work before it gives up (seconds). */
export const DATABASE_LOCK_WAIT_SECONDS = 600;

/** MySQL's named lock for one kind of work on a database ('<db>.migrations'); lock names are at most 64 characters. */
export function databaseLockName(database: string, purpose: string): string {
  const name = `${database}.${purpose}`;
  return name.length <= 64
    ? name
    : `${createHash('sha256')
        .update(name)
        .digest('hex')
        .slice(0, 63 - purpose.length)}.${purpose}`;
}

/**
 * Runs `work` in one process at a time across every process on the database. On MySQL/MariaDB
 * under GET_LOCK('<db>.<purpose>'), taken and released on one connection whose manager `work`
 * gets: whatever it does on that manager (a transaction, the migrations) is done on the
 * connection that holds the lock, so even a pool of one connection is enough. On SQLite `work`
 * gets the data source's own manager and no lock: the embedded file belongs to one process
 * (docs/decisions.md, "Migrations once").
 */
export async function withDatabaseLock<T>(dataSource: DataSource, purpose: string, work: (manager: EntityManager) => Promise<T>): Promise<T> {
  if (dataSource.options.type !== 'mysql') return work(dataSource.manager);
  const runner = dataSource.createQueryRunner();
  let lock: string | undefined;
  try {
    const [{ db }] = (await runner.query('SELECT DATABASE() AS db')) as Array<{ db: string }>;
    const name = databaseLockName(String(db), purpose);
    const [{ got }] = (await runner.query('SELECT GET_LOCK(?, ?) AS got', [name, DATABASE_LOCK_WAIT_SECONDS])) as Array<{ got: number | string | null }>;
    if (Number(got) !== 1) throw new Error(`Waited ${DATABASE_LOCK_WAIT_SECONDS} s for another process's ${purpose} on ${db} (lock ${name}): giving up`);
    lock = name;
    return await work(runner.manager);
  } finally {
    try {
      if (lock) await runner.query('SELECT RELEASE_LOCK(?)', [lock]);
    } finally {
      await runner.release();
    }
  }
}

/**
 * Runs the pending migrations once however many processes start at once (APIs, workers, the
 * demo seed, the tests' apps): under withDatabaseLock('migrations'), on the connection holding
 * the lock, so the second process waits, then finds nothing pending. Each migration in its own
 * transaction (MySQL commits DDL anyway). TypeORM's migrationsRun takes no lock: four processes
 * on an empty database all ran the first migration and three failed on 'already exists'.
 */
export async function runMigrationsOnce(dataSource: DataSource): Promise<void> {
  await withDatabaseLock(dataSource, 'migrations', async (manager) => {
    const executor = new MigrationExecutor(dataSource, manager.queryRunner);
    executor.transaction = 'each';
    await executor.executePendingMigrations();
  });
}

/** A data source ready for the app: connected, its migrations run once. */
export async function openDataSource(options: DataSourceOptions): Promise<DataSource> {
  const dataSource = await new DataSource({ ...options, migrationsRun: false }).initialize();
  try {
    await runMigrationsOnce(dataSource);
  } catch (error) {
    await dataSource.destroy().catch(() => undefined);
    throw error;
  }
  return dataSource;
}
