import { IgnoredID, ReferenceIDs, RequiredText } from '../../../common/http/dto-fields';

export class SaleTypeBody {
  @IgnoredID() saleTypeID?: number;
  @RequiredText('Name') name: string;
  /** The stores the sale type is offered in; replaces the current list when sent. */
  @ReferenceIDs('Stores') storeIDs?: number[];
}
