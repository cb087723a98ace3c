import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository } from 'typeorm';
import { forUpdate } from '../../../common/db/locks';
import { InvalidInput } from '../../../common/http/validation-result';
import { User } from '../entities/user.entity';
import { UserPreference } from '../entities/user-preference.entity';

/**
 * Limits of one user's preferences (docs/decisions.md, "Preference limits"). A value holds up to
 * 10,000 characters (PreferenceBody): the rate card upload's header map of a franchise of about
 * a hundred stores. The client keeps one preference per table and a few per screen, some tens.
 */
export const MAX_PREFERENCE_LENGTH = 10_000;
export const MAX_PREFERENCES_PER_USER = 200;
export const MAX_PREFERENCE_CHARACTERS_PER_USER = 200_000;

/** One string per user, group and name: table columns, card users, hidden cards, sorts, mappings. */
@Injectable()
export class UserPreferencesService {
  constructor(
    @InjectRepository(UserPreference) private readonly preferences: Repository<UserPreference>,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  async get(userID: number, group: string, name: string) {
    const found = await this.preferences.findOneBy({ userID, group, name });
    return { group, name, value: found?.value ?? null };
  }

  /**
   * Saves or replaces; past the user's limits it is a 400 and nothing is written. A user's saves
   * take turns (their user row locked first), so parallel saves cannot all pass the count check.
   */
  async put(userID: number, group: string, name: string, value: string | null) {
    if (value === null) return this.remove(userID, group, name);
    await this.dataSource.transaction(async (manager) => {
      await forUpdate(manager.createQueryBuilder(User, 'locked').select('locked.userID').where('locked.userID = :userID', { userID })).getRawOne();
      const replaced = await manager.findOne(UserPreference, { select: { userPreferenceID: true }, where: { userID, group, name } });
      const others = (await manager.find(UserPreference, { select: { userPreferenceID: true, value: true }, where: { userID } })).filter(
        (p) => p.userPreferenceID !== replaced?.userPreferenceID,
      );
      if (others.length + 1 > MAX_PREFERENCES_PER_USER) {
        throw new InvalidInput({ value: `A user can keep at most ${MAX_PREFERENCES_PER_USER} preferences` });
      }
      const characters = others.reduce((sum, p) => sum + p.value.length, value.length);
      if (characters > MAX_PREFERENCE_CHARACTERS_PER_USER) {
        throw new InvalidInput({
          value: `A user's preferences can hold at most ${MAX_PREFERENCE_CHARACTERS_PER_USER.toLocaleString('en-GB')} characters in all`,
        });
      }
      await manager.upsert(UserPreference, { userID, group, name, value }, { conflictPaths: ['userID', 'group', 'name'] });
    });
    return { group, name, value };
  }

  /** Removes the preference (a value of null); one never set is already removed. */
  async remove(userID: number, group: string, name: string) {
    await this.preferences.delete({ userID, group, name });
    return { group, name, value: null };
  }
}
