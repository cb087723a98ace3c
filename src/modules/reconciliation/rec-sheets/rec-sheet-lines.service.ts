import { chunks } from '../../../common/collections/chunks';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Response } from 'express';
import { DataSource, EntityManager, In } from 'typeorm';
import type { AuthUser } from '../../../common/auth/auth-user';
import { CrudService } from '../../../common/crud/crud.service';
import { forUpdate } from '../../../common/db/locks';
import { InvalidInput } from '../../../common/http/validation-result';
import { ListResult, ListService } from '../../../common/list/list.service';
import { StoresService } from '../../master-data';
import { SaleReconciliationReads, type SaleDateRange } from '../../sales';
import { RecSheetLine } from '../entities/rec-sheet-line.entity';
import { isLineLinked, lineLinkedSql } from '../rec-links';
import { RecSheet } from '../entities/rec-sheet.entity';
import { duplicateOrderMessage, normaliseOrderRef, ONLY_UNRECONCILED, resolveStore, type StoreInfo } from './line-rules';
import { RecSheetLineBody } from './rec-sheet.body';
import { recSheetLineList } from './rec-sheet-rows';
import { RecSheetsService } from './rec-sheets.service';
import { textOf } from '../../../common/db/numbers';

const ID_CHUNK = 1000;

/**
 * Rec sheet lines typed in or corrected by hand (spec 02 section 4: only unreconciled lines can
 * be edited or deleted), their list with the linked sale (fkJoins=sale, read through the sales
 * module's SaleReconciliationReads), and the sheet's unreconciled sales.
 */
@Injectable()
export class RecSheetLinesService extends CrudService<RecSheetLine, RecSheetLineBody> {
  readonly definition = recSheetLineList;

  constructor(
    @InjectDataSource() dataSource: DataSource,
    lists: ListService,
    private readonly sheets: RecSheetsService,
    private readonly saleReads: SaleReconciliationReads,
    private readonly stores: StoresService,
  ) {
    super(dataSource, lists);
  }

  /**
   * The list engine's answer; with fkJoins=sale each row also carries `sale`, the linked sale as
   * reconciliation reads it (null when unreconciled or outside the user's stores), read for the
   * whole page at once.
   */
  override async list(query: Record<string, unknown>, user: AuthUser): Promise<ListResult> {
    let wantsSale = false;
    let forEngine = query;
    if (typeof query.fkJoins === 'string') {
      const joins = query.fkJoins
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      wantsSale = joins.includes('sale');
      const rest = joins.filter((j) => j !== 'sale');
      forEngine = { ...query };
      if (rest.length) forEngine.fkJoins = rest.join(',');
      else delete forEngine.fkJoins;
    }
    const result = await this.lists.list(this.definition, forEngine, user);
    if (wantsSale) {
      const sales = await this.saleReads.byID(
        result.listData.map((row) => Number(row.saleID)),
        user,
      );
      for (const row of result.listData) row.sale = sales.get(Number(row.saleID)) ?? null;
    }
    return result;
  }

  protected async assign(manager: EntityManager, line: RecSheetLine, body: RecSheetLineBody, user: AuthUser, isNew: boolean): Promise<void> {
    if (!isNew && (await isLineLinked(manager, line.recSheetLineID))) throw new InvalidInput({}, ONLY_UNRECONCILED);
    const errors: Record<string, string> = {};
    if (!(await manager.existsBy(RecSheet, { recSheetID: body.recSheetID }))) errors.recSheetID = 'Choose a rec sheet that exists';
    const found = await this.stores.byName(manager, body.storeName);
    const stores = new Map<string, StoreInfo>(found ? [[found.name.trim().toLowerCase(), { storeID: found.storeID, name: found.name }]] : []);
    const store = resolveStore(stores, user, body.storeName, false);
    if (!store.ok) errors.storeName = store.error;
    const orderRef = normaliseOrderRef(body.orderRef);
    if (!errors.recSheetID) {
      const taken = manager
        .createQueryBuilder(RecSheetLine, 'other')
        .where('other.recSheetID = :sheet AND other.orderRef = :orderRef', { sheet: body.recSheetID, orderRef });
      if (!isNew) taken.andWhere('other.recSheetLineID <> :id', { id: line.recSheetLineID });
      if (await taken.getExists()) errors.orderRef = duplicateOrderMessage(orderRef);
    }
    if (Object.keys(errors).length) throw new InvalidInput(errors);
    line.recSheetID = body.recSheetID;
    line.saleDate = body.saleDate;
    line.storeID = store.ok && store.store ? store.store.storeID : null;
    line.storeName = store.ok && store.store ? store.store.name : body.storeName.trim();
    line.orderRef = orderRef;
    line.sku = body.sku ?? '';
    line.description = body.description ?? '';
    line.revenue = body.revenue;
    if (isNew) line.saleID = 0;
  }

  /** A line being saved is locked first, so a reconcile cannot link it while it changes. */
  protected override async lockBeforeUpdate(manager: EntityManager, id: number): Promise<void> {
    await forUpdate(manager.createQueryBuilder(RecSheetLine, 'line').select('line.recSheetLineID').where('line.recSheetLineID = :id', { id })).getRawOne();
  }

  protected override async beforeRemove(manager: EntityManager, line: RecSheetLine): Promise<void> {
    if (await isLineLinked(manager, line.recSheetLineID)) throw new InvalidInput({}, ONLY_UNRECONCILED);
  }

  /**
   * DELETE /recSheetLines: all or nothing. Ids that do not exist or lie outside the user's
   * stores, or any reconciled line, refuse the whole request (400) and nothing is deleted.
   */
  async removeMany(ids: number[], user: AuthUser): Promise<{ recSheetLineIDs: number[]; count: number }> {
    const unique = [...new Set(ids)];
    await this.dataSource.transaction(async (manager) => {
      const found: Array<{ id: number; linked: boolean; orderRef: string }> = [];
      for (const chunk of chunks(unique, ID_CHUNK)) {
        const qb = forUpdate(manager.createQueryBuilder(RecSheetLine, 'line'))
          .select('line.recSheetLineID', 'id')
          .addSelect(`CASE WHEN ${lineLinkedSql('line')} THEN 1 ELSE 0 END`, 'linked')
          .addSelect('line.orderRef', 'orderRef')
          .where('line.recSheetLineID IN (:...chunk)', { chunk });
        this.definition.scope!(qb, user);
        for (const r of await qb.getRawMany<{ id: unknown; linked: unknown; orderRef: string }>()) {
          found.push({ id: Number(r.id), linked: Number(r.linked) === 1, orderRef: r.orderRef });
        }
      }
      const missing = unique.length - found.length;
      if (missing > 0) {
        const what = `${missing} of these rec sheet lines ${missing === 1 ? 'does' : 'do'} not exist`;
        throw new InvalidInput({ recSheetLineIDs: what }, `${what}; nothing was deleted`);
      }
      const reconciled = found.filter((l) => l.linked).sort((a, b) => a.id - b.id);
      if (reconciled.length) {
        const first = reconciled[0];
        const more = reconciled.length > 1 ? ` and ${reconciled.length - 1} more` : '';
        const what = `Rec sheet line ${first.id} (order ${first.orderRef})${more} ${reconciled.length > 1 ? 'are' : 'is'} reconciled. ${ONLY_UNRECONCILED}`;
        throw new InvalidInput({ recSheetLineIDs: what }, `${what}; nothing was deleted`);
      }
      for (const chunk of chunks(unique, ID_CHUNK)) await manager.delete(RecSheetLine, { recSheetLineID: In(chunk) });
    });
    return { recSheetLineIDs: unique, count: unique.length };
  }

  /** The sale dates the sheet's lines span (404 when the sheet does not exist). */
  private async range(recSheetID: number, user: AuthUser): Promise<SaleDateRange> {
    await this.sheets.assertExists(recSheetID, user);
    const raw = await this.dataSource
      .createQueryBuilder(RecSheetLine, 'line')
      .select('MIN(line.saleDate)', 'from')
      .addSelect('MAX(line.saleDate)', 'to')
      .where('line.recSheetID = :recSheetID', { recSheetID })
      .getRawOne<{ from: unknown; to: unknown }>();
    const day = (v: unknown) => (v == null ? null : v instanceof Date ? v.toISOString().slice(0, 10) : textOf(v).slice(0, 10));
    return { from: day(raw?.from), to: day(raw?.to) };
  }

  /**
   * GET /recSheet/{id}/unreconciledSales: the sales in the sheet's date range and the user's
   * stores, recorded or modified, that no line links (the sales the supplier has not paid).
   */
  async unreconciledSales(recSheetID: number, query: Record<string, unknown>, user: AuthUser): Promise<ListResult> {
    return this.saleReads.unreconciledSales(await this.range(recSheetID, user), query, user);
  }

  async unreconciledSalesExcel(recSheetID: number, query: Record<string, unknown>, user: AuthUser, res: Response): Promise<void> {
    await this.saleReads.unreconciledSalesExcel(await this.range(recSheetID, user), query, user, res);
  }
}
