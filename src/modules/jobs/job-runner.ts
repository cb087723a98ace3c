import { HttpException, Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In, type EntityManager } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { UsersService } from '../users';
import { Operation } from './entities/operation.entity';
import { JobEvents } from './job-events';
import { JobRegistry } from './job-registry';
import type { JobContext, JobOutcome } from './job.types';

/** Progress of one phase is written at most this often (and always at 100 %, and at a new phase), so a per-row call costs nothing. */
const PROGRESS_EVERY_MS = 250;
const MAX_ERROR_LENGTH = 1000;

/** An error a retry cannot mend (bad input, a file gone, a user no longer active): the job fails at once. */
export class PermanentJobFailure extends Error {
  constructor(
    message: string,
    readonly body?: unknown,
  ) {
    super(message);
  }
}

/** Another run of the same operation (a job taken up again while the first still ran) committed first. */
class CommittedElsewhere extends Error {}

/**
 * Thrown inside a run whose process is stopping (at its next progress, or at once where it only
 * waits): the run ends without a result and the job goes back to its queue whole, for another
 * worker or this one restarted. Everything it wrote before its commit is redone by the next run.
 */
export class JobHandedBack extends Error {
  constructor() {
    super('Handed back: the process running it is stopping');
  }
}

export type RunOutcome = 'completed' | 'failed' | 'retry' | 'handedBack';

/** A run in this process, for the worker's heartbeat and for stopping. */
export interface RunningJob {
  operationID: number;
  name: string;
  queue: string;
  startedAt: number;
  /** Set when the process can wait no longer: the run ends at its next progress. */
  handBack: boolean;
}

/** What an operation says while it waits to be taken up again. */
export const HANDED_BACK_MESSAGE = 'Waiting to be taken up again: the process running it stopped';

/** What the driver knows of the run: which attempt, and where else progress goes (Bull's own). */
export interface RunAttempt {
  attempt: number;
  maxAttempts: number;
  onProgress?: (percentage: number) => void;
}

function failureOf(error: unknown): PermanentJobFailure | null {
  if (error instanceof PermanentJobFailure) return error;
  if (error instanceof HttpException) {
    const body = error.getResponse() as { validationResult?: { failSummary?: string } } | string;
    const summary = typeof body === 'object' ? body.validationResult?.failSummary : body;
    return new PermanentJobFailure(summary || error.message, typeof body === 'object' ? body : undefined);
  }
  return null;
}

/**
 * Runs one attempt of an operation with its handler, the same way in both modes: marks it
 * active, gives the handler its context, and records the result or the failure. An operation
 * already completed is not run again (a redelivered job).
 */
@Injectable()
export class JobRunner {
  private readonly logger = new Logger('Jobs');
  private readonly running = new Map<number, RunningJob>();
  private idle: Array<() => void> = [];
  /** The process is stopping: runs that only wait (an import waiting on its worksheets) hand back at once. */
  private stopping = false;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly registry: JobRegistry,
    private readonly users: UsersService,
    private readonly events: JobEvents,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  get attempts(): number {
    return this.config.jobAttempts;
  }

  /** The runs going on in this process now. */
  runningJobs(): RunningJob[] {
    return [...this.running.values()];
  }

  /** Stopping, step 1: runs that only wait hand back now; the others go on. */
  beginStop(): void {
    this.stopping = true;
  }

  /** Stopping, step 2 (the time is nearly up): every run hands back at its next progress. */
  handBackAll(): void {
    for (const job of this.running.values()) job.handBack = true;
  }

  /** Resolves once no run is going on in this process. */
  whenIdle(): Promise<void> {
    return this.running.size === 0 ? Promise.resolve() : new Promise((resolve) => this.idle.push(resolve));
  }

  private finishRun(operationID: number): void {
    this.running.delete(operationID);
    if (this.running.size === 0) for (const resolve of this.idle.splice(0)) resolve();
  }

  async run(operationID: number, at: RunAttempt): Promise<RunOutcome> {
    const operations = this.dataSource.getRepository(Operation);
    const operation = await operations.findOneBy({ operationID });
    if (!operation) {
      this.logger.warn(`Operation ${operationID} does not exist; its job is dropped`);
      return 'failed';
    }
    if (operation.state === 'completed' || operation.state === 'failed') return operation.state;
    // Stopping: a job fetched now is not started; it goes back to its queue as it is.
    if (this.stopping) {
      await this.handBack(operationID);
      return 'handedBack';
    }
    // Still 'active': the run before this one never ended (its process died or stalled).
    const recovered = operation.state === 'active';
    const attempts = operation.attempts + 1;
    // attempts counts every run, handed back and recovered ones too; the first start is kept.
    const firstStart = operation.startedDate ?? new Date();
    await operations.update({ operationID }, { state: 'active', attempts, startedDate: firstStart, error: null });
    const job: RunningJob = { operationID, name: operation.name, queue: operation.queue, startedAt: Date.now(), handBack: false };
    this.running.set(operationID, job);
    const facts = { operationID, name: operation.name, queue: operation.queue, attempt: attempts };
    this.events.log(recovered ? 'recovered' : 'started', facts);
    const progress = { message: operation.message, percentage: operation.percentage, pending: false };
    const durations = () => ({ durationMs: Date.now() - job.startedAt, sinceFirstStartMs: Date.now() - new Date(firstStart).getTime() });
    try {
      const user = await this.users.loadAuthUser(operation.userID);
      if (!user || !user.active) throw new PermanentJobFailure('The user who started this job is no longer active');
      const context = this.context(operation, user, at, job, progress);
      const handler = this.registry.handler(operation.name);
      const outcome = (await handler.run(JSON.parse(operation.data), context)) as JobOutcome<unknown>;
      await operations.update(
        { operationID },
        {
          state: 'completed',
          percentage: 100,
          // The last progress message, even one thinned out, so the message is right to the end.
          ...(progress.pending ? { message: progress.message.slice(0, 255) } : {}),
          result: JSON.stringify(outcome.result ?? null),
          resultID: outcome.resultID ?? null,
          finishedDate: new Date(),
        },
      );
      this.events.log('completed', { ...facts, ...durations() });
      return 'completed';
    } catch (error) {
      if (error instanceof JobHandedBack) {
        await operations.update({ operationID }, { state: 'waiting', message: HANDED_BACK_MESSAGE });
        this.events.log('handedBack', { ...facts, ...durations() });
        return 'handedBack';
      }
      const permanent = failureOf(error);
      const message = (permanent?.message ?? (error as Error)?.message ?? String(error)).slice(0, MAX_ERROR_LENGTH);
      if (!permanent && at.attempt < at.maxAttempts) {
        this.events.log('retrying', { ...facts, ...durations(), error: message }, 'warn');
        await operations.update(
          { operationID },
          { state: 'waiting', message: `Retrying after an error (attempt ${at.attempt} of ${at.maxAttempts})`, error: message },
        );
        return 'retry';
      }
      this.events.log(
        'failed',
        { ...facts, ...durations(), error: message, ...(permanent ? {} : { stack: (error as Error)?.stack }) },
        permanent ? 'warn' : 'error',
      );
      await this.markFailed(operationID, message, permanent?.body);
      return 'failed';
    } finally {
      this.finishRun(operationID);
    }
  }

  /** Parks an operation its process will not start (it is stopping): it waits to be taken up again. */
  async handBack(operationID: number): Promise<void> {
    await this.dataSource.getRepository(Operation).update({ operationID, state: 'waiting' }, { message: HANDED_BACK_MESSAGE });
  }

  /** Marks a waiting or running operation failed; false when it had already ended. */
  async markFailed(operationID: number, error: string, body?: unknown): Promise<boolean> {
    const marked = await this.dataSource
      .getRepository(Operation)
      .update(
        { operationID, state: In(['waiting', 'active']) },
        { state: 'failed', error: error.slice(0, MAX_ERROR_LENGTH), result: body === undefined ? null : JSON.stringify(body), finishedDate: new Date() },
      );
    return (marked.affected ?? 0) > 0;
  }

  private context(
    operation: Operation,
    user: JobContext['user'],
    at: RunAttempt,
    job: RunningJob,
    shown: { message: string; percentage: number; pending: boolean },
  ): JobContext {
    const operations = this.dataSource.getRepository(Operation);
    const { operationID } = operation;
    let lastWrite = 0;
    let lastPhase = '';
    let loggedTenth = Math.floor(shown.percentage / 10);
    return {
      operationID,
      user,
      attempt: at.attempt,
      stopIfWaiting: () => {
        if (this.stopping || job.handBack) throw new JobHandedBack();
      },
      progress: async (message, percentage) => {
        if (job.handBack) throw new JobHandedBack();
        const now = Date.now();
        // Never backwards, a run taken up again included: the bar keeps what the user has seen.
        const whole = Math.max(shown.percentage, Math.max(0, Math.min(100, Math.floor(percentage))));
        shown.message = message;
        shown.percentage = whole;
        if (Math.floor(whole / 10) > loggedTenth) {
          loggedTenth = Math.floor(whole / 10);
          this.events.log('progress', { operationID, name: operation.name, queue: operation.queue, percentage: whole, message });
        }
        // A new phase ('Validating...' then 'Committing...') is always written: only repeats are thinned.
        const phase = message.slice(0, message.indexOf(' ') + 1 || message.length);
        if (phase === lastPhase && now - lastWrite < PROGRESS_EVERY_MS && whole < 100) {
          shown.pending = true;
          return;
        }
        lastWrite = now;
        lastPhase = phase;
        shown.pending = false;
        at.onProgress?.(whole);
        await operations.update({ operationID }, { message: message.slice(0, 255), percentage: whole });
      },
      committed: async <T>() => {
        const done = await operations.findOne({ select: { committed: true, result: true }, where: { operationID } });
        return done?.committed ? (JSON.parse(done.result ?? 'null') as T) : null;
      },
      commitOnce: async <T>(work: (manager: EntityManager) => Promise<T>) => {
        const done = await operations.findOne({ select: { committed: true, result: true }, where: { operationID } });
        if (done?.committed) return { value: JSON.parse(done.result ?? 'null') as T, repeated: true };
        const committed = await this.dataSource
          .transaction(async (manager) => {
            const value = await work(manager);
            // The row is locked only here, at the end, so progress written during the work never waits.
            // Another run of this operation that committed first leaves 0 rows: this one rolls back.
            const marked = await manager
              .createQueryBuilder()
              .update(Operation)
              .set({ committed: true, result: JSON.stringify(value) })
              .where('operationID = :operationID AND committed = :no', { operationID, no: false })
              .execute();
            if (marked.affected === 0) throw new CommittedElsewhere();
            return { value, repeated: false };
          })
          .catch((error: unknown) => {
            if (!(error instanceof CommittedElsewhere)) throw error;
            return null;
          });
        if (committed) return committed;
        const other = await operations.findOne({ select: { result: true }, where: { operationID } });
        return { value: JSON.parse(other?.result ?? 'null') as T, repeated: true };
      },
    };
  }
}
