import { JobHandler } from '../../jobs';
import type { JobContext, JobHandlerInstance, JobOutcome } from '../../jobs';
import { AutoRecService, type AutoRecResult } from './auto-rec.service';

/** PUT /api/recSheet/{id}/autoRec: auto reconcile of one rec sheet. */
export interface RecSheetAutoRecData {
  recSheetID: number;
}

declare module '../../jobs/job-payloads' {
  interface JobPayloads {
    recSheetAutoRec: RecSheetAutoRecData;
  }
}

/**
 * Auto reconcile as a job: the run commits in batches and is keyed by the operation, so a
 * retried job (after a crash, or a batch refused three times: LinkConflict) carries on after the last committed batch
 * and links nothing twice. resultID is the run's id (Undo).
 */
@JobHandler('recSheetAutoRec')
export class RecSheetAutoRecJob implements JobHandlerInstance<RecSheetAutoRecData, JobOutcome<AutoRecResult>> {
  constructor(private readonly autoRec: AutoRecService) {}

  async run(data: RecSheetAutoRecData, context: JobContext): Promise<JobOutcome<AutoRecResult>> {
    await context.progress('Matching lines', 0);
    const result = await this.autoRec.reconcileSheet(data.recSheetID, context.user, context.operationID, context.progress);
    return { result, resultID: result.autoRecRunID };
  }
}
