import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';

/**
 * A locking read (SELECT ... FOR UPDATE) on MySQL/MariaDB: it waits for rows another
 * transaction locked and reads the latest committed rows, not the transaction's snapshot.
 * Take it as a transaction's first statement when it guards a check-then-write (a unique
 * code, a unique SKU): InnoDB's REPEATABLE READ answers later plain reads from the snapshot
 * of the first one.
 *
 * SQLite has no row locks (TypeORM refuses them there); in embedded mode the transactions
 * themselves take turns (see database.ts), so the plain read is used.
 */
export function forUpdate<T extends ObjectLiteral>(qb: SelectQueryBuilder<T>): SelectQueryBuilder<T> {
  return ['mysql', 'mariadb'].includes(qb.connection.driver.options.type) ? qb.setLock('pessimistic_write') : qb;
}
