import type { ListDefinition } from '../../../common/list/list-definition';
import { AutoRecRun } from '../entities';

/** GET /api/autoRecRuns?recSheetID=: a sheet's auto-reconcile runs, newest first, with their counts per rule (the client offers Undo on the latest finished and not undone). */
export const autoRecRunList: ListDefinition<AutoRecRun> = {
  entity: AutoRecRun,
  alias: 'autoRecRun',
  idField: 'autoRecRunID',
  label: 'auto-reconcile run',
  fields: {
    autoRecRunID: { column: 'autoRecRun.autoRecRunID', type: 'integer', excel: 'Run' },
    recSheetID: { column: 'autoRecRun.recSheetID', type: 'integer', excel: 'Rec sheet' },
    operationID: { column: 'autoRecRun.operationID', type: 'integer' },
    considered: { column: 'autoRecRun.considered', type: 'integer', excel: 'Considered' },
    reconciled: { column: 'autoRecRun.reconciled', type: 'integer', excel: 'Reconciled' },
    matchMultiple: { column: 'autoRecRun.matchMultiple', type: 'integer', excel: 'Several sales match' },
    matchNone: { column: 'autoRecRun.matchNone', type: 'integer', excel: 'No sale matches' },
    exactMatches: { column: 'autoRecRun.exactMatches', type: 'integer', excel: 'Exact matches' },
    saleDateMatches: { column: 'autoRecRun.saleDateMatches', type: 'integer', excel: 'Sale date within days' },
    revenueMatches: { column: 'autoRecRun.revenueMatches', type: 'integer', excel: 'Revenue within tolerance' },
    orderRefMatches: { column: 'autoRecRun.orderRefMatches', type: 'integer', excel: 'Order reference alone' },
    clawbackMatches: { column: 'autoRecRun.clawbackMatches', type: 'integer', excel: 'Clawbacks matched' },
    clawbacksWithoutRefund: { column: 'autoRecRun.clawbacksWithoutRefund', type: 'integer', excel: 'Clawbacks without a refund' },
    finished: { column: 'autoRecRun.finished', type: 'boolean', excel: 'Finished' },
    undone: { column: 'autoRecRun.undone', type: 'boolean', excel: 'Undone' },
    createdByUserName: { column: 'autoRecRun.createdByUserName', type: 'text', quick: true, excel: 'Run by' },
    createdDate: { column: 'autoRecRun.createdDate', type: 'datetime', excel: 'Run at' },
    undoneByUserName: { column: 'autoRecRun.undoneByUserName', type: 'text', excel: 'Undone by' },
    undoneDate: { column: 'autoRecRun.undoneDate', type: 'datetime', excel: 'Undone at' },
  },
  defaultSort: { field: 'autoRecRunID', dir: 'DESC' },
};
