import { type DynamicModule, Inject, type MiddlewareConsumer, Module, type NestModule, RequestMethod } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import type { Logger } from 'pino';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { HealthController } from './health.controller';
import { JobQueues } from './job-queues';
import { loggerModule } from './logging';
import { Metrics, PrometheusScrape } from './metrics';

/**
 * What operators use (README, "Health, logs and metrics"): the pino logger, health probes, and
 * the Prometheus metrics at GET /api/metrics for a bearer METRICS_TOKEN (not even installed otherwise).
 */
@Module({})
export class OperationsModule implements NestModule {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  configure(consumer: MiddlewareConsumer): void {
    if (this.config.metricsToken) consumer.apply(PrometheusScrape).forRoutes({ path: 'metrics', method: RequestMethod.GET });
  }

  static forRoot(config: AppConfig, logger: Logger): DynamicModule {
    const metrics = Boolean(config.metricsToken);
    return {
      module: OperationsModule,
      imports: [loggerModule(logger), TerminusModule.forRoot({ errorLogStyle: 'json' })],
      controllers: [HealthController],
      providers: [JobQueues, ...(metrics ? [Metrics, PrometheusScrape] : [])],
      exports: [...(metrics ? [Metrics] : [])],
    };
  }
}
