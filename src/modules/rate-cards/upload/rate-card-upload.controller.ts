import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import type { AuthUser } from '../../../common/auth/auth-user';
import { CurrentUser, RequireAreas } from '../../../common/auth/decorators';
import { XlsxReader } from '../../../common/excel/xlsx-reader';
import { OK } from '../../../common/http/validation-result';
import { JobsService } from '../../jobs';
import { RateCardUploadService } from './rate-card-upload.service';

/**
 * The wizard's calls for uploading rate card lines (docs/http-api.md, "Upload of lines (xlsx)").
 * The headers of the file's sheets come from the files module (GET /file/{id}/excelHeaders/allSheets).
 */
@Controller()
@RequireAreas('SystemSetup')
export class RateCardUploadController {
  constructor(
    private readonly upload: RateCardUploadService,
    private readonly jobs: JobsService,
    private readonly xlsx: XlsxReader,
  ) {}

  @Get('rateCardLine/uploadFields')
  async uploadFields(@Query() query: Record<string, unknown>, @CurrentUser() user: AuthUser) {
    return { validationResult: OK, listData: await this.upload.fields(query, user) };
  }

  /**
   * Checks the request and the file's zip directory (400 at once), then queues the validation
   * (commit false) or validation and write (commit true) as a rateCardUpload job; answers 202 with
   * the operation, which the client polls (GET /longRunningOperation) for progress and the result.
   */
  @Post('rateCardLines/excel')
  @HttpCode(202)
  async uploadLines(@Body() body: unknown, @CurrentUser() user: AuthUser) {
    const { request, opened } = await this.upload.prepare(body, user);
    await this.xlsx.checkDirectory(opened.path);
    const message = request.commit ? 'Waiting to validate and commit the upload' : 'Waiting to validate the upload';
    return { validationResult: OK, data: await this.jobs.enqueue('rateCardUpload', { body }, user, message) };
  }
}
