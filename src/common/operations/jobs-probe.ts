/** A queue's jobs by state, or null when the queue could not say within the time (Redis away). */
export type QueueDepth = Record<'waiting' | 'active' | 'delayed', number> | null;

/**
 * What the operators' endpoints (readiness, metrics) read of the jobs: provided by the jobs
 * module, so this common code never reaches into the jobs module's queues or tables. Every
 * method answers within about 2 s, whatever Redis does.
 */
export abstract class JobsProbe {
  /** 'bull' in scale-out (Redis, worker processes), 'in-process' in the embedded mode. */
  abstract readonly mode: 'bull' | 'in-process';
  /** Every queue's name. */
  abstract readonly queueNames: readonly string[];
  /** Every job's name. */
  abstract readonly jobNames: readonly string[];
  /** Throws when the queues cannot be reached (scale-out); resolves at once in process. */
  abstract ping(): Promise<void>;
  /** Jobs waiting, active and delayed, by queue. */
  abstract depth(): Promise<Map<string, QueueDepth>>;
  /** Live workers per queue (scale-out; from their heartbeats), or null in process, where the API runs every job. */
  abstract liveWorkers(): Promise<Map<string, number> | null>;
  /** Jobs completed or failed, by job name, in every process (from the operation table). */
  abstract finished(state: 'completed' | 'failed'): Promise<Map<string, number>>;
}
