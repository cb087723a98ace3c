import type { ReactNode } from 'react';
import type { ListIdEntry, Me, Row } from '../api/types';

/**
 * A resource definition drives one generic list screen and one generic record
 * dialog (ant-design-pro style): its single `columns` array gives the table's
 * columns, the column chooser's choices and the form's inputs.
 */

export type DialogMode = 'create' | 'copy' | 'update' | 'delete' | 'read';

/** What a field may depend on when deciding to be read-only or hidden. */
export interface FieldContext {
  me: Me;
  mode: DialogMode;
  /** The loaded record; undefined when creating. */
  record?: Row;
  /**
   * The form's current values (every field, shown or not), so an input can
   * depend on another, e.g. an analysis field's inputs on its input type.
   * Undefined outside a dialog.
   */
  values?: Row;
  /** Inside a nested table (`subTable`): the row being edited. */
  row?: Row;
}

/** Where a select's options come from. */
export interface LookupSource {
  /** List path under /api, e.g. 'storeTypes'. */
  listPath: string;
  /** Row field holding the option's value, e.g. 'storeTypeID'. */
  valueField: string;
  /** Row field holding the option's label. */
  labelField: string;
  /** Rows per search: 50 for pickers, 100 for the store picker (spec 01 §9). */
  pageLength?: number;
  /** Extra fixed filters for the options list. */
  filters?: Record<string, string>;
  /** Order of the options; by the label field ascending unless given (rate cards: newest first). */
  sort?: { field: string; dir: 'asc' | 'desc' };
  /** An option's text when it is more than one field, e.g. 'name (dd/mm/yyyy)'. */
  optionLabel?: (row: Row) => string;
}

export interface SelectOption {
  value: number | string;
  label: string;
}

/** A choice of a `select` or `radio` input; a radio may also choose between true and false. */
export interface ChoiceOption {
  value: number | string | boolean;
  label: string;
}

/**
 * Options loaded from an endpoint that may depend on the form, e.g. the
 * fields of the chosen metric table, or the stores offering the chosen sale type.
 */
export interface RemoteOptionsSource {
  /** The URL to load, or null while the form lacks what it needs. */
  url: (ctx: FieldContext) => string | null;
  toOptions: (body: unknown, ctx: FieldContext) => ChoiceOption[];
  /** Shown while `url` is null, e.g. 'Choose a sale type first'. */
  waitingText?: string;
}

/**
 * A list of child rows edited inside the record dialog as a nested table
 * (discount stores, analysis list items). Each column holds one or more
 * inputs described by ordinary field definitions, whose callbacks receive
 * the child row as `ctx.row`.
 */
export interface SubTableColumn {
  key: string;
  title: string;
  /** Cell width in px. */
  width?: number;
  fields: FieldDef[];
  /** Leaves the whole column out, e.g. figures the user's access profile does not show. */
  hidden?: (ctx: FieldContext) => boolean;
}

export interface SubTableDef {
  columns: SubTableColumn[];
  /** Values of a new row. */
  newRow: (ctx: FieldContext) => Row;
  /** Ties a row's fields together after every edit (e.g. the discount rules). */
  normalize?: (row: Row) => Row;
  /**
   * Row fields sent besides the inputs when the row has them, e.g. an
   * existing item's id. Dropped when copying, so the copy gets new rows.
   */
  keepFields?: string[];
  /** Button under the table, e.g. 'Add store'. */
  addLabel: string;
  /** Shown when there are no rows. */
  emptyText: string;
}

/** Where a `file` input uploads (POST /api/file/{library}/{type}). */
export interface FileUploadSource {
  library: string;
  type: string;
  /** The file chooser's filter, e.g. '.pdf,application/pdf'. */
  accept?: string;
}

export type ValueType =
  | 'text'
  | 'email'
  | 'password'
  | 'integer'
  | 'number'
  /** Pounds: digits with up to two decimals, other keystrokes ignored; shows '£1,234.56'. */
  | 'money'
  /** A fraction 0..1 typed with up to two decimals (0.25); shows as a percentage (25%). */
  | 'ratio'
  | 'boolean'
  | 'date'
  | 'dateTime'
  /** Foreign key chosen from another list; shows `displayField` from the row. */
  | 'lookup'
  /** Several foreign keys, e.g. the stores of an access profile. */
  | 'multiLookup'
  /** An access profile's system areas ('A, B' as a list): a checklist under group headings. */
  | 'systemAreas'
  /** Login hour 0..24 shown as '00:00'..'24:00'. */
  | 'hour'
  /** Weekday bitmask, Sunday bit 0 .. Saturday bit 6, 0 = every day. */
  | 'weekdays'
  /** One of `options` (or of `remoteOptions`), in a drop-down. */
  | 'select'
  /** One of a few `options` as buttons side by side (values may be true/false). */
  | 'radio'
  /** Several lines of text. */
  | 'textarea'
  /** JSON text, checked as it is typed. */
  | 'json'
  /** Child rows in a nested editable table, see `subTable`. */
  | 'subTable'
  /** A file uploaded at once to a library, see `fileUpload`; the value is `{ fileID, originalName }`. */
  | 'file';

export interface FieldDef {
  /** Row field the column shows and the form edits. */
  name: string;
  title: string;
  valueType: ValueType;

  // ---- table ----
  /** Not offered as a table column at all (e.g. password). */
  hideInTable?: boolean;
  /** Offered in the column chooser but not shown until chosen. */
  hiddenByDefault?: boolean;
  /** Sortable on the server; a string names a different sort field. */
  sortable?: boolean | string;
  /** Text shown when the value is empty, e.g. 'Never' for a user never logged in. */
  emptyText?: string;
  /** Row field with the name of a lookup, e.g. 'storeTypeName' for storeTypeID. */
  displayField?: string;
  /** Overrides how the value shows in the table and in read-only forms. */
  render?: (row: Row) => ReactNode;
  /**
   * Offered as a column filter: booleans as Yes/No, text as "contains"
   * (`{name}Lower`). Defaults to sortable text and boolean columns, since
   * those are the entity's own columns the server can filter on.
   */
  filterable?: boolean;
  /**
   * Table column width in px (its value on one line; longer values end in an ellipsis and show
   * whole on hover). Defaults to the value type's width, never less than the header's.
   */
  width?: number;
  /**
   * How long the column stays when the card is narrow: 1 stays longest, larger numbers drop
   * first (default 3). Only the default columns drop; a column the user chose always shows.
   */
  priority?: number;
  /**
   * Shown on the phone card (below 560 px a card per row replaces the table): 'title' the first
   * line, 'aside' on its right (an amount), 'line' the lines below. Without any, the card shows
   * the first three default columns.
   */
  card?: 'title' | 'aside' | 'line';
  /** Never narrowed into an ellipsis to make room, like figures and dates (an order reference is read whole). */
  keepWhole?: boolean;
  /** The value in words for the hover text, when `render` draws more than text (a status tag). */
  hoverText?: (row: Row) => string;

  // ---- form ----
  /** The input's label when it differs from the column's title, e.g. 'Tolerance in pounds' for 'Tolerance (£)'. */
  formTitle?: string;
  /** Not part of the form (computed or audit columns). */
  hideInForm?: boolean | ((ctx: FieldContext) => boolean);
  /** Shown but not editable, and therefore never sent. */
  readOnly?: boolean | ((ctx: FieldContext) => boolean);
  /**
   * Shown as an input that cannot be changed now, but still sent: its value
   * follows a rule (e.g. commission mirroring revenue).
   */
  disabled?: boolean | ((ctx: FieldContext) => boolean);
  /**
   * Sent in place of the value while the field is hidden by `hideInForm`,
   * so the server clears what no longer applies (e.g. an analysis field's
   * list items once it becomes a text field).
   */
  valueWhenHidden?: unknown;
  /** A check made as the user types; the message shows under the input and blocks saving. */
  validate?: (value: unknown, ctx: FieldContext) => string | undefined;
  /** Text after a number input, e.g. '%'. */
  unit?: string | ((ctx: FieldContext) => string | undefined);
  /** Hint in an empty input; a function when it depends on the form (e.g. the line's value a store overrides). */
  placeholder?: string | ((ctx: FieldContext) => string | undefined);
  /** Marked required in the form; the server's validation is the authority. */
  required?: boolean | ((ctx: FieldContext) => boolean);
  /** Value for a new record, or a function of the form's context (FieldContext) that gives it. */
  initialValue?: unknown;
  /** Help under the input. */
  help?: string | ((ctx: FieldContext) => string | undefined);
  /** Never filled from the record (passwords). */
  neverPrefill?: boolean;
  /** Sent only when filled in (passwords left blank keep the old one). */
  omitWhenEmpty?: boolean;
  maxLength?: number;
  /** An `integer` typed as digits only: any other keystroke is ignored (spec 01 §5, contractMonths). */
  digitsOnly?: boolean;
  min?: number;
  max?: number;
  lookup?: LookupSource;
  /** Choices of a `select` or `radio`; a function when they depend on the form. */
  options?: ChoiceOption[] | ((ctx: FieldContext) => ChoiceOption[]);
  /** Choices of a `select` loaded from the server. */
  remoteOptions?: RemoteOptionsSource;
  /** The nested table of a `subTable` field. */
  subTable?: SubTableDef;
  /** Where a `file` field uploads. */
  fileUpload?: FileUploadSource;
  /**
   * Options a select knows before it loads any, taken from the record, so the
   * current choice shows its name (lookups default to `displayField`).
   */
  optionsFromRow?: (row: Row) => SelectOption[];
  /** Record -> form value, when the record holds it differently. */
  toFormValue?: (row: Row) => unknown;
  /** Name in the request body when it differs from `name`, e.g. 'storeIDs'. */
  bodyField?: string;
  /** Form value -> body value; `values` is the whole form (e.g. a metric's type). */
  toBodyValue?: (value: unknown, values: Row) => unknown;
}

/** A per-row link or button beside view/copy/edit/delete, e.g. a metric's 'Parts'. */
export interface RowAction {
  key: string;
  label: string;
  icon: ReactNode;
  /** Where it leads; a button without a path calls `onClick` instead (e.g. opens a dialog). */
  path?: (row: Row) => string;
  onClick?: (row: Row) => void;
  visible?: (me: Me, row: Row) => boolean;
  /** In the row's '...' menu rather than an icon of its own (a secondary link, e.g. a sale's SKU history). */
  inMenu?: boolean;
}

/** What the toolbar actions of a list with row selection get. */
export interface SelectionContext {
  me: Me;
  /** Ids of the selected rows, across pages. */
  ids: number[];
  /** The selected rows this screen has seen (rows of other pages once loaded). */
  rows: Row[];
  /** Clears the selection, e.g. after the selected rows were deleted. */
  clear: () => void;
}

/**
 * Rows can be ticked; `actions` renders buttons for the toolbar from the
 * selection (e.g. 'Compare' enabled with exactly two, 'Delete selected').
 */
export interface SelectionDef {
  actions: (ctx: SelectionContext) => ReactNode;
  /** Whether the user may tick rows at all (default: yes). */
  enabled?: (me: Me) => boolean;
}

/**
 * `listed` is the row's entry of the answer's listIDs (its `selectable` flag, the server's
 * per-row check of spec 01 §6), when the row comes from a list.
 */
export interface ResourcePermissions {
  create: (me: Me) => boolean;
  update: (me: Me, row: Row, listed?: ListIdEntry) => boolean;
  delete: (me: Me, row: Row, listed?: ListIdEntry) => boolean;
}

/** What a screen's own record dialog (ListScreen `renderDialog`) is asked to show. */
export interface DialogRequest {
  mode: DialogMode;
  /** The record; undefined when creating. */
  id?: number;
  onClose: () => void;
}

export interface ResourceDef {
  /** Name of the table for saved preferences (column choice). */
  tableName: string;
  /** Screen title, e.g. 'Stores'. */
  title: string;
  /** One record in words, lower case, e.g. 'store' ('New store'). */
  singular: string;
  /** List path under /api, e.g. 'stores'. */
  listPath: string;
  /** Save path under /api, e.g. 'store' (POST /api/store, PUT /api/store/3). */
  savePath: string;
  idField: string;
  columns: FieldDef[];
  defaultSort?: { field: string; dir: 'asc' | 'desc' };
  /** Filters always applied, e.g. active=1 on the 'Active users' tab. */
  fixedFilters?: Record<string, string>;
  /** Relations the list and the dialog's record need the server to join. */
  fkJoins?: string;
  /** Values always sent with a save, e.g. the metric a part belongs to. */
  fixedBody?: Record<string, unknown>;
  /**
   * Called when the user changes inputs; the returned values are set on the
   * form (e.g. a metric part's field is cleared when its table changes).
   */
  onValuesChange?: (changed: Row, values: Row) => Row | undefined;
  /** Links shown on each row besides view/copy/edit/delete. */
  rowActions?: RowAction[];
  /** Tickable rows with toolbar actions over the selection. */
  selection?: SelectionDef;
  /** A class for a row of the table, e.g. the sales legend's colours. */
  rowClassName?: (row: Row) => string | undefined;
  /** Details shown when a row is expanded (e.g. a rate card line's per-store values). */
  expandedRow?: (row: Row) => ReactNode;
  /**
   * Values sent besides the inputs when copying, overriding the copied ones
   * (spec 01 §4: a copied rate card line's file is cleared, `fileID: null`).
   */
  copyBody?: Record<string, unknown>;
  /** Dialog width on desktops, for forms with nested tables (default 720/820). */
  dialogWidth?: number;
  permissions: ResourcePermissions;
  /** No 'Copy' on the rows, where a copy could never be saved (one match rule of each kind). */
  noCopy?: boolean;
  /** A note shown at the top of the record dialog. */
  formNote?: string;
  /** Widest label in the form, so labels line up. */
  labelWidth?: number;
  /**
   * A message confirming a save or delete made in the record dialog ('Template Acme saved');
   * `saved` is the answer's data (the record, or `{ id }` for a delete). None when absent.
   */
  savedMessage?: (mode: DialogMode, saved: Row | undefined) => string;
}

/** The label of a field in the record dialog. */
export function formTitleOf(field: FieldDef): string {
  return field.formTitle ?? field.title;
}

export function resolve<T>(value: T | ((ctx: FieldContext) => T) | undefined, ctx: FieldContext): T | undefined {
  return typeof value === 'function' ? (value as (ctx: FieldContext) => T)(ctx) : value;
}
