import { Flag, IgnoredID, OptionalText, ReferenceID, RequiredText, WholeNumber } from '../../../common/http/dto-fields';
import { AuditedReadOnlyFields } from '../../../common/http/read-only-fields';

/** UK post code shape, loosely: letters and digits with one optional space. */
const POST_CODE = /^[A-Za-z]{1,2}\d[A-Za-z\d]?\s?\d[A-Za-z]{2}$/;

@AuditedReadOnlyFields('storeTypeName', 'recordFootfall', 'recordChatCount', 'recordStaffCount', 'storeType')
export class StoreBody {
  @IgnoredID() storeID?: number;
  @RequiredText('Name') name: string;
  @ReferenceID('store type') storeTypeID: number;
  @Flag('Target revenue') targetRevenue?: boolean | null;
  @Flag('Target quantity') targetQuantity?: boolean | null;
  @OptionalText('Post code', 10, POST_CODE, 'Enter a UK post code such as SW1A 1AA') postCode?: string | null;
  @WholeNumber('Square feet', 0, 10_000_000) squareFeet?: number | null;
}
