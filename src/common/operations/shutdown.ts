import type { INestApplication, LoggerService } from '@nestjs/common';
import type { Server } from 'node:http';

/** How often idle keep-alive connections are closed while requests drain: a connection idles once its last answer is sent. */
const IDLE_SWEEP_MS = 50;

/**
 * Graceful stop on SIGTERM or SIGINT (main.ts only; the worker has its own, worker.ts):
 *   1. the listening socket closes, so new connections are refused (the load balancer moves on);
 *   2. requests in flight finish, each connection closed once it idles, for at most `timeoutMs`,
 *      after which the connections still open are cut;
 *   3. app.close() runs the modules' shutdown hooks: running in-process jobs finish, TypeORM
 *      destroys its pool, the Redis connection and the Bull queues quit;
 *   4. the process exits 0 (1 if closing failed). A second signal during all this exits at once.
 */
export function stopGracefullyOnSignals(app: INestApplication, timeoutMs: number, logger: LoggerService): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      logger.warn(`${signal} again: exiting without waiting`, 'Shutdown');
      process.exit(1);
    }
    stopping = true;
    logger.log(`${signal}: refusing new connections, finishing requests in flight (at most ${timeoutMs} ms)`, 'Shutdown');
    void drain(app.getHttpServer() as Server, timeoutMs, logger)
      .then(() => app.close())
      .then(
        () => {
          logger.log('Stopped', 'Shutdown');
          process.exit(0);
        },
        (error: unknown) => {
          logger.error(`Stopping failed: ${(error as Error)?.stack ?? String(error)}`, undefined, 'Shutdown');
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
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
