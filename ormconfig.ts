import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { loadConfig } from './src/config/app-config';
import { dataSourceOptions } from './src/config/database';

/** For the TypeORM CLI (migration:generate / run / revert); the app builds the same options. */
export default new DataSource({ ...dataSourceOptions(loadConfig()), migrationsRun: false });
