import { MigrationInterface, QueryRunner, TableIndex } from 'typeorm';

/**
 * Issue 7: the indexes behind the large lists' sorts. The line store list is read per store
 * (the sales form, the store's own scope) and sorted by its figures, so each sort gets a
 * composite index behind the store filter: the database then reads a page, even page 1,000,
 * from the index in order instead of sorting every matching row.
 */
const LINE_STORE_INDEXES = [
  ['storeID', 'revenue'],
  ['storeID', 'commission'],
  ['storeID', 'active'],
];

export class ListIndexes1764120000000 implements MigrationInterface {
  name = 'ListIndexes1764120000000';

  async up(q: QueryRunner): Promise<void> {
    for (const columnNames of LINE_STORE_INDEXES) {
      await q.createIndex('rateCardLineStore', new TableIndex({ columnNames }));
    }
  }

  async down(q: QueryRunner): Promise<void> {
    const table = await q.getTable('rateCardLineStore');
    for (const columnNames of LINE_STORE_INDEXES) {
      const index = table?.indices.find((i) => i.columnNames.join() === columnNames.join());
      if (index) await q.dropIndex('rateCardLineStore', index);
    }
  }
}
