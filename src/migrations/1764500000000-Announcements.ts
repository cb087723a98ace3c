import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { audit, fk, id, index, int, text } from './columns';

/** Issue 13: announcements and their recipients (announcement users). */
export class Announcements1764500000000 implements MigrationInterface {
  name = 'Announcements1764500000000';

  async up(q: QueryRunner): Promise<void> {
    // "Never" is 2000-01-01 (spec 02 section 3), written by the server: the columns are never NULL.
    const when = (name: string) => ({ name, type: 'datetime', precision: 3 });
    await q.createTable(
      new Table({
        name: 'announcement',
        columns: [
          id('announcementID'),
          text('type', 10),
          text('title', 100),
          text('message', 2000, { default: '' }),
          int('fileID', true),
          { name: 'displayUntil', type: 'date' },
          { name: 'acknowledgable', type: 'boolean', default: 1 },
          { name: 'mustClick', type: 'boolean', default: 0 },
          text('clickType', 4, { default: 'none' }),
          text('url', 2000, { default: '' }),
          ...audit,
        ],
        foreignKeys: [fk('fileID', 'file', 'SET NULL')],
      }),
    );
    await q.createTable(
      new Table({
        name: 'announcementUser',
        columns: [
          id('announcementUserID'),
          int('announcementID'),
          int('userID'),
          when('firstSeenDate'),
          when('lastSeenDate'),
          when('clickedDate'),
          when('acknowledgedDate'),
          { name: 'clicked', type: 'boolean', default: 0 },
          { name: 'acknowledged', type: 'boolean', default: 0 },
          ...audit,
        ],
        foreignKeys: [fk('announcementID', 'announcement', 'CASCADE'), fk('userID', 'user', 'CASCADE')],
        indices: [index(['announcementID', 'userID'], true), index(['userID'])],
      }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropTable('announcementUser');
    await q.dropTable('announcement');
  }
}
