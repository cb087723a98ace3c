import { Logger } from '@nestjs/common';
import { chmodSync, closeSync, existsSync, openSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { DataSourceOptions } from 'typeorm';
import type { AppConfig } from './app-config';
import { DatabaseLogger } from './database-logger';
import { MIGRATIONS } from '../migrations';
import { FILES_ENTITIES } from '../modules/files/entities';
import { MASTER_DATA_ENTITIES } from '../modules/master-data/entities';
import { RATE_CARD_ENTITIES } from '../modules/rate-cards/entities';
import { USERS_ENTITIES } from '../modules/users/entities';
import { SALE_ENTITIES } from '../modules/sales/entities';
import { History } from '../common/history/history.entity';
import { FIGURE_VERSION_ENTITIES } from '../common/figures/figure-version.entities';
import { Operation } from '../modules/jobs/entities/operation.entity';
import { RECONCILIATION_ENTITIES } from '../modules/reconciliation/entities';
import { Target } from '../modules/targets/entities/target.entity';
import { DailyStat } from '../modules/daily/entities/daily-stat.entity';
import { RotaLine } from '../modules/rota/entities/rota-line.entity';
import { ANNOUNCEMENT_ENTITIES } from '../modules/announcements/entities';

export const ENTITIES = [
  ...MASTER_DATA_ENTITIES,
  ...USERS_ENTITIES,
  ...FILES_ENTITIES,
  ...RATE_CARD_ENTITIES,
  ...SALE_ENTITIES,
  History,
  Operation,
  ...RECONCILIATION_ENTITIES,
  Target,
  DailyStat,
  RotaLine,
  ...ANNOUNCEMENT_ENTITIES,
  ...FIGURE_VERSION_ENTITIES,
];
export { MIGRATIONS };

/**
 * The embedded database holds the password hashes, so only its owner may read it: it is created
 * 0600 before SQLite opens it (SQLite gives its -wal and -shm files the database file's mode), and
 * a file an older version left readable by others is narrowed.
 */
function keepOwnerOnly(database: string): void {
  closeSync(openSync(database, 'a', 0o600));
  for (const file of [database, `${database}-wal`, `${database}-shm`]) {
    if (!existsSync(file) || (statSync(file).mode & 0o077) === 0) continue;
    try {
      chmodSync(file, 0o600);
    } catch (error) {
      new Logger('Database').warn(`Could not make ${file} readable by its owner only: ${(error as Error).message}`);
    }
  }
}

/** One code base, two engines: SQLite file when no DATABASE_URL, else MySQL/MariaDB via mysql2. */
export function dataSourceOptions(config: Pick<AppConfig, 'databaseUrl' | 'dataDir'> & Partial<Pick<AppConfig, 'databasePoolSize'>>): DataSourceOptions {
  const common = {
    entities: ENTITIES,
    migrations: MIGRATIONS,
    // Run by openDataSource() under a lock (database-lock.ts), not by TypeORM's initialize().
    migrationsRun: false,
    migrationsTransactionMode: 'each' as const,
    synchronize: false,
    logging: ['error' as const],
    // Through the app's logger: JSON lines like every other, never console.log text.
    logger: new DatabaseLogger(),
  };
  if (config.databaseUrl) {
    return {
      ...common,
      type: 'mysql',
      url: config.databaseUrl,
      charset: 'utf8mb4_unicode_ci',
      timezone: 'Z',
      // DATE columns read as 'yyyy-mm-dd' on both engines.
      dateStrings: ['DATE'],
      extra: { connectionLimit: config.databasePoolSize ?? 20 },
    };
  }
  const database = join(config.dataDir, 'app.sqlite');
  keepOwnerOnly(database);
  return {
    ...common,
    type: 'better-sqlite3',
    database,
    prepareDatabase: (db: { pragma: (s: string) => unknown }) => {
      db.pragma('journal_mode = WAL');
      db.pragma('foreign_keys = ON');
    },
  };
}
