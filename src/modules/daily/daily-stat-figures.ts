import { Injectable } from '@nestjs/common';
import { toMoney, toNumber } from '../../common/db/numbers';
import { FigureRequest, FigureTable, sumFigures } from '../../common/figures/figure-request';
import { ListService } from '../../common/list/list.service';
import { dailyStatList } from './daily-stat-rows';
import type { DailyStat } from './entities/daily-stat.entity';

/** What a KPI figure of daily stats may be split by: they are per store and day, never per user. */
export const DAILY_STAT_SPLITS = {
  storeID: 'dailyStat.storeID',
  storeStoreTypeID: 'store.storeTypeID',
} as const;
export type DailyStatSplit = keyof typeof DAILY_STAT_SPLITS;

/** The sums every daily stats metric field reads. A column left unrecorded (null) adds nothing. */
export interface DailyStatSums {
  footfall: number;
  chatCount: number;
  staffCount: number;
  /** Rows: days with stats, per store (two stores' same day are two). */
  dayCount: number;
}

const DAILY_STAT_FIGURES: FigureTable<DailyStat, DailyStatSplit> = {
  list: dailyStatList,
  splits: DAILY_STAT_SPLITS,
  scope: { store: 'dailyStat.storeID', storeType: 'store.storeTypeID' },
  dateColumn: 'dailyStat.dailyStatDate',
  sums: {
    footfall: 'dailyStat.footfall',
    chatCount: 'dailyStat.chatCount',
    staffCount: 'dailyStat.staffCount',
    dayCount: '1',
  },
};

/** Daily stats summed for the metric engine (src/modules/kpi), as the sales module's SaleFigures.aggregate does for sales. */
@Injectable()
export class DailyStatFigures {
  constructor(private readonly lists: ListService) {}

  /** The stats the request's list filters select in its period and scope, per split key: one grouped statement. */
  async aggregate(request: FigureRequest<DailyStatSplit>): Promise<Map<number, DailyStatSums>> {
    const sums = await sumFigures(this.lists, DAILY_STAT_FIGURES, request);
    return new Map(
      [...sums].map(([key, row]) => [
        key,
        { footfall: toNumber(row.footfall), chatCount: toNumber(row.chatCount), staffCount: toMoney(row.staffCount), dayCount: toNumber(row.dayCount) },
      ]),
    );
  }
}
