/**
 * Answers kept under a key that names everything they were read from, including a version of
 * the data (SaleFigures: the change counters of the caller's stores' counted sales), so an
 * entry is never stale: when the data changes the version does, and the next read misses. The
 * least recently used entries go past `capacity`. Concurrent reads of one key share one promise
 * (twenty managers opening the dashboard at nine read the figures once); a failed read is
 * forgotten.
 */
export class FigureCache {
  private readonly entries = new Map<string, Promise<unknown>>();

  constructor(private readonly capacity = 1000) {}

  read<T>(key: string, load: () => Promise<T>): Promise<T> {
    const found = this.entries.get(key);
    if (found) {
      // Most recently used last: Map keeps insertion order.
      this.entries.delete(key);
      this.entries.set(key, found);
      return found as Promise<T>;
    }
    const loading = load();
    this.entries.set(key, loading);
    loading.catch(() => this.forget(key, loading));
    while (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
    return loading;
  }

  /** Forgets `key` if it still holds `entry` (an answer that turned out not to be keepable). */
  forget(key: string, entry: Promise<unknown>): void {
    if (this.entries.get(key) === entry) this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }
}
