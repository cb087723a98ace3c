import { RequestMethod, type DynamicModule, type LoggerService } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import { LoggerModule } from 'nestjs-pino';
import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import { pinoHttp, type HttpLogger } from 'pino-http';
import type { AppConfig, LogLevelName } from '../../config/app-config';
import { logDestination, toStderr } from './log-destination';

/** An incoming X-Request-Id is kept only if it is this: short, and nothing a log reader or header could trip on. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;
const REQUEST_ID_HEADER = 'X-Request-Id';
/** Health probes come every few seconds: their successes are logged at debug, not info. */
const QUIET_PATHS = /^\/api\/health(\/|\?|$)/;

type LoggedRequest = IncomingMessage & {
  id?: string;
  originalUrl?: string;
  baseUrl?: string;
  route?: { path?: string };
  user?: { userID?: number };
};

/** The id of a request: the caller's X-Request-Id when it is a safe one (a proxy's or a client's), else a new UUID. */
export function requestIdOf(header: string | string[] | undefined): string {
  const incoming = Array.isArray(header) ? header[0] : header;
  return incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/** The route pattern a request matched ('/api/sale/:saleID'), or undefined when none did (a 404, a static file). */
export function routeOf(req: IncomingMessage): string | undefined {
  const { route, baseUrl } = req as LoggedRequest;
  return typeof route?.path === 'string' ? `${baseUrl ?? ''}${route.path}` : undefined;
}

/** Download links carry the session token as ?token=: it never reaches a log. */
function withoutSecrets(url: string): string {
  return url.replace(/([?&]token=)[^&#]*/gi, '$1[redacted]');
}

/** pino-pretty's formatter, in this thread (a development dependency, loaded only for LOG_FORMAT=pretty). */
function prettyLines(): (line: string) => string {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { prettyFactory } = require('pino-pretty') as typeof import('pino-pretty');
  return prettyFactory({ translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname', singleLine: true, colorize: Boolean(process.stdout.isTTY) });
}

/**
 * The process's root logger: JSON lines on stdout, or pino-pretty's lines (LOG_FORMAT=pretty or
 * NODE_ENV=development; pino-pretty is a development dependency). Errors keep their type,
 * message, stack and code only: a database error's own fields hold the statement's parameters.
 * Both go through logDestination(): a stdout that fails (the log collector gone: EPIPE; a full
 * disk) is given up with one line on stderr and the process goes on serving, and a stdout that is
 * not read never blocks it. (pino-pretty runs in this thread rather than as a transport: its
 * worker thread died on EPIPE and took the API with it.)
 */
export function rootLogger(config: Pick<AppConfig, 'logLevel' | 'logFormat'>, destination?: DestinationStream, level: LogLevelName = config.logLevel): Logger {
  const options: LoggerOptions = {
    level,
    serializers: {
      err: (error: Error & { code?: unknown }) => ({ type: error?.constructor?.name, message: error?.message, stack: error?.stack, code: error?.code }),
    },
  };
  if (destination) return pino(options, destination);
  return pino(options, logDestination({ format: config.logFormat === 'pretty' ? prettyLines() : undefined }));
}

/**
 * One line per request when its answer is sent: request id, method, url (tokens redacted), route
 * pattern, user id when signed in, status and duration in ms; a 500 adds the error (res.err,
 * set by AllExceptionsFilter). Never headers or bodies, so no token or password is logged.
 * The id is answered as X-Request-Id and is a 500's errorID.
 */
export function requestLogger(root: Logger): HttpLogger {
  const facts = (req: IncomingMessage, res: ServerResponse, val: object) => ({
    ...val,
    route: routeOf(req),
    userID: (req as LoggedRequest).user?.userID,
  });
  return pinoHttp({
    logger: root,
    genReqId: (req, res) => {
      const id = requestIdOf(req.headers['x-request-id']);
      res.setHeader(REQUEST_ID_HEADER, id);
      return id;
    },
    serializers: {
      req: (req: { id: string; method: string; url: string }) => ({ id: req.id, method: req.method, url: withoutSecrets(req.url) }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
    customLogLevel: (req, res, error) => {
      if (error || (res as ServerResponse & { err?: unknown }).err || res.statusCode >= 500) return 'error';
      return QUIET_PATHS.test((req as LoggedRequest).originalUrl ?? req.url ?? '') ? 'debug' : 'info';
    },
    customSuccessObject: facts,
    customErrorObject: (req, res, _error, val: object) => facts(req, res, val),
  });
}

/**
 * nestjs-pino over the same root logger: Nest's own logs (and every Logger('Context') in the
 * code) become pino lines, carrying the request id when written during a request. Its request
 * logging is off: requestLogger() runs first of all middleware (createApp), so even a body the
 * JSON parser refuses gets its line and its id.
 */
export function loggerModule(root: Logger): DynamicModule {
  return LoggerModule.forRoot({
    pinoHttp: { logger: root, autoLogging: false, genReqId: (req) => (req as LoggedRequest).id ?? randomUUID() },
    // Every path, in path-to-regexp 8's words (its default '*' is converted with a warning at start).
    forRoutes: [{ path: '{*path}', method: RequestMethod.ALL }],
  });
}

type NestLevel = 'log' | 'error' | 'warn' | 'debug' | 'verbose' | 'fatal';
const PINO_LEVEL: Record<NestLevel, 'info' | 'error' | 'warn' | 'debug' | 'trace' | 'fatal'> = {
  log: 'info',
  error: 'error',
  warn: 'warn',
  debug: 'debug',
  verbose: 'trace',
  fatal: 'fatal',
};
const STACK = /\n\s+at /;

/**
 * Nest's logger while the app is being built, over the root logger: Nest's own lines and every
 * Logger('Context') call are pino lines from the very start (nestjs-pino's logger takes over once
 * the app exists). The lines of Nest's ExceptionHandler are left out: with abortOnError false the
 * error goes on to bootstrap's catch, which logs it once (startFailed).
 */
export function bootLogger(root: Logger): LoggerService {
  const line =
    (level: NestLevel) =>
    (message: unknown, ...params: unknown[]) => {
      const context =
        params.length && typeof params[params.length - 1] === 'string' && !STACK.test(params[params.length - 1] as string)
          ? (params.pop() as string)
          : undefined;
      if (context === 'ExceptionHandler') return;
      const stack = typeof params[0] === 'string' && STACK.test(params[0]) ? params[0] : undefined;
      if (message instanceof Error) root[PINO_LEVEL[level]]({ context, err: message }, message.message);
      else if (stack) root[PINO_LEVEL[level]]({ context, err: { message: String(message), stack } }, String(message));
      else if (typeof message === 'object' && message !== null) root[PINO_LEVEL[level]]({ context, ...message });
      else root[PINO_LEVEL[level]]({ context }, String(message));
    };
  return { log: line('log'), error: line('error'), warn: line('warn'), debug: line('debug'), verbose: line('verbose'), fatal: line('fatal') };
}

/** LOG_FORMAT as loadConfig() reads it, for a failure before (or in) loadConfig(). */
function logFormatFromEnvironment(env: NodeJS.ProcessEnv): 'json' | 'pretty' {
  return env.LOG_FORMAT === 'pretty' || (!env.LOG_FORMAT && env.NODE_ENV === 'development') ? 'pretty' : 'json';
}

/**
 * A process that cannot start (bad configuration, the database unreachable, a port taken) says
 * why in one line at fatal, with the error and its stack (a JSON line unless LOG_FORMAT=pretty),
 * and exits 1.
 */
export function startFailed(error: unknown, context: string, env: NodeJS.ProcessEnv = process.env): never {
  const err = error instanceof Error ? error : new Error(String(error));
  try {
    rootLogger({ logLevel: 'info', logFormat: logFormatFromEnvironment(env) }).fatal({ context, err }, `Could not start: ${err.message}`);
  } catch {
    toStderr(`Could not start: ${err.stack ?? err.message}`);
  }
  process.exit(1);
}
