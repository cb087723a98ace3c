import { createHash } from 'node:crypto';
import { DataSource, MigrationExecutor, type DataSourceOptions } from 'typeorm';

/** How long a process waits for another's migrations before it gives up starting (seconds). */
export const MIGRATION_LOCK_WAIT_SECONDS = 600;

/** MySQL's named lock for a database's migrations; lock names are at most 64 characters. */
export function migrationLockName(database: string): string {
  const name = `${database}.migrations`;
  return name.length <= 64 ? name : `${createHash('sha256').update(name).digest('hex').slice(0, 52)}.migrations`;
}

/**
 * Runs the pending migrations once however many processes start at once (APIs, workers, the
 * demo seed, the tests' apps): on MySQL/MariaDB under GET_LOCK('<db>.migrations'), held on the
 * connection that runs them, so the second process waits, then finds nothing pending. Each
 * migration in its own transaction (MySQL commits DDL anyway). Without the lock four processes
 * on an empty database all ran the first migration and three died on 'already exists'.
 * On SQLite there is no lock: the embedded file belongs to one process (docs/decisions.md).
 */
export async function runMigrationsOnce(dataSource: DataSource): Promise<void> {
  const runner = dataSource.createQueryRunner();
  const mysql = dataSource.options.type === 'mysql';
  let lock: string | undefined;
  try {
    if (mysql) {
      const database = String(((await runner.query('SELECT DATABASE() AS db')) as Array<{ db: string }>)[0].db);
      const name = migrationLockName(database);
      const [row] = (await runner.query('SELECT GET_LOCK(?, ?) AS got', [name, MIGRATION_LOCK_WAIT_SECONDS])) as Array<{ got: number | string | null }>;
      if (Number(row.got) !== 1) {
        throw new Error(`Another process has been running the migrations of ${database} for ${MIGRATION_LOCK_WAIT_SECONDS} s (lock ${name}): not starting`);
      }
      lock = name;
    }
    const executor = new MigrationExecutor(dataSource, runner);
    executor.transaction = 'each';
    await executor.executePendingMigrations();
  } finally {
    try {
      if (lock) await runner.query('SELECT RELEASE_LOCK(?)', [lock]);
    } finally {
      await runner.release();
    }
  }
}

/** A data source ready for the app: connected, migrations run once (never by TypeORM's migrationsRun, which takes no lock). */
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
