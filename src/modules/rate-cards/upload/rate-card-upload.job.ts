import { JobHandler } from '../../jobs/job-handler.decorator';
import type { JobContext, JobHandlerInstance, JobOutcome } from '../../jobs/job.types';
import { RateCardUploadService } from './rate-card-upload.service';

export interface RateCardUploadData {
  body: unknown;
}

/** PLACEHOLDER */
@JobHandler('rateCardUpload')
export class RateCardUploadJob implements JobHandlerInstance<RateCardUploadData, JobOutcome<unknown>> {
  constructor(private readonly upload: RateCardUploadService) {}

  async run(data: RateCardUploadData, context: JobContext): Promise<JobOutcome<unknown>> {
    return { result: await this.upload.upload(data.body, context.user) };
  }
}
