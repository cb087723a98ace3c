import { Flag, IgnoredID, RequiredText } from '../../../common/http/dto-fields';
import { AuditedReadOnlyFields } from '../../../common/http/read-only-fields';

@AuditedReadOnlyFields('storeCount', 'stores')
export class StoreTypeBody {
  @IgnoredID() storeTypeID?: number;
  @RequiredText('Name') name: string;
  @Flag('Record footfall') recordFootfall?: boolean | null;
  @Flag('Record chat count') recordChatCount?: boolean | null;
  @Flag('Record staff count') recordStaffCount?: boolean | null;
}
