import type { EntityManager, EntityTarget, ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import type { AuthUser } from '../auth/auth-user';
import type { StoreScope } from '../auth/store-scope';
import type { Figures } from './figures';
import type { ListFilter } from './list-query';

export type FieldType = 'integer' | 'number' | 'boolean' | 'text' | 'date' | 'datetime';

/** A field the list API may filter and sort by. Names not declared here are a 400. */
export interface ListField {
  /** Property path over the query's aliases, e.g. 'store.name' or 'storeType.name'. */
  column: string;
  type: FieldType;
  /** Searched by quickFilter (case-insensitive contains). Text fields only. */
  quick?: boolean;
  /**
   * A reference of digits (an order reference): the quick filter's digits alone also match it,
   * so a part typed as a receipt or the phone's boxes group it ('45678 90123', '2345-6789')
   * finds it too.
   */
  quickDigits?: boolean;
  sortable?: boolean;
  /** Allowed formats beyond the type's own (spec 01 section 5). */
  pattern?: RegExp;
  maxLength?: number;
  /** false: a filter and sort key the rows do not carry (a line's card date); the document leaves it optional. */
  inRow?: false;
  /** A text field's closed vocabulary (a metric's type): the document's enum for the field. */
  values?: readonly string[];
  /**
   * Equality filters ignore case (text fields whose values are unique ignoring case, like
   * SKUs): the same answer on SQLite, which compares case, and MySQL, whose collation does not.
   */
  ignoreCase?: boolean;
  /** `column` is an expression that is never null (a count, a COALESCE): the document says so. */
  notNull?: true;
  /** Column heading in the Excel export; fields without one are not exported. */
  excel?: string;
  /**
   * On a large list: an index serves sorting by this field, so any number of matching rows sorts
   * cheaply. `true`: an index on this column alone (or the primary key) gives the order
   * whatever the filters. `{ after: [...] }`: a composite index (those fields, then this one)
   * gives it once each of those fields is filtered to one value (a store's lines by revenue).
   * test/api/list-scale checks the index and the query plan. Otherwise the field sorts only up
   * to UNINDEXED_SORT_MAX matching rows.
   */
  indexed?: true | { after: readonly string[] };
  /**
   * A filter that is not a comparison of `column` (a sale has one of these analysis values; its
   * order reference is on another sale too): the engine checks the values by `type` and this
   * adds the condition, naming its parameters after `param`. Such fields are not sortable, unless
   * `sortable: true` says `column` is the value the filter compares (a derived step, whose hook
   * only writes the comparison so an index serves it).
   */
  where?: (qb: SelectQueryBuilder<ObjectLiteral>, filter: ListFilter, param: string, user: AuthUser) => void;
}

/**
 * A filter the rows do not carry and no sort takes (a sale has one of these analysis values): a
 * `where` field, unless it says `sortable: true` (its column is the value the rows carry).
 */
export const isFilterOnly = (field: ListField): boolean => !!field.where && field.sortable !== true;

/**
 * Everything the list engine knows about one entity. Each module declares one per list;
 * the engine (list.service.ts) does the rest, so pagination and filtering live in one place.
 */
export interface ListDefinition<T extends ObjectLiteral> {
  entity: EntityTarget<T>;
  /** Query alias of the root entity, also the singular resource name ('store'). */
  alias: string;
  idField: keyof T & string;
  /** Human name for messages and the Excel sheet ('store type'). */
  label: string;
  fields: Record<string, ListField>;
  /**
   * A text property no two records may share, ignoring case (a name): pickers, uploads and
   * reports find records by it, and a copy saved under the same name would be two of one thing.
   */
  uniqueName?: keyof T & string;
  /** Many-to-one relations always joined so rows can show names, as alias -> relation path. */
  lookups?: Record<string, string>;
  /**
   * The lookups `toRow` reads (default: all of them). The others are joined only where a filter
   * or sort uses them, and loaded with the rows through `fkJoinsInclude` when a join needs them:
   * each lookup loaded is an entity built per row.
   */
  rowLookups?: readonly string[];
  /** To-many relations always loaded with the page's rows (never in the id query). */
  rowJoins?: readonly string[];
  /** Relations the client may request with fkJoins (dotted for nested). */
  fkJoins?: readonly string[];
  defaultSort: { field: string; dir: 'ASC' | 'DESC' };
  /**
   * A table that grows without bound (line stores, sales): sorting by a field that is not
   * `indexed` is refused past UNINDEXED_SORT_MAX matching rows, and the default sort must be
   * indexed. Master data (tens to thousands of rows) sorts by anything.
   */
  large?: boolean;
  storeScope?: StoreScope;
  /** Extra per-user restriction that is not a plain store column. */
  scope?: (qb: SelectQueryBuilder<T>, user: AuthUser) => void;
  /**
   * Per-row aggregate reported in listIDs (e.g. revenue); its total over every matching row is
   * page.aggregateTotal. A figure when `figures` lists 'aggregate': then absent for a profile
   * that does not show it.
   */
  aggregate?: string;
  /**
   * SQL truth value of listIDs' `selectable` (which rows may be edited or deleted, e.g. only
   * recorded or modified sales); every row when absent.
   */
  selectable?: string;
  /**
   * Which row properties are revenue and which commission figures (dotted paths, through
   * joined lists too): left out of lists, records and exports for a profile without
   * showRevenue / showCommission, and never filtered or sorted on by it (figures.ts).
   */
  figures?: Figures;
  /** Relations loaded along with a requested fkJoin (e.g. each line store's store, for its name). */
  fkJoinsInclude?: Readonly<Record<string, readonly string[]>>;
  /**
   * Reads the rows of these ids already shaped, with plain SQL, instead of loading entities and
   * calling toRow: for a list whose page is read many times a second (sales), where building
   * entities across a dozen joins costs more than the database does. Used when no fkJoins are asked.
   */
  readRows?: (manager: EntityManager, ids: number[]) => Promise<Record<string, unknown>[]>;
  /** Shapes an entity into the row the API returns (adds lookup names); `user` is who asked. */
  toRow?: (entity: T, joins: ReadonlySet<string>, user: AuthUser | undefined) => Record<string, unknown>;
  /**
   * Adds computed fields to a page of rows at once (e.g. counts with one grouped query per
   * page rather than one per row). Runs after toRow, for lists, record reads and exports.
   */
  decorateRows?: (rows: Record<string, unknown>[], context: { manager: EntityManager; user: AuthUser | undefined }) => Promise<void>;
}
