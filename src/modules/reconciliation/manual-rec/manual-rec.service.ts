import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, In } from 'typeorm';
import type { AuthUser } from '../../../common/auth/auth-user';
import { toMoney } from '../../../common/db/numbers';
import { removeHiddenFigures, seesFigures, type Figures } from '../../../common/list/figures';
import { retryingTransaction } from '../../../common/db/transactions';
import { InvalidInput, RecordNotFound } from '../../../common/http/validation-result';
import { pounds } from '../../../shared/pounds';
import { reconcileStateOf, SalesService } from '../../sales';
import { AutoRecService } from '../auto-rec/auto-rec.service';
import { RecLink, RecSheetLine } from '../entities';
import { isLineLinked, linkSlot, writingLinks } from '../rec-links';

type Row = Record<string, unknown>;

export const LINE_RECONCILED = 'This rec sheet line is already reconciled';
export const SALE_CANCELLED = 'A cancelled sale cannot be reconciled';
export const NOTES_REQUIRED = 'Explain the revenue adjustment in the notes';
export const NOTES_TOO_LONG = 'Notes must be at most 1,000 characters';
export const NO_ADJUSTMENT_NEEDED = "No revenue adjustment is needed: the line's revenue equals the sale's unreconciled revenue";
export const ZERO_WARNING = 'This sale already has unreconciled revenue of £0.00';
const SUGGESTIONS = 20;
const CANDIDATES = 200;
const WINDOW_DAYS = 30;

export function adjustmentRequired(difference: number, lineRevenue: number, unreconciled: number): string {
  return `A revenue adjustment of ${pounds(difference)} is required: the line's revenue is ${pounds(lineRevenue)} and the sale's unreconciled revenue ${pounds(unreconciled)}`;
}

/** The same rule for a profile that does not show revenue: no amounts in the message. */
export const ADJUSTMENT_REQUIRED_NO_FIGURES = "A revenue adjustment is required: the line's revenue differs from the sale's unreconciled revenue";

/** Revenue figures of the validate / reconcile answer, taken out for a profile without showRevenue. */
const RECONCILE_FIGURES: Figures = {
  revenue: ['lineRevenue', 'lineAdjustment', 'revenue', 'adjustment', 'adjustedRevenue', 'recSheetLinesTotal', 'unreconciledRevenue'],
};

export interface ReconcileBody {
  recNotes: string;
  adjustment: number;
  storeName?: string;
  sku?: string;
}

/** The body { recNotes, changes: { adjustment?, storeName?, sku? } }, checked by hand so each message lands under the client's field. */
export function parseBody(raw: unknown): ReconcileBody {
  const errors: Record<string, string> = {};
  const body = (raw && typeof raw === 'object' && !Array.isArray(raw) ? raw : {}) as Row;
  const changes = (body.changes && typeof body.changes === 'object' && !Array.isArray(body.changes) ? body.changes : {}) as Row;
  if (body.changes !== undefined && body.changes !== null && (typeof body.changes !== 'object' || Array.isArray(body.changes)))
    errors.changes = 'Must be an object';
  for (const key of Object.keys(body)) if (!['recNotes', 'changes'].includes(key)) errors[key.slice(0, 50)] = 'Unknown field';
  for (const key of Object.keys(changes)) if (!['adjustment', 'storeName', 'sku'].includes(key)) errors[`changes${key.slice(0, 40)}`] = 'Unknown change';
  let recNotes = '';
  if (body.recNotes != null) {
    if (typeof body.recNotes !== 'string') errors.recNotes = 'Notes must be text';
    else if (body.recNotes.trim().length > 1000) errors.recNotes = NOTES_TOO_LONG;
    else recNotes = body.recNotes.trim();
  }
  let adjustment = 0;
  if (changes.adjustment != null && changes.adjustment !== '') {
    const a = changes.adjustment;
    if (typeof a !== 'number' || !Number.isFinite(a) || Math.abs(a) >= 1e9 || Math.round(a * 100) / 100 !== a) {
      errors.changesAdjustment = 'The adjustment must be an amount with up to 2 decimals';
    } else adjustment = toMoney(a);
  }
  const text = (name: 'storeName' | 'sku', field: string, max: number): string | undefined => {
    const value = changes[name];
    if (value == null || value === '') return undefined;
    if (typeof value !== 'string' || value.trim().length > max) {
      errors[field] = `Must be text of at most ${max} characters`;
      return undefined;
    }
    return value.trim() || undefined;
  };
  const storeName = text('storeName', 'changesStoreName', 100);
  const sku = text('sku', 'changesSKU', 25);
  if (Object.keys(errors).length) throw new InvalidInput(errors);
  return { recNotes, adjustment, storeName, sku };
}

function daysBetween(a: string, b: string): number {
  return Math.round(Math.abs(Date.parse(`${a.slice(0, 10)}T00:00:00Z`) - Date.parse(`${b.slice(0, 10)}T00:00:00Z`)) / 86_400_000);
}

function shiftDays(day: string, days: number): string {
  const date = new Date(`${day.slice(0, 10)}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * Manual reconcile (spec 02 section 5, Manual reconciliation): suggestions for a line, and the
 * link of a line to a sale with an adjustment and notes, validated and committed by the same
 * checks. Unreconcile of a sale unlinks its lines. The sheet's row is locked first, as auto
 * reconcile does, so the two never link one line twice; the sale is locked by SalesService.
 */
@Injectable()
export class ManualRecService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly sales: SalesService,
    private readonly autoRec: AutoRecService,
  ) {}

  /** A line the user sees (of the user's stores, or of no store, as the lines list shows); 404 otherwise. */
  private async visibleLine(manager: EntityManager, id: number, user: AuthUser): Promise<RecSheetLine> {
    const line = await manager.findOneBy(RecSheetLine, { recSheetLineID: id });
    if (!line || (line.storeID != null && !user.storeIDs.includes(line.storeID))) throw new RecordNotFound('Rec sheet line');
    return line;
  }

  /** GET /recSheetLine/{id}/recSuggest: up to 20 sales, best first, each with its score and reason. */
  async suggest(id: number, user: AuthUser): Promise<Row[]> {
    const line = await this.visibleLine(this.dataSource.manager, id, user);
    const rows = await this.sales.reconcileCandidates(
      {
        orderRef: line.orderRef,
        sku: line.sku,
        storeID: line.storeID,
        revenue: line.revenue,
        fromDate: shiftDays(line.saleDate, -WINDOW_DAYS),
        toDate: shiftDays(line.saleDate, WINDOW_DAYS),
      },
      CANDIDATES,
      user,
    );
    const ranked = rows.map((sale) => {
      const sameRef = sale.orderRef === line.orderRef;
      const sameSku = String(sale.sku).toLowerCase() === line.sku.toLowerCase();
      const sameStore = sale.storeID === line.storeID;
      const days = daysBetween(String(sale.saleDate), line.saleDate);
      const diff = toMoney(Number(sale.revenue ?? 0) - line.revenue);
      const revenueCloseness = Math.max(0, 9 - Math.floor(Math.abs(diff)));
      const score = (sameRef ? 100_000 : 0) + (sameSku ? 10_000 : 0) + (sameStore ? 1_000 : 0) + (WINDOW_DAYS - days) * 10 + revenueCloseness;
      const reason = [
        ...(sameRef ? ['Same order reference'] : []),
        ...(sameSku ? ['same SKU'] : []),
        ...(sameStore ? ['same store'] : []),
        days === 0 ? 'same day' : `${days} ${days === 1 ? 'day' : 'days'} apart`,
        // Amounts only for a profile that shows revenue.
        ...(!seesFigures(user, 'revenue') ? [] : [diff === 0 ? 'same revenue' : `revenue ${pounds(Math.abs(diff))} ${diff < 0 ? 'lower' : 'higher'}`]),
      ].join(', ');
      return { sale, score, reason: reason[0].toUpperCase() + reason.slice(1), distance: Math.abs(diff) };
    });
    ranked.sort((a, b) => b.score - a.score || a.distance - b.distance || Number(b.sale.saleID) - Number(a.sale.saleID));
    return ranked.slice(0, SUGGESTIONS).map(({ sale, score, reason }) => ({ ...readByReconciliation(sale), score, reason }));
  }

  /**
   * PUT /recSheetLine/{lineId}/recSale/{saleId}[/validate]: the same checks; validate writes
   * nothing and answers what the link would do, commit writes it.
   */
  async reconcile(lineID: number, saleID: number, raw: unknown, user: AuthUser, commit: boolean): Promise<{ warning?: string; data: Row }> {
    const body = parseBody(raw);
    return retryingTransaction(this.dataSource, async (manager) => {
      const seen = await this.visibleLine(manager, lineID, user);
      const sheet = await this.autoRec.lockSheet(manager, seen.recSheetID);
      const line = await this.visibleLine(manager, lineID, user);
      if (await isLineLinked(manager, line.recSheetLineID)) throw new InvalidInput({ recSheetLineID: LINE_RECONCILED });
      const sale = await this.sales.lockForReconcile(manager, saleID, user);
      if (sale.currentHistoryStep === 'cancelled') throw new InvalidInput({ saleID: SALE_CANCELLED });
      // The sale's reconcile state from the lines that link it (recLink), as its row shows it.
      const warning = reconcileStateOf(sale).unreconciled === 0 ? ZERO_WARNING : undefined;
      const plan = await this.sales.planReconcileChanges(manager, sale, { storeName: body.storeName, sku: body.sku }, user);
      const errors = { ...plan.errors };
      const planned = reconcileStateOf(plan.sale);
      const unreconciled = planned.unreconciled;
      const difference = toMoney(line.revenue - unreconciled);
      // The adjustment is checked against the sale as the changes would leave it: not while a change is refused.
      if (Object.keys(errors).length) throw new InvalidInput(errors);
      if (difference !== 0 && body.adjustment !== difference) {
        errors.recNotes = seesFigures(user, 'revenue') ? adjustmentRequired(difference, line.revenue, unreconciled) : ADJUSTMENT_REQUIRED_NO_FIGURES;
      } else if (difference === 0 && body.adjustment !== 0) errors.recNotes = NO_ADJUSTMENT_NEEDED;
      else if (body.adjustment !== 0 && !body.recNotes) errors.recNotes = NOTES_REQUIRED;
      if (Object.keys(errors).length) throw new InvalidInput(errors);
      const adjustment = toMoney(plan.sale.adjustment + body.adjustment);
      const adjustedRevenue = toMoney(plan.sale.revenue + adjustment);
      const recSheetLinesTotal = toMoney(planned.total + line.revenue);
      const data: Row = {
        recSheetLineID: line.recSheetLineID,
        saleID: sale.saleID,
        lineRevenue: line.revenue,
        lineAdjustment: body.adjustment,
        storeID: plan.sale.storeID,
        sku: plan.sale.sku,
        revenue: plan.sale.revenue,
        adjustment,
        adjustedRevenue,
        recSheetLinesTotal,
        recSheetLinesCount: planned.count + 1,
        unreconciledRevenue: toMoney(adjustedRevenue - recSheetLinesTotal),
        currentHistoryStep: 'reconciled',
      };
      removeHiddenFigures(data, RECONCILE_FIGURES, user);
      if (!commit) return { warning, data };
      const now = new Date();
      await manager.update(RecSheetLine, { recSheetLineID: line.recSheetLineID }, { updatedByUserName: user.name, updatedDate: now });
      // The sale's first link, or a further line on a reconciled sale (RecLink.slot).
      const slot = linkSlot(planned.count > 0, line.recSheetLineID);
      await writingLinks(() =>
        manager.insert(RecLink, {
          recSheetLineID: line.recSheetLineID,
          saleID: sale.saleID,
          slot,
          autoRecRunID: null,
          rule: 'manual',
          adjustment: body.adjustment,
          adjustmentReason: body.recNotes,
          linkedByUserName: user.name,
          linkedDate: now,
        }),
      );
      const parts = [`Reconciled by hand: rec sheet ${sheet.name}, line ${line.recSheetLineID}`];
      if (body.adjustment !== 0) parts.push(`adjustment ${pounds(body.adjustment)}`);
      if (plan.moved.length) parts.push(`changed ${plan.moved.join(' and ')}`);
      await this.sales.linkManual(manager, plan.sale, { adjustment: body.adjustment }, `${parts.join(', ')}${body.recNotes ? `: ${body.recNotes}` : ''}`, user);
      return { warning, data };
    });
  }

  /**
   * PUT /sale/{id}/unreconcile: the sale's lines are unlinked (and their manual adjustments taken
   * off the sale), the sale goes back to the step it had before. Answers the sale's row.
   */
  async unreconcile(saleID: number, user: AuthUser): Promise<Row> {
    await retryingTransaction(this.dataSource, async (manager) => {
      // The sale's links (recLink), and the sheets of their lines, locked in id order as every reconcile locks them.
      const early = await manager.find(RecLink, { select: { recSheetLineID: true }, where: { saleID } });
      const sheets = early.length
        ? await manager.find(RecSheetLine, { select: { recSheetID: true }, where: { recSheetLineID: In(early.map((k) => k.recSheetLineID)) } })
        : [];
      for (const recSheetID of [...new Set(sheets.map((l) => l.recSheetID))].sort((a, b) => a - b)) await this.autoRec.lockSheet(manager, recSheetID);
      const sale = await this.sales.lockForReconcile(manager, saleID, user);
      if (reconcileStateOf(sale).step !== 'reconciled') throw new InvalidInput({}, 'Only reconciled sales can be unreconciled');
      // Read again under the sheets' locks; each link's adjustment is what it put on the sale.
      const links = await manager.find(RecLink, { where: { saleID } });
      const removed = toMoney(links.reduce((sum, k) => sum + Math.round(k.adjustment * 100), 0) / 100);
      if (links.length) {
        await manager.update(
          RecSheetLine,
          { recSheetLineID: In(links.map((k) => k.recSheetLineID)) },
          {
            autoRecNotes: `Unreconciled from sale ${saleID}`,
            updatedByUserName: user.name,
            updatedDate: new Date(),
          },
        );
        await manager.delete(RecLink, { recSheetLineID: In(links.map((k) => k.recSheetLineID)) });
      }
      await this.sales.unreconcile(manager, sale, removed, user);
    });
    return this.sales.row(saleID, user);
  }
}

/** The sale fields as read by reconciliation (spec 02 section 3), analysis values as comma-space codes. */
function readByReconciliation(sale: Row): Row {
  const pick = [
    'saleID',
    'storeID',
    'storeName',
    'saleDate',
    'sku',
    'orderRef',
    'revenue',
    'adjustedRevenue',
    'adjustment',
    'unreconciledRevenue',
    'recSheetLinesTotal',
    'recSheetLinesCount',
    'attributableToUserID',
    'isRefund',
    'isRefunded',
    'currentHistoryStep',
  ];
  const row: Row = {};
  for (const key of pick) if (key in sale) row[key] = sale[key];
  const values = (sale.saleAnalysisValues as Array<{ analysisValue: string }> | undefined) ?? [];
  row.saleAnalysisValues = values.map((v) => v.analysisValue).join(', ');
  return row;
}
