import { HttpException, Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In, type EntityManager } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { UsersService } from '../users/users/users.service';
import { Operation } from './entities/operation.entity';
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

export type RunOutcome = 'completed' | 'failed' | 'retry';

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

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly registry: JobRegistry,
    private readonly users: UsersService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  get attempts(): number {
    return this.config.jobAttempts;
  }

  async run(operationID: number, at: RunAttempt): Promise<RunOutcome> {
    const operations = this.dataSource.getRepository(Operation);
    const operation = await operations.findOneBy({ operationID });
    if (!operation) {
      this.logger.warn(`Operation ${operationID} does not exist; its job is dropped`);
      return 'failed';
    }
    if (operation.state === 'completed' || operation.state === 'failed') return operation.state;
    await operations.update({ operationID }, { state: 'active', attempts: at.attempt, startedDate: new Date(), error: null });
    try {
      const user = await this.users.loadAuthUser(operation.userID);
      if (!user || !user.active) throw new PermanentJobFailure('The user who started this job is no longer active');
      const context = this.context(operation, user, at);
      const handler = this.registry.handler(operation.name);
      const outcome = (await handler.run(JSON.parse(operation.data), context)) as JobOutcome<unknown>;
      await operations.update(
        { operationID },
        {
          state: 'completed',
          percentage: 100,
          result: JSON.stringify(outcome.result ?? null),
          resultID: outcome.resultID ?? null,
          finishedDate: new Date(),
        },
      );
      return 'completed';
    } catch (error) {
      const permanent = failureOf(error);
      const message = (permanent?.message ?? (error as Error)?.message ?? String(error)).slice(0, MAX_ERROR_LENGTH);
      if (!permanent && at.attempt < at.maxAttempts) {
        this.logger.warn(`Operation ${operationID} (${operation.name}) attempt ${at.attempt} of ${at.maxAttempts} failed, will retry: ${message}`);
        await operations.update({ operationID }, { state: 'waiting', message: `Retrying after an error (attempt ${at.attempt} of ${at.maxAttempts})`, error: message });
        return 'retry';
      }
      if (!permanent) this.logger.error(`Operation ${operationID} (${operation.name}) failed: ${message}`, (error as Error)?.stack);
      await this.markFailed(operationID, message, permanent?.body);
      return 'failed';
    }
  }

  async markFailed(operationID: number, error: string, body?: unknown): Promise<void> {
    await this.dataSource.getRepository(Operation).update(
      { operationID, state: In(['waiting', 'active']) },
      { state: 'failed', error: error.slice(0, MAX_ERROR_LENGTH), result: body === undefined ? null : JSON.stringify(body), finishedDate: new Date() },
    );
  }

  private context(operation: Operation, user: JobContext['user'], at: RunAttempt): JobContext {
    const operations = this.dataSource.getRepository(Operation);
    const { operationID } = operation;
    let lastWrite = 0;
    let lastPhase = '';
    return {
      operationID,
      user,
      attempt: at.attempt,
      progress: async (message, percentage) => {
        const now = Date.now();
        const whole = Math.max(0, Math.min(100, Math.floor(percentage)));
        // A new phase ('Validating...' then 'Committing...') is always written: only repeats are thinned.
        const phase = message.slice(0, message.indexOf(' ') + 1 || message.length);
        if (phase === lastPhase && now - lastWrite < PROGRESS_EVERY_MS && whole < 100) return;
        lastWrite = now;
        lastPhase = phase;
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
        const committed = await this.dataSource.transaction(async (manager) => {
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
        }).catch((error: unknown) => {
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
