import type { INestApplication, INestApplicationContext, LoggerService } from '@nestjs/common';
import type { Server } from 'node:http';
import { toStderr } from './log-destination';

/** How often idle keep-alive connections are closed while requests drain: a connection idles once its last answer is sent. */
const IDLE_SWEEP_MS = 50;

/** app.close(signal): Nest passes the signal to the shutdown hooks (its interface leaves the parameter out). */
function closeApp(app: INestApplicationContext, signal: NodeJS.Signals): Promise<void> {
  return (app as INestApplicationContext & { close(signal?: string): Promise<void> }).close(signal);
}

/** How long after SIGTERM a stop still running is cut short: SHUTDOWN_TIMEOUT_MS plus this. */
export const SHUTDOWN_DEADLINE_MARGIN_MS = 5_000;

export interface StopOnSignals {
  /** The process's orderly stop: the API drains HTTP then closes the app; the worker closes the app. */
  stop: (signal: NodeJS.Signals) => Promise<void>;
  /** SHUTDOWN_TIMEOUT_MS: what the stop itself may take (requests to drain, jobs to finish or hand back). */
  timeoutMs: number;
  logger: LoggerService;
  /** The first line, after "SIGTERM: ". */
  stopping: string;
}

/** A line through the app's logger; one on stderr if even that throws. Never holds the exit. */
function say(logger: LoggerService, level: 'log' | 'warn' | 'error', message: string): void {
  try {
    if (level === 'error') logger.error(message, undefined, 'Shutdown');
    else logger[level](message, 'Shutdown');
  } catch {
    toStderr(message);
  }
}

/**
 * SIGTERM or SIGINT, in the API (main.ts) and the worker (worker.ts) alike:
 *   1. `stop` runs: the process's orderly stop (see stopApiOnSignals, stopWorkerOnSignals);
 *   2. the process exits 0 when it is done (1 if it failed);
 *   3. a deadline of `timeoutMs` + 5 s (an unref'd timer) exits 1 with one line if the stop is
 *      still running then, however it is stuck (a hook that never resolves, a pool that never
 *      drains), so the orchestrator's SIGKILL is never needed;
 *   4. a second signal during all this exits 1 at once.
 * Nothing here waits on the logs: the log destination never blocks (log-destination.ts), and a
 * logger that throws is replaced by one line on stderr.
 */
export function stopOnSignals({ stop, timeoutMs, logger, stopping }: StopOnSignals): void {
  let started = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (started) {
      say(logger, 'warn', `${signal} again: exiting without waiting`);
      process.exit(1);
      return;
    }
    started = true;
    const deadlineMs = timeoutMs + SHUTDOWN_DEADLINE_MARGIN_MS;
    const deadline = setTimeout(() => {
      say(logger, 'error', `Still stopping ${deadlineMs} ms after ${signal}: exiting without waiting further`);
      process.exit(1);
    }, deadlineMs).unref();
    say(logger, 'log', `${signal}: ${stopping}`);
    let closing: Promise<void>;
    try {
      closing = stop(signal);
    } catch (error) {
      closing = Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
    closing.then(
      () => {
        clearTimeout(deadline);
        say(logger, 'log', 'Stopped');
        process.exit(0);
      },
      (error: unknown) => {
        clearTimeout(deadline);
        say(logger, 'error', `Stopping failed: ${(error as Error)?.stack ?? String(error)}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}

/**
 * The API's stop (main.ts):
 *   1. the listening socket closes, so new connections are refused (the load balancer moves on);
 *   2. requests in flight finish, each connection closed once it idles, for at most `timeoutMs`,
 *      after which the connections still open are cut;
 *   3. app.close() runs the modules' shutdown hooks: running in-process jobs finish, TypeORM
 *      destroys its pool, the Redis connection and the Bull queues quit.
 */
export function stopGracefullyOnSignals(app: INestApplication, timeoutMs: number, logger: LoggerService): void {
  stopOnSignals({
    timeoutMs,
    logger,
    stopping: `refusing new connections, finishing requests in flight (at most ${timeoutMs} ms)`,
    stop: async (signal) => {
      await drain(app.getHttpServer() as Server, timeoutMs, logger);
      await closeApp(app, signal);
    },
  });
}

/**
 * The worker's stop (worker.ts): app.close() runs the shutdown hooks, in which the jobs module
 * lets the running jobs finish or hands them back within `timeoutMs`; then the pool and Redis close.
 */
export function stopWorkerOnSignals(app: INestApplicationContext, timeoutMs: number, logger: LoggerService): void {
  stopOnSignals({
    timeoutMs,
    logger,
    stopping: `stopping: running jobs finish or are handed back (at most ${timeoutMs} ms)`,
    // The jobs are finished or handed back first (the jobs module's beforeApplicationShutdown);
    // what can fail after that is closing connections, e.g. Bull's Redis clients erroring as they
    // are cut on a loaded machine. That loses nothing: it is said, and the stop still counts as done.
    stop: (signal) =>
      closeApp(app, signal).catch((error: unknown) =>
        say(logger, 'warn', `Closing the worker's connections failed after its jobs had stopped: ${(error as Error)?.message ?? String(error)}`),
      ),
  });
}

/** Resolves once every connection has closed: by itself after its last answer, or cut at the timeout. */
function drain(server: Server, timeoutMs: number, logger: LoggerService): Promise<void> {
  return new Promise((resolve) => {
    const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
    const deadline = setTimeout(() => {
      logger.warn(`Requests still running after ${timeoutMs} ms: closing their connections`, 'Shutdown');
      server.closeAllConnections();
    }, timeoutMs);
    server.close(() => {
      clearInterval(sweep);
      clearTimeout(deadline);
      resolve();
    });
  });
}
