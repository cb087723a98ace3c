import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { audit, id, index, text } from './columns';

/** Issue 24: supplier templates of the rec sheet import (a name and its header -> field mappings). */
export class RecImportTemplates1765000000001 implements MigrationInterface {
  name = 'RecImportTemplates1765000000001';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'recImportTemplate',
        columns: [id('templateID'), text('name', 100), { name: 'mappings', type: 'text' }, ...audit],
        indices: [index(['name'], true)],
      }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropTable('recImportTemplate');
  }
}
