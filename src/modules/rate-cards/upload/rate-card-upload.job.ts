import { BadRequestException } from '@nestjs/common';
import { hasArea } from '../../../common/auth/auth-user';
import { OK } from '../../../common/http/validation-result';
import { JobHandler } from '../../jobs';
import { PermanentJobFailure } from '../../jobs';
import type { JobContext, JobHandlerInstance, JobOutcome } from '../../jobs';
import { RateCardUploadService, type UploadSummary } from './rate-card-upload.service';

/** The POST /rateCardLines/excel body, checked by the call before it queued the job. */
export interface RateCardUploadData {
  body: unknown;
}

declare module '../../jobs/job-payloads' {
  interface JobPayloads {
    rateCardUpload: RateCardUploadData;
  }
}

/** The old synchronous answer, now the operation's result: a refusal keeps its validationResult and rows. */
export type RateCardUploadResult = { validationResult: unknown; data?: UploadSummary; listData: unknown[] };

/**
 * Validates (commit false) or validates and commits (commit true) an uploaded sheet of rate card
 * lines. Row errors and file-level refusals are a completed run whose result carries them, as the
 * wizard shows them; only what a retry could mend fails the operation.
 */
@JobHandler('rateCardUpload')
export class RateCardUploadJob implements JobHandlerInstance<RateCardUploadData, JobOutcome<RateCardUploadResult>> {
  constructor(private readonly upload: RateCardUploadService) {}

  async run(data: RateCardUploadData, context: JobContext): Promise<JobOutcome<RateCardUploadResult>> {
    if (!hasArea(context.user, 'SystemSetup')) throw new PermanentJobFailure('Your access profile no longer includes SystemSetup');
    try {
      const summary = await this.upload.upload(data.body, context.user, {
        progress: context.progress,
        transaction: async (work) => (await context.commitOnce(work)).value,
      });
      return { result: { validationResult: OK, data: summary, listData: [] } };
    } catch (error) {
      if (error instanceof BadRequestException) {
        const { validationResult, listData } = error.getResponse() as RateCardUploadResult;
        return { result: { validationResult, listData: listData ?? [] } };
      }
      throw error;
    }
  }
}
