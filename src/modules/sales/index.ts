// The module's public face (issue 27): other modules import only from here (eslint.config.mjs,
// import-x/no-restricted-paths). Entities are exported as types only, so no other module can open
// their repositories or query builders; their data is read through the services below.
export { SalesModule } from './sales.module';
export { SalesService, earliestSaleDate } from './sales.service';
export {
  COUNTED_STEPS,
  SaleFigures,
  type SaleSplit,
  type CountedTotal,
  type RankedSales,
  type SaleRank,
  type SaleRankSort,
  type SaleSums,
} from './sale-figures';
export { execute, isMySql, persistedNow, type SaleLinkSource } from './sale-reconciliation';
export { reconcileStateOf } from './sale-rows';
export { readyToReconcileSql } from './sale-links';
export { SaleReconciliationReads, reconciliationSaleList, type SaleDateRange } from './sale-reconciliation-reads';
