import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';

/**
 * Hardening (issue 8), schema-builder only so it runs on SQLite and MySQL/MariaDB:
 * - user.tokenVersion: a token carries the version it was signed with and is refused once the
 *   user's version has moved on (password change, deactivation, another access profile);
 *   existing tokens carry none, which counts as 0, so an upgrade signs nobody out.
 * - file.createdByUserID: who uploaded a file, for the libraries only the uploader may read
 *   (receipts); files uploaded before it have none and stay readable by SystemSetup only.
 */
export class SessionsAndFileOwners1764110000000 implements MigrationInterface {
  name = 'SessionsAndFileOwners1764110000000';

  async up(q: QueryRunner): Promise<void> {
    await q.addColumn('user', new TableColumn({ name: 'tokenVersion', type: 'integer', default: 0 }));
    await q.addColumn('file', new TableColumn({ name: 'createdByUserID', type: 'integer', isNullable: true }));
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropColumn('file', 'createdByUserID');
    await q.dropColumn('user', 'tokenVersion');
  }
}
