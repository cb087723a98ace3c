import { Body, Controller, Get, Param, Put } from '@nestjs/common';
import { IsString, MaxLength, ValidateIf } from 'class-validator';
import type { AuthUser } from '../../../common/auth/auth-user';
import { CurrentUser } from '../../../common/auth/decorators';
import { describedSystemAreas } from '../../../common/auth/system-areas';
import { PlainText } from '../../../common/http/dto-fields';
import { strictValidationPipe } from '../../../common/http/validation.pipe';
import { InvalidInput, OK } from '../../../common/http/validation-result';
import { MAX_PREFERENCE_LENGTH, UserPreferencesService } from '../preferences/user-preferences.service';
import { UsersService } from './users.service';
import { ReadOnlyFields } from '../../../common/http/read-only-fields';

@ReadOnlyFields('group', 'name')
export class PreferenceBody {
  /** null removes the preference (GET answers null for one never set, so what GET gave goes back). */
  @ValidateIf((body: PreferenceBody) => body.value !== null)
  @IsString({ message: 'Value must be text' })
  @MaxLength(MAX_PREFERENCE_LENGTH, { message: `Value must be at most ${MAX_PREFERENCE_LENGTH} characters` })
  @PlainText('Value')
  value: string | null;
}

const PREFERENCE_KEY = /^[A-Za-z0-9_.-]{1,50}$/;

@Controller()
export class UsersController {
  constructor(
    private readonly users: UsersService,
    private readonly preferences: UserPreferencesService,
  ) {}

  @Get('user/me')
  async me(@CurrentUser() user: AuthUser) {
    return { data: await this.users.me(user), validationResult: OK };
  }

  @Get('accessProfiles/systemAreas')
  systemAreas() {
    return { listData: describedSystemAreas(), validationResult: OK };
  }

  @Get('user/userPreference/:group/:name')
  async getPreference(@Param('group') group: string, @Param('name') name: string, @CurrentUser() user: AuthUser) {
    this.checkKey(group, name);
    return { data: await this.preferences.get(user.userID, group, name), validationResult: OK };
  }

  @Put('user/userPreference/:group/:name')
  async putPreference(
    @Param('group') group: string,
    @Param('name') name: string,
    @Body(strictValidationPipe({ expectedType: PreferenceBody })) body: PreferenceBody,
    @CurrentUser() user: AuthUser,
  ) {
    this.checkKey(group, name);
    return { data: await this.preferences.put(user.userID, group, name, body.value), validationResult: OK };
  }

  private checkKey(group: string, name: string) {
    if (!PREFERENCE_KEY.test(group) || !PREFERENCE_KEY.test(name)) {
      throw new InvalidInput({ name: 'Preference names are letters, digits, dots, dashes and underscores' });
    }
  }
}
