import { Controller, HttpCode, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import type { AuthUser } from '../../../common/auth/auth-user';
import { CurrentUser, RequireAnyArea } from '../../../common/auth/decorators';
import { OK } from '../../../common/http/validation-result';
import { MultipartBody } from '../../../common/openapi/multipart-body';
import { ReceiptScanService } from './receipt-scan.service';

/** The receipt scan of the sale form (docs/http-api.md, Sales, "Other calls"). */
@Controller()
export class ReceiptScanController {
  constructor(private readonly receipts: ReceiptScanService) {}

  /**
   * Multipart: `file` (one jpeg or png of at most 50 MB) with `saleTypeID`, `rateCardID` and
   * `currentStoreID`. The areas are checked before the body is read; the store once it is.
   */
  @Post('file/saleOcr')
  @HttpCode(200)
  @RequireAnyArea('RecordSales', 'UpdateSales')
  @MultipartBody('The receipt: one jpeg or png of at most 50 MB.', {
    saleTypeID: { type: 'integer', description: "The sale form's sale type." },
    rateCardID: { type: 'integer', description: 'The rate card whose lines the text is matched against.' },
    currentStoreID: { type: 'integer', description: 'The store of the sale (one of yours).' },
  })
  async scan(@Req() req: Request, @CurrentUser() user: AuthUser) {
    return { validationResult: OK, data: await this.receipts.scan(req, user) };
  }
}
