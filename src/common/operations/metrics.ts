import { Inject, Injectable, type NestMiddleware } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { NextFunction, Request, Response } from 'express';
import { createHash, timingSafeEqual } from 'node:crypto';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { DataSource, In } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { Operation } from '../../modules/jobs/entities/operation.entity';
import { JOB_NAMES, QUEUE_NAMES } from '../../modules/jobs/job-names';
import { NotAllowed } from '../http/validation-result';
import { JobQueues } from './job-queues';
import { routeOf } from './logging';

const QUEUE_STATES = ['waiting', 'active', 'delayed'] as const;

/**
 * The API's Prometheus metrics, in a registry of its own (one per app, so test apps side by side
 * never share counts): request durations by method, route pattern and status; queue depth; jobs
 * completed and failed, and Node's process metrics. Jobs are counted from the operation table,
 * which every process writes in both modes, so jobs run by worker processes (which have no HTTP)
 * show here too; the Bull queues' own counts are trimmed (removeOnComplete) and would not do.
 */
@Injectable()
export class Metrics {
  readonly registry = new Registry();
  private readonly requestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status, and how long their answers took',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [this.registry],
  });

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly queues: JobQueues,
  ) {
    collectDefaultMetrics({ register: this.registry });
    for (const state of ['completed', 'failed'] as const) {
      const counter: Counter<'name'> = new Counter({
        name: `jobs_${state}_total`,
        help: `Jobs ${state}, by job name, in every process (from the operation table)`,
        labelNames: ['name'] as const,
        registers: [this.registry],
        // Read at each scrape: the table holds the total, the counter is set to it.
        collect: async () => {
          const counts = await this.jobCounts(state);
          counter.reset();
          for (const name of JOB_NAMES) counter.inc({ name }, counts.get(name) ?? 0);
        },
      });
    }
    const depth: Gauge<'queue' | 'state'> = new Gauge({
      name: 'job_queue_depth',
      help: 'Jobs waiting, active and delayed, by queue',
      labelNames: ['queue', 'state'] as const,
      registers: [this.registry],
      collect: async () => {
        for (const [queue, counts] of await this.queueDepth()) {
          for (const state of QUEUE_STATES) depth.set({ queue, state }, counts[state] ?? 0);
        }
      },
    });
  }

  /** Times every request (installed by createApp before any route); requests no route matched share one label. */
  readonly middleware = (req: Request, res: Response, next: NextFunction): void => {
    const end = this.requestDuration.startTimer();
    res.once('finish', () => end({ method: req.method, route: routeOf(req) ?? 'unmatched', status_code: res.statusCode }));
    next();
  };

  private async jobCounts(state: 'completed' | 'failed'): Promise<Map<string, number>> {
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

  /** Bull's counts in scale-out; in process, the operations still waiting or running (a retry waits in 'waiting'). */
  private async queueDepth(): Promise<Array<[string, Partial<Record<(typeof QUEUE_STATES)[number], number>>]>> {
    const bull = this.queues.bull();
    if (bull) return Promise.all(bull.map(async (q) => [q.name, { ...(await q.getJobCounts()) }] as [string, Record<string, number>]));
    const rows = await this.dataSource
      .getRepository(Operation)
      .createQueryBuilder('o')
      .select('o.queue', 'queue')
      .addSelect('o.state', 'state')
      .addSelect('COUNT(*)', 'count')
      .where({ state: In(['waiting', 'active']) })
      .groupBy('o.queue')
      .addGroupBy('o.state')
      .getRawMany<{ queue: string; state: string; count: string | number }>();
    return QUEUE_NAMES.map((queue) => [
      queue,
      Object.fromEntries(rows.filter((r) => r.queue === queue).map((r) => [r.state, Number(r.count)])),
    ]);
  }
}

/** SHA-256 both sides first, so the comparison takes the same time whatever the lengths. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * GET /api/metrics for a scraper: `/api/metrics` is also the KPI metrics list of the HTTP contract
 * (spec 02 section 7), so the two are told apart by their credentials. A request with
 * `Authorization: Bearer ...` and no session header is a scrape, answered here before any route:
 * Prometheus text for METRICS_TOKEN, 403 for another token. Everything else (the app's
 * x-access-token calls) goes on to the list. Only installed when METRICS_TOKEN is set, so without
 * it a bearer request meets the list's own 403.
 */
@Injectable()
export class PrometheusScrape implements NestMiddleware {
  constructor(
    private readonly metrics: Metrics,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async use(req: Request, res: Response, next: NextFunction): Promise<void> {
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '')?.[1];
    if (req.method !== 'GET' || !bearer || req.headers['x-access-token'] !== undefined) return next();
    if (!sameSecret(bearer, this.config.metricsToken!)) return next(new NotAllowed('The metrics token is not valid'));
    res.type(this.metrics.registry.contentType).send(await this.metrics.registry.metrics());
  }
}
