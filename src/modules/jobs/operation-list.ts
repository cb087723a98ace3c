import type { ListDefinition } from '../../common/list/list-definition';
import { Operation } from './entities/operation.entity';

/** GET /api/longRunningOperations: recent jobs for operators (SystemSetup), through the one list engine. */
export const operationList: ListDefinition<Operation> = {
  entity: Operation,
  alias: 'operation',
  idField: 'operationID',
  label: 'operation',
  fields: {
    operationID: { column: 'operation.operationID', type: 'integer', excel: 'ID' },
    name: { column: 'operation.name', type: 'text', quick: true, excel: 'Job' },
    queue: { column: 'operation.queue', type: 'text', excel: 'Queue' },
    state: { column: 'operation.state', type: 'text', excel: 'State' },
    message: { column: 'operation.message', type: 'text', quick: true, excel: 'Message' },
    percentage: { column: 'operation.percentage', type: 'integer', excel: 'Percentage' },
    attempts: { column: 'operation.attempts', type: 'integer', excel: 'Attempts' },
    resultID: { column: 'operation.resultID', type: 'integer', excel: 'Result ID' },
    error: { column: 'operation.error', type: 'text', excel: 'Error' },
    userName: { column: 'operation.userName', type: 'text', quick: true, excel: 'Started by' },
    parentOperationID: { column: 'operation.parentOperationID', type: 'integer', excel: 'Part of' },
    createdDate: { column: 'operation.createdDate', type: 'datetime', excel: 'Queued' },
    startedDate: { column: 'operation.startedDate', type: 'datetime', excel: 'Started' },
    finishedDate: { column: 'operation.finishedDate', type: 'datetime', excel: 'Finished' },
  },
  defaultSort: { field: 'operationID', dir: 'DESC' },
};
