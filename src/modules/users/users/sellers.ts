/**
 * Who sells at a store (docs/decisions.md, "Pickers, sellers, rota clashes and demo metrics"): a
 * user whose access profile sells (`accessProfile.sells`) and has the store. The one definition
 * behind the sale dialog's seller picker (`GET /users?sellsAtStoreID=`), the seller check of a
 * sale's save, the rows of the targets grid and the rota, and the demo's sales; the KPI and league
 * tables, split by the sales' sellers, so name only sellers too.
 *
 * SQL true when the user aliased `user` sells at one of `stores` (SQL: a parameter list or a
 * column). Activity is the caller's condition: a sale's seller check wants it, a filter may not.
 */
export function sellsAtSql(user: string, stores: string): string {
  return (
    'EXISTS (SELECT 1 FROM accessProfile sp INNER JOIN accessProfileStore sps ON sps.accessProfileID = sp.accessProfileID ' +
    `WHERE sp.accessProfileID = ${user}.accessProfileID AND sp.sells = 1 AND sps.storeID IN (${stores}))`
  );
}
