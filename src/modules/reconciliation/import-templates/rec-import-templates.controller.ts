import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { RequireAreas } from '../../../common/auth/decorators';
import { CrudController } from '../../../common/crud/crud.controller';
import { strictValidationPipe } from '../../../common/http/validation.pipe';
import { OK } from '../../../common/http/validation-result';
import { RecImportTemplateBody, RecImportTemplateMatchBody, RecImportTemplateUpdateBody } from './rec-import-template.body';
import { RecImportTemplatesService } from './rec-import-templates.service';

/**
 * GET /recImportTemplates (+ /excel), POST /recImportTemplate, PUT and DELETE
 * /recImportTemplate/{id}: RevenueReconciliation only, as every rec sheet call.
 */
export const RecImportTemplateCrudController = CrudController({
  plural: 'recImportTemplates',
  singular: 'recImportTemplate',
  service: RecImportTemplatesService,
  createBody: RecImportTemplateBody,
  updateBody: RecImportTemplateUpdateBody,
  readAreas: ['RevenueReconciliation'],
  writeAreas: ['RevenueReconciliation'],
});

/** The template offered for a worksheet's headers (docs/http-api.md, "Supplier templates"). */
@Controller()
@RequireAreas('RevenueReconciliation')
export class RecImportTemplatesController {
  constructor(private readonly templates: RecImportTemplatesService) {}

  /** The templates whose mapped headers are all among `headers`, best (most headers) first. */
  @Post('recImportTemplates/match')
  @HttpCode(200)
  async match(@Body(strictValidationPipe({ expectedType: RecImportTemplateMatchBody })) body: RecImportTemplateMatchBody) {
    return { validationResult: OK, listData: await this.templates.match(body.headers) };
  }
}
