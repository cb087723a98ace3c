import { Controller, Get, Inject, Res } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';
import { HealthCheckError, HealthCheckService, HealthIndicatorService, TypeOrmHealthIndicator, type HealthCheckResult, type HealthIndicatorFunction } from '@nestjs/terminus';
import type { Response } from 'express';
import type Redis from 'ioredis';
import { Public } from '../auth/decorators';
import { REDIS } from '../redis/redis.module';
import { JobQueues, within } from './job-queues';

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
 *   GET /api/health/ready  the database answers, and in scale-out Redis and every Bull queue (readiness)
 */
@Public()
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly database: TypeOrmHealthIndicator,
    private readonly indicators: HealthIndicatorService,
    private readonly queues: JobQueues,
    @Inject(REDIS) private readonly redis: Redis | null,
  ) {}

  @Get()
  @ApiResponse({ status: 200, description: 'The process is up: { status: "ok", info: { process: { status: "up", uptimeSeconds } } }.', schema: HEALTH_BODY })
  live(@Res() res: Response): Promise<void> {
    return this.answer(res, [() => this.indicators.check('process').up({ uptimeSeconds: Math.round(process.uptime()) })]);
  }

  @Get('ready')
  @ApiResponse({ status: 200, description: 'The database answers, and in scale-out Redis and every queue: status "ok".', schema: HEALTH_BODY })
  @ApiResponse({ status: 503, description: 'A dependency failed or did not answer within 2 s: status "error", the failed check (database, redis or queues) under error with its message.', schema: HEALTH_BODY })
  ready(@Res() res: Response): Promise<void> {
    const checks: HealthIndicatorFunction[] = [() => this.database.pingCheck('database', { timeout: PROBE_MS })];
    const redis = this.redis;
    if (redis) checks.push(() => this.ping('redis', async () => void (await redis.ping())));
    const queues = this.queues.bull();
    if (queues) checks.push(() => this.ping('queues', async () => void (await Promise.all(queues.map(async (q) => { await q.isReady(); await q.client.ping(); })))));
    return this.answer(res, checks);
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
