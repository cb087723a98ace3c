import { AsyncLocalStorage } from 'node:async_hooks';
import type { DataSource } from 'typeorm';

/** The EntityManager calls that open a transaction of their own. */
const WRITES = ['transaction', 'save', 'insert', 'update', 'upsert', 'delete', 'remove'] as const;

/**
 * Embedded mode: makes the app's transactions on SQLite take turns.
 *
 * TypeORM's better-sqlite3 driver has one query runner for the whole app, so two requests'
 * transactions that overlap in time do not wait for each other: the second one becomes a
 * SAVEPOINT inside the first, and a rollback of either undoes the other's work. MySQL has a
 * connection per transaction and row locks; SQLite has a single writer anyway, so queueing the
 * writes costs nothing it would not cost already. Reads are not queued.
 *
 * A write started from inside a queued one (same async context) runs at once, as before,
 * instead of waiting for itself.
 */
export function takeTurnsOnSqlite(dataSource: DataSource): DataSource {
  if (dataSource.options.type !== 'better-sqlite3') return dataSource;
  const inTurn = new AsyncLocalStorage<true>();
  let queue: Promise<unknown> = Promise.resolve();
  const manager = dataSource.manager as unknown as Record<(typeof WRITES)[number], (...args: unknown[]) => Promise<unknown>>;
  for (const name of WRITES) {
    const original = manager[name].bind(dataSource.manager);
    manager[name] = (...args: unknown[]) => {
      if (inTurn.getStore()) return original(...args);
      const turn = queue.then(() => inTurn.run(true, () => original(...args)));
      queue = turn.catch(() => undefined);
      return turn;
    };
  }
  return dataSource;
}
