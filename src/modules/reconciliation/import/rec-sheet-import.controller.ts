import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import type { AuthUser } from '../../../common/auth/auth-user';
import { CurrentUser, RequireAreas } from '../../../common/auth/decorators';
import { OK } from '../../../common/http/validation-result';
import { RecSheetImportService } from './rec-sheet-import.service';

/** The import wizard's calls (docs/http-api.md, "Revenue reconciliation: sheets, lines and import"). */
@Controller()
@RequireAreas('RevenueReconciliation')
export class RecSheetImportController {
  constructor(private readonly imports: RecSheetImportService) {}

  @Get('recSheetLine/uploadFields')
  uploadFields(@Query() query: Record<string, unknown>) {
    return { validationResult: OK, listData: this.imports.fields(query) };
  }

  /** Checks the request, queues the validation (commit false) or validation and commit (commit true), answers the operation. */
  @Post('recSheetLines/excel')
  @HttpCode(202)
  async upload(@Body() body: unknown, @CurrentUser() user: AuthUser) {
    return { validationResult: OK, data: await this.imports.start(body, user) };
  }
}
