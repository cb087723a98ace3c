import { writeSync } from 'node:fs';

/** Lines kept while the reader is full (EAGAIN) before new ones are dropped: logs never fill the memory. */
const MAX_PENDING_BYTES = 4 * 1024 * 1024;
/** How soon a full reader is tried again; the timer never keeps the process alive. */
const RETRY_MS = 50;

/** Destinations with lines waiting for a full reader: tried once more as the process exits. */
const waitingAtExit = new Set<() => void>();
let exitHookAdded = false;

function tryAgainAtExit(drain: () => void): void {
  waitingAtExit.add(drain);
  if (exitHookAdded) return;
  exitHookAdded = true;
  process.once('exit', () => {
    for (const waiting of waitingAtExit) waiting();
  });
}

export interface LogDestinationOptions {
  /** The file descriptor written (1: stdout). */
  fd?: number;
  /** Turns a JSON line into what is written (pino-pretty's formatter for LOG_FORMAT=pretty). */
  format?: (line: string) => string;
  /** Where the one line saying the destination was given up goes; silently nowhere if that fails too. */
  report?: (line: string) => void;
  /** fs.writeSync, replaceable in a unit test. */
  write?: (fd: number, data: Buffer) => number;
}

export interface LogDestination {
  write(line: string): void;
  /** Writes what waits for a full reader, once: never sleeps, never loops on an error (pino's fatal() calls it). */
  flushSync(): void;
  flush(callback?: (error?: Error) => void): void;
  /** The error the destination was given up on, if it was. */
  readonly failed: NodeJS.ErrnoException | undefined;
  /** Lines dropped because the reader was full for too long. */
  readonly dropped: number;
}

/** One line on stderr, or nothing at all if stderr fails as well (it may be the same dead pipe). */
export function toStderr(line: string): void {
  try {
    writeSync(2, `${line}\n`);
  } catch {
    // Nowhere left to say it.
  }
}

/**
 * The log lines' destination (stdout by default), written synchronously as pino's own default
 * is, but never holding the process:
 * - any write error other than a full pipe (EPIPE when the log collector has gone, ENOSPC, EBADF,
 *   EIO, ...) gives the destination up: one line to stderr, then every later line is discarded.
 *   pino's default (sonic-boom) retries a failed line on each later write, and its flushSync()
 *   (pino's fatal(), the exit flush) retries any error every 100 ms forever, blocking the event
 *   loop so that SIGTERM is never handled;
 * - a full pipe (EAGAIN: the reader is alive but slow) keeps the rest in memory, tried again on
 *   an unref'd timer (and once as the process exits), never by sleeping; beyond 4 MB new lines
 *   are dropped and counted.
 */
export function logDestination(options: LogDestinationOptions = {}): LogDestination {
  const fd = options.fd ?? 1;
  const format = options.format ?? ((line: string) => line);
  const reportTo = options.report ?? toStderr;
  const report = (line: string) => {
    try {
      reportTo(line);
    } catch {
      // Saying it failed as well: silently, never to the caller.
    }
  };
  const write = options.write ?? ((target: number, data: Buffer) => writeSync(target, data));
  /** What a full reader has not taken yet, in order. */
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let failed: NodeJS.ErrnoException | undefined;
  let dropped = 0;
  let retry: NodeJS.Timeout | undefined;

  const giveUp = (error: NodeJS.ErrnoException) => {
    failed = error;
    pending = [];
    pendingBytes = 0;
    if (retry) clearTimeout(retry);
    retry = undefined;
    waitingAtExit.delete(drain);
    report(`Log destination (fd ${fd}) failed with ${error.code ?? error.message}: logging stopped; the process goes on without logs`);
  };

  /** Writes what is pending as far as the reader takes it; false when it is full. */
  const drain = (): boolean => {
    while (pending.length && !failed) {
      try {
        const written = write(fd, pending[0]);
        if (written <= 0) return false;
        pendingBytes -= written;
        if (written >= pending[0].length) pending.shift();
        else pending[0] = pending[0].subarray(written);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'EAGAIN' || code === 'EWOULDBLOCK' || code === 'EBUSY') return false;
        giveUp(error as NodeJS.ErrnoException);
      }
    }
    return true;
  };

  const later = () => {
    if (retry || failed) return;
    tryAgainAtExit(drain);
    retry = setTimeout(() => {
      retry = undefined;
      if (drain()) waitingAtExit.delete(drain);
      else later();
    }, RETRY_MS);
    retry.unref();
  };

  return {
    write(line: string) {
      if (failed) return;
      let text: string;
      try {
        text = format(line);
      } catch {
        text = line;
      }
      const data = Buffer.from(text);
      if (pending.length) {
        // The reader is full: the timer writes it after what waits, in order.
        if (pendingBytes + data.length > MAX_PENDING_BYTES) {
          dropped += 1;
          if (dropped === 1) report(`Log destination (fd ${fd}) is not being read: log lines are dropped until it is`);
        } else {
          pending.push(data);
          pendingBytes += data.length;
        }
        return;
      }
      pending = [data];
      pendingBytes = data.length;
      if (!drain()) later();
    },
    flushSync() {
      drain();
    },
    flush(callback?: (error?: Error) => void) {
      drain();
      callback?.(failed);
    },
    get failed() {
      return failed;
    },
    get dropped() {
      return dropped;
    },
  };
}

/**
 * Node's own stdout and stderr (console.log, TypeORM's console logger, pino-pretty): an EPIPE
 * there is an 'error' event that would end the process as an uncaught exception. It is noted
 * once on the other stream instead, and the stream is left alone.
 */
export function survivingBrokenStdio(): void {
  for (const [stream, name] of [
    [process.stdout, 'stdout'],
    [process.stderr, 'stderr'],
  ] as const) {
    let told = false;
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (told) return;
      told = true;
      if (name === 'stdout') toStderr(`process.stdout failed with ${error.code ?? error.message}: its output is discarded`);
    });
  }
}
