import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In, IsNull, LessThan } from 'typeorm';
import { hasArea, type AuthUser } from '../../common/auth/auth-user';
import { NotAvailable, RecordNotFound } from '../../common/http/validation-result';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { JobDriver } from './drivers/job-driver';
import { Operation } from './entities/operation.entity';
import { QUEUE_NAMES, queueOf, type JobName, type QueueName } from './job-names';
import type { JobPayload } from './job-payloads';
import { JobEvents } from './job-events';
import { HANDED_BACK_MESSAGE, JobRunner } from './job-runner';
import type { JobContext, OperationState, OperationView } from './job.types';

/** An operation still waiting or running this long after it was created, whose job the queue no longer holds, has vanished. */
const VANISHED_AFTER_MS = 60_000;

/** What a user reads when a job cannot be queued (503). */
export const QUEUE_UNAVAILABLE = 'The job queue is not available; try again in a minute';
/** Why an operation failed whose job the queue no longer holds (scale-out). */
export const LOST_FROM_QUEUE = 'The job queue lost this job (Redis restarted without its data): start it again';
/** Why an operation failed that was running when the process running it (embedded) stopped. */
export const LOST_WITH_PROCESS = 'The job was lost when the process running it stopped';

export function operationView(o: Operation): OperationView {
  const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
  return {
    operationID: o.operationID,
    name: o.name as JobName,
    queue: o.queue,
    state: o.state as OperationState,
    message: o.message,
    percentage: o.percentage,
    attempts: o.attempts,
    resultID: o.resultID ?? null,
    result: o.state === 'completed' || o.state === 'failed' ? JSON.parse(o.result ?? 'null') : null,
    error: o.error ?? null,
    userName: o.userName,
    parentOperationID: o.parentOperationID ?? null,
    createdDate: iso(o.createdDate)!,
    startedDate: iso(o.startedDate),
    finishedDate: iso(o.finishedDate),
  };
}

/**
 * The one way into the jobs module: enqueue an operation, read it back. Which queue runs it
 * (in process or Bull) is the driver's business.
 */
@Injectable()
export class JobsService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Jobs');
  private sweeper: NodeJS.Timeout | undefined;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly driver: JobDriver,
    private readonly runner: JobRunner,
    private readonly events: JobEvents,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  get mode(): 'in-process' | 'bull' {
    return this.driver.kind;
  }

  /** Records the operation and queues its job; answers at once, before the job runs. */
  async enqueue<N extends JobName>(name: N, data: JobPayload<N>, user: AuthUser, message = 'Waiting to start'): Promise<OperationView> {
    // Refused at once, with nothing written, while Redis is away: never a wait, never a 500.
    if (!(await this.driver.available())) throw new NotAvailable(QUEUE_UNAVAILABLE);
    const queue = queueOf(name);
    const operations = this.dataSource.getRepository(Operation);
    const operation = await operations.save(
      operations.create({
        queue,
        name,
        userID: user.userID,
        userName: user.name,
        state: 'waiting',
        message,
        data: JSON.stringify(data),
        createdDate: new Date(),
      }),
    );
    try {
      await this.driver.add(queue, name, operation.operationID);
    } catch (error) {
      await this.runner.markFailed(operation.operationID, `Could not queue the job: ${(error as Error).message}`);
      throw new NotAvailable(QUEUE_UNAVAILABLE);
    }
    this.events.log('queued', { operationID: operation.operationID, name, queue, userID: user.userID });
    return operationView(operation);
  }

  /**
   * The parts of an operation (a job that fans out, e.g. an import's worksheets): each its own
   * operation and job, on its own queue, so several workers can run them side by side. A parent
   * run again (a retry, or taken up after its worker died) gets the parts it already queued
   * rather than new ones.
   */
  async enqueueParts<N extends JobName>(name: N, parts: Array<JobPayload<N>>, user: AuthUser, parentOperationID: number): Promise<number[]> {
    const operations = this.dataSource.getRepository(Operation);
    const existing = await operations.find({ select: { operationID: true }, where: { parentOperationID }, order: { operationID: 'ASC' } });
    if (existing.length) return existing.map((o) => o.operationID);
    const queue = queueOf(name);
    const created = await operations.save(
      parts.map((data) =>
        operations.create({
          queue,
          name,
          userID: user.userID,
          userName: user.name,
          parentOperationID,
          state: 'waiting',
          message: 'Waiting to start',
          data: JSON.stringify(data),
          createdDate: new Date(),
        }),
      ),
    );
    for (const part of created) {
      await this.driver.add(queue, name, part.operationID);
      this.events.log('queued', { operationID: part.operationID, name, queue, parentOperationID });
    }
    return created.map((o) => o.operationID);
  }

  /**
   * Waits until every part has completed or failed, reporting each time their progress moves;
   * answers the parts (with their results) in the order given.
   */
  async waitForParts(
    operationIDs: number[],
    onProgress?: (parts: OperationView[]) => Promise<void>,
    waiting?: Pick<JobContext, 'stopIfWaiting'>,
    everyMs = 200,
  ): Promise<OperationView[]> {
    const operations = this.dataSource.getRepository(Operation);
    let last = '';
    for (;;) {
      // A parent only waits: when its process stops it goes back to its queue at once, rather
      // than hold the stop while its parts wait on queues this process no longer takes from.
      waiting?.stopIfWaiting();
      const rows = await operations.findBy({ operationID: In(operationIDs) });
      const views = operationIDs
        .map((id) => rows.find((r) => r.operationID === id))
        .filter((r): r is Operation => !!r)
        .map(operationView);
      const finished = views.every((v) => v.state === 'completed' || v.state === 'failed');
      const seen = views.map((v) => `${v.state}:${v.percentage}:${v.message}`).join('|');
      if (onProgress && seen !== last) await onProgress(views);
      last = seen;
      if (finished || views.length < operationIDs.length) return views;
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  }

  /** One operation: the caller's own, or any with SystemSetup; 404 otherwise. */
  /**
   * These operations as stored (name, user, parent, state, data, result, finish; no progress or
   * message), any user's: for a module that keeps work between its jobs' runs (the rec sheet
   * import's kept validations). Missing ids are left out.
   */
  async storedOperations(operationIDs: readonly number[]): Promise<Operation[]> {
    if (!operationIDs.length) return [];
    return this.dataSource.getRepository(Operation).find({
      select: { operationID: true, name: true, userID: true, parentOperationID: true, state: true, data: true, result: true, finishedDate: true },
      where: { operationID: In([...operationIDs]) },
    });
  }

  async get(operationID: number, user: AuthUser): Promise<OperationView> {
    const operation = await this.dataSource.getRepository(Operation).findOneBy({ operationID });
    if (!operation || (operation.userID !== user.userID && !hasArea(user, 'SystemSetup'))) throw new RecordNotFound('Operation');
    return operationView(operation);
  }

  /** The caller's latest operation (GET /longRunningOperation), or null when they have none. */
  async latest(user: AuthUser, name?: JobName): Promise<OperationView | null> {
    const operation = await this.dataSource.getRepository(Operation).findOne({
      where: { userID: user.userID, parentOperationID: IsNull(), ...(name ? { name } : {}) },
      order: { operationID: 'DESC' },
    });
    return operation ? operationView(operation) : null;
  }

  /** Starts consuming (worker.ts; the in-process driver always runs). */
  consume(queues: readonly QueueName[] = QUEUE_NAMES, concurrency = this.config.workerConcurrency): Promise<void> {
    return this.driver.consume(queues, concurrency);
  }

  /**
   * At start: embedded, the jobs this process's last run handed back when it stopped (or never
   * started) run now, and any other left waiting or running are marked failed. In scale-out, the sweep runs
   * now and every JOB_SWEEP_MS.
   */
  async onApplicationBootstrap(): Promise<void> {
    if (this.driver.kind === 'in-process') {
      await this.resumeEmbedded();
      return;
    }
    await this.sweep();
    this.sweeper = setInterval(
      () => void this.sweep().catch((error: unknown) => this.logger.warn({ msg: 'The sweep for lost jobs failed', err: error })),
      this.config.jobSweepMs,
    );
    this.sweeper.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.sweeper);
  }

  /**
   * Scale-out: an operation waiting or running for a minute whose job the queue no longer holds
   * (Redis restarted without its data) is marked failed with that reason, by whichever process
   * sweeps first. While Redis is away nothing is decided: the queue cannot say.
   */
  async sweep(): Promise<number> {
    if (!(await this.driver.available())) return 0;
    const open = await this.dataSource.getRepository(Operation).find({
      select: { operationID: true, queue: true, name: true },
      where: { state: In(['waiting', 'active']), createdDate: LessThan(new Date(Date.now() - VANISHED_AFTER_MS)) },
    });
    let lost = 0;
    for (const { operationID, queue, name } of open) {
      if ((await this.driver.holds(queue as QueueName, operationID)) !== false) continue;
      if (await this.runner.markFailed(operationID, LOST_FROM_QUEUE)) {
        lost += 1;
        this.events.log('lost', { operationID, name, queue }, 'warn');
      }
    }
    return lost;
  }

  private async resumeEmbedded(): Promise<void> {
    const operations = this.dataSource.getRepository(Operation);
    const open = await operations.find({
      select: { operationID: true, queue: true, name: true, state: true, message: true },
      where: { state: In(['waiting', 'active']) },
      order: { operationID: 'ASC' },
    });
    for (const { operationID, queue, name, state, message } of open) {
      if (state === 'waiting' && message === HANDED_BACK_MESSAGE) {
        await this.driver.add(queue as QueueName, name, operationID);
        this.logger.log({ msg: 'Job resumed: it was waiting when the app last stopped', event: 'resumed', operationID, name, queue });
      } else if (await this.runner.markFailed(operationID, LOST_WITH_PROCESS)) {
        this.events.log('lost', { operationID, name, queue }, 'warn');
      }
    }
  }
}
