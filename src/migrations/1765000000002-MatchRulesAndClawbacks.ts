import { MigrationInterface, QueryRunner, Table, TableColumn } from 'typeorm';
import { audit, id, index, int, money, text } from './columns';

/**
 * Issue 24: match rules of auto reconcile (at most one of each kind), what each link of a run was
 * made by and the adjustment it wrote, a run's counts per rule and of clawbacks, and the operation
 * that undid a run (so that operation, retried after it marked the run undone, finishes instead of
 * being refused as 'already undone').
 */
export class MatchRulesAndClawbacks1765000000002 implements MigrationInterface {
  name = 'MatchRulesAndClawbacks1765000000002';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'recMatchRule',
        columns: [
          id('recMatchRuleID'),
          text('rule', 20),
          int('position', false, 0),
          int('days', true),
          { name: 'toleranceAmount', type: 'decimal', precision: 12, scale: 2, isNullable: true },
          { name: 'tolerancePercent', type: 'decimal', precision: 5, scale: 2, isNullable: true },
          ...audit,
        ],
        indices: [index(['rule'], true)],
      }),
    );
    await q.addColumns('autoRecLink', [new TableColumn(text('rule', 20, { default: 'exact' })), new TableColumn(money('adjustment'))]);
    await q.addColumns('autoRecRun', [...RUN_COUNTS.map((name) => new TableColumn(int(name, false, 0))), new TableColumn(int('undoOperationID', true))]);
    // Runs made before counted exact matches only.
    await q.query('UPDATE autoRecRun SET exactMatches = reconciled');
  }

  async down(q: QueryRunner): Promise<void> {
    for (const column of ['undoOperationID', ...[...RUN_COUNTS].reverse()]) await q.dropColumn('autoRecRun', column);
    for (const column of ['adjustment', 'rule']) await q.dropColumn('autoRecLink', column);
    await q.dropTable('recMatchRule');
  }
}

const RUN_COUNTS = ['exactMatches', 'saleDateMatches', 'revenueMatches', 'orderRefMatches', 'clawbackMatches', 'clawbacksWithoutRefund'];
