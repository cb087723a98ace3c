import type { EntityManager } from 'typeorm';
import type { AuthUser } from '../../common/auth/auth-user';
import type { JobName } from './job-names';

export type OperationState = 'waiting' | 'active' | 'completed' | 'failed';

/** What a job sees of its run: who asked, progress, and a once-only commit. */
export interface JobContext {
  operationID: number;
  /** The user who started the operation, loaded fresh when the run starts (scope and flags as of now). */
  user: AuthUser;
  /** 1 on the first run, 2 on the first retry... */
  attempt: number;
  /**
   * Message and percentage (0–100) for GET /longRunningOperation; cheap to call per row (writes
   * are throttled). The percentage shown never goes down. When the process is stopping and can
   * wait no longer it throws JobHandedBack: the job goes back to its queue and is run again.
   */
  progress: (message: string, percentage: number) => Promise<void>;
  /** Throws JobHandedBack when the process is stopping: for a run that only waits (on its parts), so it never holds a stop. */
  stopIfWaiting(): void;
  /**
   * Runs `work` in one transaction that also marks the operation committed, and answers
   * `{ committed: false }` without running it when an earlier attempt of this operation already
   * committed (its stored value is answered instead). A retried commit creates nothing twice.
   */
  commitOnce<T>(work: (manager: EntityManager) => Promise<T>): Promise<{ value: T; repeated: boolean }>;
  /** What an earlier run of this operation committed (its commitOnce value), or null when none did. */
  committed<T>(): Promise<T | null>;
}

/** One job: a class with `run`, decorated with @JobHandler('name'), in its own `*.job.ts`. */
export interface JobHandlerInstance<D = unknown, R = unknown> {
  run(data: D, context: JobContext): Promise<R>;
}

/** What a finished job may answer besides its result: the id of what it made (a rec sheet, a run). */
export interface JobOutcome<R> {
  result: R;
  resultID?: number | null;
}

/** The operation as GET /longRunningOperation answers it. */
export interface OperationView {
  operationID: number;
  name: JobName;
  queue: string;
  state: OperationState;
  message: string;
  percentage: number;
  attempts: number;
  resultID: number | null;
  /** The job's answer, once completed. */
  result: unknown;
  /** Why it failed, once failed. */
  error: string | null;
  userName: string;
  parentOperationID: number | null;
  createdDate: string;
  startedDate: string | null;
  finishedDate: string | null;
}
