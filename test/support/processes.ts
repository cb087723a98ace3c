import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import type { Row } from './api';

/** The built processes (`npm run build:server`). */
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
  const child = spawn(process.execPath, [script], { env: { PATH: process.env.PATH ?? '', ...env }, stdio });
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
