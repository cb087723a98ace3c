import { IgnoredID, OptionalText, RequiredText } from '../../../common/http/dto-fields';
import { AuditedReadOnlyFields } from '../../../common/http/read-only-fields';

@AuditedReadOnlyFields()
export class BandBody {
  @IgnoredID() bandID?: number;
  @RequiredText('Name') name: string;
  @OptionalText('Description') description?: string | null;
}
