import { getQueueToken } from '@nestjs/bull';
import { type BeforeApplicationShutdown, Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { Job, Queue } from 'bull';
import { within } from '../../../common/async/within';
import { RedisOutage } from '../../../common/redis/redis-outage';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import { JobEvents } from '../job-events';
import { QUEUE_NAMES, type QueueName } from '../job-names';
import { JobRunner } from '../job-runner';
import { JobDriver } from './job-driver';

/** The backoff strategy of every job (BullModule settings, jobs.module.ts): a handed-back run goes straight back, a failed one waits 2 s, 6 s... */
export const JOB_BACKOFF = 'jobRetry';
const RETRY_DELAY_MS = 2000;
/** The error a processor throws for a handed-back run; the backoff sends it straight back to the queue. */
const HANDED_BACK = 'JobHandedBack';

export function jobRetryDelay(attemptsMade: number, error?: Error): number {
  return error?.name === HANDED_BACK ? 0 : Math.round((2 ** attemptsMade - 1) * RETRY_DELAY_MS);
}

/** How long a call to Redis may take before the API answers without it (adding a job, counting a queue). */
const QUEUE_ANSWER_MS = 2000;
/** ioredis's states before its first connection: worth a short wait, unlike 'reconnecting' (Redis went away). */
const FIRST_CONNECTION = new Set(['wait', 'connecting', 'connect']);
const FIRST_CONNECTION_MS = 1000;
/** Stopping: every run still going this long before SHUTDOWN_TIMEOUT_MS is handed back, so the process ends in time. */
const HAND_BACK_BEFORE_MS = 3000;

/**
 * Scale-out: Bull queues on Redis. The API only adds jobs; `worker` processes consume them
 * (consume() is called by worker.ts alone). A job carries only its operation id: state,
 * progress and result are in the operation row, which every API node reads.
 *
 * Bull's stalled-job check gives a job whose worker died (its lock not renewed within
 * JOB_LOCK_MS) to another worker; a job that stalls again, or fails its last attempt, fails.
 * A stopping worker takes no new job, hands back at once a run that only waits on its parts,
 * lets the others finish until shortly before SHUTDOWN_TIMEOUT_MS and then hands them back too:
 * a handed-back job goes straight back to its queue without using up an attempt.
 */
@Injectable()
export class BullJobDriver extends JobDriver implements OnModuleInit, BeforeApplicationShutdown {
  override readonly kind = 'bull' as const;
  private readonly logger = new Logger('Jobs');
  private readonly outage = new RedisOutage(this.logger, 'Job queues');
  private readonly consuming: Queue[] = [];
  private watched = false;

  constructor(
    private readonly modules: ModuleRef,
    private readonly runner: JobRunner,
    private readonly events: JobEvents,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super();
  }

  queue(name: QueueName): Queue {
    const queue = this.modules.get<Queue>(getQueueToken(name), { strict: false });
    if (!this.watched) this.watchQueues();
    return queue;
  }

  /** Every queue's Redis errors go to one outage log (never ioredis's plain-text 'Unhandled error event'). */
  private watchQueues(): void {
    this.watched = true;
    for (const name of QUEUE_NAMES) {
      const queue = this.modules.get<Queue>(getQueueToken(name), { strict: false });
      queue.on('error', (error: Error) => this.outage.error(error));
      queue.client.on('ready', () => this.outage.ready());
    }
  }

  /** Connected now, or still making its first connection (an API just started) within a second. */
  async available(): Promise<boolean> {
    const results = await Promise.all(
      QUEUE_NAMES.map(async (name) => {
        const client = this.queue(name).client;
        if (client.status === 'ready') return true;
        if (!FIRST_CONNECTION.has(client.status)) return false;
        return within(FIRST_CONNECTION_MS, 'Redis', this.queue(name).isReady()).then(
          () => client.status === 'ready',
          () => false,
        );
      }),
    );
    return results.every(Boolean);
  }

  onModuleInit(): void {
    if (!this.watched) this.watchQueues();
  }

  async add(queue: QueueName, name: string, operationID: number): Promise<void> {
    await within(
      QUEUE_ANSWER_MS,
      'The job queue',
      this.queue(queue).add(
        name,
        { operationID },
        {
          // The operation id as job id: adding it twice cannot make two jobs.
          jobId: String(operationID),
          attempts: this.runner.attempts,
          backoff: { type: JOB_BACKOFF },
          removeOnComplete: 1000,
          removeOnFail: 1000,
        },
      ),
    );
  }

  async consume(queues: readonly QueueName[], concurrency: number): Promise<void> {
    // Redis first: a worker that cannot reach it within WORKER_REDIS_GRACE_MS fails here (worker.ts
    // exits 1, so the orchestrator restarts it) rather than say it consumes. ioredis keeps
    // reconnecting meanwhile; the ping waits for the connection.
    for (const name of queues) await within(this.config.workerRedisGraceMs, 'Redis', this.queue(name).client.ping());
    for (const name of queues) {
      const queue = this.queue(name);
      this.consuming.push(queue);
      queue.on('failed', (job: Job<{ operationID: number }>, error: Error) => {
        // The last attempt, or a job that stalled too often: the operation must not stay "running".
        if (/stalled/i.test(error?.message ?? ''))
          void this.runner.markFailed(job.data.operationID, 'The job stalled twice: the workers running it stopped or were too busy to renew its lock');
        else if (job.attemptsMade >= (job.opts.attempts ?? 1)) void this.runner.markFailed(job.data.operationID, error?.message ?? 'The job failed');
      });
      queue.on('stalled', (job: Job<{ operationID: number }>) =>
        this.events.log('stalled', { operationID: job.data.operationID, name: job.name, queue: name }, 'warn'),
      );
      // One processor for every job name of the queue, so WORKER_CONCURRENCY is the queue's whole parallelism.
      void queue.process('*', concurrency, async (job: Job<{ operationID: number }>) => {
        const outcome = await this.runner.run(job.data.operationID, {
          attempt: job.attemptsMade + 1,
          maxAttempts: job.opts.attempts ?? 1,
          onProgress: (percentage) => void job.progress(percentage).catch(() => undefined),
        });
        if (outcome === 'handedBack') {
          // Bull counts every failure as an attempt: this one is not, and its backoff is none.
          job.attemptsMade -= 1;
          const back = new Error('Handed back by a stopping worker');
          back.name = HANDED_BACK;
          throw back;
        }
        // A failure is already recorded on the operation; only a retry goes back to Bull.
        if (outcome === 'retry') throw new Error('Retrying: see the operation for the error');
        return { outcome };
      });
      this.logger.log(`Consuming queue ${name} (${concurrency} at a time)`);
    }
  }

  /**
   * Stopping (before the queues close): take no new job, hand back what only waits, give the
   * rest until shortly before SHUTDOWN_TIMEOUT_MS, then hand them back. The queues' own close
   * (after this) then has no running job to wait for.
   */
  async beforeApplicationShutdown(): Promise<void> {
    if (!this.consuming.length) return;
    this.runner.beginStop();
    const handBack = setTimeout(() => this.runner.handBackAll(), Math.max(0, this.config.shutdownTimeoutMs - HAND_BACK_BEFORE_MS));
    const running = this.runner.runningJobs().length;
    if (running)
      this.logger.log(
        `Stopping: ${running} running job(s) get until ${HAND_BACK_BEFORE_MS} ms before the shutdown timeout to finish, then go back to their queue`,
      );
    // Take no new job: a local pause (the queue's own close later waits for it). A job the blocking
    // fetch still hands over meanwhile is handed straight back by the runner, which is stopping.
    for (const queue of this.consuming) void queue.pause(true, false).catch(() => undefined);
    await this.runner.whenIdle();
    clearTimeout(handBack);
  }

  async holds(queue: QueueName, operationID: number): Promise<boolean | null> {
    try {
      const job = await within(QUEUE_ANSWER_MS, 'Redis', this.queue(queue).getJob(String(operationID)));
      if (!job) return false;
      const state = await within(QUEUE_ANSWER_MS, 'Redis', job.getState());
      return state !== 'failed' && state !== 'completed';
    } catch {
      return null;
    }
  }

  /** Each queue's waiting, active and delayed jobs; null for a queue whose counts Redis did not give within 2 s. */
  async depth(): Promise<Array<[QueueName, Record<string, number> | null]>> {
    return Promise.all(
      QUEUE_NAMES.map(async (name): Promise<[QueueName, Record<string, number> | null]> => {
        if (this.queue(name).client.status !== 'ready') return [name, null];
        try {
          return [name, { ...(await within(QUEUE_ANSWER_MS, 'Redis', this.queue(name).getJobCounts())) }];
        } catch {
          return [name, null];
        }
      }),
    );
  }
}
