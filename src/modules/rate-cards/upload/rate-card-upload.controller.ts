import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import type { AuthUser } from '../../../common/auth/auth-user';
import { CurrentUser, RequireAreas } from '../../../common/auth/decorators';
import { ClientGoneSignal } from '../../../common/http/client-gone';
import { OK } from '../../../common/http/validation-result';
import { RateCardUploadService } from './rate-card-upload.service';

/**
 * The wizard's calls for uploading rate card lines (docs/http-api.md, "Upload of lines (xlsx)").
 * The headers of the file's sheets come from the files module (GET /file/{id}/excelHeaders/allSheets).
 */
@Controller()
@RequireAreas('SystemSetup')
export class RateCardUploadController {
  constructor(private readonly upload: RateCardUploadService) {}

  @Get('rateCardLine/uploadFields')
  async uploadFields(@Query() query: Record<string, unknown>, @CurrentUser() user: AuthUser) {
    return { validationResult: OK, listData: await this.upload.fields(query, user) };
  }

  /** Validates every row (commit false), or validates and writes all in one transaction (commit true). */
  @Post('rateCardLines/excel')
  @HttpCode(200)
  async uploadLines(@Body() body: unknown, @CurrentUser() user: AuthUser, @ClientGoneSignal() signal: AbortSignal) {
    return { validationResult: OK, data: await this.upload.upload(body, user, signal), listData: [] };
  }
}
