import { Injectable, Logger } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';

export type JobEvent = 'queued' | 'started' | 'progress' | 'completed' | 'retrying' | 'failed' | 'handedBack' | 'stalled' | 'recovered' | 'lost';

/** This process's name in job logs and worker heartbeats: host, pid and a random tag (a pid is reused after a restart). */
export const PROCESS_ID = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;

const WORDS: Record<JobEvent, string> = {
  queued: 'Job queued',
  started: 'Job started',
  progress: 'Job progress',
  completed: 'Job completed',
  retrying: 'Job failed; it will be retried',
  failed: 'Job failed',
  handedBack: 'Job handed back to its queue',
  stalled: 'Job stalled: its worker stopped renewing its lock',
  recovered: 'Job recovered: taken up again after its run did not end',
  lost: 'Job lost: the queue no longer holds it',
};

/**
 * One log line per job event, the same fields every time (event, operationID, name, queue,
 * workerID, and durations where they apply), so an operator can follow an operation across
 * processes with one filter: `operationID = 123`.
 */
@Injectable()
export class JobEvents {
  private readonly logger = new Logger('Jobs');

  log(event: JobEvent, facts: Record<string, unknown> & { operationID: number }, level: 'log' | 'warn' | 'error' = 'log'): void {
    this.logger[level]({ msg: WORDS[event], event, workerID: PROCESS_ID, ...facts });
  }
}
