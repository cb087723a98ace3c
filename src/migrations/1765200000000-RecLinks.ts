import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { index, int, money, text } from './columns';

/**
 * Issue 24, the links-only redesign's first step (docs/plans/reconcile-links-redesign.md): every
 * line's link to its sale as a row of its own (recLink), filled from the lines linked today and
 * written beside them from now on. The rule of an auto link comes from its run's work row;
 * a line linked by hand (no run) is 'manual'.
 */
export class RecLinks1765200000000 implements MigrationInterface {
  name = 'RecLinks1765200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'recLink',
        columns: [
          { name: 'recSheetLineID', type: 'integer', isPrimary: true },
          int('saleID'),
          int('autoRecRunID', true),
          text('rule', 20),
          money('adjustment'),
          text('adjustmentReason', 1000, { default: '' }),
          text('linkedByUserName', 100, { default: '' }),
          { name: 'linkedDate', type: 'datetime', precision: 3, isNullable: true },
        ],
        indices: [index(['saleID']), index(['autoRecRunID', 'recSheetLineID'])],
      }),
    );
    await q.query(
      'INSERT INTO recLink (recSheetLineID, saleID, autoRecRunID, rule, adjustment, adjustmentReason, linkedByUserName, linkedDate) ' +
        "SELECT l.recSheetLineID, l.saleID, l.autoRecRunID, COALESCE((SELECT MIN(k.rule) FROM autoRecLink k WHERE k.autoRecRunID = l.autoRecRunID AND k.recSheetLineID = l.recSheetLineID), 'manual'), " +
        'l.adjustment, l.adjustmentReason, l.recByUserName, l.recDate FROM recSheetLine l WHERE l.saleID <> 0',
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropTable('recLink');
  }
}
