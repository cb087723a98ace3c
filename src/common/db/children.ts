import { EntityManager, EntityTarget, In, ObjectLiteral } from 'typeorm';

/**
 * Makes a parent's child rows match a wanted list, in the caller's transaction: rows whose key
 * is no longer wanted are deleted, kept rows are updated, new ones inserted. Used for every
 * "list inside a record" (stores of an access profile, sale type or discount; list items).
 *
 * - `parent`: the child's foreign key column and the parent's id.
 * - `keyOf`: what identifies a child across saves (e.g. its storeID, or a list item's code).
 * - `idField`: the child's primary key column.
 */
export async function replaceChildren<C extends ObjectLiteral, W>(
  manager: EntityManager,
  target: EntityTarget<C>,
  options: {
    parent: { column: keyof C & string; id: number };
    idField: keyof C & string;
    wanted: readonly W[];
    keyOfRow: (row: C) => string | number;
    keyOfWanted: (wanted: W) => string | number;
    /** Fields to write for a wanted child (the parent key is added). */
    values: (wanted: W, existing?: C) => Partial<C>;
  },
): Promise<void> {
  const { parent, idField } = options;
  const current = await manager.find(target, { where: { [parent.column]: parent.id } as never });
  const wantedByKey = new Map(options.wanted.map((w) => [options.keyOfWanted(w), w]));
  const stale = current.filter((row) => !wantedByKey.has(options.keyOfRow(row))).map((row) => row[idField]);
  if (stale.length) await manager.delete(target, { [idField]: In(stale) });
  const currentByKey = new Map(current.map((row) => [options.keyOfRow(row), row]));
  const inserts: Partial<C>[] = [];
  for (const [key, wanted] of wantedByKey) {
    const existing = currentByKey.get(key);
    const values = { ...options.values(wanted, existing), [parent.column]: parent.id } as Partial<C>;
    if (existing) await manager.update(target, { [idField]: existing[idField] }, values);
    else inserts.push(values);
  }
  if (inserts.length) await manager.insert(target, inserts);
}
