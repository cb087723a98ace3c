import { Module, type LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import helmet from 'helmet';
import { Logger as PinoNestLogger } from 'nestjs-pino';
import type { DestinationStream } from 'pino';
import { AppModule } from './app.module';
import type { AppConfig, LogLevelName } from './config/app-config';
import { AllExceptionsFilter } from './common/http/all-exceptions.filter';
import { apiCompression } from './common/http/compression';
import { jsonBodies } from './common/http/json-bodies';
import { noStoreByDefault } from './common/http/no-store';
import { setupOpenApi } from './common/openapi/openapi.setup';
import { SignedInRequest } from './modules/auth/signed-in-request';
import { bootLogger, requestLogger, rootLogger } from './common/operations/logging';
import { Metrics } from './common/operations/metrics';
import { OperationsModule } from './common/operations/operations.module';

export interface CreateAppOptions {
  /** false: no logs at all (the API tests); levels: Nest's names of the levels kept (the lowest one sets pino's level). */
  logger?: false | LogLevel[];
  /** Log lines go here instead of stdout, at LOG_LEVEL (a test reading what is logged). */
  logDestination?: DestinationStream;
}

/** Nest's level names, least severe first, as pino names them. */
const PINO_LEVEL_OF: Array<[LogLevel, LogLevelName]> = [
  ['verbose', 'trace'],
  ['debug', 'debug'],
  ['log', 'info'],
  ['warn', 'warn'],
  ['error', 'error'],
  ['fatal', 'fatal'],
];

function logLevelFor(config: AppConfig, options: CreateAppOptions): LogLevelName {
  if (options.logDestination) return config.logLevel;
  if (options.logger === false) return 'silent';
  if (options.logger) return PINO_LEVEL_OF.find(([nest]) => (options.logger as LogLevel[]).includes(nest))?.[1] ?? 'silent';
  return config.logLevel;
}

/** The API as main.ts runs it; the API tests build exactly the same app. */
export async function createApp(config: AppConfig, options: CreateAppOptions = {}): Promise<NestExpressApplication> {
  const logger = rootLogger(config, options.logDestination, logLevelFor(config, options));
  @Module({ imports: [AppModule.forRoot(config), OperationsModule.forRoot(config, logger)] })
  class ApiModule {}
  // Nest logs through pino from the start; a failure while building is thrown to the caller (main.ts
  // logs it once and exits 1) instead of Nest printing it as text and exiting itself.
  const app = await NestFactory.create<NestExpressApplication>(ApiModule, {
    bodyParser: false,
    bufferLogs: true,
    abortOnError: false,
    logger: bootLogger(logger),
  });
  app.useLogger(app.get(PinoNestLogger));
  app.set('trust proxy', config.trustProxy);
  app.set('query parser', 'simple');
  app.disable('x-powered-by');
  // First of all: every request gets its id and its log line, even one refused before any route.
  app.use(requestLogger(logger));
  // The API's answers (JSON, the OpenAPI document and its UI, metrics) compressed; the client's
  // files outside /api are sent precompressed by their own handler.
  app.use('/api', apiCompression());
  app.use('/api', noStoreByDefault());
  if (config.metricsToken) app.use(app.get(Metrics).middleware);
  app.use(helmet({ crossOriginEmbedderPolicy: false }));
  app.use(jsonBodies());
  app.setGlobalPrefix('api');
  const signedIn = app.get(SignedInRequest);
  setupOpenApi(app, { mode: config.apiDocs, signedIn: async (req) => (await signedIn.userOf(req)) !== null });
  app.useGlobalFilters(new AllExceptionsFilter());
  // No enableShutdownHooks(): main.ts stops on SIGTERM itself (stopGracefullyOnSignals), draining requests first.
  return app;
}
