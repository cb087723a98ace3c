import { Flag, IgnoredID, RequiredText } from '../../../common/http/dto-fields';

export class StoreTypeBody {
  @IgnoredID() storeTypeID?: number;
  @RequiredText('Name') name: string;
  @Flag('Record footfall') recordFootfall?: boolean | null;
  @Flag('Record chat count') recordChatCount?: boolean | null;
  @Flag('Record staff count') recordStaffCount?: boolean | null;
}
