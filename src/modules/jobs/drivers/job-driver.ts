import type { QueueName } from '../job-names';

/**
 * Where jobs wait and who runs them. Two implementations, chosen once from the configuration:
 * in process (embedded) or Bull on Redis (scale-out). Nothing outside the jobs module sees which.
 */
export abstract class JobDriver {
  /** Hands the operation to its queue. */
  abstract add(queue: QueueName, name: string, operationID: number): Promise<void>;
  /** Whether a job can be queued now (false while Redis is away): the caller answers 503 at once instead of waiting. */
  abstract available(): Promise<boolean>;
  /** Starts running jobs of these queues in this process (the worker; in process: always on). */
  abstract consume(queues: readonly QueueName[], concurrency: number): Promise<void>;
  /** Whether the queue still holds the operation's job (false: it vanished); null when it cannot tell. */
  abstract holds(queue: QueueName, operationID: number): Promise<boolean | null>;
  readonly kind: 'in-process' | 'bull' = 'in-process';
}
