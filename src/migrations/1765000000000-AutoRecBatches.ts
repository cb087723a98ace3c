import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';
import { flag, int } from './columns';

/**
 * Issue 24: auto reconcile and its undo commit in batches of lines. A run keeps where it got to
 * (the last line id of its last committed batch), whether it went through every line, and how
 * many links an undo has reversed so far, so a run or an undo taken up again after a crash
 * carries on from its last batch instead of starting over. Runs made before are whole.
 */
export class AutoRecBatches1765000000000 implements MigrationInterface {
  name = 'AutoRecBatches1765000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.addColumns('autoRecRun', [
      new TableColumn(int('lastLineID', false, 0)),
      new TableColumn(flag('finished')),
      new TableColumn(int('undoneLinks', false, 0)),
    ]);
    await q.query('UPDATE autoRecRun SET finished = 1, undoneLinks = CASE WHEN undone = 1 THEN reconciled ELSE 0 END');
  }

  async down(q: QueryRunner): Promise<void> {
    for (const column of ['undoneLinks', 'finished', 'lastLineID']) await q.dropColumn('autoRecRun', column);
  }
}
