import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsObject, IsOptional, Matches, ValidateNested } from 'class-validator';
import { Flag, IgnoredID, OneOf, MAX_ID, OptionalText, ReferenceIDs, RequiredText, WholeNumber } from '../../../common/http/dto-fields';
import { AUTO_FILL_FROM, AutoFillFrom, INPUT_TYPES, InputType } from '../entities/analysis-field.entity';
import { AuditedReadOnlyFields } from '../../../common/http/read-only-fields';

export class AnalysisListItemBody {
  /** Present (non-zero) on items that exist; their code cannot change. Ignored on create (copy). */
  @WholeNumber('List item id', 0, MAX_ID) analysisListItemID?: number;
  /** Items as read carry their field's id; the field being saved decides (as for copies). */
  @IgnoredID() analysisFieldID?: number;

  /** Sales keep their values as a comma-and-space list of codes, so a code has no comma. */
  @RequiredText('Code', 50)
  @Matches(/^[^,]*$/, { message: 'Code cannot contain a comma' })
  code: string;

  @OptionalText('Description') description?: string | null;
  @Flag('Enable targets') enableTargets?: boolean | null;
  @OptionalText('Daily report as', 50) dailyReportAs?: string | null;
}

@AuditedReadOnlyFields('analysisFieldStores')
export class AnalysisFieldBody {
  @IgnoredID() analysisFieldID?: number;
  @RequiredText('Name') name: string;
  /** Shown on forms; the name when not given. */
  @OptionalText('Label', 100) label?: string | null;
  @OneOf('Input type', INPUT_TYPES) inputType: InputType;
  /** Text fields only; stored anchored '^...$'. */
  @OptionalText('Regex', 200) regex?: string | null;
  /** Text fields only; must match the regex. */
  @OptionalText('Default value', 255) defaultValue?: string | null;
  @Flag('Required') required?: boolean | null;
  @Flag('Target revenue') targetRevenue?: boolean | null;
  @Flag('Target quantity') targetQuantity?: boolean | null;
  @OneOf('Auto-fill from', AUTO_FILL_FROM, true) autoFillFrom?: AutoFillFrom | null;

  /** Single and multi fields only; replaces the current items when sent. */
  @IsOptional()
  @IsArray({ message: 'List items must be a list' })
  @ArrayMaxSize(1000, { message: 'A field may have at most 1000 list items' })
  @IsObject({ each: true, message: 'Each list item must be an object' })
  @ValidateNested({ each: true, message: 'Each list item must be an object' })
  @Type(() => AnalysisListItemBody)
  analysisListItems?: AnalysisListItemBody[];

  /** The stores the field applies to; replaces the current list when sent. */
  @ReferenceIDs('Stores') storeIDs?: number[];
}
