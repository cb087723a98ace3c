import type { ParameterObject, SchemaObject } from '@nestjs/swagger';

/**
 * The query parameters of the routes that read their whole query string (@Query()) without a
 * list definition, by name, as their handlers check them (a name not listed is a 400). Keyed
 * by route as summaries.ts is; the document fails to build when a route reads its whole query
 * and is not here (openapi.document.ts), so a generated client never sends `?query[x]=`.
 */
const q = (name: string, description: string, schema: SchemaObject, required = false): ParameterObject => ({
  name,
  in: 'query',
  required,
  description,
  schema,
});

const DAY: SchemaObject = { type: 'string', format: 'date', example: '2025-01-31' };
const ID: SchemaObject = { type: 'integer', minimum: 1 };
const IDS: SchemaObject = { type: 'string', pattern: '^\\d+(,\\d+)*$', description: 'Ids separated by commas.' };
const SPLIT: SchemaObject = { type: 'string', enum: ['attributableToUserID', 'storeID', 'storeStoreTypeID'], default: 'attributableToUserID' };
const FILE_NAME = q('fileName', "The file's name, without .xlsx: letters, digits, spaces, dots and dashes.", { type: 'string', maxLength: 100 });

const paging = [
  q('page', 'Page number, from 0.', { type: 'integer', minimum: 0, default: 0 }),
  q('pageLength', 'Rows per page.', { type: 'integer', minimum: 1, maximum: 500 }),
  q('sortDir', 'asc or desc.', { type: 'string', enum: ['asc', 'desc'] }),
];

/** The Top dialogs (GET /api/kpi/stores, skus, users): a sales date range, paging, and any other sales list filter. */
const TOPS = [
  q('saleDateGEQ', 'From this sale date (default: the first of the month).', DAY),
  q('saleDateLEQ', 'To this sale date (default: today).', DAY),
  ...paging.map((p) => (p.name === 'pageLength' ? { ...p, schema: { type: 'integer', enum: [10, 25, 50, 100, 500], default: 10 } } : p)),
  q('sort', 'The figure to sort by.', {
    type: 'string',
    enum: ['name', 'revenueCount', 'adjustedRevenueTotal', 'commissionTotal', 'adjustedRevenueASP', 'commissionASP'],
  }),
  q('quickFilter', 'Part of the name.', { type: 'string', maxLength: 50 }),
];

/** The parameters the unreconciled sales of a rec sheet take (sale-reconciliation-reads.ts). */
const UNRECONCILED = [
  q('refunds', 'true: the refund rows (which clawbacks match) instead of the sales.', { type: 'boolean', default: false }),
  ...paging,
  q('sort', 'A field of the sale row to sort by.', { type: 'string' }),
  q('quickFilter', 'Case-insensitive "contains" over the quick-search text fields.', { type: 'string', maxLength: 100 }),
  q('listIDsFrom', "Start of the listIDs window (default: the page's first row).", { type: 'integer', minimum: 0 }),
  q('listIDsLength', 'Length of the listIDs window.', { type: 'integer', minimum: 0 }),
];

export const QUERY_PARAMETERS: Record<string, ParameterObject[]> = {
  'GET /api/longRunningOperation': [q('operationID', "The operation; without it, the caller's latest (data null when none).", ID)],
  'GET /api/metricParts/fields': [q('tableName', 'Only the fields of this table.', { type: 'string', enum: ['sales', 'dailyStats'] })],
  'GET /api/file/{fileID}/excelHeaders/allSheets': [
    q('worksheet', "With headerRow: read this sheet's headers from that row.", { type: 'string', minLength: 1, maxLength: 31 }),
    q('headerRow', 'With worksheet: the row its headers are on, from 1.', { type: 'integer', minimum: 1 }),
  ],
  'GET /api/rateCard/current': [],
  'GET /api/rateCardCompare': [q('rateCardIDs', 'Exactly two different rate card ids: a,b.', { type: 'string', pattern: '^\\d{1,7},\\d{1,7}$' }, true)],
  'GET /api/rateCardLine/uploadFields': [
    q('saleTypeID', 'The sale type whose stores the upload covers.', { type: 'integer', minimum: 1, maximum: 9_999_999 }, true),
  ],
  'GET /api/histories': [
    q('documentType', 'The kind of record, such as sale.', { type: 'string', pattern: '^[A-Za-z]{1,30}$' }, true),
    q('documentID', "The record's id.", { type: 'integer', minimum: 0 }, true),
  ],
  'GET /api/sale/revenueCommission': [
    q('rateCardLineStoreID', 'The SKU at the store (a rate card line store).', ID, true),
    q('discountStoreID', 'The discount at the store, if any.', ID),
    q('discountPercent', 'The discount percent: 0 to 40 in steps of 5.', { type: 'integer', minimum: 0, maximum: 40, multipleOf: 5 }),
    q('isCancelled', 'As a cancelled sale (counts 0).', { type: 'boolean' }),
    q('isRefund', 'As a refund (negated amounts).', { type: 'boolean' }),
  ],
  'GET /api/recSheetLine/uploadFields': [],
  'GET /api/recSheet/{id}/unreconciledSales': UNRECONCILED,
  'GET /api/recSheet/{id}/unreconciledSales/excel': [...UNRECONCILED, FILE_NAME],
  'GET /api/targets/actuals': [
    q('storeID', 'The store.', ID, true),
    q('targetDate', 'The month: its first day, yyyy-mm-01.', { type: 'string', format: 'date', pattern: '^\\d{4}-\\d{2}-01$' }, true),
  ],
  'GET /api/metricToday': [
    q('storeID', 'The store.', ID, true),
    q('metricID', 'The metrics, in the order wanted.', IDS, true),
    q('saleDate', 'The day.', DAY, true),
  ],
  'GET /api/kpi/cards': [q('date', 'The day (default today).', DAY), q('userID', 'The users whose cards to add up (default: the caller).', IDS)],
  'GET /api/kpi/tables': [
    q('date', 'The day (default today).', DAY),
    q('storeID', "One store (default: all the caller's).", ID),
    q('splitBy', 'Rows by user, store or store type.', SPLIT),
  ],
  'GET /api/kpi/tables/excel': [
    q('date', 'The day (default today).', DAY),
    q('storeID', "One store (default: all the caller's).", ID),
    q('splitBy', 'Rows by user, store or store type.', SPLIT),
    FILE_NAME,
  ],
  'GET /api/kpi/leagueTables': [q('date', 'The day (default today).', DAY)],
  'GET /api/kpi/drhTable': [
    q('fromDate', 'First day.', DAY, true),
    q('toDate', 'Last day (at most 400 days from fromDate).', DAY, true),
    q('storeIDs', "The stores (default: all the caller's).", IDS),
    q('splitBy', 'Rows by user, store or store type.', SPLIT),
  ],
  'GET /api/kpi/drhTable/excel': [
    q('fromDate', 'First day.', DAY, true),
    q('toDate', 'Last day (at most 400 days from fromDate).', DAY, true),
    q('storeIDs', "The stores (default: all the caller's).", IDS),
    q('splitBy', 'Rows by user, store or store type.', SPLIT),
    FILE_NAME,
  ],
  'GET /api/kpi/stores': TOPS,
  'GET /api/kpi/skus': TOPS,
  'GET /api/kpi/users': TOPS,
  'GET /api/kpi/dailyReport': [
    q('storeID', "A store's id, or all (every store of the caller).", { type: 'string', pattern: '^(all|\\d{1,10})$' }, true),
    q('saleDate', 'The day.', DAY, true),
  ],
};
