import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { audit, fk, flag, id, index, int, money, text } from './columns';

/**
 * Issue 10: long-running operations (the jobs module's state, read by every API node) and
 * revenue reconciliation (rec sheets, their lines, auto-reconcile runs and the links they made, and
 * the staging rows of an import).
 */
export class JobsAndReconciliation1764300000000 implements MigrationInterface {
  name = 'JobsAndReconciliation1764300000000';

  async up(q: QueryRunner): Promise<void> {
    // An import's report (up to 1,000 listed errors) outgrows MySQL's TEXT (64 KB).
    const longText = ['mysql', 'mariadb'].includes(q.connection.driver.options.type) ? 'mediumtext' : 'text';
    const when = (name: string, isNullable = true) => ({ name, type: 'datetime', precision: 3, isNullable });
    await q.createTable(
      new Table({
        name: 'operation',
        columns: [
          id('operationID'),
          text('queue', 40),
          text('name', 60),
          int('userID'),
          int('parentOperationID', true),
          text('userName', 100, { default: '' }),
          text('state', 12, { default: 'waiting' }),
          text('message', 255, { default: '' }),
          int('percentage', false, 0),
          int('attempts', false, 0),
          { name: 'data', type: longText },
          { name: 'result', type: longText, isNullable: true },
          int('resultID', true),
          flag('committed'),
          text('error', 1000, { nullable: true }),
          when('createdDate', false),
          when('startedDate'),
          when('finishedDate'),
        ],
        indices: [index(['userID', 'operationID']), index(['state']), index(['parentOperationID'])],
      }),
    );
    await q.createTable(
      new Table({
        name: 'recSheet',
        columns: [id('recSheetID'), text('name', 100), { name: 'recDate', type: 'date' }, ...audit],
        indices: [index(['recDate'])],
      }),
    );
    await q.createTable(
      new Table({
        name: 'recSheetLine',
        columns: [
          id('recSheetLineID'),
          int('recSheetID'),
          { name: 'saleDate', type: 'date' },
          int('storeID', true),
          text('storeName', 100, { default: '' }),
          text('orderRef', 50),
          text('sku', 50, { default: '' }),
          text('description', 255, { default: '' }),
          money('revenue'),
          text('worksheet', 31, { default: '' }),
          int('rowNumber', false, 0),
          money('adjustment'),
          text('adjustmentReason', 1000, { default: '' }),
          int('fileID', true),
          text('autoRecNotes', 255, { default: '' }),
          int('saleID', false, 0),
          text('recByUserName', 100, { default: '' }),
          when('recDate'),
          int('autoRecRunID', true),
          int('operationID', true),
          ...audit,
        ],
        foreignKeys: [fk('recSheetID', 'recSheet', 'CASCADE'), fk('storeID', 'store', 'SET NULL'), fk('fileID', 'file', 'SET NULL')],
        indices: [
          index(['recSheetID', 'orderRef'], true),
          index(['recSheetID', 'saleID']),
          index(['saleID']),
          index(['storeID', 'saleDate']),
          index(['fileID']),
        ],
      }),
    );
    await q.createTable(
      new Table({
        name: 'autoRecRun',
        columns: [
          id('autoRecRunID'),
          int('recSheetID'),
          int('operationID'),
          int('considered', false, 0),
          int('reconciled', false, 0),
          int('matchMultiple', false, 0),
          int('matchNone', false, 0),
          text('createdByUserName', 100, { default: '' }),
          when('createdDate'),
          flag('undone'),
          text('undoneByUserName', 100, { default: '' }),
          when('undoneDate'),
        ],
        indices: [index(['recSheetID']), index(['operationID'], true)],
      }),
    );
    await q.createTable(
      new Table({
        name: 'autoRecLink',
        columns: [id('autoRecLinkID'), int('autoRecRunID'), int('recSheetLineID'), int('saleID'), int('matches', false, 1)],
        indices: [index(['autoRecRunID', 'saleID']), index(['autoRecRunID', 'recSheetLineID'], true)],
      }),
    );
    // Staging of a rec sheet import: its worksheet parts write here, the commit copies with one INSERT ... SELECT.
    const key = (name: string) => ({ name, type: 'integer', isPrimary: true });
    await q.createTable(
      new Table({
        name: 'recSheetImportLine',
        columns: [
          key('parentOperationID'),
          key('sheetIndex'),
          key('rowNumber'),
          int('operationID'),
          text('worksheet', 31),
          { name: 'saleDate', type: 'date', isNullable: true },
          int('storeID', true),
          text('storeName', 100, { default: '' }),
          text('orderRef', 50),
          text('orderText', 50, { default: '' }),
          text('sku', 50, { default: '' }),
          text('description', 255, { default: '' }),
          { name: 'revenue', type: 'decimal', precision: 12, scale: 2, isNullable: true },
        ],
        indices: [index(['parentOperationID', 'orderRef'])],
      }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['recSheetImportLine', 'autoRecLink', 'autoRecRun', 'recSheetLine', 'recSheet', 'operation']) await q.dropTable(table);
  }
}
