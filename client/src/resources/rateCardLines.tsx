import { Table, Tag, Tooltip } from 'antd';
import { apiUrl } from '../api/http';
import { getToken } from '../api/token';
import type { Row } from '../api/types';
import { ALL_FIGURES, type FigureFlags } from '../auth/figures';
import { can } from '../auth/permissions';
import { formatPounds, textOf } from '../format/format';
import { KeyboardScroll } from '../list/KeyboardScroll';
import { BooleanMark } from '../list/renderValue';
import type { ChoiceOption, FieldContext, FieldDef, ResourceDef, SelectionContext } from '../list/resource';
import type { ReactNode } from 'react';
import { AUDIT_COLUMNS } from './common';

/** A rate card line store as listed (docs/http-api.md, "Rate cards (issue 4)"). */
export interface LineStore {
  rateCardLineStoreID?: number;
  storeID: number;
  storeName?: string;
  active: boolean;
  /** Only where the user's profile shows revenue / commission (the server leaves them out otherwise). */
  revenue?: number;
  commission?: number;
  sku?: string | null;
  description?: string | null;
  customerRRP?: number | null;
  customerMonthly?: number | null;
  excludeDiscount?: boolean | null;
  /** Which of sku, description, customerRRP, customerMonthly, excludeDiscount the store overrides. */
  overrides?: string[];
  /** In the dialog: the values a store without its own takes (the line's; excludeDiscount the SKU type's). */
  inherited?: Partial<Record<StoreOverride, unknown>>;
}

/** The values a store may override; the row shows the line's where it does not. */
export const STORE_OVERRIDES = ['sku', 'description', 'customerRRP', 'customerMonthly', 'excludeDiscount'] as const;
type StoreOverride = (typeof STORE_OVERRIDES)[number];

const overrides = (s: LineStore, key: StoreOverride) => (s.overrides ?? []).includes(key);

/**
 * A read store as the dialog edits it: its own values only (null = use the line's). What it takes
 * instead is kept aside for the view dialog to name; it is never sent.
 */
export function storeFormRow(s: LineStore): LineStore {
  const row: LineStore = { ...s, inherited: {} };
  for (const key of STORE_OVERRIDES) {
    if (overrides(s, key)) continue;
    row.inherited![key] = s[key];
    row[key] = null;
  }
  delete row.overrides;
  return row;
}

/**
 * A store's value in the view dialog: its own, or what applies instead and whose it is,
 * e.g. 'Same as the line (ABC123)' or 'Same as the SKU type (Yes)'.
 */
function ownOrInherited(key: StoreOverride, show: (value: unknown) => string) {
  return (row: Row): string => {
    const own = row[key];
    if (own !== null && own !== undefined && own !== '') return show(own);
    const source = key === 'excludeDiscount' ? 'the SKU type' : 'the line';
    const inherited = (row.inherited as LineStore['inherited'])?.[key];
    const shown = inherited === null || inherited === undefined || inherited === '' ? '' : show(inherited);
    return shown ? `Same as ${source} (${shown})` : `Same as ${source}`;
  };
}
const asText = (value: unknown) => String(value);
const asYesNo = (value: unknown) => (value ? 'Yes' : 'No');

const storesOf = (row: Row): LineStore[] => (row.rateCardLineStores as LineStore[] | undefined) ?? [];

/** '£10.00' or '£10.00–£12.00' over the stores' values. */
function range(values: number[]): string {
  if (values.length === 0) return '';
  const low = Math.min(...values);
  const high = Math.max(...values);
  return low === high ? formatPounds(low) : `${formatPounds(low)}–${formatPounds(high)}`;
}

/**
 * One line of text for the table: how many stores, the revenue and commission
 * they pay (a range when they differ; only the figures the profile shows), and
 * how many have values of their own. Expand the row for the detail.
 */
export function storeValuesSummary(stores: LineStore[], figures: FigureFlags = ALL_FIGURES): string {
  if (stores.length === 0) return 'No stores';
  const active = stores.filter((s) => s.active);
  const count = `${stores.length} ${stores.length === 1 ? 'store' : 'stores'}${active.length < stores.length ? ` (${active.length} active)` : ''}`;
  const paying = active.length ? active : stores;
  const own = stores.filter((s) => (s.overrides ?? []).length > 0).length;
  const ownText = own ? ` · own values at ${own} ${own === 1 ? 'store' : 'stores'}` : '';
  const amounts = [
    ...(figures.revenue ? [` · revenue ${range(paying.map((s) => Number(s.revenue)))}`] : []),
    ...(figures.commission ? [` · commission ${range(paying.map((s) => Number(s.commission)))}`] : []),
  ].join('');
  return `${count}${amounts}${ownText}`;
}

/** A store's value in the expanded table: its own (an override) marked, else the line's greyed. */
function storeValue(s: LineStore, key: StoreOverride, text: ReactNode) {
  return overrides(s, key) ? (
    <Tooltip title="This store's own value (overrides the line's)">
      <span className="store-override" data-override={key}>
        {text}
      </span>
    </Tooltip>
  ) : (
    <span className="store-inherited">{text}</span>
  );
}

/**
 * The expanded row: one line per store. Revenue and commission as the profile shows them. A
 * store's own SKU, description, prices or discount rule show in columns only where any store
 * overrides them: the overrides marked, the others greyed (the line's values).
 */
export function LineStoresTable({ row, figures = ALL_FIGURES }: { row: Row; figures?: FigureFlags }) {
  const stores = [...storesOf(row)].sort((a, b) => String(a.storeName ?? '').localeCompare(String(b.storeName ?? '')));
  const has = (key: StoreOverride) => stores.some((s) => overrides(s, key));
  const columns = [
    { key: 'store', title: 'Store', render: (_: unknown, s: LineStore) => s.storeName ?? '(Store name not found)' },
    { key: 'active', title: 'Active', render: (_: unknown, s: LineStore) => <BooleanMark value={s.active} /> },
    ...(figures.revenue ? [{ key: 'revenue', title: 'Revenue', align: 'right' as const, render: (_: unknown, s: LineStore) => formatPounds(s.revenue) }] : []),
    ...(figures.commission
      ? [{ key: 'commission', title: 'Commission', align: 'right' as const, render: (_: unknown, s: LineStore) => formatPounds(s.commission) }]
      : []),
    ...(has('sku') ? [{ key: 'sku', title: 'SKU', render: (_: unknown, s: LineStore) => storeValue(s, 'sku', s.sku ?? '') }] : []),
    ...(has('description')
      ? [{ key: 'description', title: 'Description', render: (_: unknown, s: LineStore) => storeValue(s, 'description', s.description ?? '') }]
      : []),
    ...(has('customerRRP')
      ? [{ key: 'rrp', title: 'RRP', align: 'right' as const, render: (_: unknown, s: LineStore) => storeValue(s, 'customerRRP', formatPounds(s.customerRRP)) }]
      : []),
    ...(has('customerMonthly')
      ? [
          {
            key: 'monthly',
            title: 'Monthly',
            align: 'right' as const,
            render: (_: unknown, s: LineStore) => storeValue(s, 'customerMonthly', formatPounds(s.customerMonthly)),
          },
        ]
      : []),
    ...(has('excludeDiscount')
      ? [
          {
            key: 'excl',
            title: 'Exclude discount',
            render: (_: unknown, s: LineStore) => storeValue(s, 'excludeDiscount', <BooleanMark value={s.excludeDiscount} />),
          },
        ]
      : []),
  ];
  const overridden = stores.filter((s) => (s.overrides ?? []).length > 0).length;
  return (
    <div className="line-stores">
      {stores.length === 0 ? (
        <Tag>No stores</Tag>
      ) : (
        <>
          <KeyboardScroll label={`Stores of ${textOf(row.sku ?? 'the line')}`}>
            <Table<LineStore>
              size="small"
              pagination={false}
              rowKey={(s) => String(s.storeID)}
              columns={columns}
              dataSource={stores}
              scroll={{ x: 'max-content' }}
            />
          </KeyboardScroll>
          {overridden > 0 && (
            <div className="line-stores-note">
              <span className="store-override">Marked</span> values are the store&apos;s own; greyed ones are the line&apos;s.
            </div>
          )}
        </>
      )}
    </div>
  );
}

/**
 * 'Uploaded from': the upload's file name. Who may download it (SystemSetup, spec 01 §6) gets a
 * link carrying the token, as downloads do; others get the name only, as a link would answer
 * 403 and a 403 ends the session.
 */
function uploadedFrom(row: Row, mayDownload: boolean): ReactNode {
  const file = row.file as { fileID?: number; originalName?: string } | null | undefined;
  if (!file?.originalName) return '';
  if (!mayDownload || !file.fileID) return file.originalName;
  return (
    <a
      className="uploaded-from"
      href={apiUrl(`file/${file.fileID}/download`, { token: getToken() })}
      download={file.originalName}
      title={`Download ${file.originalName}`}
    >
      {file.originalName}
    </a>
  );
}

const sortByLabel = (options: ChoiceOption[]) => options.sort((a, b) => a.label.localeCompare(b.label));

/** The line's value as a placeholder: what a store without its own value uses. */
const lineValue =
  (name: string, empty = 'Same as the line') =>
  (ctx: FieldContext) => {
    const value = ctx.values?.[name];
    return value === null || value === undefined || value === '' ? empty : textOf(value);
  };
const lineMoney = (name: string) => (ctx: FieldContext) => {
  const value = ctx.values?.[name];
  return value === null || value === undefined || value === '' ? '0.00' : Number(value).toFixed(2);
};
const emptyToNull = (value: unknown) => (value === '' ? null : value);

/** The SKU type's rule ('SKU type: Yes') while the form still has the record's SKU type. */
function skuTypeRule(ctx: FieldContext): string {
  const record = ctx.record;
  if (record && ctx.values?.skuTypeID === record.skuTypeID && typeof record.excludeDiscount === 'boolean') {
    return `SKU type: ${asYesNo(record.excludeDiscount)}`;
  }
  return 'Same as the SKU type';
}

/** A store's own SKU, description, prices and discount rule: empty = the line's (the placeholder). */
const OVERRIDE_COLUMNS = [
  {
    key: 'sku',
    title: 'Own SKU',
    width: 130,
    fields: [
      {
        name: 'sku',
        title: 'Own SKU',
        valueType: 'text',
        maxLength: 25,
        placeholder: lineValue('sku'),
        render: ownOrInherited('sku', asText),
        toBodyValue: emptyToNull,
      },
    ],
  },
  {
    key: 'description',
    title: 'Own description',
    width: 170,
    fields: [
      {
        name: 'description',
        title: 'Own description',
        valueType: 'text',
        maxLength: 255,
        placeholder: lineValue('description'),
        render: ownOrInherited('description', asText),
        toBodyValue: emptyToNull,
      },
    ],
  },
  {
    key: 'rrp',
    title: 'Own RRP',
    width: 110,
    fields: [
      { name: 'customerRRP', title: 'Own RRP', valueType: 'money', placeholder: lineMoney('customerRRP'), render: ownOrInherited('customerRRP', formatPounds) },
    ],
  },
  {
    key: 'monthly',
    title: 'Own monthly',
    width: 110,
    fields: [
      {
        name: 'customerMonthly',
        title: 'Own monthly',
        valueType: 'money',
        placeholder: lineMoney('customerMonthly'),
        render: ownOrInherited('customerMonthly', formatPounds),
      },
    ],
  },
  {
    key: 'excl',
    title: 'Excl. discount',
    width: 150,
    fields: [
      {
        name: 'excludeDiscount',
        title: 'Own exclude discount',
        valueType: 'select',
        options: [
          { value: true, label: 'Yes' },
          { value: false, label: 'No' },
        ],
        placeholder: skuTypeRule,
        render: ownOrInherited('excludeDiscount', asYesNo),
      },
    ],
  },
] satisfies Array<{ key: string; title: string; width: number; fields: FieldDef[] }>;

function storeFields(saleTypeID: number): FieldDef[] {
  return [
    {
      name: 'storeID',
      title: 'Store',
      valueType: 'select',
      displayField: 'storeName',
      remoteOptions: {
        url: () => `/api/saleTypes?saleTypeID=${saleTypeID}&fkJoins=saleTypeStores`,
        // The stores offering the sale type, less those other rows use.
        toOptions: (body, ctx) => {
          const saleType = (body as { data?: Row } | null)?.data;
          const stores = (saleType?.saleTypeStores as { storeID: number; storeName: string }[] | undefined) ?? [];
          const rows = (ctx.values?.rateCardLineStores as Row[] | undefined) ?? [];
          const used = new Set(rows.filter((r) => r !== ctx.row).map((r) => r.storeID));
          return sortByLabel(stores.filter((s) => !used.has(s.storeID)).map((s) => ({ value: s.storeID, label: s.storeName })));
        },
      },
    },
  ];
}

/**
 * The lines of one rate card and sale type (spec 01 §3 "Rate card line"),
 * with their per-store values in a nested table. SystemSetup edits; a copy
 * has no file (spec 01 §4: the server gives a line saved by hand none).
 */
export function rateCardLinesResource(options: {
  rateCardID: number;
  saleTypeID: number;
  title: string;
  selectionActions?: (ctx: SelectionContext) => ReactNode;
  /** The user may download uploaded files (SystemSetup): 'Uploaded from' is a link, shown by default. */
  mayDownloadFiles: boolean;
  /** The figures the user's profile shows: the others have no column, cell or word. */
  figures: FigureFlags;
}): ResourceDef {
  const { rateCardID, saleTypeID, title, selectionActions, mayDownloadFiles, figures } = options;
  const mayWrite = (me: Parameters<typeof can>[0]) => can(me, 'SystemSetup');
  return {
    tableName: 'rateCardLines',
    title,
    singular: 'rate card line',
    listPath: 'rateCardLines',
    savePath: 'rateCardLine',
    idField: 'rateCardLineID',
    defaultSort: { field: 'sku', dir: 'asc' },
    fixedFilters: { rateCardID: String(rateCardID), saleTypeID: String(saleTypeID) },
    fkJoins: 'rateCardLineStores,file',
    fixedBody: { rateCardID, saleTypeID },
    permissions: { create: mayWrite, update: mayWrite, delete: mayWrite },
    selection: selectionActions ? { actions: selectionActions, enabled: mayWrite } : undefined,
    expandedRow: (row) => <LineStoresTable row={row} figures={figures} />,
    dialogWidth: 1240,
    labelWidth: 140,
    columns: [
      { name: 'sku', title: 'SKU', valueType: 'text', sortable: true, required: true, maxLength: 25 },
      { name: 'description', title: 'Description', valueType: 'text', sortable: true, maxLength: 255, width: 260 },
      {
        name: 'skuTypeID',
        title: 'SKU type',
        valueType: 'lookup',
        displayField: 'skuTypeName',
        required: true,
        lookup: { listPath: 'skuTypes', valueField: 'skuTypeID', labelField: 'name', pageLength: 50 },
      },
      {
        name: 'bandID',
        title: 'Band',
        valueType: 'lookup',
        displayField: 'bandName',
        lookup: { listPath: 'bands', valueField: 'bandID', labelField: 'name', pageLength: 50 },
      },
      { name: 'customerRRP', title: 'RRP', valueType: 'money', sortable: true, initialValue: 0 },
      { name: 'customerMonthly', title: 'Monthly', valueType: 'money', sortable: true, initialValue: 0 },
      {
        name: 'contractMonths',
        title: 'Contract months',
        valueType: 'integer',
        digitsOnly: true,
        sortable: true,
        min: 0,
        initialValue: 0,
        // 0 is 'no contract' (an accessory): blank, not a figure.
        render: (row) => (Number(row.contractMonths) > 0 ? String(row.contractMonths) : ''),
      },
      {
        name: 'legacySKU',
        title: 'Legacy SKU',
        valueType: 'text',
        hiddenByDefault: true,
        filterable: false,
        maxLength: 25,
        toBodyValue: (value) => (value === '' ? null : value),
      },
      {
        name: 'rateCardLineStores',
        title: 'Stores',
        valueType: 'subTable',
        initialValue: [],
        width: 300,
        help: `${
          figures.revenue && figures.commission
            ? 'Unticked stores with revenue and commission both 0 are dropped on save; otherwise kept as inactive.'
            : // Without both figures in view, the rule is told without naming the hidden one.
              'Unticked stores are dropped on save when they pay nothing; otherwise kept as inactive.'
        } Own SKU, description, RRP, monthly and discount rule are optional: left empty, the store uses the line's (shown greyed).`,
        render: (row) => storeValuesSummary(storesOf(row), figures),
        // The dialog edits a store's own values only; the read row shows the line's where it has none.
        toFormValue: (row) => storesOf(row).map(storeFormRow),
        subTable: {
          addLabel: 'Add store',
          emptyText: 'No stores yet: add the stores that sell this line',
          // A hidden figure is not sent: the server starts it at 0 (and keeps a saved one).
          newRow: () => ({ active: true, ...(figures.revenue ? { revenue: 0 } : {}), ...(figures.commission ? { commission: 0 } : {}) }),
          columns: [
            { key: 'store', title: 'Store', width: 190, fields: storeFields(saleTypeID) },
            { key: 'active', title: 'Active', width: 64, fields: [{ name: 'active', title: 'Active', valueType: 'boolean' }] },
            ...(figures.revenue
              ? [{ key: 'revenue', title: 'Revenue', width: 110, fields: [{ name: 'revenue', title: 'Revenue', valueType: 'money' as const }] }]
              : []),
            ...(figures.commission
              ? [{ key: 'commission', title: 'Commission', width: 110, fields: [{ name: 'commission', title: 'Commission', valueType: 'money' as const }] }]
              : []),
            ...OVERRIDE_COLUMNS,
          ],
        },
      },
      {
        name: 'file',
        title: 'Uploaded from',
        valueType: 'text',
        hideInForm: true,
        hiddenByDefault: !mayDownloadFiles,
        filterable: false,
        render: (row) => uploadedFrom(row, mayDownloadFiles),
      },
      ...AUDIT_COLUMNS,
    ],
  };
}
