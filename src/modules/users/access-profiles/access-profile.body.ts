import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { Flag, IgnoredID, MAX_ID, RequiredText } from '../../../common/http/dto-fields';

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

  @IsOptional()
  @IsArray({ message: 'Stores must be a list of store ids' })
  @ArrayMaxSize(10_000)
  @IsInt({ each: true, message: 'Stores must be a list of store ids' })
  @Min(1, { each: true, message: 'Stores must be a list of store ids' })
  @Max(MAX_ID, { each: true, message: 'Stores must be a list of store ids' })
  @Type(() => Number)
  storeIDs?: number[];
}
