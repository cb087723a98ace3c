import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { audit, fk, id, index, int, text } from './columns';

/** Issue 11: monthly targets per store, user and analysis list item; daily stats per store and day. */
export class TargetsAndDailyStats1764400000000 implements MigrationInterface {
  name = 'TargetsAndDailyStats1764400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'target',
        columns: [
          id('targetID'),
          int('storeID'),
          { name: 'targetDate', type: 'date' },
          text('targetType', 10),
          int('userID', false, 0),
          int('targetForUserID', false, 0),
          int('analysisFieldID', false, 0),
          int('analysisListItemID', false, 0),
          { name: 'isTarget', type: 'boolean', default: 1 },
          { name: 'target', type: 'decimal', precision: 12, scale: 2, default: 0 },
          int('hours', false, 0),
          int('weight', false, 0),
          ...audit,
        ],
        foreignKeys: [fk('storeID', 'store', 'CASCADE')],
        indices: [index(['storeID', 'targetDate', 'targetType', 'userID', 'analysisFieldID', 'analysisListItemID'], true), index(['targetDate'])],
      }),
    );
    await q.createTable(
      new Table({
        name: 'dailyStat',
        columns: [
          id('dailyStatID'),
          { name: 'dailyStatDate', type: 'date' },
          int('storeID'),
          int('footfall', true),
          int('chatCount', true),
          { name: 'staffCount', type: 'decimal', precision: 7, scale: 2, isNullable: true },
          ...audit,
        ],
        foreignKeys: [fk('storeID', 'store', 'CASCADE')],
        indices: [index(['storeID', 'dailyStatDate'], true), index(['dailyStatDate'])],
      }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropTable('dailyStat');
    await q.dropTable('target');
  }
}
