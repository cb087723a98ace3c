import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Response } from 'express';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthUser } from '../../common/auth/auth-user';
import { ExcelExportService } from '../../common/excel/excel-export.service';
import { InvalidInput } from '../../common/http/validation-result';
import { removeHiddenFigures } from '../../common/list/figures';
import type { ListDefinition } from '../../common/list/list-definition';
import { ListResult, ListService } from '../../common/list/list.service';
import type { Sale } from './entities';
import { saleList } from './sale-rows';

/**
 * Sales as revenue reconciliation reads them (spec 02 section 3, "Sale (as read by the report
 * and reconciliation)"): the same list definition and row reader as GET /api/sales, narrowed to
 * the reconciliation fields. Read-only; reconciliation changes sales through SalesService.
 */

/** The fields of a sale as reconciliation reads it, in the order the API answers them. */
export const RECONCILIATION_SALE_FIELDS = [
  'saleID',
  'storeID',
  'storeName',
  'saleDate',
  'sku',
  'orderRef',
  'saleAnalysisValues',
  'revenue',
  'adjustedRevenue',
  'adjustment',
  'unreconciledRevenue',
  'recSheetLinesTotal',
  'recSheetLinesCount',
  'attributableToUserID',
  // Beyond spec 02's list: who made the sale and what it was, as the sales list shows them.
  'attributableToUserName',
  'description',
  'isRefund',
  'isRefunded',
  'currentHistoryStep',
] as const;

type Raw = Record<string, unknown>;

/** A GET /api/sales row narrowed to the reconciliation fields; analysis values as comma-space separated codes. */
function reconciliationRow(row: Raw): Raw {
  const out: Raw = {};
  for (const name of RECONCILIATION_SALE_FIELDS) out[name] = row[name];
  const values = (row.saleAnalysisValues as Array<{ analysisValue: string }> | undefined) ?? [];
  out.saleAnalysisValues = values.map((v) => v.analysisValue).join(', ');
  return out;
}

const LIST_FIELDS = [
  'saleID',
  'saleDate',
  'storeID',
  'storeName',
  'orderRef',
  'sku',
  'currentHistoryStep',
  'revenue',
  'adjustment',
  'adjustedRevenue',
  'unreconciledRevenue',
  'recSheetLinesTotal',
  'recSheetLinesCount',
  'attributableToUserID',
  'attributableToUserName',
  'description',
  'isRefund',
  'isRefunded',
];

/** The sales list narrowed to the reconciliation fields (filters, sorting, quickFilter and the Excel columns alike). */
export const reconciliationSaleList: ListDefinition<Sale> = {
  ...saleList,
  label: 'unreconciled sale',
  fields: Object.fromEntries(LIST_FIELDS.map((name) => [name, saleList.fields[name]])),
  readRows: async (manager: EntityManager, ids: number[]) => (await saleList.readRows!(manager, ids)).map(reconciliationRow),
  decorateRows: undefined,
};

/** Parameters the unreconciledSales view takes from the client; its filters are set by the sheet. */
const VIEW_PARAMETERS = new Set(['refunds', 'page', 'pageLength', 'sort', 'sortDir', 'quickFilter', 'listIDsFrom', 'listIDsLength', 'token', 'fileName']);

/** The sales a rec sheet's lines span that no line links yet (see unreconciledSales). */
export interface SaleDateRange {
  /** yyyy-mm-dd; null when the sheet has no lines (then no sale is listed). */
  from: string | null;
  to: string | null;
}

@Injectable()
export class SaleReconciliationReads {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly lists: ListService,
    private readonly excel: ExcelExportService,
  ) {}

  /**
   * These sales as reconciliation reads them, by id, those outside the user's stores left out,
   * and figures the user's profile does not show taken out (as GET /api/sales does).
   */
  async byID(ids: readonly number[], user: AuthUser): Promise<Map<number, Raw>> {
    const wanted = [...new Set(ids.filter((id) => id > 0))];
    const found = new Map<number, Raw>();
    for (let i = 0; i < wanted.length; i += 1000) {
      const rows = await reconciliationSaleList.readRows!(this.dataSource.manager, wanted.slice(i, i + 1000));
      removeHiddenFigures(rows, saleList.figures, user);
      for (const row of rows) if (user.storeIDs.includes(Number(row.storeID))) found.set(Number(row.saleID), row);
    }
    return found;
  }

  /**
   * The list query of the unreconciled sales of a date range: the client's paging, sort and
   * quickFilter, with the view's own filters (sale date within the range, step recorded or
   * modified, no rec sheet line linked), and sales or (`refunds=true`) refund rows, which
   * clawbacks match. Any other parameter is a 400.
   */
  private unreconciledQuery(range: SaleDateRange, query: Record<string, unknown>): Record<string, unknown> {
    const unknown = Object.keys(query).filter((name) => !VIEW_PARAMETERS.has(name));
    if (unknown.length) throw new InvalidInput(Object.fromEntries(unknown.slice(0, 10).map((name) => [name.slice(0, 50), 'Unknown parameter'])));
    const { refunds = 'false', ...rest } = query;
    if (refunds !== 'true' && refunds !== 'false') throw new InvalidInput({ refunds: 'Refunds must be true or false' });
    // No lines, no range: a range no sale lies in.
    const [from, to] = range.from && range.to ? [range.from, range.to] : ['2999-12-31', '2999-01-01'];
    // Sales and refunds apart: a refund awaits the supplier's clawback (a line of negative revenue), not a payment.
    // The derived step (sale-links.ts): recorded or modified, and no line links the sale.
    return { ...rest, saleDateGEQ: from, saleDateLEQ: to, currentHistoryStep: 'recorded,modified', isRefund: refunds };
  }

  /** A page of the unreconciled sales of the range, within the user's stores (the list engine). */
  unreconciledSales(range: SaleDateRange, query: Record<string, unknown>, user: AuthUser): Promise<ListResult> {
    return this.lists.list(reconciliationSaleList, this.unreconciledQuery(range, query), user);
  }

  /** The same rows streamed as an Excel file. */
  unreconciledSalesExcel(range: SaleDateRange, query: Record<string, unknown>, user: AuthUser, res: Response): Promise<void> {
    return this.excel.stream(reconciliationSaleList, this.unreconciledQuery(range, query), user, res);
  }
}
