import 'reflect-metadata';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../src/app.factory';
import { loadConfig } from '../src/config/app-config';

export type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export const ADMIN_EMAIL = 'bench@example.com';
export const ADMIN_PASSWORD = 'Bench-12345!';

/** Peak RSS and heap of this process, sampled every 50 ms between start() and stop(). */
export class Memory {
  rss = 0;
  heap = 0;
  private timer?: NodeJS.Timeout;
  start() {
    this.rss = 0;
    this.heap = 0;
    const sample = () => {
      const m = process.memoryUsage();
      this.rss = Math.max(this.rss, m.rss);
      this.heap = Math.max(this.heap, m.heapUsed);
    };
    sample();
    this.timer = setInterval(sample, 50);
  }
  stop() {
    clearInterval(this.timer);
    const mb = (n: number) => `${(n / 1048576).toFixed(0)} MB`;
    return `peak rss ${mb(this.rss)}, peak heap ${mb(this.heap)}`;
  }
}

/** Polls an operation until it ends; its result, or a throw when the job failed. */
export async function finishedResult(get: (path: string) => Promise<Json>, operationID: number): Promise<Json> {
  for (;;) {
    const { data } = await get(`/longRunningOperation?operationID=${operationID}`);
    if (data.state === 'completed') return data.result;
    if (data.state === 'failed') throw new Error(`operation ${operationID} failed: ${data.error}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export interface BenchApi {
  app: NestExpressApplication;
  /** A call as the user last logged in; a status of 300 or more throws with the answer. */
  call: (method: string, path: string, body?: unknown, form?: FormData) => Promise<Json>;
  /** A call that queues a job (202): polls its operation every 50 ms and answers the job's result. */
  job: (method: string, path: string, body?: unknown) => Promise<Json>;
  login(email: string, password: string): Promise<void>;
  /** Closes the app and deletes its data directory. */
  close(): Promise<void>;
}

/**
 * The app in this process on a temporary data directory (SQLite there, or `databaseUrl`),
 * listening on a free port, logged in as its administrator; `env` adds to its configuration.
 */
export async function startBenchApi(prefix: string, databaseUrl?: string, env: Record<string, string> = {}): Promise<BenchApi> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const config = loadConfig({
    DATA_DIR: dir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    JWT_SECRET: 'bench-secret',
    LOGIN_ATTEMPTS_PER_MINUTE: '100',
    ...env,
  });
  const app = await createApp(config, { logger: ['error'] });
  await app.listen(0, '127.0.0.1');
  const base = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}/api`;
  let token = '';
  const call = async (method: string, path: string, body?: unknown, form?: FormData): Promise<Json> => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { 'x-access-token': token, ...(form ? {} : { 'Content-Type': 'application/json' }) },
      body: form ?? (body === undefined ? undefined : JSON.stringify(body)),
    });
    const json = (await res.json()) as Json;
    if (res.status >= 300) throw new Error(`${method} ${path} → ${res.status} ${JSON.stringify(json).slice(0, 500)}`);
    return json;
  };
  const job = async (method: string, path: string, body?: unknown): Promise<Json> => {
    const { operationID } = (await call(method, path, body)).data;
    return finishedResult((p) => call('GET', p), operationID);
  };
  const login = async (email: string, password: string) => {
    token = (await call('POST', '/user/login', { email, password })).data.token;
  };
  const close = async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await login(ADMIN_EMAIL, ADMIN_PASSWORD);
  } catch (error) {
    await close();
    throw error;
  }
  return { app, call, job, login, close };
}
