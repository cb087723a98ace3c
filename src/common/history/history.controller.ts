import { Controller, Get, Query } from '@nestjs/common';
import type { AuthUser } from '../auth/auth-user';
import { CurrentUser } from '../auth/decorators';
import { InvalidInput, OK } from '../http/validation-result';
import { HistoryService } from './history.service';

/** GET /api/histories?documentType&documentID (docs/http-api.md, "Sales"). */
@Controller()
export class HistoryController {
  constructor(private readonly history: HistoryService) {}

  @Get('histories')
  async list(@Query() query: Record<string, unknown>, @CurrentUser() user: AuthUser) {
    const errors: Record<string, string> = {};
    for (const name of Object.keys(query)) if (name !== 'documentType' && name !== 'documentID') errors[name.slice(0, 50)] = 'Unknown parameter';
    const { documentType, documentID } = query;
    if (typeof documentType !== 'string' || !/^[A-Za-z]{1,30}$/.test(documentType)) errors.documentType = 'Must be a document type such as sale';
    if (typeof documentID !== 'string' || !/^\d{1,9}$/.test(documentID)) errors.documentID = 'Must be a whole number';
    if (Object.keys(errors).length) throw new InvalidInput(errors);
    const listData = await this.history.list(documentType as string, Number(documentID), user);
    return { listData, validationResult: OK };
  }
}
