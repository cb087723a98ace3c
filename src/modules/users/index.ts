// The module's public face (issue 27): other modules import only from here (eslint.config.mjs,
// import-x/no-restricted-paths). Entities are exported as types only, so no other module can open
// their repositories or query builders; their data is read through the services below.
export { UsersModule } from './users.module';
export { MAX_PASSWORD_BYTES, PASSWORD_COST, UsersService, userList } from './users/users.service';
export { UserPreferencesService } from './preferences/user-preferences.service';
export { accessProfileList } from './access-profiles/access-profiles.service';
