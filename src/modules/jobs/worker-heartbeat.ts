import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import type Redis from 'ioredis';
import { utimes, writeFile } from 'node:fs/promises';
import { within } from '../../common/async/within';
import { REDIS } from '../../common/redis/redis.module';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { PROCESS_ID } from './job-events';
import type { QueueName } from './job-names';
import { JobRunner } from './job-runner';

/** The sorted set of live workers (score: when each counts as gone) and each one's beat, under REDIS_KEY_PREFIX. */
const WORKERS_KEY = 'workers';
const beatKey = (workerID: string) => `worker:${workerID}`;
/** A worker missing this many beats in a row counts as gone. */
const BEATS_TO_GONE = 3;

/** What a worker says of itself at every beat. */
export interface WorkerBeat {
  workerID: string;
  pid: number;
  queues: QueueName[];
  concurrency: number;
  startedAt: string;
  beatAt: string;
  running: Array<{ operationID: number; name: string; queue: string; runningMs: number }>;
}

/**
 * A worker's heartbeat (scale-out): every WORKER_HEARTBEAT_MS its id, queues, concurrency and
 * current jobs go to Redis with an expiry of three beats, so the API's readiness and metrics see
 * the live workers per queue. With WORKER_HEARTBEAT_FILE set the file is touched too, for a
 * container health check (dist/worker-health.js). A worker that cannot reach Redis for
 * WORKER_REDIS_GRACE_MS calls `onLost` (worker.ts exits, so the orchestrator restarts it).
 */
@Injectable()
export class WorkerHeartbeat implements OnApplicationShutdown {
  private readonly logger = new Logger('Worker');
  private timer: NodeJS.Timeout | undefined;
  private lastReached = Date.now();
  private beat: Omit<WorkerBeat, 'beatAt' | 'running'> | null = null;
  onLost: (unreachableMs: number) => void = () => undefined;

  constructor(
    @Inject(REDIS) private readonly redis: Redis | null,
    private readonly runner: JobRunner,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  start(queues: readonly QueueName[], concurrency: number): Promise<void> {
    this.beat = { workerID: PROCESS_ID, pid: process.pid, queues: [...queues], concurrency, startedAt: new Date().toISOString() };
    this.lastReached = Date.now();
    this.timer = setInterval(() => void this.send(), this.config.workerHeartbeatMs);
    return this.send();
  }

  private async send(): Promise<void> {
    if (!this.beat) return;
    const now = Date.now();
    const beat: WorkerBeat = {
      ...this.beat,
      beatAt: new Date(now).toISOString(),
      running: this.runner.runningJobs().map((j) => ({ operationID: j.operationID, name: j.name, queue: j.queue, runningMs: now - j.startedAt })),
    };
    const goneAt = now + BEATS_TO_GONE * this.config.workerHeartbeatMs;
    try {
      if (this.redis) {
        await within(
          this.config.workerHeartbeatMs,
          'Redis',
          this.redis
            .multi()
            .zadd(WORKERS_KEY, goneAt, PROCESS_ID)
            .set(beatKey(PROCESS_ID), JSON.stringify(beat), 'PX', goneAt - now)
            .zremrangebyscore(WORKERS_KEY, '-inf', now)
            .exec(),
        );
      }
      this.lastReached = now;
      if (this.config.workerHeartbeatFile) await touch(this.config.workerHeartbeatFile);
    } catch {
      // The connection's own listener has logged the outage; this only decides when to give up.
      const unreachable = now - this.lastReached;
      if (unreachable >= this.config.workerRedisGraceMs) this.onLost(unreachable);
    }
  }

  /** A stopping worker leaves the list at once rather than three beats later. */
  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    if (!this.beat || this.redis?.status !== 'ready') return;
    this.beat = null;
    await within(1000, 'Redis', this.redis.multi().zrem(WORKERS_KEY, PROCESS_ID).del(beatKey(PROCESS_ID)).exec()).catch((error: unknown) =>
      this.logger.warn({ msg: 'Could not take this worker off the list of live workers', err: error }),
    );
  }
}

/** The live workers' beats, as the API reads them (readiness, metrics); throws when Redis does not answer. */
export async function liveWorkers(redis: Redis): Promise<WorkerBeat[]> {
  const ids = await redis.zrangebyscore(WORKERS_KEY, Date.now(), '+inf');
  if (!ids.length) return [];
  const beats = await redis.mget(ids.map(beatKey));
  return beats.filter((b): b is string => b !== null).map((b) => JSON.parse(b) as WorkerBeat);
}

async function touch(file: string): Promise<void> {
  const now = new Date();
  await utimes(file, now, now).catch(() => writeFile(file, ''));
}
