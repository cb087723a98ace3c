import type { EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';
import { InvalidInput } from '../http/validation-result';
import { withArticle } from '../http/wording';

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
export async function assertNotInUse<T extends ObjectLiteral>(manager: EntityManager, target: EntityTarget<T>, id: number, label: string): Promise<void> {
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
    throw new InvalidInput({ [field]: `Choose ${withArticle(label)} that exists` });
  }
}

const IN_CHUNK = 5000;

/**
 * What uses any of `ids` of `target`, as the distinct referencing rows per table: one query per
 * referencing column (per chunk of 5000 ids), never per record. Rows that go with the records
 * (ON DELETE CASCADE, e.g. a line's stores) are followed, up to `depth` levels, because what
 * uses *them* blocks the delete as well (a sale pointing at a line's store). A row that points
 * at the records in several ways (a sale naming both a line and that line's store) counts once.
 */
export async function usesOf<T extends ObjectLiteral>(
  manager: EntityManager,
  target: EntityTarget<T>,
  ids: readonly number[],
  depth = 3,
): Promise<Map<string, number>> {
  const rows = new Map<string, Set<string>>();
  await collectUses(manager, target, ids, depth, rows);
  return new Map([...rows].map(([table, found]) => [table, found.size]));
}

async function collectUses<T extends ObjectLiteral>(
  manager: EntityManager,
  target: EntityTarget<T>,
  ids: readonly number[],
  depth: number,
  uses: Map<string, Set<string>>,
): Promise<void> {
  const targetMetadata = manager.connection.getMetadata(target);
  if (ids.length === 0) return;
  for (const metadata of manager.connection.entityMetadatas) {
    for (const relation of metadata.manyToOneRelations) {
      if (relation.inverseEntityMetadata.target !== targetMetadata.target) continue;
      const column = relation.joinColumns[0]?.databaseName;
      if (!column || relation.onDelete === 'SET NULL') continue;
      const cascades = relation.onDelete === 'CASCADE';
      // Following children needs their single id; a link table (two-column key) has no users.
      if (cascades && (depth <= 0 || metadata.primaryColumns.length !== 1)) continue;
      const keys = metadata.primaryColumns.map((pk, n) => ({ column: pk.databaseName, alias: `k${n}` }));
      const found: string[] = [];
      for (let i = 0; i < ids.length; i += IN_CHUNK) {
        const query = manager.createQueryBuilder(metadata.target, 'r').select(`r.${keys[0].column}`, keys[0].alias);
        for (const key of keys.slice(1)) query.addSelect(`r.${key.column}`, key.alias);
        const raw = await query.where(`r.${column} IN (:...ids)`, { ids: ids.slice(i, i + IN_CHUNK) }).getRawMany<Record<string, unknown>>();
        for (const row of raw) found.push(keys.map((key) => String(row[key.alias])).join('|'));
      }
      if (cascades) {
        // The children go too: what uses them counts.
        await collectUses(manager, metadata.target, found.map(Number), depth - 1, uses);
        continue;
      }
      if (!found.length) continue;
      const seen = uses.get(metadata.tableName) ?? new Set<string>();
      for (const key of found) seen.add(key);
      uses.set(metadata.tableName, seen);
    }
  }
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
