import { Flag, IgnoredID, RequiredText } from '../../../common/http/dto-fields';

export class StoreTypeBody {
  @IgnoredID() storeTypeID?: number;
  @RequiredText('Name') name: string;
  @Flag('Record footfall') recordFootfall?: boolean;
  @Flag('Record chat count') recordChatCount?: boolean;
  @Flag('Record staff count') recordStaffCount?: boolean;
}
