import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth-user';
import { InvalidInput, OK } from '../../common/http/validation-result';
import { SaleFigures, type SaleRankSort } from '../sales';
import { topEntry } from './kpi-cards.service';

export type TopKind = 'stores' | 'skus' | 'users';

/** What a Top dialog sorts by: the group's name or one of its figures. */
export const TOP_SORTS = ['name', 'revenueCount', 'adjustedRevenueTotal', 'commissionTotal', 'adjustedRevenueASP', 'commissionASP'] as const;
export type TopSort = (typeof TOP_SORTS)[number];

const RANK_SORT: Record<TopSort, SaleRankSort> = {
  name: 'name',
  revenueCount: 'revenueCount',
  adjustedRevenueTotal: 'adjustedRevenue',
  commissionTotal: 'commission',
  adjustedRevenueASP: 'adjustedRevenueASP',
  commissionASP: 'commissionASP',
};

export interface TopPageRequest {
  fromDate: string;
  toDate: string;
  /** Sales list filters (the list API's vocabulary). */
  filters: Record<string, string>;
  page: number;
  pageLength: number;
  sort: TopSort;
  sortDir: 'asc' | 'desc';
  quickFilter?: string;
}

/**
 * The Top Stores, Top SKUs and Top Users dialogs (spec 01 section 2): counted sales grouped,
 * sorted and paged in the database, with their ASPs; figures only where the profile shows them.
 */
@Injectable()
export class KpiTopsService {
  constructor(private readonly sales: SaleFigures) {}

  async page(kind: TopKind, request: TopPageRequest, user: AuthUser) {
    const hidden = (request.sort.startsWith('adjustedRevenue') && !user.showRevenue) || (request.sort.startsWith('commission') && !user.showCommission);
    if (hidden) throw new InvalidInput({ sort: 'Not shown to your access profile' });
    const { rows, total } = await this.sales.ranked({ params: request.filters, fromDate: request.fromDate, toDate: request.toDate, scope: {}, user }, kind, {
      sort: RANK_SORT[request.sort],
      sortDir: request.sortDir === 'asc' ? 'ASC' : 'DESC',
      offset: request.page * request.pageLength,
      limit: request.pageLength,
      nameContains: request.quickFilter,
    });
    return {
      validationResult: OK,
      listData: rows.map((row, i) => ({ rank: request.page * request.pageLength + i + 1, ...topEntry(kind, row, user) })),
      listIDs: [],
      page: { page: request.page, pageLength: request.pageLength, rowCount: total, pageCount: Math.ceil(total / request.pageLength) },
    };
  }
}
