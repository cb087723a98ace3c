import type { DataSource } from 'typeorm';
import { STAGING_BATCH, StagingWriter, type StagedRow } from './staging';

/** A data source whose queries settle when the test says so, recording how many run at once. */
function fakeDataSource() {
  const calls: Array<{ resolve: () => void; reject: (error: Error) => void; rows: number }> = [];
  let running = 0;
  let mostAtOnce = 0;
  const dataSource = {
    query: (_sql: string, params: unknown[]) =>
      new Promise<void>((resolve, reject) => {
        running += 1;
        mostAtOnce = Math.max(mostAtOnce, running);
        const done = () => (running -= 1);
        calls.push({ resolve: () => (done(), resolve()), reject: (error) => (done(), reject(error)), rows: params.length / 13 });
      }),
  } as unknown as DataSource;
  return { dataSource, calls, mostAtOnce: () => mostAtOnce };
}

const row = (n: number): StagedRow => ({
  rowNumber: n,
  saleDate: '2026-01-02',
  storeID: 1,
  storeName: 'A',
  orderRef: `R${n}`,
  orderText: `R${n}`,
  sku: 'S',
  description: '',
  revenuePence: 100,
});
const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('StagingWriter', () => {
  it('reads on while one INSERT runs, never two at once, and flush waits for the last', async () => {
    const fake = fakeDataSource();
    const writer = new StagingWriter(fake.dataSource, 1, 0, 2, 'Sheet1');
    for (let n = 0; n < STAGING_BATCH; n++) await writer.add(row(n));
    // The first batch's INSERT started, and add returned without waiting for it.
    expect(fake.calls).toHaveLength(1);
    let adding = true;
    const second = (async () => {
      for (let n = STAGING_BATCH; n < 2 * STAGING_BATCH; n++) await writer.add(row(n));
      adding = false;
    })();
    await tick();
    // The second batch waits for the first INSERT before it starts its own.
    expect([fake.calls.length, adding]).toEqual([1, true]);
    fake.calls[0].resolve();
    await second;
    expect(fake.calls).toHaveLength(2);
    let flushed = false;
    const flushing = writer.flush().then(() => (flushed = true));
    await tick();
    expect(flushed).toBe(false);
    fake.calls[1].resolve();
    await flushing;
    expect(fake.mostAtOnce()).toBe(1);
    expect(writer.written).toBe(2 * STAGING_BATCH);
  });

  it('throws a failed INSERT at the next write or at flush, never as an unhandled rejection', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const fake = fakeDataSource();
      const writer = new StagingWriter(fake.dataSource, 1, 0, 2, 'Sheet1');
      for (let n = 0; n < STAGING_BATCH; n++) await writer.add(row(n));
      fake.calls[0].reject(new Error('disk full'));
      await tick();
      await tick();
      await expect(writer.flush()).rejects.toThrow('disk full');
      await writer.settle();
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
