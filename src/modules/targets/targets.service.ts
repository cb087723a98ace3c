import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthUser } from '../../common/auth/auth-user';
import { assertStoreAccess } from '../../common/auth/store-scope';
import { newestStamp, type EditVersion } from '../../common/crud/edit-version';
import { stampCreated, stampUpdated } from '../../common/db/audited.entity';
import { retryingTransaction } from '../../common/db/transactions';
import { InvalidInput, RecordNotFound } from '../../common/http/validation-result';
import { ListService } from '../../common/list/list.service';
import { AnalysisFieldsService } from '../master-data';
import { StoresService } from '../master-data';
import { COUNTED_STEPS, type CountedTotal, SaleFigures } from '../sales';
import { UsersService } from '../users';
import { Target, TARGET_TYPES, type TargetType } from './entities/target.entity';
import type { TargetEntryBody } from './target.body';
import { targetRow } from './target-list';
import { cellKey, isTargetedField, monthOf, type TargetGrid, whyNotInGrid } from './target-rules';

/** A target with what the progress and difference views read (spec 02 section 3, Target). */
export type TargetWithActual = Record<string, unknown> & { targetID: number; actual: number; error: string; actualSaleParams: string };

export interface TargetsSaved {
  listData: TargetWithActual[];
  /** Entries left out because they cannot be in this store's grid (spec 02 section 5), with why. */
  dropped: Array<{ index: number; reason: string }>;
}

/**
 * A store's monthly targets grid (spec 02 sections 2.1, 4 and 5): read with actuals, saved whole.
 * The rules of which entries a grid may hold are in target-rules.ts.
 */
@Injectable()
export class TargetsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly stores: StoresService,
    private readonly users: UsersService,
    private readonly fields: AnalysisFieldsService,
    private readonly figures: SaleFigures,
    private readonly lists: ListService,
  ) {}

  /** GET /api/targets/actuals: every target of the store's month with its actual from sales. */
  async actuals(storeID: number, targetDate: string, user: AuthUser): Promise<TargetWithActual[]> {
    assertStoreAccess(user, storeID);
    const month = this.month(targetDate);
    const grid = await this.grid(this.dataSource.manager, storeID);
    return this.withActuals(await this.read(this.dataSource.manager, storeID, targetDate, user), grid, month);
  }

  /**
   * The overall targets (no analysis field) of a month at these stores, for the dashboard's
   * target cards: store totals (userID 0) and users' rows, revenue only where the profile shows it.
   */
  async overallTargets(
    targetDate: string,
    storeIDs: readonly number[],
    user: AuthUser,
  ): Promise<Array<Pick<Target, 'storeID' | 'userID' | 'targetType' | 'target'>>> {
    const stores = storeIDs.filter((id) => user.storeIDs.includes(id));
    if (!stores.length) return [];
    const types: TargetType[] = TARGET_TYPES.filter((t) => t !== 'revenue' || user.showRevenue);
    return this.dataSource
      .createQueryBuilder(Target, 'target')
      .select(['target.storeID', 'target.userID', 'target.targetType', 'target.target'])
      .where('target.targetDate = :targetDate AND target.storeID IN (:...stores) AND target.targetType IN (:...types)', { targetDate, stores, types })
      .andWhere('target.analysisFieldID = 0 AND target.isTarget = :isTarget', { isTarget: true })
      .getMany();
  }

  /**
   * PUT /api/targets/{storeID}/{date}: the grid replaces the month's targets of the types the
   * caller sees (a profile without showRevenue leaves revenue targets as they are). Targets keep
   * their ids when their cell is sent again, so links to a target stay valid across saves.
   */
  /**
   * `version`: the grid's as the caller read it, the newest updatedDate of its rows (EMPTY_GRID_VERSION
   * when it had none); 409 when a row the caller sees was changed, added or removed since. None: not checked.
   */
  async save(storeID: number, targetDate: string, entries: TargetEntryBody[], user: AuthUser, version: EditVersion = null): Promise<TargetsSaved> {
    assertStoreAccess(user, storeID);
    this.month(targetDate);
    this.checkEntries(entries, user);
    const dropped: TargetsSaved['dropped'] = [];
    await retryingTransaction(this.dataSource, async (manager) => {
      // Two saves of one store take turns on the store's row (the first statement, so the reads
      // below see the earlier save committed): the second replaces the first's rows, never
      // inserts the same cell beside them. A lock on the month's target rows alone does not do
      // it: a month with none yet has no row to lock.
      await this.lockStore(manager, storeID);
      const existing = await this.visibleTargets(manager, storeID, targetDate, user).getMany();
      this.lists.assertStamp(newestStamp(existing), version);
      const grid = await this.grid(manager, storeID);
      const byKey = new Map(existing.map((t) => [cellKey(t), t]));
      const kept = new Set<Target>();
      entries.forEach((entry, index) => {
        // The cell's own fields only: the entry also holds the ignored ones (targetID, as read),
        // which must not overwrite the kept target's id or count as a change.
        const cell = {
          userID: entry.userID,
          targetForUserID: entry.targetForUserID ?? entry.userID,
          analysisFieldID: entry.analysisFieldID ?? 0,
          analysisListItemID: entry.analysisListItemID ?? 0,
          targetType: entry.targetType,
        };
        const reason = whyNotInGrid(cell, grid);
        if (reason) {
          dropped.push({ index, reason });
          return;
        }
        const isTarget = entry.isTarget ?? true;
        const hours = entry.hours ?? 0;
        const weight = entry.weight ?? 0;
        // A cell with no value and no hours says nothing: it is not stored.
        if (!isTarget && hours === 0 && weight === 0) return;
        const values = { ...cell, isTarget, target: isTarget ? entry.target : 0, hours, weight };
        const target = byKey.get(cellKey(cell));
        if (!target) {
          const created = manager.create(Target, { storeID, targetDate, ...values });
          stampCreated(created, user.name);
          kept.add(created);
          return;
        }
        const changed = (Object.keys(values) as Array<keyof typeof values>).some((k) => target[k] !== values[k]);
        if (changed) {
          Object.assign(target, values);
          stampUpdated(target, user.name);
        }
        kept.add(target);
      });
      const removed = existing.filter((t) => !kept.has(t));
      if (removed.length)
        await manager.delete(
          Target,
          removed.map((t) => t.targetID),
        );
      await manager.save(Target, [...kept], { chunk: 200 });
    });
    const listData = await this.actuals(storeID, targetDate, user);
    return { listData, dropped };
  }

  /** Wrong values of a grid are a 400 naming the entry ('3.target'); nothing is written. */
  private checkEntries(entries: TargetEntryBody[], user: AuthUser): void {
    const failures: Record<string, string> = {};
    const seen = new Map<string, number>();
    entries.forEach((entry, i) => {
      const fieldID = entry.analysisFieldID ?? 0;
      const itemID = entry.analysisListItemID ?? 0;
      if (entry.userID === 0 && !Number.isInteger(entry.target)) failures[`targets.${i}.target`] = 'A store total must be a whole number';
      // Hours and weight are a user's share of the store total, so the total itself has none.
      if (entry.userID === 0 && entry.hours) failures[`targets.${i}.hours`] = 'A store total has no hours';
      if (entry.userID === 0 && entry.weight) failures[`targets.${i}.weight`] = 'A store total has no weight';
      if (entry.targetForUserID !== undefined && entry.targetForUserID !== entry.userID) {
        failures[`targets.${i}.targetForUserID`] = "Target for user must be the row's user (0 on a store total)";
      }
      if (fieldID === 0 && itemID !== 0) failures[`targets.${i}.analysisListItemID`] = 'A list item target needs its analysis field';
      if (fieldID !== 0 && itemID === 0) failures[`targets.${i}.analysisListItemID`] = 'Choose a list item of the analysis field';
      if (entry.targetType === 'revenue' && !user.showRevenue) failures[`targets.${i}.targetType`] = 'Your access profile does not show revenue';
      const key = cellKey({ userID: entry.userID, analysisFieldID: fieldID, analysisListItemID: itemID, targetType: entry.targetType });
      const first = seen.get(key);
      if (first !== undefined) failures[`targets.${i}`] = `Entry ${i + 1} is the same target as entry ${first + 1}`;
      else seen.set(key, i);
    });
    if (Object.keys(failures).length) throw new InvalidInput(failures);
  }

  private month(targetDate: string): { from: string; to: string } {
    const month = monthOf(targetDate);
    if (!month) throw new InvalidInput({ targetDate: 'Target date must be the first day of a month, yyyy-mm-01' });
    return month;
  }

  private async lockStore(manager: EntityManager, storeID: number): Promise<void> {
    if (!(await this.stores.lock(manager, storeID))) throw new RecordNotFound('Store');
  }

  private async grid(manager: EntityManager, storeID: number): Promise<TargetGrid> {
    const store = await this.stores.storeWithType(manager, storeID);
    if (!store) throw new RecordNotFound('Store');
    const [users, fields] = await Promise.all([this.users.activeUsersAt(manager, storeID), this.fields.fieldsAt(manager, storeID)]);
    return {
      store,
      userIDs: new Set(users.map((u) => u.userID)),
      fields: new Map(fields.filter(isTargetedField).map((f) => [f.analysisFieldID, f])),
    };
  }

  private visibleTargets(manager: EntityManager, storeID: number, targetDate: string, user: AuthUser) {
    const types: TargetType[] = TARGET_TYPES.filter((t) => t !== 'revenue' || user.showRevenue);
    return manager
      .createQueryBuilder(Target, 'target')
      .where('target.storeID = :storeID AND target.targetDate = :targetDate AND target.targetType IN (:...types)', { storeID, targetDate, types })
      .orderBy('target.targetID', 'ASC');
  }

  private async read(manager: EntityManager, storeID: number, targetDate: string, user: AuthUser) {
    return this.visibleTargets(manager, storeID, targetDate, user)
      .leftJoinAndSelect('target.store', 'store')
      .leftJoinAndSelect('target.user', 'user')
      .leftJoinAndSelect('target.targetForUser', 'targetForUser')
      .leftJoinAndSelect('target.analysisField', 'analysisField')
      .leftJoinAndSelect('target.analysisListItem', 'analysisListItem')
      .getMany();
  }

  /**
   * Each target's actual from the month's counted sales (ARCHITECTURE.md, what counts in
   * figures): two grouped statements for the whole grid, summed here per cell.
   */
  private async withActuals(targets: Target[], grid: TargetGrid, month: { from: string; to: string }): Promise<TargetWithActual[]> {
    const fieldIDs = [...new Set(targets.map((t) => t.analysisFieldID).filter((id) => id !== 0))];
    const totals = targets.length ? await this.figures.storeTotals(grid.store.storeID, month.from, month.to, fieldIDs) : [];
    return targets.map(({ store, user, targetForUser, analysisField, analysisListItem, ...target }) => {
      const code = analysisListItem?.code ?? '';
      const matching = totals.filter(
        (t) =>
          (target.targetForUserID === 0 || t.attributableToUserID === target.targetForUserID) &&
          t.analysisFieldID === target.analysisFieldID &&
          (target.analysisFieldID === 0 || t.analysisValue === code),
      );
      const actual = sumOf(matching, target.targetType);
      const params: Record<string, unknown> = { storeID: target.storeID, targetDate: month.from, currentHistoryStep: COUNTED_STEPS.join(',') };
      if (target.targetForUserID !== 0) params.attributableToUserID = target.targetForUserID;
      if (target.analysisFieldID !== 0 && code) params.analysisValue = code;
      return {
        ...targetRow(target, {
          storeName: store?.name ?? '(Store name not found)',
          userName: user?.name ?? '',
          targetForUserName: targetForUser?.name ?? '',
          analysisFieldLabel: analysisField?.label ?? '',
          analysisListItemCode: code,
          analysisListItemDescription: analysisListItem?.description ?? '',
        }),
        actual,
        error: whyNotInGrid(target, grid) ?? '',
        actualSaleParams: Buffer.from(JSON.stringify(params)).toString('base64url'),
      } as TargetWithActual;
    });
  }
}

function sumOf(totals: CountedTotal[], type: TargetType): number {
  // Pence for revenue so a sum of many sales adds up exactly.
  if (type === 'quantity') return totals.reduce((sum, t) => sum + t.quantity, 0);
  return Math.round(totals.reduce((sum, t) => sum + Math.round(t.revenue * 100), 0)) / 100;
}
