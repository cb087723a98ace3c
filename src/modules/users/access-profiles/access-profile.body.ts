import { IsOptional, IsString, MaxLength } from 'class-validator';
import { Flag, IgnoredID, ReferenceIDs, RequiredText } from '../../../common/http/dto-fields';
import { AuditedReadOnlyFields } from '../../../common/http/read-only-fields';

@AuditedReadOnlyFields('accessProfileStores', 'userCount', 'users')
export class AccessProfileBody {
  @IgnoredID() accessProfileID?: number;
  @RequiredText('Name') name: string;

  /** Comma-and-space list of area names ('RecordSales, SystemSetup'); checked by the service. */
  @IsOptional()
  @IsString({ message: 'System areas must be a comma separated list' })
  @MaxLength(1000, { message: 'System areas must be at most 1000 characters' })
  systemAreas?: string;

  @Flag('Show revenue') showRevenue?: boolean;
  @Flag('Show commission') showCommission?: boolean;
  @Flag('Sells') sells?: boolean;

  /** JSON numbers only ('1' is refused), like every other storeIDs. */
  @ReferenceIDs('Stores')
  storeIDs?: number[];
}
