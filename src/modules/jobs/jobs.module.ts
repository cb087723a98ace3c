import { BullModule } from '@nestjs/bull';
import { BullBoardModule } from '@bull-board/nestjs';
import { BullAdapter } from '@bull-board/api/bullAdapter';
import { ExpressAdapter } from '@bull-board/express';
import { type DynamicModule, Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ListController } from '../../common/crud/list.controller';
import type { AppConfig } from '../../config/app-config';
import { UsersModule } from '../users';
import { BullJobDriver, JOB_BACKOFF, jobRetryDelay } from './drivers/bull.driver';
import { InProcessJobDriver } from './drivers/in-process.driver';
import { JobDriver } from './drivers/job-driver';
import { Operation } from './entities/operation.entity';
import { QUEUE_NAMES } from './job-names';
import { JobsProbe } from '../../common/operations/jobs-probe';
import { JobEvents } from './job-events';
import { JobRegistry } from './job-registry';
import { JobRunner } from './job-runner';
import { JobsController } from './jobs.controller';
import { JobsMonitor } from './jobs-monitor';
import { JobsService } from './jobs.service';
import { operationList } from './operation-list';
import { QueueBoardAccess } from './queue-board';
import { WorkerHeartbeat } from './worker-heartbeat';

const OperationsController = ListController({ plural: 'longRunningOperations', definition: operationList, readAreas: ['SystemSetup'] });

/** The API serves the operations; the worker (worker.ts) has no HTTP and only consumes. */
export type JobsRole = 'api' | 'worker';

/**
 * The jobs module (ARCHITECTURE.md, jobs): JobsService.enqueue and the operation it answers are
 * all other modules see. JOB_QUEUE picks the driver: Bull on Redis (scale-out; queues here,
 * consumers only in worker processes, Bull Board at /api/queues) or in process (embedded).
 */
@Global()
@Module({})
export class JobsModule {
  static forRoot(config: AppConfig, role: JobsRole = 'api'): DynamicModule {
    const bull = config.jobQueue === 'bull';
    const queues = bull
      ? [
          BullModule.forRoot({
            url: config.redisUrl,
            prefix: `${config.redisKeyPrefix}bull`,
            settings: {
              lockDuration: config.jobLockMs,
              stalledInterval: config.jobLockMs,
              maxStalledCount: 1,
              backoffStrategies: { [JOB_BACKOFF]: jobRetryDelay },
            },
          }),
          BullModule.registerQueue(...QUEUE_NAMES.map((name) => ({ name }))),
        ]
      : [];
    const board =
      bull && role === 'api'
        ? [
            BullBoardModule.forRootAsync({
              inject: [QueueBoardAccess],
              useFactory: (access: QueueBoardAccess) => ({ route: '/queues', adapter: ExpressAdapter, middleware: access.middleware }),
            }),
            BullBoardModule.forFeature(...QUEUE_NAMES.map((name) => ({ name, adapter: BullAdapter }))),
          ]
        : [];
    return {
      module: JobsModule,
      global: true,
      imports: [DiscoveryModule, TypeOrmModule.forFeature([Operation]), UsersModule, ...queues, ...board],
      controllers: role === 'api' ? [JobsController, OperationsController] : [],
      providers: [
        JobRegistry,
        JobEvents,
        JobRunner,
        JobsService,
        QueueBoardAccess,
        { provide: JobDriver, useClass: bull ? BullJobDriver : InProcessJobDriver },
        { provide: JobsProbe, useClass: JobsMonitor },
        ...(role === 'worker' ? [WorkerHeartbeat] : []),
      ],
      exports: [JobsService, QueueBoardAccess, JobsProbe, ...(role === 'worker' ? [WorkerHeartbeat] : [])],
    };
  }
}
