import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import type { Row } from './api';

/**
 * Real processes for the operations tests: the built API and worker (dist/, built by `npm test`'s
 * pretest), a Redis server of the test's own on a free port, and waits on conditions.
 */

export const MAIN = join(__dirname, '..', '..', 'dist', 'main.js');
export const WORKER = join(__dirname, '..', '..', 'dist', 'worker.js');

export interface Started {
  child: ChildProcess;
  /** Everything written to stdout and stderr so far. */
  output: () => string;
  exited: Promise<number | null>;
}

export function startProcess(command: string, args: string[], env: Record<string, string>): Started {
  const child = spawn(command, args, { env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

export function startWorker(env: Record<string, string>): Started {
  return startProcess(process.execPath, [WORKER], env);
}

/** Ends a process this test started, if it still runs, and waits for it. */
export async function stop(started: Started): Promise<void> {
  if (started.child.exitCode === null && started.child.signalCode === null) started.child.kill('SIGKILL');
  await started.exited;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export async function until(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 30_000, everyMs = 25): Promise<void> {
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

/** A Redis server of the test's own (no persistence), on `port`, that the test may kill and start again. */
export async function startRedis(port: number): Promise<Started> {
  const redis = startProcess('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {});
  await until('the test Redis to accept connections', () => /Ready to accept connections/.test(redis.output()) || redis.child.exitCode !== null, 10_000);
  if (redis.child.exitCode !== null) throw new Error(`redis-server did not start: ${redis.output()}`);
  return redis;
}
