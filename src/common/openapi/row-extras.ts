import type { SchemaObject } from '@nestjs/swagger';

/**
 * What a list's rows carry beside its list fields, by row schema (row-schema.ts): the counts,
 * ids and relations its service adds to each row (a sale's saleAnalysisValues and dupeCount, a
 * rec sheet's reconciledPercent, a rota line's paidHours). The rows are closed records: a name
 * the app starts to answer is added here, or the API tests fail on it
 * (test/support/answer-validation.ts).
 */
export const ROW_EXTRAS: Record<string, Record<string, SchemaObject>> = {
  Operation: {
    userID: { type: 'integer' },
    data: { type: 'string' },
    result: { type: 'string', nullable: true },
    committed: { type: 'boolean' },
  },
  Store: {
    recordFootfall: { type: 'boolean' },
    recordChatCount: { type: 'boolean' },
    recordStaffCount: { type: 'boolean' },
    storeType: { type: 'object' },
  },
  StoreType: {
    storeCount: { type: 'integer' },
    stores: { type: 'array', items: { type: 'object' } },
  },
  SaleType: {
    saleTypeStores: { type: 'array', items: { type: 'object' } },
    storeIDs: { type: 'array', items: { type: 'integer' } },
    storeCount: { type: 'integer' },
  },
  Discount: {
    discountStores: { type: 'array', items: { type: 'object' } },
    storeIDs: { type: 'array', items: { type: 'integer' } },
    storeCount: { type: 'integer' },
  },
  AnalysisField: {
    analysisListItems: { type: 'array', items: { type: 'object' } },
    analysisFieldStores: { type: 'array', items: { type: 'object' } },
    storeIDs: { type: 'array', items: { type: 'integer' } },
  },
  AnalysisFieldStore: {
    analysisField: { type: 'object' },
  },
  Metric: {
    metricPartCount: { type: 'integer' },
  },
  User: {
    revenueCommission: { type: 'string' },
    saleTypes: { type: 'array', items: { type: 'object' } },
  },
  AccessProfile: {
    accessProfileStores: { type: 'array', items: { type: 'object' } },
    storeIDs: { type: 'array', items: { type: 'integer' } },
    userCount: { type: 'integer' },
    users: { type: 'array', items: { type: 'object' } },
  },
  AccessProfileStore: {
    accessProfile: { type: 'object' },
  },
  RateCardLine: {
    excludeDiscount: { type: 'boolean' },
    file: { type: 'object', nullable: true },
    rateCardLineStores: { type: 'array', items: { type: 'object' } },
  },
  RateCard: {
    nextRateCard: { type: 'object', nullable: true },
    rateCardLineCount: { type: 'integer' },
  },
  RateCardLineStore: {
    rateCardLine: { type: 'object' },
    overrides: { type: 'array', items: { type: 'string' }, description: 'The line fields this store overrides.' },
  },
  Sale: {
    rateCardFromDate: { type: 'string' },
    currentHistoryID: { type: 'integer' },
    refundReasonID: { type: 'integer', nullable: true },
    saleAnalysisValues: { type: 'array', items: { type: 'object' } },
    dupeCount: { type: 'integer' },
  },
  Line: {
    file: { type: 'object', nullable: true },
    sale: { type: 'object', nullable: true },
  },
  RecSheet: {
    recSheetLineCount: { type: 'integer' },
    reconciledPercent: { type: 'number' },
    autoReconciledPercent: { type: 'number' },
  },
  AutoRecRun: {
    lastLineID: { type: 'integer' },
    undoneLinks: { type: 'integer' },
    undoOperationID: { type: 'integer', nullable: true },
  },
  RecMatchRule: {
    title: { type: 'string' },
    description: { type: 'string' },
  },
  RotaLine: {
    currentHistoryID: { type: 'integer' },
    repeatUsers: { type: 'array', items: { type: 'integer' }, description: 'The users the line repeats for.' },
    repeatDays: { type: 'integer' },
    rotaLineTypeName: { type: 'string' },
    plannedHours: { type: 'number' },
    paidHours: { type: 'number' },
  },
  Announcement: {
    announcementUserCount: { type: 'integer' },
    seenUserCount: { type: 'integer' },
    clickedUserCount: { type: 'integer' },
    acknowledgedUserCount: { type: 'integer' },
    file: { type: 'object', nullable: true },
    announcementUsers: { type: 'array', items: { type: 'object' } },
  },
  Recipient: {
    userActive: { type: 'boolean' },
    seen: { type: 'boolean' },
  },
  // The unreconciled sales (reconciliationSaleList): the analysis values as one text.
  Sale2: {
    saleAnalysisValues: { type: 'string', description: "The sale's analysis values, comma-separated." },
  },
  RecImportTemplate: {
    mappings: { type: 'object', additionalProperties: { type: 'string' }, description: 'Header name -> field.' },
    headerCount: { type: 'integer' },
  },
};
