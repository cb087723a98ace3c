import { auditFields } from '../../common/list/audit-fields';
import type { ListDefinition } from '../../common/list/list-definition';
import { recordDate } from '../../common/dates/days';
import { DailyStat } from './entities/daily-stat.entity';

const ID = /^\d{1,10}$/;

/**
 * GET /api/dailyStats (docs/http-api.md, "Daily stats (issue 11)"): a store's figures per day,
 * limited to the profile's stores, by day ascending (the grid's order). Not a `large` list: one
 * row per store and day is tens of thousands of rows over years, which sorts cheaply.
 */
export const dailyStatList: ListDefinition<DailyStat> = {
  entity: DailyStat,
  alias: 'dailyStat',
  idField: 'dailyStatID',
  label: 'daily stat',
  fields: {
    dailyStatID: { column: 'dailyStat.dailyStatID', type: 'integer', pattern: ID, excel: 'ID' },
    dailyStatDate: { column: 'dailyStat.dailyStatDate', type: 'date', excel: 'Date' },
    storeID: { column: 'dailyStat.storeID', type: 'integer', pattern: ID },
    storeName: { column: 'store.name', type: 'text', maxLength: 100, quick: true, excel: 'Store' },
    footfall: { column: 'dailyStat.footfall', type: 'integer', excel: 'Footfall' },
    chatCount: { column: 'dailyStat.chatCount', type: 'integer', excel: 'Chat count' },
    staffCount: { column: 'dailyStat.staffCount', type: 'number', excel: 'Staff count' },
    ...auditFields('dailyStat'),
  },
  lookups: { store: 'dailyStat.store' },
  defaultSort: { field: 'dailyStatDate', dir: 'ASC' },
  storeScope: { column: 'dailyStat.storeID' },
  toRow: ({ store, ...stat }) => ({
    ...stat,
    dailyStatDate: recordDate(stat.dailyStatDate),
    storeName: store?.name ?? '(Store name not found)',
  }),
};
