import { logDestination } from './log-destination';

function failure(code: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: write failed`), { code });
}

describe('logDestination', () => {
  afterEach(() => jest.useRealTimers());

  it.each(['EPIPE', 'ENOSPC', 'EIO'])('a write failing with %s: one line to report, the line is not retried, later lines are discarded', (code) => {
    const reported: string[] = [];
    const write = jest.fn(() => {
      throw failure(code);
    });
    const destination = logDestination({ fd: 7, write, report: (line) => reported.push(line) });
    destination.write('{"msg":"one"}\n');
    destination.write('{"msg":"two"}\n');
    destination.flushSync();
    destination.flush();
    expect(write).toHaveBeenCalledTimes(1);
    expect(reported).toEqual([`Log destination (fd 7) failed with ${code}: logging stopped; the process goes on without logs`]);
    expect(destination.failed?.code).toBe(code);
  });

  it("a report that throws (stderr gone as well) is not the caller's problem", () => {
    const destination = logDestination({
      write: () => {
        throw failure('EPIPE');
      },
      report: () => {
        throw failure('EPIPE');
      },
    });
    expect(() => destination.write('{"msg":"one"}\n')).not.toThrow();
    expect(() => destination.write('{"msg":"two"}\n')).not.toThrow();
    expect(destination.failed?.code).toBe('EPIPE');
  });

  it('a full reader (EAGAIN) is never waited for: the lines are kept, in order, and written by a timer once it reads again', () => {
    jest.useFakeTimers();
    const written: string[] = [];
    let full = true;
    const write = jest.fn((_fd: number, data: Buffer) => {
      if (full) throw failure('EAGAIN');
      // A reader taking a few bytes at a time: partial writes go on where they stopped.
      const n = Math.min(5, data.length);
      written.push(data.subarray(0, n).toString());
      return n;
    });
    const reported: string[] = [];
    const destination = logDestination({ write, report: (line) => reported.push(line) });
    destination.write('first\n');
    destination.write('second\n');
    expect(write).toHaveBeenCalledTimes(1); // the second line waits behind the first, untried
    jest.advanceTimersByTime(200);
    expect(written).toEqual([]);
    full = false;
    jest.advanceTimersByTime(100);
    expect(written.join('')).toBe('first\nsecond\n');
    expect(reported).toEqual([]);
    expect(destination.failed).toBeUndefined();
  });

  it('a reader that stays full: beyond 4 MB new lines are dropped, counted and reported once', () => {
    jest.useFakeTimers();
    const reported: string[] = [];
    const destination = logDestination({
      write: () => {
        throw failure('EAGAIN');
      },
      report: (line) => reported.push(line),
    });
    const line = `${'x'.repeat(1023)}\n`;
    for (let i = 0; i < 4096 + 10; i += 1) destination.write(line);
    expect(destination.dropped).toBe(10);
    expect(reported).toEqual(['Log destination (fd 1) is not being read: log lines are dropped until it is']);
  });

  it('formats each line (pino-pretty) before writing it', () => {
    const written: string[] = [];
    const destination = logDestination({ format: (line) => `pretty ${line}`, write: (_fd, data) => (written.push(data.toString()), data.length) });
    destination.write('{"msg":"one"}\n');
    expect(written).toEqual(['pretty {"msg":"one"}\n']);
  });
});
