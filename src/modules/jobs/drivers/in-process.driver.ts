import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { JobRunner } from '../job-runner';
import type { QueueName } from '../job-names';
import { JobDriver } from './job-driver';

const BACKOFF_MS = 1000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The embedded mode's queue: the same handlers run inside the API process, one at a time per
 * queue, with the same retries and backoff as on Bull. Stopping waits for the running jobs.
 */
@Injectable()
export class InProcessJobDriver extends JobDriver implements OnApplicationShutdown {
  override readonly kind = 'in-process' as const;
  private readonly logger = new Logger('Jobs');
  private readonly tails = new Map<QueueName, Promise<void>>();
  private stopping = false;

  constructor(private readonly runner: JobRunner) {
    super();
  }

  async add(queue: QueueName, _name: string, operationID: number): Promise<void> {
    const tail = this.tails.get(queue) ?? Promise.resolve();
    this.tails.set(
      queue,
      tail.then(() => this.runWithRetries(operationID)).catch((error: unknown) => this.logger.error(`Operation ${operationID}: ${(error as Error).message}`)),
    );
  }

  private async runWithRetries(operationID: number): Promise<void> {
    const maxAttempts = this.runner.attempts;
    for (let attempt = 1; attempt <= maxAttempts; attempt += 1) {
      if (this.stopping && attempt > 1) {
        await this.runner.markFailed(operationID, 'The app stopped before the job could be retried');
        return;
      }
      const outcome = await this.runner.run(operationID, { attempt, maxAttempts });
      if (outcome !== 'retry') return;
      await sleep(BACKOFF_MS * 2 ** (attempt - 1));
    }
  }

  async consume(): Promise<void> {
    // Always consuming: add() runs the job.
  }

  async holds(): Promise<boolean | null> {
    // Nothing survives the process: an operation still waiting or active at start has vanished.
    return false;
  }

  /** Lets running and queued jobs finish (SIGTERM), as a worker would. */
  async onApplicationShutdown(): Promise<void> {
    this.stopping = true;
    await Promise.all(this.tails.values());
  }
}
