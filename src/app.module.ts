import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { existsSync } from 'node:fs';
import type { AppConfig } from './config/app-config';
import { ConfigModule } from './config/config.module';
import { dataSourceOptions } from './config/database';
import { openDataSource } from './config/database-lock';
import { takeTurnsOnSqlite } from './config/sqlite-turns';
import { CommonModule } from './common/common.module';
import { ClientFilesModule } from './common/static/client-files.module';
import { AppFirstPaintSources } from './first-paint-sources';
import { RedisModule } from './common/redis/redis.module';
import { AboutModule } from './modules/about/about.module';
import { AuthModule } from './modules/auth/auth.module';
import { FilesModule } from './modules/files/files.module';
import { MasterDataModule } from './modules/master-data/master-data.module';
import { RateCardsModule } from './modules/rate-cards/rate-cards.module';
import { SalesModule } from './modules/sales/sales.module';
import { HistoryModule } from './common/history/history.module';
import { UsersModule } from './modules/users/users.module';
import { JobsModule, type JobsRole } from './modules/jobs/jobs.module';
import { ReconciliationModule } from './modules/reconciliation/reconciliation.module';
import { DailyModule } from './modules/daily/daily.module';
import { TargetsModule } from './modules/targets/targets.module';
import { RotaModule } from './modules/rota/rota.module';
import { AnnouncementsModule } from './modules/announcements/announcements.module';
import { KpiModule } from './modules/kpi/kpi.module';

/**
 * The providers the API and the worker share (immich's two entry points over the same
 * providers): configuration, database, and every domain module. Only the jobs module's role
 * differs: the API queues and serves operations, the worker consumes.
 */
export function sharedModules(config: AppConfig, role: JobsRole) {
  return [
    ConfigModule.forRoot(config, role),
    TypeOrmModule.forRootAsync({
      useFactory: () => dataSourceOptions(config),
      // Migrations run here, once across processes starting together (database-lock.ts).
      dataSourceFactory: async (options) => takeTurnsOnSqlite(await openDataSource(options!)),
    }),
    CommonModule,
    RedisModule,
    JobsModule.forRoot(config, role),
    MasterDataModule,
    UsersModule,
    AuthModule,
    FilesModule,
    RateCardsModule,
    HistoryModule,
    SalesModule,
    ReconciliationModule,
    DailyModule,
    TargetsModule,
    RotaModule,
    AnnouncementsModule,
    KpiModule,
    AboutModule,
  ];
}

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    // The built client is served at / (any unknown path gets index.html); /api is the API.
    const client = existsSync(config.clientDir)
      ? [ClientFilesModule.forRoot(config.clientDir, config.appName, { imports: [AuthModule, FilesModule], useClass: AppFirstPaintSources })]
      : [];
    return { module: AppModule, imports: [...sharedModules(config, 'api'), ...client] };
  }
}
