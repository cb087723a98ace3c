import { IsEmail, IsOptional, IsString, MaxLength, ValidateIf } from 'class-validator';
import { Transform } from 'class-transformer';
import { Flag, IgnoredID, PlainText, ReferenceID, RequiredText, WholeNumber } from '../../../common/http/dto-fields';
import { AuditedReadOnlyFields } from '../../../common/http/read-only-fields';

/** One body for create and update; the service decides which fields the caller may change. */
@AuditedReadOnlyFields('lastLogin', 'storeName', 'accessProfileName', 'revenueCommission', 'saleTypes')
export class UserBody {
  @IgnoredID() userID?: number;
  @RequiredText('Name') name: string;

  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toLowerCase() : value))
  @IsEmail({}, { message: 'Enter a valid email address' })
  @MaxLength(254, { message: 'Email must be at most 254 characters' })
  @PlainText('Email')
  email?: string | null;

  /** Blank keeps the current password. */
  @IsOptional()
  @IsString({ message: 'Password must be text' })
  @MaxLength(200, { message: 'Password must be at most 200 characters' })
  password?: string;

  /** Needed, and checked, when users change their own password; ignored otherwise. */
  @IsOptional()
  @IsString({ message: 'Current password must be text' })
  @MaxLength(200, { message: 'Current password must be at most 200 characters' })
  currentPassword?: string;

  @IsOptional()
  @IsString({ message: 'Confirm must be text' })
  @MaxLength(200, { message: 'Confirm must be at most 200 characters' })
  confirm?: string;

  @Flag('Active') active?: boolean;

  /** Default store; null for none. */
  @ValidateIf((_o, v) => v !== null)
  @ReferenceID('default store', true)
  storeID?: number | null;

  @ReferenceID('access profile', true) accessProfileID?: number;
  @WholeNumber('Default days back', 0, 3660) defaultDaysBack?: number;
  @WholeNumber('From hour', 0, 24) fromHour?: number;
  @WholeNumber('To hour', 0, 24) toHour?: number;
  @WholeNumber('Days', 0, 127) days?: number;
  @Flag('Pro-rate targets on actual') proRateTargetsOnActual?: boolean;
  @WholeNumber('Months viewable', 0, 1200) salesMonthsBack?: number;
}
