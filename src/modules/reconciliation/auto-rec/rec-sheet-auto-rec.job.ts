import { JobHandler } from '../../jobs/job-handler.decorator';
import type { JobContext, JobHandlerInstance, JobOutcome } from '../../jobs/job.types';

/** PLACEHOLDER (issue 10, being written): auto reconcile of one rec sheet. */
export interface RecSheetAutoRecData {
  recSheetID: number;
}

@JobHandler('recSheetAutoRec')
export class RecSheetAutoRecJob implements JobHandlerInstance<RecSheetAutoRecData, JobOutcome<unknown>> {
  async run(_data: RecSheetAutoRecData, _context: JobContext): Promise<JobOutcome<unknown>> {
    throw new Error('Not written yet');
  }
}
