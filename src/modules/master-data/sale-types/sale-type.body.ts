import { IgnoredID, ReferenceIDs, RequiredText } from '../../../common/http/dto-fields';
import { AuditedReadOnlyFields } from '../../../common/http/read-only-fields';

@AuditedReadOnlyFields('saleTypeStores', 'storeCount')
export class SaleTypeBody {
  @IgnoredID() saleTypeID?: number;
  @RequiredText('Name') name: string;
  /** The stores the sale type is offered in; replaces the current list when sent. */
  @ReferenceIDs('Stores') storeIDs?: number[];
}
