import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { createApp } from './app.factory';
import { loadConfig } from './config/app-config';

async function bootstrap() {
  const config = loadConfig();
  const app = await createApp(config);
  await app.listen(config.port);
  const database = config.databaseUrl ? 'MySQL' : `SQLite in ${config.dataDir}`;
  Logger.log(`Listening on http://localhost:${config.port} (${database})`, 'Main');
}

void bootstrap();
