import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { AuthUser } from '../../common/auth/auth-user';
import { newestStamp, type EditVersion } from '../../common/crud/edit-version';
import { stampCreated, stampUpdated } from '../../common/db/audited.entity';
import { retryingTransaction } from '../../common/db/transactions';
import { InvalidInput, RecordNotFound } from '../../common/http/validation-result';
import { ListService } from '../../common/list/list.service';
import type { StoreType } from '../master-data';
import { StoresService } from '../master-data';
import { monthSpan } from '../../common/dates/months';
import { recordDate } from '../../common/dates/days';
import type { DailyStatBody } from './daily-stat.body';
import { dailyStatList } from './daily-stat-rows';
import { DailyStat } from './entities/daily-stat.entity';

/** Spec 02 section 2.2: a store whose store type records none of the three takes no input. */
export const NO_STATS_TO_RECORD =
  'There are no stats to record. Consider changing the settings on the store type to record staff count, footfall or chat count...';

type StatColumn = 'footfall' | 'chatCount' | 'staffCount';

/** Each figure and the store type flag that says the store records it. */
const FLAGS: ReadonlyArray<[StatColumn, keyof Pick<StoreType, 'recordFootfall' | 'recordChatCount' | 'recordStaffCount'>]> = [
  ['footfall', 'recordFootfall'],
  ['chatCount', 'recordChatCount'],
  ['staffCount', 'recordStaffCount'],
];

@Injectable()
export class DailyStatsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly lists: ListService,
    private readonly stores: StoresService,
  ) {}

  /**
   * Saves the sent days of one month for a store in one transaction and answers the month's
   * rows (docs/http-api.md, "Daily stats (issue 11)"). Only the columns the store type records
   * are written; the others keep what is stored. A day left with no figure at all is deleted;
   * days not sent are left as they are. The caller has checked the store is the user's and the
   * body's shape (parseDailyStats).
   */
  async saveMonth(storeID: number, days: DailyStatBody[], user: AuthUser, version: EditVersion = null): Promise<Record<string, unknown>[]> {
    const { first, last } = monthSpan(days[0].dailyStatDate);
    await retryingTransaction(this.dataSource, async (manager) => {
      const recorded = await this.recordedColumns(manager, storeID);
      const stored = await manager
        .createQueryBuilder(DailyStat, 'dailyStat')
        .where('dailyStat.storeID = :storeID AND dailyStat.dailyStatDate BETWEEN :first AND :last', { storeID, first, last })
        .getMany();
      // The grid's version: its rows' newest updatedDate as the caller read them (409 when changed since).
      this.lists.assertStamp(newestStamp(stored), version);
      const byDay = new Map(stored.map((stat) => [recordDate(stat.dailyStatDate)!.slice(0, 10), stat]));
      for (const day of days) await this.saveDay(manager, storeID, day, byDay.get(day.dailyStatDate), recorded, user);
    });
    const month = await this.lists.list(dailyStatList, { storeID: String(storeID), dailyStatDateGEQ: first, dailyStatDateLEQ: last, pageLength: '31' }, user);
    return month.listData;
  }

  /**
   * The store's recorded columns. The store row is locked first (forUpdate), so two saves of the
   * same store take turns instead of both inserting a new day (a unique-index failure).
   */
  private async recordedColumns(manager: EntityManager, storeID: number): Promise<StatColumn[]> {
    const store = await this.stores.storeWithType(manager, storeID, { lock: true });
    if (!store) throw new RecordNotFound('Store');
    const recorded = FLAGS.filter(([, flag]) => store.storeType?.[flag]).map(([column]) => column);
    if (recorded.length === 0) throw new InvalidInput({}, NO_STATS_TO_RECORD);
    return recorded;
  }

  private async saveDay(
    manager: EntityManager,
    storeID: number,
    day: DailyStatBody,
    stored: DailyStat | undefined,
    recorded: readonly StatColumn[],
    user: AuthUser,
  ): Promise<void> {
    const stat = stored ?? manager.create(DailyStat, { storeID, dailyStatDate: day.dailyStatDate, footfall: null, chatCount: null, staffCount: null });
    let changed = false;
    for (const column of recorded) {
      const value = day[column] ?? null;
      if (stat[column] !== value) {
        stat[column] = value;
        changed = true;
      }
    }
    if (FLAGS.every(([column]) => stat[column] === null)) {
      if (stored) await manager.delete(DailyStat, { dailyStatID: stored.dailyStatID });
      return;
    }
    if (!changed) return;
    if (stored) stampUpdated(stat, user.name);
    else stampCreated(stat, user.name);
    await manager.save(DailyStat, stat);
  }
}
