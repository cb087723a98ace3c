import type { EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';
import { InvalidInput } from '../http/validation-result';

/** 'accessProfileStore' -> 'access profile stores' */
export function pluralLabel(tableName: string, count: number): string {
  const words = tableName.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  if (count === 1) return words;
  return words.endsWith('y') ? `${words.slice(0, -1)}ies` : `${words}s`;
}

/**
 * Refuses to delete a record that other rows still point at, naming them
 * ("This store type is used by 3 stores"). Found from the entity metadata, so every
 * module's references count without any module knowing the others. Links declared
 * ON DELETE CASCADE (e.g. a store in an access profile) go with the record instead.
 */
export async function assertNotInUse<T extends ObjectLiteral>(
  manager: EntityManager,
  target: EntityTarget<T>,
  id: number,
  label: string,
): Promise<void> {
  const targetMetadata = manager.connection.getMetadata(target);
  const uses: string[] = [];
  for (const metadata of manager.connection.entityMetadatas) {
    for (const relation of metadata.manyToOneRelations) {
      if (relation.inverseEntityMetadata.target !== targetMetadata.target) continue;
      if (relation.onDelete === 'CASCADE') continue;
      const column = relation.joinColumns[0]?.propertyName;
      if (!column) continue;
      const count = await manager.countBy(metadata.target, { [column]: id });
      if (count > 0) uses.push(`${count} ${pluralLabel(metadata.tableName, count)}`);
    }
  }
  if (uses.length) {
    const list = uses.length > 1 ? `${uses.slice(0, -1).join(', ')} and ${uses.at(-1)}` : uses[0];
    throw new InvalidInput({}, `This ${label} is used by ${list}, so it cannot be deleted`);
  }
}

/** A foreign key in a body must name a record that exists: 400 on the field otherwise. */
export async function assertReferenceExists<T extends ObjectLiteral>(
  manager: EntityManager,
  target: EntityTarget<T>,
  where: Record<string, number>,
  field: string,
  label: string,
): Promise<void> {
  if (!(await manager.existsBy(target, where as never))) {
    throw new InvalidInput({ [field]: `Choose a ${label} that exists` });
  }
}

const IN_CHUNK = 5000;

/**
 * What uses any of `ids` of `target`, as counts per referencing table: one grouped count per
 * referencing table (per chunk of 5000 ids), never per record. Rows that go with the records
 * (ON DELETE CASCADE, e.g. a line's stores) are followed, up to `depth` levels, because what
 * uses *them* blocks the delete as well (a sale pointing at a line's store).
 */
export async function usesOf<T extends ObjectLiteral>(
  manager: EntityManager,
  target: EntityTarget<T>,
  ids: readonly number[],
  depth = 3,
): Promise<Map<string, number>> {
  const uses = new Map<string, number>();
  const targetMetadata = manager.connection.getMetadata(target);
  if (ids.length === 0) return uses;
  for (const metadata of manager.connection.entityMetadatas) {
    for (const relation of metadata.manyToOneRelations) {
      if (relation.inverseEntityMetadata.target !== targetMetadata.target) continue;
      const column = relation.joinColumns[0]?.databaseName;
      if (!column) continue;
      if (relation.onDelete === 'CASCADE' || relation.onDelete === 'SET NULL') {
        if (relation.onDelete === 'SET NULL' || depth <= 0 || metadata.primaryColumns.length !== 1) continue;
        // The children go too: what uses them counts.
        const childIDs: number[] = [];
        const pk = metadata.primaryColumns[0].databaseName;
        for (let i = 0; i < ids.length; i += IN_CHUNK) {
          const rows = await manager
            .createQueryBuilder(metadata.target, 'c')
            .select(`c.${pk}`, 'id')
            .where(`c.${column} IN (:...ids)`, { ids: ids.slice(i, i + IN_CHUNK) })
            .getRawMany<{ id: unknown }>();
          for (const row of rows) childIDs.push(Number(row.id));
        }
        for (const [table, count] of await usesOf(manager, metadata.target, childIDs, depth - 1)) {
          uses.set(table, (uses.get(table) ?? 0) + count);
        }
        continue;
      }
      let count = 0;
      for (let i = 0; i < ids.length; i += IN_CHUNK) {
        const raw = await manager
          .createQueryBuilder(metadata.target, 'r')
          .select('COUNT(*)', 'n')
          .where(`r.${column} IN (:...ids)`, { ids: ids.slice(i, i + IN_CHUNK) })
          .getRawOne<{ n: unknown }>();
        count += Number(raw?.n ?? 0);
      }
      if (count > 0) uses.set(metadata.tableName, (uses.get(metadata.tableName) ?? 0) + count);
    }
  }
  return uses;
}

/**
 * Refuses to delete any of `ids` while something uses one of them (400 naming what and how
 * many: "These 3 rate card lines are used by 12 sales, so they cannot be deleted"). For bulk
 * deletes: the counts are grouped (see usesOf), so 5000 records cost a handful of queries.
 */
export async function assertNoneInUse<T extends ObjectLiteral>(
  manager: EntityManager,
  target: EntityTarget<T>,
  ids: readonly number[],
  label: string,
  field?: string,
): Promise<void> {
  const uses = [...(await usesOf(manager, target, ids))].map(([table, count]) => `${count} ${pluralLabel(table, count)}`);
  if (!uses.length) return;
  const list = uses.length > 1 ? `${uses.slice(0, -1).join(', ')} and ${uses.at(-1)}` : uses[0];
  const what = ids.length === 1 ? `This ${label} is` : `These ${ids.length} ${label}s are`;
  const summary = `${what} used by ${list}, so ${ids.length === 1 ? 'it' : 'they'} cannot be deleted`;
  throw new InvalidInput(field ? { [field]: summary } : {}, summary);
}
