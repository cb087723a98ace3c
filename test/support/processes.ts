import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import type { AppConfig } from '../../src/config/app-config';
import type { Row } from './api';

/**
 * Real processes for the operations tests: the built API and worker (dist/, built by `npm test`'s
 * pretest), a Redis server of the test's own on a free port, and waits on conditions.
 */
export const MAIN = join(__dirname, '..', '..', 'dist', 'main.js');
export const WORKER = join(__dirname, '..', '..', 'dist', 'worker.js');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 30_000, everyMs = 25): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** The JSON log lines in `text` (a pretty or partial line is skipped). */
export function logLines(text: string): Row[] {
  return text
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => {
      try {
        return JSON.parse(line) as Row;
      } catch {
        return null;
      }
    })
    .filter((line): line is Row => line !== null);
}

export interface Spawned {
  child: ChildProcess;
  /** What it wrote to stdout (while stdout is a pipe read here). */
  stdout: () => string;
  stderr: () => string;
  output: () => string;
  /** Its exit (once its output is read): code (null when a signal ended it) and when it exited, in ms since the epoch. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
  /** SIGKILL unless it has exited, then its exit. */
  kill: () => Promise<unknown>;
}

/** node <script> with exactly `env` (and PATH); stdout and stderr read here unless `stdio` says otherwise. */
export function spawnBuilt(script: string, env: NodeJS.ProcessEnv, stdio: StdioOptions = ['ignore', 'pipe', 'pipe']): Spawned {
  return spawnProcess(process.execPath, [script], env, stdio);
}

/** A worker process (dist/worker.js) with exactly `env`. */
export function startWorker(env: NodeJS.ProcessEnv): Spawned {
  return spawnBuilt(WORKER, env);
}

/** Any command with exactly `env` (and PATH). */
export function spawnProcess(command: string, args: string[], env: NodeJS.ProcessEnv, stdio: StdioOptions = ['ignore', 'pipe', 'pipe']): Spawned {
  const child = spawn(command, args, { env: { PATH: process.env.PATH ?? '', ...env }, stdio });
  let stdout = '';
  let stderr = '';
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    output += chunk.toString();
  });
  let exitAt = 0;
  child.once('exit', () => (exitAt = Date.now()));
  // 'close': its output has been read to the end as well.
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    child.once('close', (code, signal) => resolve({ code, signal, at: exitAt || Date.now() })),
  );
  return {
    child,
    stdout: () => stdout,
    stderr: () => stderr,
    output: () => output,
    exited,
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      return exited;
    },
  };
}

/** A Redis server of the test's own (no persistence), on `port`, that the test may kill and start again. */
export async function startRedis(port: number): Promise<Spawned> {
  const redis = spawnProcess('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {});
  await until('the test Redis to accept connections', () => /Ready to accept connections/.test(redis.output()) || redis.child.exitCode !== null, 10_000);
  if (redis.child.exitCode !== null) throw new Error(`redis-server did not start: ${redis.output()}`);
  return redis;
}

/** A worker's environment beside a test app: the same database, Redis (and prefix), files and secret, on Bull. */
export function workerEnvironmentOf(config: AppConfig, extra: Record<string, string> = {}): Record<string, string> {
  return {
    DATABASE_URL: config.databaseUrl!,
    REDIS_URL: config.redisUrl!,
    REDIS_KEY_PREFIX: config.redisKeyPrefix,
    DATA_DIR: config.dataDir,
    FILES_DIR: config.filesDir,
    JWT_SECRET: config.jwtSecret,
    TIME_ZONE: config.timeZone,
    JOB_QUEUE: 'bull',
    JOB_LOCK_MS: String(config.jobLockMs),
    DATABASE_POOL_SIZE: '4',
    ...extra,
  };
}
