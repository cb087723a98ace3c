import { Controller, Get, Inject, Res } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';
import {
  HealthCheckError,
  HealthCheckService,
  HealthIndicatorService,
  TypeOrmHealthIndicator,
  type HealthCheckResult,
  type HealthIndicatorFunction,
} from '@nestjs/terminus';
import type { Response } from 'express';
import type Redis from 'ioredis';
import { Public } from '../auth/decorators';
import { REDIS } from '../redis/redis.module';
import { within } from '../async/within';
import { JobsProbe } from './jobs-probe';

/** terminus's answer, for the OpenAPI document: each check by name, up or down. */
const HEALTH_BODY = {
  type: 'object',
  required: ['status', 'info', 'error', 'details'],
  properties: {
    status: { type: 'string', enum: ['ok', 'error'] },
    info: { type: 'object', additionalProperties: { type: 'object' }, description: 'The checks that are up, by name.' },
    error: { type: 'object', additionalProperties: { type: 'object' }, description: 'The checks that are down, by name, each with its message.' },
    details: { type: 'object', additionalProperties: { type: 'object' }, description: 'Every check, by name.' },
  },
};

/** Each dependency gets this long to answer a readiness probe (probes usually time out after 1 to 5 s). */
const PROBE_MS = 2000;

/**
 * Probes for load balancers and orchestrators, public and outside the { validationResult } contract:
 * terminus's { status, info, error, details } body, 200 or 503.
 *   GET /api/health        the process is up and serving HTTP (liveness: no dependency is touched)
 *   GET /api/health/ready  the database answers, and in scale-out Redis and every Bull queue, and
 *                          no queue has jobs waiting with no live worker to take them (readiness)
 */
@Public()
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly database: TypeOrmHealthIndicator,
    private readonly indicators: HealthIndicatorService,
    private readonly jobs: JobsProbe,
    @Inject(REDIS) private readonly redis: Redis | null,
  ) {}

  @Get()
  @ApiResponse({ status: 200, description: 'The process is up: { status: "ok", info: { process: { status: "up", uptimeSeconds } } }.', schema: HEALTH_BODY })
  live(@Res() res: Response): Promise<void> {
    return this.answer(res, [() => this.indicators.check('process').up({ uptimeSeconds: Math.round(process.uptime()) })]);
  }

  @Get('ready')
  @ApiResponse({
    status: 200,
    description:
      'The database answers, and in scale-out Redis and every queue, and every queue with waiting jobs has a live worker: status "ok"; info.workers gives the live workers per queue.',
    schema: HEALTH_BODY,
  })
  @ApiResponse({
    status: 503,
    description:
      'A dependency failed or did not answer within 2 s, or a queue has jobs waiting and no live worker: status "error", the failed check (database, redis, queues or workers) under error with its message.',
    schema: HEALTH_BODY,
  })
  ready(@Res() res: Response): Promise<void> {
    const checks: HealthIndicatorFunction[] = [() => this.database.pingCheck('database', { timeout: PROBE_MS })];
    const redis = this.redis;
    // Not connected: down at once (ioredis would hold the ping until it reconnects).
    if (redis) {
      checks.push(() =>
        this.ping('redis', async () => {
          if (redis.status !== 'ready') throw new Error(`Redis is ${redis.status}`);
          await redis.ping();
        }),
      );
    }
    if (this.jobs.mode === 'bull') {
      checks.push(() => this.ping('queues', () => this.jobs.ping()));
      checks.push(() => this.workers());
    }
    return this.answer(res, checks);
  }

  /** Live workers per queue (from their heartbeats); down when a queue has jobs waiting and none to take them. */
  private async workers() {
    const check = this.indicators.check('workers');
    try {
      const [live, depth] = await within(PROBE_MS, 'Redis', Promise.all([this.jobs.liveWorkers(), this.jobs.depth()]));
      const perQueue = Object.fromEntries(live ?? []);
      const stranded = [...depth].filter(([queue, counts]) => (counts?.waiting ?? 0) > 0 && !live?.get(queue));
      if (!stranded.length) return check.up({ live: perQueue });
      const message = stranded.map(([queue, counts]) => `${counts!.waiting} job(s) wait on queue ${queue} and no live worker takes it`).join('; ');
      return check.down({ message, live: perQueue });
    } catch (error) {
      return check.down({ message: (error as Error).message });
    }
  }

  private async ping(key: string, probe: () => Promise<void>) {
    const check = this.indicators.check(key);
    try {
      await within(PROBE_MS, key, probe());
      return check.up();
    } catch (error) {
      return check.down({ message: (error as Error).message });
    }
  }

  /** terminus answers a failed check by throwing a 503 carrying the result; sent as is, not reshaped by the exceptions filter. */
  private async answer(res: Response, checks: HealthIndicatorFunction[]): Promise<void> {
    let result: HealthCheckResult;
    try {
      result = await this.health.check(checks);
    } catch (error) {
      const body = (error as { getResponse?: () => unknown }).getResponse?.();
      if (!body || error instanceof HealthCheckError) throw error;
      res.status(503).json(body);
      return;
    }
    res.status(200).json(result);
  }
}
