import { join } from 'node:path';
import type { DataSourceOptions } from 'typeorm';
import type { AppConfig } from './app-config';
import { MIGRATIONS } from '../migrations';
import { FILES_ENTITIES } from '../modules/files/entities';
import { MASTER_DATA_ENTITIES } from '../modules/master-data/entities';
import { RATE_CARD_ENTITIES } from '../modules/rate-cards/entities';
import { USERS_ENTITIES } from '../modules/users/entities';

export const ENTITIES = [...MASTER_DATA_ENTITIES, ...USERS_ENTITIES, ...FILES_ENTITIES, ...RATE_CARD_ENTITIES];
export { MIGRATIONS };

/** One code base, two engines: SQLite file when no DATABASE_URL, else MySQL/MariaDB via mysql2. */
export function dataSourceOptions(config: Pick<AppConfig, 'databaseUrl' | 'dataDir'>): DataSourceOptions {
  const common = {
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsRun: true,
    migrationsTransactionMode: 'each' as const,
    synchronize: false,
    logging: ['error' as const],
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
      extra: { connectionLimit: 10 },
    };
  }
  return {
    ...common,
    type: 'better-sqlite3',
    database: join(config.dataDir, 'app.sqlite'),
    prepareDatabase: (db: { pragma: (s: string) => unknown }) => {
      db.pragma('journal_mode = WAL');
      db.pragma('foreign_keys = ON');
    },
  };
}
