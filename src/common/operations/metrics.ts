import { Inject, Injectable, NotFoundException, Optional, type NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { createHash, timingSafeEqual } from 'node:crypto';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { within } from '../async/within';
import { NotAllowed, NotSignedIn } from '../http/validation-result';
import { JobsProbe, type QueueDepth } from './jobs-probe';
import { routeOf } from './logging';

const QUEUE_STATES = ['waiting', 'active', 'delayed'] as const;
/** A scrape answers within this, whatever the database or Redis do: what could not be read is left out and said so. */
const READ_MS = 2000;

/**
 * The API's Prometheus metrics, in a registry of its own (one per app, so test apps side by side
 * never share counts): request durations by method, route pattern and status; queue depth and
 * whether it could be read; live workers per queue; jobs completed and failed, and Node's process
 * metrics. Jobs are counted from the operation table, which every process writes in both modes,
 * so jobs run by worker processes (which have no HTTP) show here too; the Bull queues' own counts
 * are trimmed (removeOnComplete) and would not do.
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

  constructor(private readonly jobs: JobsProbe) {
    collectDefaultMetrics({ register: this.registry });
    for (const state of ['completed', 'failed'] as const) {
      const counter: Counter<'name'> = new Counter({
        name: `jobs_${state}_total`,
        help: `Jobs ${state}, by job name, in every process (from the operation table)`,
        labelNames: ['name'] as const,
        registers: [this.registry],
        // Read at each scrape: the table holds the total, the counter is set to it.
        collect: async () => {
          const counts = await within(READ_MS, 'The database', this.jobs.finished(state)).catch(() => null);
          counter.reset();
          if (counts) for (const name of this.jobs.jobNames) counter.inc({ name }, counts.get(name) ?? 0);
        },
      });
    }
    const depth: Gauge<'queue' | 'state'> = new Gauge({
      name: 'job_queue_depth',
      help: 'Jobs waiting, active and delayed, by queue (a queue whose counts could not be read is left out: see job_queue_depth_known)',
      labelNames: ['queue', 'state'] as const,
      registers: [this.registry],
      collect: () => {
        depth.reset();
        for (const [queue, counts] of this.depths) if (counts) for (const state of QUEUE_STATES) depth.set({ queue, state }, counts[state]);
      },
    });
    const known: Gauge<'queue'> = new Gauge({
      name: 'job_queue_depth_known',
      help: 'Whether the queue could say its depth at this scrape (0 while Redis is away)',
      labelNames: ['queue'] as const,
      registers: [this.registry],
      collect: () => {
        for (const [queue, counts] of this.depths) known.set({ queue }, counts ? 1 : 0);
      },
    });
    const workers: Gauge<'queue'> = new Gauge({
      name: 'job_workers_live',
      help: 'Worker processes taking each queue, from their heartbeats (scale-out only; left out while Redis is away)',
      labelNames: ['queue'] as const,
      registers: [this.registry],
      collect: async () => {
        workers.reset();
        const live = await this.jobs.liveWorkers().catch(() => null);
        for (const [queue, count] of live ?? []) workers.set({ queue }, count);
      },
    });
  }

  /** The queues' depths of the scrape going on: read once for both gauges (prom-client collects metrics side by side). */
  private depths = new Map<string, QueueDepth>();

  /** The Prometheus text, within about 2 s whatever Redis does. */
  async scrape(): Promise<string> {
    this.depths = await within(READ_MS, 'The job queues', this.jobs.depth()).catch(
      () => new Map<string, QueueDepth>(this.jobs.queueNames.map((q) => [q, null])),
    );
    return this.registry.metrics();
  }

  /** Times every request (installed by createApp before any route); requests no route matched share one label. */
  readonly middleware = (req: Request, res: Response, next: NextFunction): void => {
    const end = this.requestDuration.startTimer();
    res.once('finish', () => end({ method: req.method, route: routeOf(req) ?? 'unmatched', status_code: res.statusCode }));
    next();
  };
}

/** SHA-256 both sides first, so the comparison takes the same time whatever the lengths. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * GET /api/metrics for a scraper: `/api/metrics` is also the KPI metrics list of the HTTP contract
 * (spec 02 section 7), so the two are told apart by their credentials. A request with the app's
 * x-access-token goes on to the list. Otherwise, answered here before any route:
 *   no credentials at all           401, with WWW-Authenticate: Bearer;
 *   a bearer token, METRICS_TOKEN unset   404 (no scrape is served);
 *   another bearer token            403;
 *   Bearer METRICS_TOKEN            the Prometheus text.
 */
@Injectable()
export class PrometheusScrape implements NestMiddleware {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Optional() private readonly metrics?: Metrics,
  ) {}

  async use(req: Request, res: Response, next: NextFunction): Promise<void> {
    if (req.method !== 'GET' || req.headers['x-access-token'] !== undefined) return next();
    const authorization = req.headers.authorization;
    if (authorization === undefined) {
      res.setHeader('WWW-Authenticate', 'Bearer realm="metrics"');
      return next(new NotSignedIn('Send the metrics token as a bearer token, or sign in for the metrics list'));
    }
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(authorization)?.[1];
    if (!bearer) return next();
    if (!this.config.metricsToken || !this.metrics) {
      return next(
        new NotFoundException({
          statusCode: 404,
          validationResult: { fail: true, failSummary: 'No metrics are served here: set METRICS_TOKEN', failMessages: {} },
        }),
      );
    }
    if (!sameSecret(bearer, this.config.metricsToken)) return next(new NotAllowed('The metrics token is not valid'));
    res.type(this.metrics.registry.contentType).send(await this.metrics.scrape());
  }
}
