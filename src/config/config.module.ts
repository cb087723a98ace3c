import { DynamicModule, Global, Module } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from './app-config';

/** Which process this is: the API (main.ts) or a worker (worker.ts). */
export type ProcessRole = 'api' | 'worker';
export const PROCESS_ROLE = Symbol('PROCESS_ROLE');

@Global()
@Module({})
export class ConfigModule {
  static forRoot(config: AppConfig, role: ProcessRole = 'api'): DynamicModule {
    return {
      module: ConfigModule,
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: PROCESS_ROLE, useValue: role },
      ],
      exports: [APP_CONFIG, PROCESS_ROLE],
    };
  }
}
