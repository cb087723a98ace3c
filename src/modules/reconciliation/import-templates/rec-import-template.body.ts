import { ArrayMaxSize, IsArray, IsOptional, IsString, MaxLength, ValidateBy } from 'class-validator';
import { IgnoredID, RequiredText } from '../../../common/http/dto-fields';
import { AuditedReadOnlyFields } from '../../../common/http/read-only-fields';
import { REC_SHEET_FIELD_NAMES } from '../../../shared/rec-sheet-upload-fields';
import { HEADER_MAX, mappingsProblem, MAX_TEMPLATE_HEADERS } from './template-mappings';

/**
 * `mappings`: an object of header name -> rec sheet field (template-mappings.ts says what is
 * refused, in one message naming the header). Named 'textMap' for the OpenAPI document.
 */
function TemplateMappingsRule() {
  return ValidateBy({
    name: 'textMap',
    constraints: [[...REC_SHEET_FIELD_NAMES], 1, MAX_TEMPLATE_HEADERS],
    validator: {
      validate: (value: unknown) => mappingsProblem(value) === null,
      defaultMessage: (args) => mappingsProblem(args?.value) ?? 'Mappings are not valid',
    },
  });
}

/** POST /recImportTemplate: a supplier's name and the header -> field mappings of its statements. */
@AuditedReadOnlyFields('headerCount', 'matchedHeaders')
export class RecImportTemplateBody {
  @IgnoredID() templateID?: number;
  @RequiredText('Name', 100) name: string;
  @TemplateMappingsRule()
  mappings: Record<string, string>;
}

/** PUT /recImportTemplate/{id}: a rename, new mappings, or both; mappings not sent are kept. */
@AuditedReadOnlyFields('headerCount', 'matchedHeaders')
export class RecImportTemplateUpdateBody {
  @IgnoredID() templateID?: number;
  @RequiredText('Name', 100) name: string;
  @IsOptional()
  @TemplateMappingsRule()
  mappings?: Record<string, string>;
}

const HEADERS_MESSAGE = 'Headers must be a list of header names';

/** POST /recImportTemplates/match: the header names of one worksheet, as the file has them. */
export class RecImportTemplateMatchBody {
  @IsArray({ message: HEADERS_MESSAGE })
  @ArrayMaxSize(16_384, { message: 'A worksheet has at most 16384 columns' })
  @IsString({ each: true, message: HEADERS_MESSAGE })
  @MaxLength(HEADER_MAX, { each: true, message: `A header name must be at most ${HEADER_MAX} characters` })
  headers: string[];
}
