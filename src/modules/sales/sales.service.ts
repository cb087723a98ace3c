import { Injectable, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, In } from 'typeorm';
import { AuthUser, hasAnyArea, hasArea } from '../../common/auth/auth-user';
import { assertStoreAccess } from '../../common/auth/store-scope';
import type { SystemArea } from '../../common/auth/system-areas';
import type { EditVersion } from '../../common/crud/edit-version';
import { stampCreated, stampUpdated } from '../../common/db/audited.entity';
import { forUpdate } from '../../common/db/locks';
import { retryingTransaction } from '../../common/db/transactions';
import { toMoney, toNumber } from '../../common/db/numbers';
import { HistoryService, type DocumentStep } from '../../common/history/history.service';
import { InvalidInput, NotAllowed, RecordNotFound } from '../../common/http/validation-result';
import { ListService, type ListResult } from '../../common/list/list.service';
import { AnalysisFieldsService } from '../master-data';
import { DiscountsService } from '../master-data';
import type { AnalysisField } from '../master-data';
import type { DiscountStore } from '../master-data';
import { StoresService } from '../master-data';
import type { RateCardLineStore } from '../rate-cards';
import { effectiveLineStore } from '../rate-cards';
import { RateCardLinesService } from '../rate-cards';
import { RateCardsService } from '../rate-cards';
import { UsersService } from '../users';
import { Sale, SaleAnalysisValue } from './entities';
import type { SaleStep } from './entities/sale.entity';
import { autoFilledCode, checkAnalysisAnswers, type AnalysisAnswer } from './sale-analysis';
import { saleAmounts } from './sale-amounts';
import { linkCountSql, readyToReconcileSql } from './sale-links';
import { CREDIT_CHECK_FAIL_ORDER_REF, isEditable, saleList, stepOf } from './sale-rows';
import { persistedNow, updateSalesFrom, writeHistoryFrom, type SaleLinkSource } from './sale-reconciliation';
import { ChangeRateCardBody, REASON_MESSAGE, SaleBody } from './sale.body';

export const SKU_NOT_AVAILABLE = 'The selected SKU is not available at that store on this rate card for this sale type';
export const NOT_EDITABLE = 'Only recorded or modified sales can be changed';
export const CREDIT_CHECK_FAIL_NOTE = 'Credit check fail';
const DOCUMENT = 'sale';
const EDIT_AREAS: SystemArea[] = ['RecordSales', 'UpdateSales'];
/** A link's adjustment onto the sale, and back (after the unreconciled revenue, which reads the old adjusted revenue). */
/**
 * A link's revenue adjustment (a match rule's tolerance) added to its sale, or taken back. The
 * stored unreconciled revenue is the adjusted revenue: the links' part is derived (sale-links.ts).
 */
const adjustBySource = (sign: '+' | '-') => [
  `adjustment = ROUND(sale.adjustment ${sign} src.linkAdjustment, 2)`,
  `adjustedRevenue = ROUND(sale.adjustedRevenue ${sign} src.linkAdjustment, 2)`,
  `unreconciledRevenue = ROUND(sale.adjustedRevenue ${sign} src.linkAdjustment, 2)`,
];

type Row = Record<string, unknown>;

/** The steps of a sale in order, as the stepper shows them (spec 01 section 4). */
const STEPS: Record<SaleStep, { displayName: string; description: string }> = {
  recorded: { displayName: 'Recorded', description: 'The sale was recorded in the store' },
  modified: { displayName: 'Modified', description: 'The sale was changed after it was recorded' },
  reconciled: { displayName: 'Reconciled', description: "The supplier's revenue sheet confirmed the sale" },
  cancelled: { displayName: 'Cancelled', description: 'The sale was cancelled, or its credit check failed' },
};

/** The first day of the earliest month a user with `monthsBack` may record in (0 = no limit). */
export function earliestSaleDate(today: string, monthsBack: number): string | null {
  if (!monthsBack) return null;
  const [y, m] = today.split('-').map(Number);
  const first = new Date(Date.UTC(y, m - 1 - monthsBack, 1));
  return first.toISOString().slice(0, 10);
}

function daysBefore(today: string, days: number): string {
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}

/** What a save reads about the line store and discount, to check the sale and price it. */
interface Pricing {
  lineStore: RateCardLineStore;
  discount: DiscountStore | null;
  excludeDiscount: boolean;
}

/**
 * Sales: the console's list, the transaction form's saves and actions, their history, and the
 * bulk change of rate card (docs/http-api.md, "Sales"). Other modules' data is read through
 * their services (rate cards, discounts, analysis fields, users).
 */
@Injectable()
export class SalesService implements OnModuleInit {
  readonly definition = saleList;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly lists: ListService,
    private readonly history: HistoryService,
    private readonly users: UsersService,
    private readonly rateCards: RateCardsService,
    private readonly rateCardLines: RateCardLinesService,
    private readonly discounts: DiscountsService,
    private readonly analysisFields: AnalysisFieldsService,
    private readonly stores: StoresService,
  ) {}

  onModuleInit(): void {
    this.history.register(DOCUMENT, (id, user) => this.sees(id, user));
  }

  private async sees(id: number, user: AuthUser): Promise<boolean> {
    try {
      await this.lists.findVisible(saleList, id, user);
      return true;
    } catch (error) {
      if (error instanceof RecordNotFound) return false;
      throw error;
    }
  }

  /**
   * The list query as sent, or, when it names no sale and no date bound, limited to the user's
   * last defaultDaysBack days (spec 01 section 9).
   */
  async listQuery(query: Record<string, unknown>, user: AuthUser): Promise<Record<string, unknown>> {
    const bounded = ['saleID', 'refSaleID', 'saleDate', 'saleDateGEQ', 'saleDateLEQ', 'targetDate'].some((name) => query[name] !== undefined);
    if (bounded) return query;
    return { ...query, saleDateGEQ: daysBefore(this.rateCards.today(), user.defaultDaysBack || 180) };
  }

  async list(query: Record<string, unknown>, user: AuthUser): Promise<ListResult> {
    return this.lists.list(saleList, await this.listQuery(query, user), user);
  }

  // ---------- saves ----------

  async create(body: SaleBody, user: AuthUser): Promise<Row> {
    const creditFail = body.newStep === 'cancelled';
    if (creditFail && !hasArea(user, 'RecordCreditFails')) throw new NotAllowed('Your access profile does not include RecordCreditFails');
    if (!creditFail && !hasArea(user, 'RecordSales')) throw new NotAllowed('Your access profile does not include RecordSales');
    assertStoreAccess(user, body.storeID);
    if (body.isRefunded) throw new InvalidInput({ isRefunded: 'A new sale cannot be refunded' });
    const id = await retryingTransaction(this.dataSource, async (manager) => {
      const sale = manager.create(Sale, {
        isRefund: false,
        isRefunded: false,
        adjustment: 0,
        recSheetLinesTotal: 0,
        recSheetLinesCount: 0,
        refundReasonID: null,
      });
      const answers = await this.assign(manager, sale, body, user, true);
      sale.currentHistoryStep = creditFail ? 'cancelled' : 'recorded';
      if (creditFail) {
        sale.orderRef = CREDIT_CHECK_FAIL_ORDER_REF;
        sale.notes = CREDIT_CHECK_FAIL_NOTE;
      }
      await this.price(manager, sale);
      stampCreated(sale, user.name);
      const saved = await manager.save(Sale, sale);
      await this.saveAnswers(manager, saved.saleID, answers);
      await this.writeHistory(manager, saved, creditFail ? CREDIT_CHECK_FAIL_NOTE : 'Sale recorded', user);
      return saved.saleID;
    });
    return this.lists.row(saleList, id, user);
  }

  /** `version`: the sale's updatedDate as the caller read it (409 when it changed since; none: not checked). */
  async update(id: number, body: SaleBody, user: AuthUser, version: EditVersion = null): Promise<Row> {
    await retryingTransaction(this.dataSource, async (manager) => {
      const sale = await this.lockVisible(manager, id, user);
      this.lists.assertStamp(sale, version);
      if (body.isRefunded && !sale.isRefunded) return this.refund(manager, sale, body, user);
      if (!hasAnyArea(user, EDIT_AREAS)) throw new NotAllowed('Your access profile does not include RecordSales or UpdateSales');
      if (!isEditable(sale)) throw new InvalidInput({}, NOT_EDITABLE);
      const cancel = body.newStep === 'cancelled';
      if (cancel && !body.newStepNote?.trim()) throw new InvalidInput({ newStepNote: REASON_MESSAGE });
      const before = { ...sale };
      const beforeAnswers = await manager.find(SaleAnalysisValue, { where: { saleID: id } });
      const answers = await this.assign(manager, sale, body, user, false, beforeAnswers);
      const changed = changedFields(before, sale, beforeAnswers, answers);
      if (!cancel && changed.length === 0) {
        // Saved as it was: who saved it last, but no new step and no history.
        stampUpdated(sale, user.name);
        await manager.save(Sale, sale);
        return;
      }
      if (cancel) sale.currentHistoryStep = 'cancelled';
      else sale.currentHistoryStep = 'modified';
      // Spec 01 section 4: amounts are worked out again when the line store, discount, percent or
      // cancelled state change, not on every save (a later price change of the line does not
      // move a sale whose notes were edited).
      const pricingChanged = PRICING.some((key) => before[key] !== sale[key]);
      if (cancel || pricingChanged) await this.price(manager, sale);
      stampUpdated(sale, user.name);
      await manager.save(Sale, sale);
      await this.saveAnswers(manager, id, answers, beforeAnswers);
      const description = cancel ? `Cancelled: ${body.newStepNote!.trim()}` : `Changed ${changed.join(', ')}`;
      await this.writeHistory(manager, sale, description, user);
    });
    return this.lists.row(saleList, id, user);
  }

  async remove(id: number, user: AuthUser, version: EditVersion = null): Promise<{ id: number }> {
    await retryingTransaction(this.dataSource, async (manager) => {
      const sale = await this.lockVisible(manager, id, user);
      this.lists.assertStamp(sale, version);
      if (!isEditable(sale)) throw new InvalidInput({}, NOT_EDITABLE);
      await manager.delete(Sale, { saleID: id });
    });
    return { id };
  }

  // ---------- reconciliation (issue 10): every write to a sale it makes goes through here ----------

  /** The sale row as GET /api/sales answers it. */
  row(id: number, user: AuthUser): Promise<Row> {
    return this.lists.row(saleList, id, user);
  }

  /** Locks the sale (SELECT ... FOR UPDATE on MariaDB) and reads it; 404 outside the user's stores. */
  lockForReconcile(manager: EntityManager, id: number, user: AuthUser): Promise<Sale> {
    return this.lockVisible(manager, id, user);
  }

  /**
   * What a sale records when lines are linked to it in bulk (auto reconcile): the link itself is
   * the reconciliation module's row (recLink), from which the sale's step, count, total and
   * unreconciled revenue are read (sale-links.ts), so the sale row is written only where a link
   * brings a revenue adjustment (a match rule's tolerance: the source's adjustment added to the
   * sale's adjustment and adjusted revenue). Every sale of the source gets its history row,
   * step 'reconciled'.
   */
  async linkReconciled(manager: EntityManager, source: SaleLinkSource, description: string, user: Pick<AuthUser, 'name'>): Promise<void> {
    if (source.count === 0) return;
    const now = new Date();
    await writeHistoryFrom(manager, source, { constant: 'reconciled' }, description, user.name, now);
    if (source.adjustment) await this.adjustLinked(manager, source, '+', user, now);
  }

  /**
   * The reverse of linkReconciled (undo of an auto-reconcile run), called while the source's
   * links still stand: the source's adjustments taken back, and a history row each with the step
   * the sale has once the link goes: still reconciled when another line links it, else its
   * stored step (recorded, or modified when it was changed).
   */
  async unlinkReconciled(manager: EntityManager, source: SaleLinkSource, description: string, user: Pick<AuthUser, 'name'>): Promise<void> {
    if (source.count === 0) return;
    const now = new Date();
    const stepAfter = `CASE WHEN ${linkCountSql('s')} > 1 THEN :reconciledStep ELSE s.currentHistoryStep END`;
    await writeHistoryFrom(manager, source, { overSale: stepAfter, params: { reconciledStep: 'reconciled' } }, description, user.name, now);
    if (source.adjustment) await this.adjustLinked(manager, source, '-', user, now);
  }

  /**
   * The source's adjustments added to (`+`) or taken off (`-`) the sales whose link carries one;
   * the totals triggers fire for those alone. The source is narrowed to those links before the
   * join, so a batch without adjustments reads no sale.
   */
  private async adjustLinked(manager: EntityManager, source: SaleLinkSource, sign: '+' | '-', user: Pick<AuthUser, 'name'>, now: Date): Promise<void> {
    await updateSalesFrom(
      manager,
      { ...source, where: `(${source.where}) AND ${source.adjustment} <> 0` },
      [...adjustBySource(sign), 'updatedByUserName = :updatedBy', 'updatedDate = :updatedAt'].join(', '),
      'src.linkAdjustment <> 0',
      { updatedBy: user.name, updatedAt: persistedNow(manager, now) },
    );
  }

  /**
   * What a manual link with `changes` would make of the sale (nothing written): a store or SKU
   * change moves the sale to the line store of its rate card for the new store and SKU and prices
   * it again (a discount of another store is dropped). Errors keyed changesStoreName / changesSKU.
   */
  async planReconcileChanges(
    manager: EntityManager,
    sale: Sale,
    changes: { storeName?: string; sku?: string },
    user: AuthUser,
  ): Promise<{ errors: Record<string, string>; sale: Sale; moved: string[] }> {
    const errors: Record<string, string> = {};
    const planned = manager.create(Sale, { ...sale });
    const storeName = changes.storeName?.trim() ?? '';
    const sku = changes.sku?.trim() ?? '';
    let storeID = sale.storeID;
    const moved: string[] = [];
    if (storeName) {
      const store = await this.stores.byName(manager, storeName);
      if (!store || !user.storeIDs.includes(store.storeID)) errors.changesStoreName = `There is no store named ${storeName} in your access profile`;
      else if (store.storeID !== sale.storeID) {
        storeID = store.storeID;
        moved.push(`store to ${store.name}`);
      }
    }
    const newSku = sku && sku.toLowerCase() !== sale.sku.toLowerCase() ? sku : null;
    if (newSku) moved.push(`SKU to ${newSku}`);
    const locked = !isEditable(sale);
    if (locked && moved.length) {
      const why = 'is locked: only a recorded or modified sale with no rec sheet line that is not part of a refund can change';
      if (storeID !== sale.storeID) errors.changesStoreName = `The store ${why}`;
      if (newSku) errors.changesSKU = `The SKU ${why}`;
    }
    if (Object.keys(errors).length || moved.length === 0) return { errors, sale: planned, moved };
    const lineStore = await this.rateCardLines.lineStoreForSku(manager, sale.rateCardID, storeID, sale.saleTypeID, newSku ?? sale.sku);
    if (!lineStore || !lineStore.active) {
      errors[newSku ? 'changesSKU' : 'changesStoreName'] = `SKU ${newSku ?? sale.sku} is not on the sale's rate card at that store for its sale type`;
      return { errors, sale: planned, moved };
    }
    planned.storeID = storeID;
    planned.rateCardLineStoreID = lineStore.rateCardLineStoreID;
    planned.rateCardLineID = lineStore.rateCardLineID;
    planned.sku = effectiveLineStore(lineStore, lineStore.rateCardLine).sku ?? sale.sku;
    if (storeID !== sale.storeID || effectiveLineStore(lineStore, lineStore.rateCardLine).excludeDiscount) {
      planned.discountStoreID = null;
      planned.discountPercent = null;
    }
    await this.price(manager, planned);
    return { errors, sale: planned, moved };
  }

  /**
   * Links one sale to one rec sheet line by hand, the sale's part (the link itself is the
   * reconciliation module's row): the planned sale (planReconcileChanges) with `adjustment`
   * added, and one history row, step reconciled. The stored step stays: the link makes it read
   * as reconciled (sale-links.ts).
   */
  async linkManual(manager: EntityManager, planned: Sale, link: { adjustment: number }, description: string, user: AuthUser): Promise<void> {
    planned.adjustment = toMoney(planned.adjustment + link.adjustment);
    planned.adjustedRevenue = toMoney(planned.revenue + planned.adjustment);
    planned.unreconciledRevenue = planned.adjustedRevenue;
    stampUpdated(planned, user.name);
    await manager.save(Sale, planned);
    await this.writeHistory(manager, planned, description, user, 'reconciled');
  }

  /**
   * PUT /sale/{id}/unreconcile, the sale's part (the reconciliation module unlinks the lines in the
   * same transaction): no lines, their manual adjustments taken off, back to the step the sale had
   * before it was reconciled.
   */
  async unreconcile(manager: EntityManager, sale: Sale, removedAdjustment: number, user: AuthUser): Promise<void> {
    const entries = await this.history.entries(manager, DOCUMENT, sale.saleID);
    sale.currentHistoryStep = entries.some((e) => e.step === 'modified') ? 'modified' : 'recorded';
    sale.adjustment = toMoney(sale.adjustment - removedAdjustment);
    sale.adjustedRevenue = toMoney(sale.revenue + sale.adjustment);
    sale.recSheetLinesCount = 0;
    sale.recSheetLinesTotal = 0;
    sale.unreconciledRevenue = sale.adjustedRevenue;
    stampUpdated(sale, user.name);
    await manager.save(Sale, sale);
    await this.writeHistory(manager, sale, 'Unreconciled', user);
  }

  /**
   * Sales a rec sheet line may be reconciled to by hand (GET /recSheetLine/{id}/recSuggest): ready
   * to reconcile, in the user's stores, dated within the window, sharing the order reference, the
   * SKU or the store; up to `limit`, those sharing most first. Answers their rows.
   */
  async reconcileCandidates(
    line: { orderRef: string; sku: string; storeID: number | null; revenue: number; fromDate: string; toDate: string },
    limit: number,
    user: AuthUser,
  ): Promise<Row[]> {
    if (user.storeIDs.length === 0) return [];
    const score =
      'CASE WHEN s.orderRef = :ref THEN 4 ELSE 0 END + CASE WHEN LOWER(s.sku) = :sku THEN 2 ELSE 0 END + CASE WHEN s.storeID = :store THEN 1 ELSE 0 END';
    const found = await this.dataSource.manager
      .createQueryBuilder(Sale, 's')
      .select('s.saleID', 'saleID')
      .addSelect(score, 'score')
      .where(`s.storeID IN (:...stores) AND ${readyToReconcileSql('s')}`, { stores: user.storeIDs })
      .andWhere('s.saleDate >= :from AND s.saleDate <= :to', { from: line.fromDate, to: line.toDate })
      .andWhere('(s.orderRef = :ref OR LOWER(s.sku) = :sku OR s.storeID = :store)', {
        ref: line.orderRef,
        sku: line.sku.toLowerCase(),
        store: line.storeID ?? -1,
      })
      .orderBy('score', 'DESC')
      .addOrderBy('ABS(s.revenue - :revenue)', 'ASC')
      .addOrderBy('s.saleID', 'DESC')
      .setParameter('revenue', line.revenue)
      .limit(limit)
      .getRawMany<{ saleID: unknown }>();
    return this.lists.rowsByID(
      saleList,
      found.map((r) => toNumber(r.saleID)),
      [],
      user,
    );
  }

  private async lockVisible(manager: EntityManager, id: number, user: AuthUser): Promise<Sale> {
    // Two saves of one sale (a refund and an edit) take turns: the second sees the first's result.
    await forUpdate(manager.createQueryBuilder(Sale, 's').select('s.saleID').where('s.saleID = :id', { id })).getRawOne();
    return this.lists.findVisible(saleList, id, user, manager);
  }

  /**
   * Refund (ARCHITECTURE.md): the original is marked refunded with the note and the refund's
   * order reference; a new row with the negated amounts, dated today, records the refund.
   */
  private async refund(manager: EntityManager, sale: Sale, body: SaleBody, user: AuthUser): Promise<void> {
    if (!hasArea(user, 'RecordRefunds')) throw new NotAllowed('Your access profile does not include RecordRefunds');
    if (sale.isRefund || sale.currentHistoryStep === 'cancelled')
      throw new InvalidInput({ isRefunded: 'Only recorded, modified or reconciled sales that are not refunds can be refunded' });
    const errors: Record<string, string> = {};
    const note = body.isRefundedNote?.trim() ?? '';
    if (!note) errors.isRefundedNote = REASON_MESSAGE;
    const orderRef = (body.isRefundedOrderRef ?? '').trim().toUpperCase().slice(0, 20);
    if (orderRef.length !== 20) errors.isRefundedOrderRef = 'Should be 20 characters';
    if (Object.keys(errors).length) throw new InvalidInput(errors);
    sale.isRefunded = true;
    sale.isRefundedNote = note;
    sale.isRefundedOrderRef = orderRef;
    stampUpdated(sale, user.name);
    await manager.save(Sale, sale);
    await this.writeHistory(manager, sale, `Refunded: ${note}`, user);

    const answers = await manager.find(SaleAnalysisValue, { where: { saleID: sale.saleID } });
    const refundRow = manager.create(Sale, {
      storeID: sale.storeID,
      saleTypeID: sale.saleTypeID,
      attributableToUserID: sale.attributableToUserID,
      saleDate: this.rateCards.today(),
      orderRef: sale.orderRef,
      rateCardID: sale.rateCardID,
      rateCardLineID: sale.rateCardLineID,
      rateCardLineStoreID: sale.rateCardLineStoreID,
      sku: sale.sku,
      currentHistoryStep: 'recorded',
      revenue: -sale.revenue + 0,
      commission: -sale.commission + 0,
      adjustment: -sale.adjustment + 0,
      adjustedRevenue: -sale.adjustedRevenue + 0,
      unreconciledRevenue: -sale.adjustedRevenue + 0,
      recSheetLinesTotal: 0,
      recSheetLinesCount: 0,
      refSaleID: sale.saleID,
      isRefund: true,
      isRefunded: false,
      isRefundedNote: null,
      isRefundedOrderRef: orderRef,
      refundReasonID: null,
      notes: note,
      discountStoreID: sale.discountStoreID,
      discountPercent: sale.discountPercent,
    });
    stampCreated(refundRow, user.name);
    const saved = await manager.save(Sale, refundRow);
    await this.saveAnswers(manager, saved.saleID, answers);
    await this.writeHistory(manager, saved, `Refund of sale ${sale.saleID}: ${note}`, user);
  }

  /**
   * Copies the body onto the sale and checks it (docs/http-api.md, "Saving"): store, seller, date
   * clamp, the SKU on the card in force, the discount, the analysis answers. Answers the
   * analysis values to keep.
   */
  private async assign(
    manager: EntityManager,
    sale: Sale,
    body: SaleBody,
    user: AuthUser,
    isNew: boolean,
    previousAnswers: AnalysisAnswer[] = [],
  ): Promise<AnalysisAnswer[]> {
    assertStoreAccess(user, body.storeID);
    const errors: Record<string, string> = {};
    const earliest = earliestSaleDate(this.rateCards.today(), user.salesMonthsBack);
    const dateChanged = isNew || body.saleDate !== sale.saleDate;
    const saleDate = dateChanged && earliest && body.saleDate < earliest ? earliest : body.saleDate;
    const lineChanged =
      isNew || dateChanged || body.rateCardLineStoreID !== sale.rateCardLineStoreID || body.storeID !== sale.storeID || body.saleTypeID !== sale.saleTypeID;

    if (
      (isNew || body.attributableToUserID !== sale.attributableToUserID || body.storeID !== sale.storeID) &&
      !(await this.users.worksAt(manager, body.attributableToUserID, body.storeID))
    ) {
      errors.attributableToUserID = 'Choose a seller who works at this store';
    }

    const lineStore = await this.rateCardLines.lineStoreForSale(manager, body.rateCardLineStoreID);
    const line = lineStore?.rateCardLine;
    if (!lineStore || !line || lineStore.storeID !== body.storeID || line.saleTypeID !== body.saleTypeID) {
      errors.rateCardLineStoreID = SKU_NOT_AVAILABLE;
    } else if (lineChanged) {
      const card = await this.rateCards.inForceOn(manager, saleDate);
      if (!card || card.rateCardID !== line.rateCardID || !lineStore.active) errors.rateCardLineStoreID = SKU_NOT_AVAILABLE;
    }
    const effective = lineStore && line ? effectiveLineStore(lineStore, line) : null;

    let discount: DiscountStore | null = null;
    if (body.discountStoreID != null) {
      // Like the line store and the seller, a discount is checked when it is chosen (or the sale
      // moves): one disabled since stays on the sales it was given to.
      const discountChanged = isNew || body.discountStoreID !== sale.discountStoreID || body.storeID !== sale.storeID || body.saleTypeID !== sale.saleTypeID;
      discount = await this.discounts.storeSettings(manager, body.discountStoreID);
      if (!discount || discount.storeID !== body.storeID || discount.discount?.saleTypeID !== body.saleTypeID || (discountChanged && !discount.enabled)) {
        errors.discountStoreID = 'Choose a discount offered at this store for this sale type';
      } else if ((discountChanged || lineChanged) && effective?.excludeDiscount) {
        errors.discountStoreID = 'This SKU is excluded from discounts';
      }
    }
    const percent = body.discountPercent ?? null;
    if (percent != null && percent !== 0 && !discount?.captureVariablePercent) {
      errors.discountPercent = 'Only a discount that captures a percent takes one';
    }

    const fields = await this.analysisFields.fieldsAt(manager, body.storeID);
    // Answers to fields the store has stopped asking stay on the sale as recorded, and the same
    // answers sent back with it are not news: only fields asked now are checked. A sale moved to
    // another store leaves the old store's questions behind.
    const asked = new Set(fields.map((f) => f.analysisFieldID));
    const kept = isNew || body.storeID !== sale.storeID ? [] : previousAnswers.filter((a) => !asked.has(a.analysisFieldID));
    const isKept = (a: AnalysisAnswer) => kept.some((k) => k.analysisFieldID === a.analysisFieldID && k.analysisValue === a.analysisValue.trim());
    const sent = (body.saleAnalysisValues ?? (isNew ? [] : previousAnswers)).filter((a) => !isKept(a));
    const checked = checkAnalysisAnswers(fields, sent, { bandName: line?.band?.name ?? null, description: effective?.description ?? '' }, isNew);
    Object.assign(errors, checked.errors);
    if (Object.keys(errors).length) throw new InvalidInput(errors);

    sale.storeID = body.storeID;
    sale.saleTypeID = body.saleTypeID;
    sale.attributableToUserID = body.attributableToUserID;
    sale.saleDate = saleDate;
    sale.orderRef = body.orderRef;
    sale.notes = body.notes?.trim() ?? '';
    sale.rateCardLineStoreID = lineStore!.rateCardLineStoreID;
    sale.rateCardLineID = line!.rateCardLineID;
    sale.rateCardID = line!.rateCardID;
    sale.sku = effective!.sku ?? line!.sku;
    sale.discountStoreID = discount?.discountStoreID ?? null;
    sale.discountPercent = discount?.captureVariablePercent ? (percent ?? 0) : null;
    this.pricing.set(sale, { lineStore: lineStore!, discount, excludeDiscount: effective!.excludeDiscount });
    return [...checked.answers, ...kept.map((a) => ({ analysisFieldID: a.analysisFieldID, analysisValue: a.analysisValue }))];
  }

  /** What assign read to price each sale it checked (kept off the entity, which TypeORM saves). */
  private readonly pricing = new WeakMap<Sale, Pricing>();

  /** Sets the sale's amounts from its line store and discount (sale-amounts.ts). */
  private async price(manager: EntityManager, sale: Sale): Promise<void> {
    let pricing = this.pricing.get(sale);
    if (!pricing) {
      const lineStore = await this.rateCardLines.lineStoreForSale(manager, sale.rateCardLineStoreID);
      const discount = sale.discountStoreID ? await this.discounts.storeSettings(manager, sale.discountStoreID) : null;
      pricing = { lineStore: lineStore!, discount, excludeDiscount: effectiveLineStore(lineStore!, lineStore!.rateCardLine).excludeDiscount };
    }
    const amounts = saleAmounts({
      lineStore: pricing.lineStore,
      discount: pricing.discount,
      discountPercent: sale.discountPercent,
      excludeDiscount: pricing.excludeDiscount,
      isCancelled: sale.currentHistoryStep === 'cancelled',
      isRefund: sale.isRefund,
    });
    sale.revenue = amounts.revenue;
    sale.commission = amounts.commission;
    sale.adjustment = sale.adjustment ?? 0;
    sale.adjustedRevenue = toMoney(amounts.revenue + sale.adjustment);
    sale.unreconciledRevenue = toMoney(sale.adjustedRevenue - (sale.recSheetLinesTotal ?? 0));
  }

  /**
   * Writes the sale's answers: deletes the previous rows that are no longer answers by primary
   * key and inserts the new ones. (A DELETE by saleID would lock the gap after the newest sale on
   * MariaDB, and two sales recorded at once would deadlock on their inserts.)
   */
  /**
   * A sale moved to another line: the analysis fields filled from the line (autoFillFrom) take the
   * new line's answer; the others stay as they are.
   */
  private async refillFromLine(
    manager: EntityManager,
    saleID: number,
    lineStore: RateCardLineStore,
    fieldsByStore: Map<number, AnalysisField[]>,
  ): Promise<void> {
    if (!fieldsByStore.has(lineStore.storeID)) fieldsByStore.set(lineStore.storeID, await this.analysisFields.fieldsAt(manager, lineStore.storeID));
    const filled = fieldsByStore.get(lineStore.storeID)!.filter((f) => f.inputType === 'single' && f.autoFillFrom);
    if (filled.length === 0) return;
    const previous = await manager.find(SaleAnalysisValue, { where: { saleID } });
    const facts = {
      bandName: lineStore.rateCardLine?.band?.name ?? null,
      description: effectiveLineStore(lineStore, lineStore.rateCardLine).description ?? '',
    };
    const answers: AnalysisAnswer[] = previous.filter((a) => !filled.some((f) => f.analysisFieldID === a.analysisFieldID));
    for (const field of filled) {
      const code = autoFilledCode(field, facts);
      if (code) answers.push({ analysisFieldID: field.analysisFieldID, analysisValue: code });
    }
    await this.saveAnswers(manager, saleID, answers, previous);
  }

  private async saveAnswers(manager: EntityManager, saleID: number, answers: AnalysisAnswer[], previous: SaleAnalysisValue[] = []): Promise<void> {
    const key = (a: AnalysisAnswer) => `${a.analysisFieldID}\u0000${a.analysisValue}`;
    const wanted = new Set(answers.map(key));
    const kept = new Set<string>();
    const gone = previous.filter((row) => {
      if (!wanted.has(key(row)) || kept.has(key(row))) return true;
      kept.add(key(row));
      return false;
    });
    if (gone.length) await manager.delete(SaleAnalysisValue, { saleAnalysisValueID: In(gone.map((row) => row.saleAnalysisValueID)) });
    const added = answers.filter((a) => !kept.has(key(a)));
    if (added.length) {
      await manager.insert(
        SaleAnalysisValue,
        added.map((a) => ({ saleID, analysisFieldID: a.analysisFieldID, analysisValue: a.analysisValue })),
      );
    }
  }

  /** A history row of the sale, step its stored step unless `step` is given (a link's 'reconciled', which is derived, not stored). */
  private async writeHistory(manager: EntityManager, sale: Sale, description: string, user: AuthUser, step: SaleStep = sale.currentHistoryStep): Promise<void> {
    const historyID = await this.history.write(manager, { documentType: DOCUMENT, documentID: sale.saleID, step, description }, user);
    await manager.update(Sale, { saleID: sale.saleID }, { currentHistoryID: historyID });
    sale.currentHistoryID = historyID;
  }

  // ---------- calculator, steps ----------

  /** GET /sale/revenueCommission: what a sale with these settings would count (figures the profile hides left out). */
  async revenueCommission(query: Record<string, unknown>, user: AuthUser): Promise<Row> {
    const errors: Record<string, string> = {};
    const id = (name: string, required: boolean): number | null => {
      const raw = query[name];
      if (raw === undefined || raw === '' || raw === 'null') {
        if (required) errors[name] = 'Choose a SKU';
        return null;
      }
      if (typeof raw !== 'string' || !/^\d{1,9}$/.test(raw)) errors[name] = 'Must be a whole number';
      return Number(raw);
    };
    const flag = (name: string): boolean => {
      const raw = query[name];
      if (raw === undefined || raw === '') return false;
      if (raw !== 'true' && raw !== 'false' && raw !== '1' && raw !== '0') errors[name] = 'Must be true or false';
      return raw === 'true' || raw === '1';
    };
    for (const name of Object.keys(query)) {
      if (!['rateCardLineStoreID', 'discountStoreID', 'discountPercent', 'isCancelled', 'isRefund'].includes(name))
        errors[name.slice(0, 50)] = 'Unknown parameter';
    }
    const lineStoreID = id('rateCardLineStoreID', true);
    const discountStoreID = id('discountStoreID', false);
    const percent = id('discountPercent', false);
    if (percent != null && (percent > 40 || percent % 5 !== 0)) errors.discountPercent = 'Discount percent must be 0 to 40 in steps of 5';
    const isCancelled = flag('isCancelled');
    const isRefund = flag('isRefund');
    if (Object.keys(errors).length) throw new InvalidInput(errors);
    const manager = this.dataSource.manager;
    const lineStore = await this.rateCardLines.lineStoreForSale(manager, lineStoreID!);
    if (!lineStore || !user.storeIDs.includes(lineStore.storeID)) throw new RecordNotFound('Rate card line store');
    const discount = discountStoreID ? await this.discounts.storeSettings(manager, discountStoreID) : null;
    if (discountStoreID && (!discount || discount.storeID !== lineStore.storeID))
      throw new InvalidInput({ discountStoreID: 'Choose a discount offered at this store' });
    const amounts = saleAmounts({
      lineStore,
      discount,
      discountPercent: percent,
      excludeDiscount: effectiveLineStore(lineStore, lineStore.rateCardLine).excludeDiscount,
      isCancelled,
      isRefund,
    });
    return {
      ...(user.showRevenue ? { revenue: amounts.revenue } : {}),
      ...(user.showCommission ? { commission: amounts.commission } : {}),
    };
  }

  /** GET /sale/steps and /sale/steps/{id}: every step, and whether (and why) it applies. */
  async steps(id: number | null, user: AuthUser): Promise<DocumentStep[]> {
    if (id == null) {
      return [
        step('recorded', true, 'Every sale is recorded'),
        step('modified', false, 'Only when a sale is changed after it is recorded'),
        step('reconciled', true, "Every sale is reconciled against the supplier's revenue sheet"),
        step('cancelled', false, 'Only when a sale is cancelled or fails its credit check'),
      ];
    }
    const sale = await this.lists.findVisible(saleList, id, user);
    const entries = await this.history.entries(this.dataSource.manager, DOCUMENT, id);
    const modified = entries.find((e) => e.step === 'modified');
    const cancelled = [...entries].reverse().find((e) => e.step === 'cancelled');
    const isCancelled = sale.currentHistoryStep === 'cancelled';
    return [
      step('recorded', true, sale.isRefund ? `Records the refund of sale ${sale.refSaleID}` : 'Every sale is recorded'),
      step('modified', !!modified, modified ? `Changed by ${modified.createdByUserName}: ${modified.description}` : 'Not changed since it was recorded'),
      step('reconciled', !isCancelled, isCancelled ? 'Cancelled sales are not reconciled' : "Every sale is reconciled against the supplier's revenue sheet"),
      step('cancelled', isCancelled, isCancelled ? (cancelled?.description ?? 'Cancelled') : 'The sale has not been cancelled'),
    ];
  }

  // ---------- bulk change of rate card ----------

  /**
   * PUT /sales/changeRateCardValidate (commit false) and /sales/changeRateCard (commit true):
   * every sale must find its SKU, active, on the new card for its store and sale type; every
   * failure is listed ('|'-joined in failMessages.translation). The commit moves them all or none.
   */
  async changeRateCard(body: ChangeRateCardBody, user: AuthUser, commit: boolean): Promise<{ count: number }> {
    const ids = [...new Set(body.saleID.split(',').map(Number))];
    const notes = body.notes?.trim() ?? '';
    if (commit && !notes) throw new InvalidInput({ notes: 'You must explain the reason for changing the rate card' });
    return retryingTransaction(this.dataSource, async (manager) => {
      const target = await this.rateCards.byID(manager, body.rateCardID);
      if (!target) throw new InvalidInput({ rateCardID: 'Choose a rate card that exists' });
      const query = manager
        .createQueryBuilder(Sale, 'sale')
        .leftJoinAndSelect('sale.store', 'store')
        .leftJoinAndSelect('sale.saleType', 'saleType')
        .leftJoinAndSelect('sale.rateCard', 'rateCard')
        .where({ saleID: In(ids) });
      if (commit) forUpdate(query);
      const sales = await query.getMany();
      const byID = new Map(sales.filter((s) => user.storeIDs.includes(s.storeID)).map((s) => [s.saleID, s]));
      const failures: string[] = [];
      const moves: Array<{ sale: Sale; lineStore: RateCardLineStore }> = [];
      for (const saleID of ids) {
        const sale = byID.get(saleID);
        if (!sale) {
          failures.push(`Sale ${saleID} was not found`);
          continue;
        }
        if (!isEditable(sale)) {
          failures.push(
            `Sale ${saleID} is ${sale.isRefund ? 'a refund' : sale.isRefunded ? 'refunded' : stepOf(sale)}: only recorded or modified sales can change rate card`,
          );
          continue;
        }
        const lineStore = await this.rateCardLines.lineStoreForSku(manager, target.rateCardID, sale.storeID, sale.saleTypeID, sale.sku);
        if (!lineStore || !lineStore.active) {
          failures.push(
            `Sale ${saleID}: SKU ${sale.sku} is not on ${target.name} for ${sale.store?.name ?? 'its store'}, ${sale.saleType?.name ?? 'its sale type'}`,
          );
          continue;
        }
        moves.push({ sale, lineStore });
      }
      if (failures.length) {
        throw new InvalidInput(
          { translation: failures.join('|') },
          `${failures.length} of ${ids.length} ${ids.length === 1 ? 'sale' : 'sales'} cannot move to ${target.name}`,
        );
      }
      if (!commit) return { count: moves.length };
      const fieldsByStore = new Map<number, AnalysisField[]>();
      for (const { sale, lineStore } of moves) {
        const from = sale.rateCard?.name ?? String(sale.rateCardID);
        delete sale.store;
        delete sale.saleType;
        delete sale.rateCard;
        sale.rateCardID = target.rateCardID;
        sale.rateCardLineID = lineStore.rateCardLineID;
        sale.rateCardLineStoreID = lineStore.rateCardLineStoreID;
        sale.sku = effectiveLineStore(lineStore, lineStore.rateCardLine).sku ?? sale.sku;
        const excluded = effectiveLineStore(lineStore, lineStore.rateCardLine).excludeDiscount;
        if (excluded) {
          sale.discountStoreID = null;
          sale.discountPercent = null;
        }
        sale.currentHistoryStep = 'modified';
        await this.price(manager, sale);
        stampUpdated(sale, user.name);
        await manager.save(Sale, sale);
        await this.refillFromLine(manager, sale.saleID, lineStore, fieldsByStore);
        await this.writeHistory(manager, sale, `Rate card changed from ${from} to ${target.name}: ${notes}`, user);
      }
      return { count: moves.length };
    });
  }
}

function step(name: SaleStep, applicable: boolean, justification: string): DocumentStep {
  return { name, ...STEPS[name], applicable, justification };
}

/** What a sale's amounts are worked out from. */
const PRICING: Array<keyof Sale> = ['rateCardLineStoreID', 'discountStoreID', 'discountPercent'];

const TRACKED: Array<[keyof Sale, string]> = [
  ['storeID', 'store'],
  ['saleTypeID', 'sale type'],
  ['attributableToUserID', 'seller'],
  ['saleDate', 'date'],
  ['orderRef', 'order reference'],
  ['rateCardLineStoreID', 'SKU'],
  ['discountStoreID', 'discount'],
  ['discountPercent', 'discount percent'],
  ['notes', 'notes'],
];

/** The fields an edit changed, in words, for its history entry. */
function changedFields(before: Sale, after: Sale, beforeAnswers: AnalysisAnswer[], answers: AnalysisAnswer[]): string[] {
  const changed = TRACKED.filter(([key]) => before[key] !== after[key]).map(([, label]) => label);
  const text = (list: AnalysisAnswer[]) =>
    list
      .map((a) => `${a.analysisFieldID}=${a.analysisValue}`)
      .sort()
      .join('|');
  if (text(beforeAnswers) !== text(answers)) changed.push('analysis values');
  return changed;
}
