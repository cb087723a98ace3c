import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { UserPreference } from '../entities/user-preference.entity';

/** One string per user, group and name: table columns, card users, hidden cards, sorts, mappings. */
@Injectable()
export class UserPreferencesService {
  constructor(@InjectRepository(UserPreference) private readonly preferences: Repository<UserPreference>) {}

  async get(userID: number, group: string, name: string) {
    const found = await this.preferences.findOneBy({ userID, group, name });
    return { group, name, value: found?.value ?? null };
  }

  async put(userID: number, group: string, name: string, value: string) {
    await this.preferences.upsert({ userID, group, name, value }, { conflictPaths: ['userID', 'group', 'name'] });
    return { group, name, value };
  }
}
