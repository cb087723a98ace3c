import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { createApp } from './app.factory';
import { survivingBrokenStdio } from './common/operations/log-destination';
import { startFailed } from './common/operations/logging';
import { stopGracefullyOnSignals } from './common/operations/shutdown';
import { loadConfig } from './config/app-config';

async function bootstrap() {
  survivingBrokenStdio();
  const config = loadConfig();
  const app = await createApp(config);
  stopGracefullyOnSignals(app, config.shutdownTimeoutMs, new Logger());
  await app.listen(config.port);
  const database = config.databaseUrl ? 'MySQL' : `SQLite in ${config.dataDir}`;
  Logger.log(`Listening on http://localhost:${config.port} (${database})`, 'Main');
}

bootstrap().catch((error: unknown) => startFailed(error, 'Main'));
