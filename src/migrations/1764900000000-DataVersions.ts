import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { int } from './columns';

/**
 * Issue 12: a change counter per table of what the dashboard's answers read besides the sales
 * (saleFigureVersion counts those per store): daily stats, targets, metrics and their parts,
 * stores, store types, users' names and rate card lines' descriptions (a top SKU's label). The
 * kept dashboard answers (src/common/figures/figure-versions.ts) carry their sum in their key,
 * so any change to these rows, from the API, an import or SQL, makes the next answer read again.
 *
 * Triggers upsert their table's row (+1 on every changed row), so the counter exists whatever
 * emptied the table. Users count only when their name changes (a login writes lastLogin), rate
 * card lines when their description changes or they go (a new line has no sales yet).
 */
export const WATCHED: Array<{ table: string; columns?: string[]; insert?: boolean }> = [
  { table: 'dailyStat' },
  { table: 'target' },
  { table: 'metric' },
  { table: 'metricPart' },
  { table: 'store' },
  { table: 'storeType' },
  { table: 'user', columns: ['name'] },
  { table: 'rateCardLine', columns: ['description'], insert: false },
];

const EVENTS = ['INSERT', 'UPDATE', 'DELETE'] as const;
const triggerName = (table: string, event: string) => `${table}DataVersionAfter${event[0]}${event.slice(1).toLowerCase()}`;

export function dataVersionTriggers(mysql: boolean): string[] {
  return WATCHED.flatMap(({ table, columns, insert = true }) =>
    EVENTS.filter((event) => event !== 'INSERT' || insert).map((event) => {
      const bump = mysql
        ? `INSERT INTO dataVersion (name, version) VALUES ('${table}', 1) ON DUPLICATE KEY UPDATE version = version + 1`
        : `INSERT INTO dataVersion (name, version) VALUES ('${table}', 1) ON CONFLICT (name) DO UPDATE SET version = version + 1`;
      const on = `AFTER ${event} ON \`${table}\` FOR EACH ROW`;
      const changed =
        event === 'UPDATE' && columns ? columns.map((c) => (mysql ? `NOT (OLD.${c} <=> NEW.${c})` : `OLD.${c} IS NOT NEW.${c}`)).join(' OR ') : undefined;
      const name = triggerName(table, event);
      if (!changed) return `CREATE TRIGGER ${name} ${on} BEGIN ${bump}; END`;
      return mysql
        ? `CREATE TRIGGER ${name} ${on} BEGIN IF ${changed} THEN ${bump}; END IF; END`
        : `CREATE TRIGGER ${name} ${on} WHEN ${changed} BEGIN ${bump}; END`;
    }),
  );
}

export class DataVersions1764900000000 implements MigrationInterface {
  name = 'DataVersions1764900000000';

  async up(q: QueryRunner): Promise<void> {
    const mysql = q.connection.options.type === 'mysql';
    await q.createTable(
      new Table({ name: 'dataVersion', columns: [{ name: 'name', type: 'varchar', length: '40', isPrimary: true }, int('version', false, 0)] }),
    );
    for (const { table } of WATCHED) await q.query('INSERT INTO dataVersion (name, version) VALUES (?, 1)', [table]);
    for (const sql of dataVersionTriggers(mysql)) await q.query(sql);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const { table, insert = true } of WATCHED)
      for (const event of EVENTS.filter((e) => e !== 'INSERT' || insert)) await q.query(`DROP TRIGGER IF EXISTS ${triggerName(table, event)}`);
    await q.dropTable('dataVersion');
  }
}
