import { JobHandler } from '../../jobs';
import type { JobContext, JobHandlerInstance, JobOutcome } from '../../jobs';
import { AutoRecService, type UndoResult } from './auto-rec.service';

/** PUT /api/autoRecRun/{id}/undo: undoes one auto-reconcile run. */
export interface RecSheetAutoRecUndoData {
  autoRecRunID: number;
}

declare module '../../jobs/job-payloads' {
  interface JobPayloads {
    recSheetAutoRecUndo: RecSheetAutoRecUndoData;
  }
}

@JobHandler('recSheetAutoRecUndo')
export class RecSheetAutoRecUndoJob implements JobHandlerInstance<RecSheetAutoRecUndoData, JobOutcome<UndoResult>> {
  constructor(private readonly autoRec: AutoRecService) {}

  async run(data: RecSheetAutoRecUndoData, context: JobContext): Promise<JobOutcome<UndoResult>> {
    await context.progress('Undoing links', 0);
    // In committed batches; a retried undo finds only the links not reversed yet, or answers when
    // this operation had already marked the run undone.
    const result = await this.autoRec.undoRun(data.autoRecRunID, context.user, context.progress, context.operationID);
    return { result, resultID: result.autoRecRunID };
  }
}
