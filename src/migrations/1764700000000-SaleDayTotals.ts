import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { index, int } from './columns';

/**
 * Issue 12: the counted sales kept summed for the dashboard (SaleDayTotal's and
 * SaleMonthSkuTotal's comments say why), by triggers on `sale`, filled from the sales already
 * there:
 * - saleDayTotal: per day, store, seller and sale type;
 * - saleMonthSkuTotal: per month (its first day), store, SKU and rate card line, with the number
 *   of counted rows (a SKU whose sales all left the month has a row of zeros, not a sale).
 *
 * Each trigger adds a row's part: +1 (a refund row -1) and its amounts where the row counts,
 * taken off again under its old keys when an update moves it (another day, store, seller, sale
 * type, SKU or line, other amounts, cancelled). An update that changes none of that (a
 * reconcile, a note) runs nothing. The counted steps are COUNTED_STEPS (sale-figures.ts) as of
 * this migration; changing them needs a migration that replaces the triggers and refills.
 */
const COUNTED = "('recorded', 'modified', 'reconciled')";
export const TRIGGERS = ['saleDayTotalAfterInsert', 'saleDayTotalAfterUpdate', 'saleDayTotalAfterDelete'];

/** A totals table: its keys (each an expression over a sale row, `R` standing for NEW or OLD) and the sums it adds. */
export interface Totals {
  table: string;
  keys: Record<string, (mysql: boolean) => string>;
  sums: Record<string, string>;
  /** A counter of changes: its sums are added whether the part comes or goes (never taken off). */
  counter?: boolean;
}

const column = (name: string) => () => `R.${name}`;
const SIGNED_SUMS = { revenueCount: '(CASE WHEN R.isRefund = 1 THEN -1 ELSE 1 END)', adjustedRevenue: 'R.adjustedRevenue', commission: 'R.commission' };

export const TOTALS: Totals[] = [
  {
    table: 'saleDayTotal',
    keys: { saleDate: column('saleDate'), storeID: column('storeID'), attributableToUserID: column('attributableToUserID'), saleTypeID: column('saleTypeID') },
    sums: SIGNED_SUMS,
  },
  {
    table: 'saleMonthSkuTotal',
    keys: {
      saleMonth: (mysql) => (mysql ? "DATE_FORMAT(R.saleDate, '%Y-%m-01')" : "substr(R.saleDate, 1, 8) || '01'"),
      storeID: column('storeID'),
      sku: column('sku'),
      rateCardLineID: column('rateCardLineID'),
    },
    sums: { rowCount: '1', ...SIGNED_SUMS },
  },
];

/** What an update changes in a row's parts: its counting, a key's column or an amount. */
const MOVED = `NOT ((OLD.currentHistoryStep IN ${COUNTED}) = (NEW.currentHistoryStep IN ${COUNTED}) AND ${[
  'saleDate',
  'storeID',
  'attributableToUserID',
  'saleTypeID',
  'sku',
  'rateCardLineID',
  'isRefund',
  'adjustedRevenue',
  'commission',
]
  .map((name) => `OLD.${name} = NEW.${name}`)
  .join(' AND ')})`;

/** Adds (sign 1) or takes off (-1) the part of the trigger's NEW or OLD row in `totals`, where the row counts. */
function addPart(mysql: boolean, totals: Totals, row: 'NEW' | 'OLD', sign: 1 | -1): string {
  const keys = Object.keys(totals.keys);
  const sums = Object.keys(totals.sums);
  const upsert = mysql
    ? `ON DUPLICATE KEY UPDATE ${sums.map((sum) => `${sum} = ${sum} + VALUES(${sum})`).join(', ')}`
    : `ON CONFLICT (${keys.join(', ')}) DO UPDATE SET ${sums.map((sum) => `${sum} = ${sum} + excluded.${sum}`).join(', ')}`;
  const values = [
    ...Object.values(totals.keys).map((key) => key(mysql)),
    ...Object.values(totals.sums).map((sum) => (totals.counter ? sum : `${sign} * ${sum}`)),
  ];
  return (
    `INSERT INTO ${totals.table} (${[...keys, ...sums].join(', ')}) SELECT ${values.map((v) => v.replace(/\bR\./g, `${row}.`)).join(', ')} ` +
    // MySQL needs a FROM for a WHERE; SQLite needs the WHERE to read ON CONFLICT as the upsert's.
    `${mysql ? 'FROM DUAL ' : ''}WHERE ${row}.currentHistoryStep IN ${COUNTED} ${upsert}`
  );
}

/** The totals of the sales already there. */
function fill(mysql: boolean, totals: Totals): string {
  const keys = Object.values(totals.keys).map((key) => key(mysql).replace(/\bR\./g, 'sale.'));
  const sums = Object.values(totals.sums).map((sum) => `SUM(${sum.replace(/\bR\./g, 'sale.')})`);
  return (
    `INSERT INTO ${totals.table} (${[...Object.keys(totals.keys), ...Object.keys(totals.sums)].join(', ')}) ` +
    `SELECT ${[...keys, ...sums].join(', ')} FROM sale WHERE sale.currentHistoryStep IN ${COUNTED} GROUP BY ${keys.join(', ')}`
  );
}

/**
 * The three triggers. `when` skips the body for rows whose parts do not change (a reconcile of
 * 100,000 sales runs no statement per row): MySQL's IF in the body, SQLite's WHEN clause.
 */
export function triggers(mysql: boolean, totalsTables: readonly Totals[] = TOTALS): string[] {
  const trigger = (name: string, event: string, statements: string[], when?: string) => {
    const body = statements.map((statement) => `${statement}; `).join('');
    if (!when) return `CREATE TRIGGER ${name} AFTER ${event} ON sale FOR EACH ROW BEGIN ${body}END`;
    return mysql
      ? `CREATE TRIGGER ${name} AFTER ${event} ON sale FOR EACH ROW BEGIN IF ${when} THEN ${body}END IF; END`
      : `CREATE TRIGGER ${name} AFTER ${event} ON sale FOR EACH ROW WHEN ${when} BEGIN ${body}END`;
  };
  const parts = (row: 'NEW' | 'OLD', sign: 1 | -1) => totalsTables.map((totals) => addPart(mysql, totals, row, sign));
  return [
    trigger(TRIGGERS[0], 'INSERT', parts('NEW', 1)),
    trigger(TRIGGERS[1], 'UPDATE', [...parts('OLD', -1), ...parts('NEW', 1)], MOVED),
    trigger(TRIGGERS[2], 'DELETE', parts('OLD', -1)),
  ];
}

const money = (name: string) => ({ name, type: 'decimal', precision: 14, scale: 2, default: 0 });

export class SaleDayTotals1764700000000 implements MigrationInterface {
  name = 'SaleDayTotals1764700000000';

  async up(q: QueryRunner): Promise<void> {
    const mysql = q.connection.options.type === 'mysql';
    const sums = [int('revenueCount', false, 0), money('adjustedRevenue'), money('commission')];
    await q.createTable(
      new Table({
        name: 'saleDayTotal',
        columns: [
          { name: 'saleDate', type: 'date', isPrimary: true },
          { ...int('storeID'), isPrimary: true },
          { ...int('attributableToUserID'), isPrimary: true },
          { ...int('saleTypeID'), isPrimary: true },
          ...sums,
        ],
        // The chosen users' spans (the cards), read from the index alone: its key columns come with it.
        indices: [index(['attributableToUserID', 'saleDate', 'revenueCount', 'adjustedRevenue', 'commission'])],
      }),
    );
    await q.createTable(
      new Table({
        name: 'saleMonthSkuTotal',
        columns: [
          { name: 'saleMonth', type: 'date', isPrimary: true },
          { ...int('storeID'), isPrimary: true },
          { name: 'sku', type: 'varchar', length: '25', isPrimary: true },
          { ...int('rateCardLineID'), isPrimary: true },
          int('rowCount', false, 0),
          ...sums,
        ],
      }),
    );
    for (const totals of TOTALS) await q.query(fill(mysql, totals));
    for (const sql of triggers(mysql)) await q.query(sql);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const name of TRIGGERS) await q.query(`DROP TRIGGER IF EXISTS ${name}`);
    for (const totals of TOTALS) await q.dropTable(totals.table);
  }
}
