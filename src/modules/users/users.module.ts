import { type MiddlewareConsumer, Module, type NestModule, RequestMethod } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CrudController } from '../../common/crud/crud.controller';
import { ListController } from '../../common/crud/list.controller';
import { accessProfileStoreList } from './access-profiles/access-profile-store-list';
import { LoginLimitsModule, RequestIpMiddleware } from '../auth';
import { SessionTokensModule } from '../auth';
import { MasterDataModule } from '../master-data';
import { AccessProfileBody } from './access-profiles/access-profile.body';
import { AccessProfilesService } from './access-profiles/access-profiles.service';
import { AccessProfileStore } from './entities/access-profile-store.entity';
import { AccessProfile } from './entities/access-profile.entity';
import { UserPreference } from './entities/user-preference.entity';
import { User } from './entities/user.entity';
import { UserPreferencesService } from './preferences/user-preferences.service';
import { UserBody } from './users/user.body';
import { UsersController } from './users/users.controller';
import { UsersService } from './users/users.service';

const UserRecordsController = CrudController({
  plural: 'users',
  singular: 'user',
  service: UsersService,
  createBody: UserBody,
  writeAreas: ['UserSetup'],
  // Everyone may edit their own profile; UsersService enforces which fields.
  updateAreas: [],
});

const AccessProfilesController = CrudController({
  plural: 'accessProfiles',
  singular: 'accessProfile',
  service: AccessProfilesService,
  createBody: AccessProfileBody,
  readAreas: ['UserSetup'],
  writeAreas: ['UserSetup'],
});

/** Read by the targets grid to find a store's users (spec 02 section 7); needs the store. */
const AccessProfileStoresController = ListController({ plural: 'accessProfileStores', definition: accessProfileStoreList, readNeedsStore: true });

@Module({
  imports: [TypeOrmModule.forFeature([User, AccessProfile, AccessProfileStore, UserPreference]), MasterDataModule, SessionTokensModule, LoginLimitsModule],
  controllers: [UsersController, UserRecordsController, AccessProfilesController, AccessProfileStoresController],
  providers: [UsersService, AccessProfilesService, UserPreferencesService],
  exports: [UsersService, AccessProfilesService, UserPreferencesService],
})
export class UsersModule implements NestModule {
  /** A PUT of a user may check a current password, within the login limits of the request's address (LoginAttempts). */
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(RequestIpMiddleware).forRoutes({ path: 'user/:id', method: RequestMethod.PUT });
  }
}
