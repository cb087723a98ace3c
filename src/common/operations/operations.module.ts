import { type DynamicModule, type MiddlewareConsumer, Module, type NestModule, RequestMethod } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import type { Logger } from 'pino';
import type { AppConfig } from '../../config/app-config';
import { HealthController } from './health.controller';
import { loggerModule } from './logging';
import { Metrics, PrometheusScrape } from './metrics';

/**
 * What operators use (README, "Health, logs and metrics"): the pino logger, health probes, and
 * the Prometheus metrics at GET /api/metrics for a bearer METRICS_TOKEN (no scrape is served without it).
 * The jobs' figures come through JobsProbe, which the jobs module provides.
 */
@Module({})
export class OperationsModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(PrometheusScrape).forRoutes({ path: 'metrics', method: RequestMethod.GET });
  }

  static forRoot(config: AppConfig, logger: Logger): DynamicModule {
    const metrics = Boolean(config.metricsToken);
    return {
      module: OperationsModule,
      imports: [loggerModule(logger), TerminusModule.forRoot({ errorLogStyle: 'json' })],
      controllers: [HealthController],
      providers: [PrometheusScrape, ...(metrics ? [Metrics] : [])],
      exports: [...(metrics ? [Metrics] : [])],
    };
  }
}
