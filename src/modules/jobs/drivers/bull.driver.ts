import { getQueueToken } from '@nestjs/bull';
import { Injectable, Logger } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { Job, Queue } from 'bull';
import { JobRunner } from '../job-runner';
import type { QueueName } from '../job-names';
import { JobDriver } from './job-driver';

/**
 * Scale-out: Bull queues on Redis. The API only adds jobs; `worker` processes consume them
 * (consume() is called by worker.ts alone). A job carries only its operation id: state,
 * progress and result are in the operation row, which every API node reads.
 *
 * Bull's stalled-job check gives a job whose worker died (its lock not renewed within
 * JOB_LOCK_MS) to another worker; a job that stalls again, or fails its last attempt, fails.
 */
@Injectable()
export class BullJobDriver extends JobDriver {
  override readonly kind = 'bull' as const;
  private readonly logger = new Logger('Jobs');

  constructor(
    private readonly modules: ModuleRef,
    private readonly runner: JobRunner,
  ) {
    super();
  }

  queue(name: QueueName): Queue {
    return this.modules.get<Queue>(getQueueToken(name), { strict: false });
  }

  async add(queue: QueueName, name: string, operationID: number): Promise<void> {
    await this.queue(queue).add(
      name,
      { operationID },
      {
        // The operation id as job id: adding it twice cannot make two jobs.
        jobId: String(operationID),
        attempts: this.runner.attempts,
        backoff: { type: 'exponential', delay: 2000 },
        removeOnComplete: 1000,
        removeOnFail: 1000,
      },
    );
  }

  async consume(queues: readonly QueueName[], concurrency: number): Promise<void> {
    for (const name of queues) {
      const queue = this.queue(name);
      queue.on('failed', (job: Job<{ operationID: number }>, error: Error) => {
        // The last attempt, or a job that stalled too often: the operation must not stay "running".
        if (job.attemptsMade >= (job.opts.attempts ?? 1) || /stalled/i.test(error?.message ?? '')) {
          void this.runner.markFailed(job.data.operationID, error?.message ?? 'The job failed');
        }
      });
      // One processor for every job name of the queue, so WORKER_CONCURRENCY is the queue's whole parallelism.
      void queue.process('*', concurrency, async (job: Job<{ operationID: number }>) => {
        const outcome = await this.runner.run(job.data.operationID, {
          attempt: job.attemptsMade + 1,
          maxAttempts: job.opts.attempts ?? 1,
          onProgress: (percentage) => void job.progress(percentage).catch(() => undefined),
        });
        // A failure is already recorded on the operation; only a retry goes back to Bull.
        if (outcome === 'retry') throw new Error('Retrying: see the operation for the error');
        return { outcome };
      });
      this.logger.log(`Consuming queue ${name} (${concurrency} at a time)`);
    }
  }

  async holds(queue: QueueName, operationID: number): Promise<boolean | null> {
    try {
      const job = await this.queue(queue).getJob(String(operationID));
      if (!job) return false;
      const state = await job.getState();
      return state !== 'failed' && state !== 'completed';
    } catch {
      return null;
    }
  }
}
