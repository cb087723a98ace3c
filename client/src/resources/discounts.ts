import type { Row } from '../api/types';
import type { ChoiceOption, FieldContext, FieldDef, ResourceDef } from '../list/resource';
import { AUDIT_COLUMNS, storesSummary, writableWith } from './common';
import { applyDiscountStoreRules, canChooseRatio, newDiscountStore } from './discountRules';
import { textOf } from '../format/format';

const FIXED_OR_RATIO: ChoiceOption[] = [
  { value: true, label: 'Fixed £' },
  { value: false, label: 'Ratio' },
];

const rowOf = (ctx: FieldContext): Row => ctx.row ?? {};

/** The stores offering the chosen sale type, less those other rows already use. */
function storeOptions(body: unknown, ctx: FieldContext): ChoiceOption[] {
  const saleType = (body as { data?: Row } | null)?.data;
  const stores = (saleType?.saleTypeStores as { storeID: number; storeName: string }[] | undefined) ?? [];
  const rows = (ctx.values?.discountStores as Row[] | undefined) ?? [];
  const usedElsewhere = new Set(rows.filter((row) => row !== ctx.row).map((row) => row.storeID));
  return stores
    .filter((store) => !usedElsewhere.has(store.storeID))
    .map((store) => ({ value: store.storeID, label: store.storeName }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

/** One reduction (revenue or commission): fixed pounds or a ratio, and the amount. */
function reductionFields(prefix: 'revenue' | 'commission'): FieldDef[] {
  const Words = prefix === 'revenue' ? 'Revenue' : 'Commission';
  const isFixed = `${prefix}ReductionIsFixed`;
  // Commission follows revenue when set to; both are fixed unless the applied percent is captured.
  const follows = (ctx: FieldContext) => prefix === 'commission' && Boolean(rowOf(ctx).commissionSameAsRevenue);
  return [
    {
      name: isFixed,
      title: `${Words} reduction fixed or ratio`,
      valueType: 'radio',
      options: FIXED_OR_RATIO,
      disabled: (ctx) => follows(ctx) || !canChooseRatio(rowOf(ctx)),
    },
    {
      name: `${prefix}ReductionFixed`,
      title: `${Words} reduction`,
      valueType: 'money',
      hideInForm: (ctx) => !rowOf(ctx)[isFixed],
      disabled: follows,
    },
    {
      name: `${prefix}ReductionRatio`,
      title: `${Words} reduction ratio`,
      valueType: 'ratio',
      hideInForm: (ctx) => Boolean(rowOf(ctx)[isFixed]),
      disabled: follows,
    },
  ];
}

/**
 * /data/discounts: a discount of one sale type, with its settings per store
 * (spec 02 §3 "Discount"). The stores are a nested table of the dialog; the
 * rules of spec 01 §4 apply as the user edits (discountRules.ts).
 */
export const discountsResource: ResourceDef = {
  tableName: 'discounts',
  title: 'Discounts',
  singular: 'discount',
  listPath: 'discounts',
  savePath: 'discount',
  idField: 'discountID',
  defaultSort: { field: 'name', dir: 'asc' },
  fkJoins: 'discountStores',
  permissions: writableWith('SystemSetup'),
  dialogWidth: 1000,
  labelWidth: 110,
  columns: [
    { name: 'name', title: 'Name', valueType: 'text', sortable: true, required: true, maxLength: 100 },
    {
      name: 'saleTypeID',
      title: 'Sale type',
      valueType: 'lookup',
      displayField: 'saleTypeName',
      sortable: 'saleTypeName',
      required: true,
      lookup: { listPath: 'saleTypes', valueField: 'saleTypeID', labelField: 'name', pageLength: 50 },
      help: 'Only stores that offer this sale type can have the discount',
    },
    {
      name: 'discountStores',
      title: 'Stores',
      valueType: 'subTable',
      initialValue: [],
      width: 240,
      help: 'Without "Capture applied %" both reductions are fixed amounts. With it, a ratio is the share of the percent given on the sale that comes off: 1 takes it all (20% given, 20% off), 0.5 half of it (10% off).',
      render: (row) => storesSummary(((row.discountStores as Row[] | undefined) ?? []).map((s) => textOf(s.storeName))),
      subTable: {
        addLabel: 'Add store',
        emptyText: 'No stores yet: add the stores this discount applies to',
        newRow: () => ({ ...newDiscountStore() }),
        normalize: (row) => applyDiscountStoreRules(row),
        columns: [
          {
            key: 'store',
            title: 'Store',
            // Wide enough for a store's whole name in the picker.
            width: 160,
            fields: [
              {
                name: 'storeID',
                title: 'Store',
                valueType: 'select',
                displayField: 'storeName',
                remoteOptions: {
                  url: (ctx) => (ctx.values?.saleTypeID ? `/api/saleTypes?saleTypeID=${Number(ctx.values.saleTypeID)}&fkJoins=saleTypeStores` : null),
                  toOptions: storeOptions,
                  waitingText: 'Choose a sale type first',
                },
              },
            ],
          },
          // Widths: 'Enabled' whole on one line, and the table within the 800 px dialog (752 px inside).
          { key: 'enabled', title: 'Enabled', width: 84, fields: [{ name: 'enabled', title: 'Enabled', valueType: 'boolean' }] },
          {
            key: 'capture',
            title: 'Capture applied %',
            width: 86,
            fields: [{ name: 'captureVariablePercent', title: 'Capture applied %', valueType: 'boolean' }],
          },
          // The reductions are figures: the server leaves out those the profile does not show (and keeps them on save).
          { key: 'revenue', title: 'Revenue reduction', width: 130, fields: reductionFields('revenue'), hidden: (ctx) => !ctx.me.accessProfile.showRevenue },
          {
            key: 'same',
            title: 'Commission same as revenue',
            width: 100,
            fields: [{ name: 'commissionSameAsRevenue', title: 'Commission same as revenue', valueType: 'boolean' }],
            hidden: (ctx) => !ctx.me.accessProfile.showCommission,
          },
          {
            key: 'commission',
            title: 'Commission reduction',
            width: 130,
            fields: reductionFields('commission'),
            hidden: (ctx) => !ctx.me.accessProfile.showCommission,
          },
        ],
      },
    },
    ...AUDIT_COLUMNS,
  ],
};
