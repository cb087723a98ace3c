import { type DynamicModule, Module } from '@nestjs/common';
import { sharedModules } from './app.module';
import type { AppConfig } from './config/app-config';

/** The worker process: the API's providers, no HTTP; the jobs module in its consuming role. */
@Module({})
export class WorkerModule {
  static forRoot(config: AppConfig): DynamicModule {
    return { module: WorkerModule, imports: sharedModules(config, 'worker') };
  }
}
