import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth-user';
import { AnalysisFieldsService } from '../master-data';
import { SaleFigures } from '../sales';

/** One heading of a field in the daily report: the counted sales whose value is one of its items. */
export interface DailyReportGroup {
  /** The items' dailyReportAs. */
  name: string;
  /** Counted sales, refunds as -1. */
  quantity: number;
  /** Adjusted revenue in pounds; null when the profile does not show revenue. */
  revenue: number | null;
}

export interface DailyReportField {
  analysisFieldID: number;
  label: string;
  groups: DailyReportGroup[];
}

/** A reported field's headings, each with the item codes counted under it. */
interface ReportedField {
  analysisFieldID: number;
  label: string;
  headings: { name: string; codes: string[] }[];
}

/**
 * The daily report (spec 02 sections 2.2 and 5, issue 12): per analysis field asked at the
 * stores that has items with a dailyReportAs, the day's counted sales under each heading (items
 * sharing a heading add up). Two statements whatever the number of stores, fields or items: the
 * fields with their reported items, and SaleFigures.valueGroupTotals.
 */
@Injectable()
export class DailyReportService {
  constructor(
    private readonly analysisFields: AnalysisFieldsService,
    private readonly sales: SaleFigures,
  ) {}

  async report(storeIDs: readonly number[], saleDate: string, user: AuthUser): Promise<DailyReportField[]> {
    const fields = await this.reportedFields(storeIDs);
    const groups = fields.flatMap((field) => field.headings.map((heading) => ({ analysisFieldID: field.analysisFieldID, codes: heading.codes })));
    const totals = await this.sales.valueGroupTotals(storeIDs, saleDate, saleDate, groups);
    let next = 0;
    return fields.map((field) => ({
      analysisFieldID: field.analysisFieldID,
      label: field.label,
      groups: field.headings.map((heading) => {
        const total = totals[next++];
        return { name: heading.name, quantity: total.quantity, revenue: user.showRevenue ? total.revenue : null };
      }),
    }));
  }

  /**
   * The list fields asked at one of the stores with at least one item reported daily, by label;
   * each field's headings in the order of their first item (headings equal ignoring case and
   * surrounding spaces are one, named as the first item writes it).
   */
  private async reportedFields(storeIDs: readonly number[]): Promise<ReportedField[]> {
    if (!storeIDs.length) return [];
    const found = await this.analysisFields.dailyReportedAt(storeIDs);
    const reported: ReportedField[] = [];
    for (const field of found) {
      const headings = new Map<string, { name: string; codes: string[] }>();
      for (const item of field.analysisListItems ?? []) {
        const name = item.dailyReportAs.trim();
        if (!name) continue;
        const key = name.toLowerCase();
        const heading = headings.get(key) ?? { name, codes: [] };
        heading.codes.push(item.code);
        headings.set(key, heading);
      }
      if (headings.size) reported.push({ analysisFieldID: field.analysisFieldID, label: field.label || field.name, headings: [...headings.values()] });
    }
    return reported;
  }
}
