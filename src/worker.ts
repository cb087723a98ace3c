import 'reflect-metadata';
import { Logger, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Logger as PinoNestLogger } from 'nestjs-pino';
import { survivingBrokenStdio } from './common/operations/log-destination';
import { bootLogger, loggerModule, rootLogger, startFailed } from './common/operations/logging';
import { stopWorkerOnSignals } from './common/operations/shutdown';
import { loadConfig } from './config/app-config';
import { QUEUE_NAMES, type QueueName } from './modules/jobs/job-names';
import { PROCESS_ID } from './modules/jobs/job-events';
import { JobsService } from './modules/jobs/jobs.service';
import { WorkerHeartbeat } from './modules/jobs/worker-heartbeat';
import { WorkerModule } from './worker.module';

/**
 * The worker process (npm run start:worker): consumes the Bull queues named by WORKER_QUEUES
 * (all by default), WORKER_CONCURRENCY jobs at a time each. No HTTP. Run as many as needed.
 * SIGTERM closes the app, which lets running jobs finish first (stopWorkerOnSignals: exits 0,
 * or 1 at SHUTDOWN_TIMEOUT_MS + 5 s); a worker killed outright leaves its job to Bull's
 * stalled-job check, and another worker takes it up.
 */
async function bootstrap() {
  survivingBrokenStdio();
  const config = loadConfig();
  if (config.jobQueue !== 'bull') {
    throw new Error('The worker consumes Bull queues: set REDIS_URL (and DATABASE_URL). Without them jobs run inside the API process.');
  }
  const unknown = config.workerQueues.filter((q) => !(QUEUE_NAMES as string[]).includes(q));
  if (unknown.length) throw new Error(`WORKER_QUEUES names unknown queues: ${unknown.join(', ')} (known: ${QUEUE_NAMES.join(', ')})`);
  const queues = (config.workerQueues.length ? config.workerQueues : QUEUE_NAMES) as QueueName[];
  // The API's logger: JSON lines (or pretty), LOG_LEVEL and LOG_FORMAT alike, from the first line on.
  const root = rootLogger(config);
  Logger.overrideLogger(bootLogger(root));
  if (queues.includes('imports') && !queues.includes('importSheets')) {
    Logger.warn('This worker takes imports but not importSheets: an import waits until some worker takes its worksheets (importSheets)', 'Worker');
  }
  @Module({ imports: [WorkerModule.forRoot(config), loggerModule(root)] })
  class LoggedWorkerModule {}
  const app = await NestFactory.createApplicationContext(LoggedWorkerModule, { bufferLogs: true, abortOnError: false, logger: bootLogger(root) });
  app.useLogger(app.get(PinoNestLogger));
  stopWorkerOnSignals(app, config.shutdownTimeoutMs, new Logger());
  await app.get(JobsService).consume(queues, config.workerConcurrency);
  const heartbeat = app.get(WorkerHeartbeat);
  // Redis away for WORKER_REDIS_GRACE_MS: exit, so the orchestrator restarts this worker; its job
  // (if any) is taken up again by Bull's stalled check once Redis is back.
  heartbeat.onLost = (unreachableMs) => {
    Logger.error(
      { msg: `Redis has not answered for ${Math.round(unreachableMs / 1000)} s: the worker exits so that it is restarted`, workerID: PROCESS_ID },
      'Worker',
    );
    process.exit(1);
  };
  await heartbeat.start(queues, config.workerConcurrency);
  Logger.log(
    {
      msg: `Worker ${process.pid} consuming ${queues.join(', ')} (${config.workerConcurrency} at a time)`,
      workerID: PROCESS_ID,
      queues,
      concurrency: config.workerConcurrency,
    },
    'Worker',
  );
}

bootstrap().catch((error: unknown) => startFailed(error, 'Worker'));
