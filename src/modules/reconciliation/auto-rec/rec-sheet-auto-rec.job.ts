import { JobHandler } from '../../jobs/job-handler.decorator';
import type { JobContext, JobHandlerInstance, JobOutcome } from '../../jobs/job.types';
import { AutoRecService, type AutoRecResult } from './auto-rec.service';

/** PUT /api/recSheet/{id}/autoRec: auto reconcile of one rec sheet. */
export interface RecSheetAutoRecData {
  recSheetID: number;
}

/**
 * Auto reconcile as a job: the whole run is one transaction through commitOnce, so a retried job
 * (after a SaleLinkConflict or a crash) links nothing twice. resultID is the run's id (Undo).
 */
@JobHandler('recSheetAutoRec')
export class RecSheetAutoRecJob implements JobHandlerInstance<RecSheetAutoRecData, JobOutcome<AutoRecResult>> {
  constructor(private readonly autoRec: AutoRecService) {}

  async run(data: RecSheetAutoRecData, context: JobContext): Promise<JobOutcome<AutoRecResult>> {
    await context.progress('Matching lines', 0);
    const { value } = await context.commitOnce((manager) => this.autoRec.reconcile(manager, data.recSheetID, context.user, context.operationID, context.progress));
    return { result: value, resultID: value.autoRecRunID };
  }
}
