import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { audit, fk, id, index, int, text } from './columns';

/** Issue 13: rota lines (their history is the common history table). */
export class Rota1764500000001 implements MigrationInterface {
  name = 'Rota1764500000001';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'rotaLine',
        columns: [
          id('rotaLineID'),
          { name: 'rotaDate', type: 'date' },
          text('plannedFrom', 5, { default: '09:00' }),
          text('plannedTo', 5, { default: '17:00' }),
          int('userID'),
          int('storeID'),
          int('rotaLineTypeID', false, 1),
          int('currentHistoryID', true),
          text('currentHistoryStep', 30, { default: 'planning' }),
          text('notes', 1000, { default: '' }),
          text('workedFrom', 5, { nullable: true }),
          text('workedTo', 5, { nullable: true }),
          { name: 'viewedByUser', type: 'boolean', default: 0 },
          { name: 'viewedByUserDate', type: 'datetime', precision: 3, isNullable: true },
          { name: 'unpaidHours', type: 'decimal', precision: 5, scale: 2, default: 0 },
          text('repeatUsers', 1000, { default: '' }),
          int('repeatDays', false, 0),
          ...audit,
        ],
        foreignKeys: [fk('storeID', 'store', 'CASCADE'), fk('userID', 'user', 'CASCADE')],
        indices: [index(['storeID', 'rotaDate']), index(['userID', 'rotaDate'])],
      }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropTable('rotaLine');
  }
}
