import { type BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import { JobRunner } from '../job-runner';
import type { QueueName } from '../job-names';
import { JobDriver } from './job-driver';

const BACKOFF_MS = 1000;
/** Stopping: every run still going this long before SHUTDOWN_TIMEOUT_MS is handed back, so the process ends in time. */
const HAND_BACK_BEFORE_MS = 3000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The embedded mode's queue: the same handlers run inside the API process, one at a time per
 * queue, with the same retries and backoff as on Bull. Stopping starts no new job, hands back
 * what only waits, and lets the rest finish until shortly before SHUTDOWN_TIMEOUT_MS; what was
 * handed back or never started stays waiting and runs when the app starts again (JobsService).
 */
@Injectable()
export class InProcessJobDriver extends JobDriver implements BeforeApplicationShutdown, OnApplicationShutdown {
  override readonly kind = 'in-process' as const;
  private readonly logger = new Logger('Jobs');
  private readonly tails = new Map<QueueName, Promise<void>>();
  private stopping = false;

  constructor(
    private readonly runner: JobRunner,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super();
  }

  async available(): Promise<boolean> {
    return !this.stopping;
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
      // Stopping: the job waits, and runs when the app starts again.
      if (this.stopping) return this.runner.handBack(operationID);
      const outcome = await this.runner.run(operationID, { attempt, maxAttempts });
      if (outcome !== 'retry') return;
      await sleep(BACKOFF_MS * 2 ** (attempt - 1));
    }
  }

  async consume(): Promise<void> {
    // Always consuming: add() runs the job.
  }

  async holds(): Promise<boolean | null> {
    // Nothing survives the process: an operation still active at start has vanished.
    return false;
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopping = true;
    this.runner.beginStop();
    const handBack = setTimeout(() => this.runner.handBackAll(), Math.max(0, this.config.shutdownTimeoutMs - HAND_BACK_BEFORE_MS));
    await this.runner.whenIdle();
    clearTimeout(handBack);
  }

  /** The queues' tails: every run has ended or handed back by now. */
  async onApplicationShutdown(): Promise<void> {
    await Promise.all(this.tails.values());
  }
}
