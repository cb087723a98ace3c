import { JobHandler } from '../../jobs/job-handler.decorator';
import type { JobContext, JobHandlerInstance, JobOutcome } from '../../jobs/job.types';

/** PLACEHOLDER (issue 10, being written): undoes one auto-reconcile run. */
export interface RecSheetAutoRecUndoData {
  autoRecRunID: number;
}

@JobHandler('recSheetAutoRecUndo')
export class RecSheetAutoRecUndoJob implements JobHandlerInstance<RecSheetAutoRecUndoData, JobOutcome<unknown>> {
  async run(_data: RecSheetAutoRecUndoData, _context: JobContext): Promise<JobOutcome<unknown>> {
    throw new Error('Not written yet');
  }
}
