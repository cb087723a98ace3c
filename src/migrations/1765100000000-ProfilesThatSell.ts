import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';

/**
 * Issue 26: an access profile says whether its users sell (docs/decisions.md, "Pickers, sellers,
 * rota clashes and demo metrics"). Every existing profile keeps selling, as before; a user
 * administrator turns it off for the profiles of those who do not sell (administrators).
 */
export class ProfilesThatSell1765100000000 implements MigrationInterface {
  name = 'ProfilesThatSell1765100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.addColumn('accessProfile', new TableColumn({ name: 'sells', type: 'boolean', default: 1 }));
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropColumn('accessProfile', 'sells');
  }
}
