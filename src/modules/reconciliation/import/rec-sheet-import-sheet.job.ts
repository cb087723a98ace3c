import { JobHandler } from '../../jobs/job-handler.decorator';
import type { JobContext, JobHandlerInstance, JobOutcome } from '../../jobs/job.types';

/** PLACEHOLDER (being written): validates one worksheet of a rec sheet import. */
export interface RecSheetImportSheetData {
  parentOperationID: number;
}

@JobHandler('recSheetImportSheet')
export class RecSheetImportSheetJob implements JobHandlerInstance<RecSheetImportSheetData, JobOutcome<unknown>> {
  async run(_data: RecSheetImportSheetData, _context: JobContext): Promise<JobOutcome<unknown>> {
    throw new Error('Not written yet');
  }
}
