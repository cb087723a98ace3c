import { PartitionOutlined } from '@ant-design/icons';
import { can } from '../auth/permissions';
import { humanizeIdentifier, textOf } from '../format/format';
import type { ResourceDef } from '../list/resource';
import { AUDIT_COLUMNS, writableWith } from './common';
import {
  DIVISION_PARTS,
  METRIC_TABLES,
  METRIC_TYPES,
  SUCCESS_IS_LESS,
  formatSuccessValue,
  metricFieldOptions,
  paramsJsonError,
  successValueToBody,
  successValueToForm,
} from './metricValues';

/** Params with no filter: absent, blank or an empty JSON object. */
function isEmptyParams(params: unknown): boolean {
  const text = textOf(params).replace(/\s/g, '');
  return text === '' || text === '{}';
}

/** /data/metrics/{metricID}: where a metric's parts are edited (SystemSetup only). */
export const metricPartsPath = (metricID: unknown) => `/data/metrics/${Number(metricID)}`;

/**
 * /data/metrics: KPIs built from parts (numerator over denominator), shown
 * as cards and table columns, with a success value to colour them.
 */
export const metricsResource: ResourceDef = {
  tableName: 'metrics',
  title: 'Metrics',
  singular: 'metric',
  listPath: 'metrics',
  savePath: 'metric',
  idField: 'metricID',
  // Spec 02 §9: metrics sort by name.
  defaultSort: { field: 'name', dir: 'asc' },
  permissions: writableWith('SystemSetup'),
  rowActions: [
    {
      key: 'parts',
      label: 'Parts',
      icon: <PartitionOutlined />,
      path: (row) => metricPartsPath(row.metricID),
      visible: (me) => can(me, 'SystemSetup'),
    },
  ],
  columns: [
    { name: 'name', title: 'Name', valueType: 'text', sortable: true, required: true, maxLength: 100 },
    {
      name: 'metricType',
      title: 'Type',
      valueType: 'select',
      options: METRIC_TYPES,
      sortable: true,
      filterable: false,
      required: true,
      initialValue: 'integer',
    },
    { name: 'showCard', title: 'Show card', valueType: 'boolean', sortable: true, initialValue: true },
    { name: 'showInTables', title: 'Show in tables', valueType: 'boolean', sortable: true, initialValue: true },
    {
      name: 'successIsLess',
      title: 'Success when',
      valueType: 'select',
      options: SUCCESS_IS_LESS,
      required: true,
      initialValue: 0,
      hideInTable: true,
      toFormValue: (row) => (row.successIsLess ? 1 : 0),
      render: (row) => (row.successIsLess ? 'At most' : 'At least'),
    },
    {
      name: 'successValue',
      title: 'Success value',
      hideInTable: true,
      valueType: 'number',
      sortable: true,
      initialValue: 0,
      unit: (ctx) => (ctx.values?.metricType === 'percent' ? '%' : undefined),
      // Percent metrics store a fraction; people type and read a percentage.
      toFormValue: (row) => successValueToForm(row.successValue, row.metricType),
      toBodyValue: (value, values) => successValueToBody(value, values.metricType),
      render: (row) => formatSuccessValue(row.successValue, row.metricType),
      help: (ctx) =>
        ctx.values?.metricType === 'percent' ? 'As a percentage, e.g. 75 for 75%. 0 means not used.' : '0 means not used (advised only for percent metrics)',
    },
    {
      // The table's one column for both: 'At least 35%'.
      name: 'success',
      title: 'Success',
      valueType: 'text',
      sortable: 'successValue',
      filterable: false,
      hideInForm: true,
      render: (row) => {
        const value = formatSuccessValue(row.successValue, row.metricType);
        return Number(row.successValue) ? `${row.successIsLess ? 'At most' : 'At least'} ${value}` : value;
      },
    },
    {
      name: 'analysisFieldID',
      title: 'Analysis field',
      valueType: 'lookup',
      displayField: 'analysisFieldName',
      sortable: 'analysisFieldName',
      emptyText: 'None',
      placeholder: 'None',
      lookup: { listPath: 'analysisFields', valueField: 'analysisFieldID', labelField: 'name', pageLength: 50 },
    },
    { name: 'metricPartCount', title: 'Parts', valueType: 'integer', hideInForm: true },
    ...AUDIT_COLUMNS,
  ],
};

/** The parts of one metric, on its parts page (SystemSetup reads and writes). */
export function metricPartsResource(metricID: number, metricName: string | undefined): ResourceDef {
  return {
    tableName: 'metricParts',
    title: metricName ? `Parts of ${metricName}` : 'Metric parts',
    singular: 'metric part',
    listPath: 'metricParts',
    savePath: 'metricPart',
    idField: 'metricPartID',
    // The server lists parts in the order they were added.
    fixedFilters: { metricID: String(metricID) },
    fixedBody: { metricID },
    permissions: writableWith('SystemSetup'),
    labelWidth: 120,
    // A field belongs to one table: choosing another table clears it.
    onValuesChange: (changed) => ('tableName' in changed ? { field: null } : undefined),
    columns: [
      { name: 'name', title: 'Name', valueType: 'text', sortable: true, required: true, maxLength: 100 },
      {
        name: 'divisionPart',
        title: 'Division part',
        valueType: 'select',
        options: DIVISION_PARTS,
        sortable: true,
        filterable: false,
        required: true,
        initialValue: 'numerator',
        render: (row) => (row.divisionPart === 'denominator' ? 'Denominator' : 'Numerator'),
      },
      { name: 'multiplier', title: 'Multiplier', valueType: 'number', sortable: true, initialValue: 1 },
      {
        name: 'tableName',
        title: 'Table',
        valueType: 'select',
        options: METRIC_TABLES,
        sortable: true,
        filterable: false,
        required: true,
        initialValue: 'sales',
      },
      {
        name: 'field',
        title: 'Field',
        valueType: 'select',
        sortable: true,
        filterable: false,
        required: true,
        optionsFromRow: (row) => (row.field ? [{ value: textOf(row.field), label: humanizeIdentifier(textOf(row.field)) }] : []),
        remoteOptions: {
          url: (ctx) => (ctx.values?.tableName ? '/api/metricParts/fields' : null),
          toOptions: (body, ctx) => metricFieldOptions(body, ctx.values?.tableName),
          waitingText: 'Choose a table first',
        },
        render: (row) => (row.field ? humanizeIdentifier(textOf(row.field)) : ''),
      },
      {
        name: 'params',
        title: 'Params',
        valueType: 'json',
        initialValue: '{}',
        width: 260,
        validate: paramsJsonError,
        help: 'Filters as a JSON object, named as in the lists, e.g. {"saleTypeID": 2}; empty for none',
        // No filters reads as the empty value, not as the '{}' it is stored as.
        render: (row) => (isEmptyParams(row.params) ? '' : <code className="json-cell">{String(row.params)}</code>),
      },
      ...AUDIT_COLUMNS,
    ],
  };
}
