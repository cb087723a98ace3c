import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type Redis from 'ioredis';
import { DataSource, In } from 'typeorm';
import { within } from '../../common/async/within';
import { JobsProbe, type QueueDepth } from '../../common/operations/jobs-probe';
import { REDIS, redisReady } from '../../common/redis/redis.module';
import { BullJobDriver } from './drivers/bull.driver';
import { JobDriver } from './drivers/job-driver';
import { Operation } from './entities/operation.entity';
import { JOB_NAMES, QUEUE_NAMES } from './job-names';
import { liveWorkers } from './worker-heartbeat';

const ANSWER_MS = 2000;

/** The jobs as readiness and metrics see them (JobsProbe): Bull's counts and the workers' heartbeats in scale-out, the operation table in process. */
@Injectable()
export class JobsMonitor extends JobsProbe {
  readonly queueNames = QUEUE_NAMES;
  readonly jobNames = JOB_NAMES;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly driver: JobDriver,
    @Inject(REDIS) private readonly redis: Redis | null,
  ) {
    super();
  }

  get mode(): 'bull' | 'in-process' {
    return this.driver.kind;
  }

  async ping(): Promise<void> {
    const driver = this.driver;
    if (!(driver instanceof BullJobDriver)) return;
    if (!(await driver.available())) throw new Error('Redis is not connected');
    await within(
      ANSWER_MS,
      'The job queues',
      Promise.all(
        QUEUE_NAMES.map(async (name) => {
          const queue = driver.queue(name);
          await queue.isReady();
          await queue.client.ping();
        }),
      ),
    );
  }

  async depth(): Promise<Map<string, QueueDepth>> {
    const driver = this.driver;
    if (driver instanceof BullJobDriver) {
      return new Map(
        (await driver.depth()).map(([queue, counts]) => [
          queue,
          counts && { waiting: counts.waiting ?? 0, active: counts.active ?? 0, delayed: counts.delayed ?? 0 },
        ]),
      );
    }
    // In process a retry waits in 'waiting'; nothing is delayed.
    const rows = await this.dataSource
      .getRepository(Operation)
      .createQueryBuilder('o')
      .select('o.queue', 'queue')
      .addSelect('o.state', 'state')
      .addSelect('COUNT(*)', 'count')
      .where({ state: In(['waiting', 'active']) })
      .groupBy('o.queue')
      .addGroupBy('o.state')
      .getRawMany<{ queue: string; state: 'waiting' | 'active'; count: string | number }>();
    return new Map(
      QUEUE_NAMES.map((queue) => {
        const counts = { waiting: 0, active: 0, delayed: 0 };
        for (const r of rows) if (r.queue === queue) counts[r.state] = Number(r.count);
        return [queue, counts];
      }),
    );
  }

  async liveWorkers(): Promise<Map<string, number> | null> {
    if (this.driver.kind !== 'bull' || !this.redis) return null;
    // Not connected: say so at once rather than wait for a reconnect.
    if (!redisReady(this.redis)) throw new Error(`Redis is ${this.redis.status}`);
    const workers = await within(ANSWER_MS, 'Redis', liveWorkers(this.redis));
    return new Map(QUEUE_NAMES.map((queue) => [queue, workers.filter((w) => w.queues.includes(queue)).length]));
  }

  async finished(state: 'completed' | 'failed'): Promise<Map<string, number>> {
    const rows = await this.dataSource
      .getRepository(Operation)
      .createQueryBuilder('o')
      .select('o.name', 'name')
      .addSelect('COUNT(*)', 'count')
      .where({ state })
      .groupBy('o.name')
      .getRawMany<{ name: string; count: string | number }>();
    return new Map(rows.map((r) => [r.name, Number(r.count)]));
  }
}
