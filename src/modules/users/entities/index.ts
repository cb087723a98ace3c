import { AccessProfileStore } from './access-profile-store.entity';
import { AccessProfile } from './access-profile.entity';
import { UserPreference } from './user-preference.entity';
import { User } from './user.entity';

/** Every entity of the users module (registered with TypeORM in config/database.ts). */
export const USERS_ENTITIES = [AccessProfile, AccessProfileStore, User, UserPreference];
