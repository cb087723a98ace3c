import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { int } from './columns';
import { TOTALS, TRIGGERS, triggers, type Totals } from './1764700000000-SaleDayTotals';

/**
 * Issue 12: a change counter per store of its counted sales, kept by the same triggers as the
 * totals (SaleFigureVersion's comment says what reads it). Each part the triggers add to or take
 * off the totals adds 1 to its store's counter, so any change to a store's figures (a save, a
 * cancel, a refund, a move to another store, a rate card change, a fix in SQL) raises it.
 */
const VERSIONS: Totals = { table: 'saleFigureVersion', keys: { storeID: () => 'R.storeID' }, sums: { version: '1' }, counter: true };

export class SaleFigureVersions1764800000001 implements MigrationInterface {
  name = 'SaleFigureVersions1764800000001';

  async up(q: QueryRunner): Promise<void> {
    const mysql = q.connection.options.type === 'mysql';
    await q.createTable(new Table({ name: 'saleFigureVersion', columns: [{ ...int('storeID'), isPrimary: true }, int('version', false, 0)] }));
    await q.query('INSERT INTO saleFigureVersion (storeID, version) SELECT DISTINCT storeID, 1 FROM sale');
    for (const name of TRIGGERS) await q.query(`DROP TRIGGER IF EXISTS ${name}`);
    for (const sql of triggers(mysql, [...TOTALS, VERSIONS])) await q.query(sql);
  }

  async down(q: QueryRunner): Promise<void> {
    const mysql = q.connection.options.type === 'mysql';
    for (const name of TRIGGERS) await q.query(`DROP TRIGGER IF EXISTS ${name}`);
    for (const sql of triggers(mysql, TOTALS)) await q.query(sql);
    await q.dropTable('saleFigureVersion');
  }
}
