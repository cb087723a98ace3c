import type { DataSource } from 'typeorm';
import { isDuplicateKey, retryingTransaction, TransactionConflict } from './transactions';

/** A DataSource whose transactions fail with `errors` in turn, then succeed. */
function failingThen(errors: unknown[]): { dataSource: DataSource; runs: () => number } {
  let runs = 0;
  const dataSource = {
    transaction: async (work: (manager: unknown) => Promise<unknown>) => {
      runs += 1;
      const error = errors.shift();
      if (error) throw error as Error;
      return work({});
    },
  } as unknown as DataSource;
  return { dataSource, runs: () => runs };
}

const deadlock = Object.assign(new Error('Deadlock found'), { driverError: { errno: 1213 } });

describe('retryingTransaction', () => {
  it('runs a deadlock victim again', async () => {
    const { dataSource, runs } = failingThen([deadlock, deadlock]);
    await expect(retryingTransaction(dataSource, async () => 'saved')).resolves.toBe('saved');
    expect(runs()).toBe(3);
  });

  it('gives up after the last attempt', async () => {
    const { dataSource, runs } = failingThen([deadlock, deadlock, deadlock]);
    await expect(retryingTransaction(dataSource, async () => 'saved')).rejects.toBe(deadlock);
    expect(runs()).toBe(3);
  });

  it('passes other errors through at once', async () => {
    const other = Object.assign(new Error('Duplicate'), { driverError: { errno: 1062 } });
    const { dataSource, runs } = failingThen([other]);
    await expect(retryingTransaction(dataSource, async () => 'saved')).rejects.toBe(other);
    expect(runs()).toBe(1);
  });
});

describe('a transaction conflict', () => {
  it('is run again, as a deadlock is', async () => {
    const { dataSource, runs } = failingThen([new TransactionConflict('linked meanwhile')]);
    await expect(retryingTransaction(dataSource, async () => 'saved')).resolves.toBe('saved');
    expect(runs()).toBe(2);
  });

  it('a duplicate key is told apart on either engine', () => {
    expect(isDuplicateKey(Object.assign(new Error('Duplicate'), { driverError: { errno: 1062 } }))).toBe(true);
    expect(isDuplicateKey(Object.assign(new Error('UNIQUE constraint failed'), { driverError: { code: 'SQLITE_CONSTRAINT_UNIQUE' } }))).toBe(true);
    expect(isDuplicateKey(deadlock)).toBe(false);
    expect(isDuplicateKey(new Error('other'))).toBe(false);
  });
});
