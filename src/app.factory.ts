import type { LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import helmet from 'helmet';
import { AppModule } from './app.module';
import type { AppConfig } from './config/app-config';
import { AllExceptionsFilter } from './common/http/all-exceptions.filter';
import { jsonBodies } from './common/http/json-bodies';

/** The API as main.ts runs it; the API tests build exactly the same app. */
export async function createApp(config: AppConfig, options: { logger?: false | LogLevel[] } = {}): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), {
    bodyParser: false,
    ...(options.logger !== undefined ? { logger: options.logger } : {}),
  });
  app.set('trust proxy', config.trustProxy);
  app.set('query parser', 'simple');
  app.disable('x-powered-by');
  app.use(helmet({ crossOriginEmbedderPolicy: false }));
  app.use(jsonBodies());
  app.setGlobalPrefix('api');
  app.useGlobalFilters(new AllExceptionsFilter());
  app.enableShutdownHooks();
  return app;
}
