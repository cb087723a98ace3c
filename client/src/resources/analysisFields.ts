import type { ChoiceOption, FieldContext, ResourceDef } from '../list/resource';
import { AUDIT_COLUMNS, storesField, writableWith } from './common';

export const INPUT_TYPES: ChoiceOption[] = [
  { value: 'text', label: 'Text' },
  { value: 'single', label: 'Single choice' },
  { value: 'multi', label: 'Multiple choice' },
];

export const AUTO_FILL_FROM: ChoiceOption[] = [
  { value: 'rateCardLineBandName', label: 'Rate card line band name' },
  { value: 'rateCardLineDescriptionContains', label: 'Rate card line description contains' },
];

/**
 * Spec 02 §2.6 / §5: which inputs an input type allows. Regex and default are
 * for text; list items for single or multi; auto-fill and target flags for
 * single only.
 */
export function inputsForInputType(inputType: unknown): { textRules: boolean; listItems: boolean; singleOnly: boolean } {
  return {
    textRules: inputType === 'text',
    listItems: inputType === 'single' || inputType === 'multi',
    singleOnly: inputType === 'single',
  };
}

const inputsOf = (ctx: FieldContext) => inputsForInputType(ctx.values?.inputType);

interface ListItem {
  code?: string;
}

/**
 * /data/analysisFields: extra questions a sale records (e.g. 'Insurance
 * sold?'), free text or chosen from list items, and the stores that ask them.
 */
export const analysisFieldsResource: ResourceDef = {
  tableName: 'analysisFields',
  title: 'Analysis fields',
  singular: 'analysis field',
  listPath: 'analysisFields',
  savePath: 'analysisField',
  idField: 'analysisFieldID',
  defaultSort: { field: 'name', dir: 'asc' },
  fkJoins: 'analysisListItems,analysisFieldStores',
  permissions: writableWith('SystemSetup'),
  dialogWidth: 900,
  columns: [
    { name: 'name', title: 'Name', valueType: 'text', sortable: true, required: true, maxLength: 100 },
    {
      name: 'label',
      title: 'Label',
      valueType: 'text',
      sortable: true,
      maxLength: 100,
      help: 'What the sale form asks; the name when left empty',
    },
    {
      name: 'inputType',
      title: 'Input type',
      valueType: 'select',
      options: INPUT_TYPES,
      sortable: true,
      filterable: false,
      required: true,
      initialValue: 'single',
    },
    { name: 'required', title: 'Required', valueType: 'boolean', sortable: true },
    {
      name: 'regex',
      title: 'Regex',
      valueType: 'text',
      hiddenByDefault: true,
      maxLength: 200,
      hideInForm: (ctx) => !inputsOf(ctx).textRules,
      valueWhenHidden: '',
      placeholder: 'e.g. [A-Z]{2}\\d{6}',
      help: 'The whole value must match (it is anchored at the start and end)',
    },
    {
      name: 'defaultValue',
      title: 'Default value',
      valueType: 'text',
      hiddenByDefault: true,
      maxLength: 255,
      hideInForm: (ctx) => !inputsOf(ctx).textRules,
      valueWhenHidden: '',
      help: 'Filled in on new sales; must match the regex',
    },
    {
      name: 'analysisListItems',
      title: 'List items',
      valueType: 'subTable',
      initialValue: [],
      hideInForm: (ctx) => !inputsOf(ctx).listItems,
      valueWhenHidden: [],
      width: 160,
      render: (row) => {
        const items = (row.analysisListItems as ListItem[] | undefined) ?? [];
        if (items.length === 0) return '';
        return items.length > 5 ? `${items.length} items` : items.map((item) => item.code).join(', ');
      },
      subTable: {
        addLabel: 'Add item',
        emptyText: 'No items yet',
        keepFields: ['analysisListItemID'],
        newRow: () => ({ code: '', description: '', enableTargets: false, dailyReportAs: '' }),
        columns: [
          {
            key: 'code',
            title: 'Code',
            width: 140,
            fields: [
              {
                name: 'code',
                title: 'Code',
                valueType: 'text',
                maxLength: 50,
                // A code cannot change once created (spec 02 §5).
                readOnly: (ctx) => Boolean(ctx.row?.analysisListItemID),
              },
            ],
          },
          {
            key: 'description',
            title: 'Description',
            width: 240,
            fields: [{ name: 'description', title: 'Description', valueType: 'text', maxLength: 255 }],
          },
          {
            key: 'enableTargets',
            title: 'Enable targets',
            width: 90,
            fields: [{ name: 'enableTargets', title: 'Enable targets', valueType: 'boolean' }],
          },
          {
            key: 'dailyReportAs',
            title: 'Daily report as',
            width: 160,
            fields: [{ name: 'dailyReportAs', title: 'Daily report as', valueType: 'text', maxLength: 50 }],
          },
        ],
      },
    },
    {
      name: 'autoFillFrom',
      title: 'Auto-fill from',
      valueType: 'select',
      options: AUTO_FILL_FROM,
      hiddenByDefault: true,
      emptyText: 'None',
      placeholder: 'None (the user chooses)',
      hideInForm: (ctx) => !inputsOf(ctx).singleOnly,
      valueWhenHidden: null,
      help: "Chosen from the sale's rate card line; the user cannot change it",
    },
    {
      name: 'targetRevenue',
      title: 'Target revenue',
      valueType: 'boolean',
      sortable: true,
      hiddenByDefault: true,
      hideInForm: (ctx) => !inputsOf(ctx).singleOnly,
      valueWhenHidden: false,
    },
    {
      name: 'targetQuantity',
      title: 'Target quantity',
      valueType: 'boolean',
      sortable: true,
      hiddenByDefault: true,
      hideInForm: (ctx) => !inputsOf(ctx).singleOnly,
      valueWhenHidden: false,
    },
    { ...storesField('analysisFieldStores', 'Stores'), help: 'The stores whose sales record this field', width: 180 },
    ...AUDIT_COLUMNS,
  ],
};
