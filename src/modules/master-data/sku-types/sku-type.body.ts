import { Flag, IgnoredID, OptionalText, RequiredText } from '../../../common/http/dto-fields';
import { AuditedReadOnlyFields } from '../../../common/http/read-only-fields';

@AuditedReadOnlyFields()
export class SkuTypeBody {
  @IgnoredID() skuTypeID?: number;
  @RequiredText('Name') name: string;
  @OptionalText('Description') description?: string | null;
  @Flag('Exclude discount') excludeDiscount?: boolean | null;
}
