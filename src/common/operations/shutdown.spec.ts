import fs from 'node:fs';
import type { LoggerService } from '@nestjs/common';
import { SHUTDOWN_DEADLINE_MARGIN_MS, stopOnSignals } from './shutdown';

/** stopOnSignals with process.on and process.exit caught: the handlers it registers, the exits it asks for. */
function harness(stop: () => Promise<void>) {
  const handlers = new Map<string, (signal: NodeJS.Signals) => void>();
  const on = jest.spyOn(process, 'on').mockImplementation(((event: string, handler: (signal: NodeJS.Signals) => void) => {
    handlers.set(event, handler);
    return process;
  }) as never);
  const exits: number[] = [];
  const exit = jest.spyOn(process, 'exit').mockImplementation(((code?: number) => {
    exits.push(code ?? 0);
  }) as never);
  const lines: string[] = [];
  const logger: LoggerService = { log: (m: string) => lines.push(m), warn: (m: string) => lines.push(m), error: (m: string) => lines.push(m) };
  stopOnSignals({ stop, timeoutMs: 1000, logger, stopping: 'stopping' });
  on.mockRestore();
  return { handlers, exits, lines, restore: () => exit.mockRestore() };
}

describe('stopOnSignals', () => {
  // Fake timers throughout: no deadline timer outlives a test to call the real process.exit.
  beforeEach(() => jest.useFakeTimers({ doNotFake: ['setImmediate'] }));
  afterEach(() => {
    jest.clearAllTimers();
    jest.useRealTimers();
  });

  it('exits 0 once the stop is done', async () => {
    const h = harness(() => Promise.resolve());
    h.handlers.get('SIGTERM')!('SIGTERM');
    await new Promise((resolve) => setImmediate(resolve));
    expect(h.exits).toEqual([0]);
    expect(h.lines).toEqual(['SIGTERM: stopping', 'Stopped']);
    h.restore();
  });

  it('a stop that never ends: exits 1 at the timeout plus the margin, with one line', () => {
    const h = harness(() => new Promise<void>(() => undefined));
    h.handlers.get('SIGTERM')!('SIGTERM');
    jest.advanceTimersByTime(1000 + SHUTDOWN_DEADLINE_MARGIN_MS - 1);
    expect(h.exits).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(h.exits).toEqual([1]);
    expect(h.lines.at(-1)).toBe(`Still stopping ${1000 + SHUTDOWN_DEADLINE_MARGIN_MS} ms after SIGTERM: exiting without waiting further`);
    h.restore();
  });

  it('a second signal exits 1 at once, even when the logger throws (one line on stderr instead)', () => {
    const h = harness(() => new Promise<void>(() => undefined));
    h.handlers.get('SIGTERM')!('SIGTERM');
    h.lines.push = () => {
      throw new Error('the logger is broken');
    };
    const stderr = jest.spyOn(fs, 'writeSync').mockImplementation(() => 0);
    try {
      h.handlers.get('SIGINT')!('SIGINT');
      expect(h.exits).toEqual([1]);
      expect(stderr).toHaveBeenCalledWith(2, 'SIGINT again: exiting without waiting\n');
    } finally {
      stderr.mockRestore();
      h.restore();
    }
  });

  it('a stop that fails exits 1', async () => {
    const h = harness(() => Promise.reject(new Error('pool would not close')));
    h.handlers.get('SIGINT')!('SIGINT');
    await new Promise((resolve) => setImmediate(resolve));
    expect(h.exits).toEqual([1]);
    expect(h.lines.at(-1)).toContain('Stopping failed: Error: pool would not close');
    h.restore();
  });
});
