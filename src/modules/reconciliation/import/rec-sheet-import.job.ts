import { JobHandler } from '../../jobs/job-handler.decorator';
import type { JobContext, JobHandlerInstance, JobOutcome } from '../../jobs/job.types';

/** PLACEHOLDER (issue 10, being written): validates and commits a rec sheet upload. */
export interface RecSheetImportData {
  fileID: number;
}

@JobHandler('recSheetImport')
export class RecSheetImportJob implements JobHandlerInstance<RecSheetImportData, JobOutcome<unknown>> {
  async run(_data: RecSheetImportData, _context: JobContext): Promise<JobOutcome<unknown>> {
    throw new Error('Not written yet');
  }
}
