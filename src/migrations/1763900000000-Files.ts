import { MigrationInterface, QueryRunner, Table, TableForeignKey, TableIndex, type TableColumnOptions } from 'typeorm';
import { AUDIT_COLUMNS } from '../common/db/audited.entity';

/**
 * Uploaded files and the branding images (issue 3). Schema-builder only, so the same
 * migration runs on SQLite and MySQL/MariaDB. The bytes are on disk under FILES_DIR.
 */
const audit = AUDIT_COLUMNS as TableColumnOptions[];
const text = (name: string, length: number): TableColumnOptions => ({ name, type: 'varchar', length: String(length) });

export class Files1763900000000 implements MigrationInterface {
  name = 'Files1763900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'file',
        columns: [
          { name: 'fileID', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          text('library', 30),
          text('type', 30),
          text('kind', 10),
          text('contentType', 100),
          { name: 'size', type: 'integer' },
          text('originalName', 255),
          text('storedName', 255),
          text('sha256', 64),
          ...audit,
        ],
        indices: [new TableIndex({ columnNames: ['library', 'type'] })],
      }),
    );
    await q.createTable(
      new Table({
        name: 'branding',
        columns: [
          { name: 'name', type: 'varchar', length: '20', isPrimary: true },
          { name: 'fileID', type: 'integer' },
          { name: 'updatedByUserName', type: 'varchar', length: '100', default: "''" },
          { name: 'updatedDate', type: 'datetime', precision: 3, isNullable: true },
        ],
        foreignKeys: [new TableForeignKey({ columnNames: ['fileID'], referencedTableName: 'file', referencedColumnNames: ['fileID'], onDelete: 'RESTRICT' })],
      }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropTable('branding');
    await q.dropTable('file');
  }
}
