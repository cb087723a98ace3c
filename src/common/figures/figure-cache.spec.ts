import { FigureCache } from './figure-cache';

describe('FigureCache', () => {
  it('reads a key once, and concurrent reads share that read', async () => {
    const cache = new FigureCache();
    let loads = 0;
    const load = async () => ++loads;
    const [a, b] = await Promise.all([cache.read('k', load), cache.read('k', load)]);
    expect([a, b, loads]).toEqual([1, 1, 1]);
    expect(await cache.read('other', load)).toBe(2);
  });

  it('forgets a failed read, so the next one tries again', async () => {
    const cache = new FigureCache();
    await expect(cache.read('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.read('k', async () => 'up')).toBe('up');
  });

  it('drops the least recently used entry past its capacity', async () => {
    const cache = new FigureCache(2);
    await cache.read('a', async () => 'a1');
    await cache.read('b', async () => 'b1');
    await cache.read('a', async () => 'a2'); // a is now the most recent
    await cache.read('c', async () => 'c1'); // b goes
    expect(cache.size).toBe(2);
    expect(await cache.read('a', async () => 'a3')).toBe('a1');
    expect(await cache.read('b', async () => 'b2')).toBe('b2');
  });
});
