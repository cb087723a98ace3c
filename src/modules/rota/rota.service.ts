import { Injectable, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, In } from 'typeorm';
import { AuthUser, hasArea } from '../../common/auth/auth-user';
import { assertStoreAccess } from '../../common/auth/store-scope';
import type { EditVersion } from '../../common/crud/edit-version';
import { stampCreated, stampUpdated } from '../../common/db/audited.entity';
import { forUpdate } from '../../common/db/locks';
import { retryingTransaction } from '../../common/db/transactions';
import { HistoryService } from '../../common/history/history.service';
import { InvalidInput, NotAllowed } from '../../common/http/validation-result';
import { ListService } from '../../common/list/list.service';
import { UsersService } from '../users';
import { RotaLine } from './entities/rota-line.entity';
import type { ApproveRotaLinesBody, RotaLineBody } from './rota-line.body';
import { rotaLineList } from './rota-line-rows';
import {
  spansOverlap,
  DEFAULT_PLANNED_FROM,
  DEFAULT_PLANNED_TO,
  DEFAULT_ROTA_LINE_TYPE_ID,
  hoursBetween,
  minutesOf,
  PLAN_STEPS,
  repeatDates,
  type RotaStep,
  STEP_MOVES,
} from './rota-rules';

type Row = Record<string, unknown>;

export const DOCUMENT = 'rotaLine';

/** The fields of the plan: only RecordRotaLines changes them, and only in planning or planned. */
const PLAN_FIELDS = ['rotaDate', 'plannedFrom', 'plannedTo', 'userID', 'storeID', 'rotaLineTypeID', 'notes', 'unpaidHours'] as const;
const WORKED_FIELDS = ['workedFrom', 'workedTo'] as const;

/** How a history entry names what changed: in words, as the screens label the fields ('Changed worked from, worked to'). */
const CHANGE_WORDS: Record<(typeof PLAN_FIELDS)[number] | (typeof WORKED_FIELDS)[number] | 'repeats', string> = {
  rotaDate: 'date',
  plannedFrom: 'planned from',
  plannedTo: 'planned to',
  userID: 'user',
  storeID: 'store',
  rotaLineTypeID: 'type',
  notes: 'notes',
  unpaidHours: 'unpaid hours',
  workedFrom: 'worked from',
  workedTo: 'worked to',
  repeats: 'repeats',
};

export const NOT_PLANNING = 'Only lines in planning or planned can be changed or deleted';
export const REPEAT_STEPS = 'Repeat options are only for lines in planning or planned';

/** What a save answers: the line, and the copies its repeat options made. */
export interface RotaSaveAnswer {
  data: Row;
  repeatedRotaLineIDs: number[];
}

/**
 * Rota lines (docs/http-api.md, "Rota"): saves with their rules, step moves, repeats, approval
 * of many lines, and the viewed marking. Every change writes its history entry through the
 * common history in the change's transaction.
 */
@Injectable()
export class RotaService implements OnModuleInit {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly lists: ListService,
    private readonly history: HistoryService,
    private readonly users: UsersService,
  ) {}

  onModuleInit(): void {
    // A line's history is read by whoever may read the line (store scope, own lines).
    this.history.register(DOCUMENT, async (id, user) => (await this.lists.list(rotaLineList, { rotaLineID: String(id) }, user)).listData.length > 0);
  }

  async create(body: RotaLineBody, user: AuthUser): Promise<RotaSaveAnswer> {
    assertStoreAccess(user, body.storeID);
    const missing: Record<string, string> = {};
    if (!body.rotaDate) missing.rotaDate = 'Rota date is required';
    if (!body.userID) missing.userID = 'Choose a user';
    if (!body.storeID) missing.storeID = 'Choose a store';
    if (body.workedFrom || body.workedTo) missing.workedFrom = 'Worked times are recorded once the line is approved';
    if (body.newStep && !PLAN_STEPS.includes(body.newStep)) missing.newStep = 'A new line starts in planning or planned';
    if (Object.keys(missing).length) throw new InvalidInput(missing);
    return retryingTransaction(this.dataSource, async (manager) => {
      const line = manager.create(RotaLine, {
        plannedFrom: DEFAULT_PLANNED_FROM,
        plannedTo: DEFAULT_PLANNED_TO,
        rotaLineTypeID: DEFAULT_ROTA_LINE_TYPE_ID,
        notes: '',
        unpaidHours: 0,
        workedFrom: null,
        workedTo: null,
        viewedByUser: false,
        viewedByUserDate: null,
        currentHistoryStep: 'planning',
        currentHistoryID: null,
        ...planOf(body),
        ...repeatsOf(body),
      });
      await this.check(manager, line);
      stampCreated(line, user.name);
      const saved = await manager.save(RotaLine, line);
      await this.writeHistory(manager, saved, 'Created', user);
      if (body.newStep === 'planned') {
        saved.currentHistoryStep = 'planned';
        await manager.update(RotaLine, { rotaLineID: saved.rotaLineID }, { currentHistoryStep: 'planned' });
        await this.writeHistory(manager, saved, 'Planned', user);
      }
      const repeatedRotaLineIDs = await this.repeat(manager, saved, user);
      return { data: await this.rowIn(manager, saved.rotaLineID, user), repeatedRotaLineIDs };
    });
  }

  /** `version`: the line's updatedDate as the caller read it (409 when it changed since; none: not checked). */
  async update(id: number, body: RotaLineBody, user: AuthUser, version: EditVersion = null): Promise<RotaSaveAnswer> {
    return retryingTransaction(this.dataSource, async (manager) => {
      const line = await this.lockVisible(manager, id, user);
      this.lists.assertStamp(line, version);
      const before = { ...line };
      const plan = planOf(body);
      const planChanged = PLAN_FIELDS.filter((field) => plan[field] !== undefined && plan[field] !== before[field]);
      // Repeat options stored on the line record copies already made: only new ones copy again.
      const repeats = repeatsOf(body);
      const repeatsChanged = (['repeatUsers', 'repeatDays'] as const).some((field) => repeats[field] !== undefined && repeats[field] !== before[field]);
      const workedChanged = WORKED_FIELDS.filter((field) => body[field] !== undefined && (body[field] || null) !== before[field]);
      const move = body.newStep && body.newStep !== line.currentHistoryStep ? this.move(line.currentHistoryStep as RotaStep, body.newStep, user) : null;

      if (planChanged.length || repeatsChanged) {
        if (!hasArea(user, 'RecordRotaLines')) throw new NotAllowed('Your access profile does not include RecordRotaLines');
        if (!PLAN_STEPS.includes(line.currentHistoryStep as RotaStep)) {
          throw new InvalidInput(planChanged.length ? {} : { repeatDays: REPEAT_STEPS }, planChanged.length ? NOT_PLANNING : REPEAT_STEPS);
        }
        if (plan.storeID !== undefined) assertStoreAccess(user, plan.storeID);
      }
      if (workedChanged.length) {
        if (!hasArea(user, 'ApproveRotaLines')) throw new NotAllowed('Your access profile does not include ApproveRotaLines');
        const step = move?.to ?? line.currentHistoryStep;
        if (step !== 'approved' && step !== 'worked') throw new InvalidInput({ workedFrom: 'Worked times are recorded once the line is approved' });
      }

      Object.assign(line, plan, repeats);
      const repeating = repeatsChanged && Boolean(line.repeatUsers || line.repeatDays);
      for (const field of workedChanged) line[field] = body[field] || null;
      if (move) line.currentHistoryStep = move.to;
      await this.check(manager, line);
      const changed = [...planChanged, ...workedChanged, ...(repeatsChanged ? (['repeats'] as const) : [])].map((field) => CHANGE_WORDS[field]);
      stampUpdated(line, user.name);
      await manager.save(RotaLine, line);
      if (move || changed.length) {
        const description = [move?.description, changed.length ? `Changed ${changed.join(', ')}` : null].filter(Boolean).join('; ');
        await this.writeHistory(manager, line, description, user);
      }
      const repeatedRotaLineIDs = repeating ? await this.repeat(manager, line, user) : [];
      return { data: await this.rowIn(manager, id, user), repeatedRotaLineIDs };
    });
  }

  async remove(id: number, user: AuthUser, version: EditVersion = null): Promise<{ id: number }> {
    await retryingTransaction(this.dataSource, async (manager) => {
      const line = await this.lockVisible(manager, id, user);
      this.lists.assertStamp(line, version);
      if (!PLAN_STEPS.includes(line.currentHistoryStep as RotaStep)) throw new InvalidInput({}, NOT_PLANNING);
      await manager.delete(RotaLine, { rotaLineID: id });
    });
    return { id };
  }

  /** PUT /rotaLines/approve: every line must be visible (404) and planned (400), or none moves. */
  async approve(body: ApproveRotaLinesBody, user: AuthUser): Promise<Row[]> {
    const ids = [...new Set(body.rotaLineIDs ?? [])];
    if (ids.length === 0) throw new InvalidInput({ rotaLineIDs: 'Choose the rota lines to approve' });
    return retryingTransaction(this.dataSource, async (manager) => {
      const lines: RotaLine[] = [];
      for (const id of ids) lines.push(await this.lockVisible(manager, id, user));
      const notPlanned = lines.filter((line) => line.currentHistoryStep !== 'planned');
      if (notPlanned.length) {
        throw new InvalidInput({
          rotaLineIDs: `Only planned lines can be approved: ${notPlanned.map((line) => `${line.rotaLineID} is ${line.currentHistoryStep}`).join(', ')}`,
        });
      }
      const move = STEP_MOVES.find((m) => m.from === 'planned' && m.to === 'approved')!;
      for (const line of lines) {
        line.currentHistoryStep = move.to;
        stampUpdated(line, user.name);
        await manager.save(RotaLine, line);
        await this.writeHistory(manager, line, move.description, user);
      }
      return Promise.all(ids.map((id) => this.rowIn(manager, id, user)));
    });
  }

  /**
   * GET /rotaLines marks the caller's own lines on the answered page as viewed (a planning line
   * is a draft and stays unviewed), with a history entry each; the rows answer the new state.
   */
  async markViewed(rows: Row[], user: AuthUser): Promise<void> {
    const unseen = rows.filter((row) => row.userID === user.userID && !row.viewedByUser && row.currentHistoryStep !== 'planning');
    if (unseen.length === 0) return;
    const now = new Date();
    await retryingTransaction(this.dataSource, async (manager) => {
      const lines = await manager.find(RotaLine, { where: { rotaLineID: In(unseen.map((row) => row.rotaLineID as number)), viewedByUser: false } });
      for (const line of lines) {
        await manager.update(RotaLine, { rotaLineID: line.rotaLineID }, { viewedByUser: true, viewedByUserDate: now });
        await this.writeHistory(manager, line, `Viewed by ${user.name}`, user);
        const row = unseen.find((r) => r.rotaLineID === line.rotaLineID)!;
        Object.assign(row, { viewedByUser: true, viewedByUserDate: now, currentHistoryID: line.currentHistoryID });
      }
    });
  }

  /** The move from `from` to `to`: 400 when there is none, 403 without its area. */
  private move(from: RotaStep, to: RotaStep, user: AuthUser) {
    const move = STEP_MOVES.find((m) => m.from === from && m.to === to);
    if (!move) throw new InvalidInput({ newStep: `A line in ${from} cannot move to ${to}` });
    if (!hasArea(user, move.area)) throw new NotAllowed(`Your access profile does not include ${move.area}`);
    return move;
  }

  /** The rules across fields; every failure at once, nothing written. */
  private async check(manager: EntityManager, line: RotaLine): Promise<void> {
    const errors: Record<string, string> = {};
    const planned = hoursBetween(line.plannedFrom, line.plannedTo);
    if (planned <= 0) errors.plannedTo = 'Planned to must be after planned from';
    else if (line.unpaidHours > planned) errors.unpaidHours = `Unpaid hours must not be more than the planned ${planned} hours`;
    if (Boolean(line.workedFrom) !== Boolean(line.workedTo)) errors.workedTo = 'Worked from and worked to are recorded together';
    else if (line.workedFrom && line.workedTo && minutesOf(line.workedTo) <= minutesOf(line.workedFrom))
      errors.workedTo = 'Worked to must be after worked from';
    if (line.currentHistoryStep === 'worked' && !line.workedFrom) errors.workedFrom = 'Record the worked times before marking the line worked';
    if (!(await this.users.worksAt(manager, line.userID, line.storeID))) errors.userID = 'Choose an active user of this store';
    // One person is in one place at a time: a line may not overlap another of the user's lines
    // that day, at any store. The message names the clashing line's store and times, even at a
    // store outside the planner's profile: the planner cannot see that line in their rota, and
    // without where and when the refusal cannot be resolved (ask that store, or plan around
    // it). Only those are told; the other line's notes, type and steps stay with its store.
    else if (planned > 0) {
      const clash = (await this.overlapping(manager, line.userID, [line.rotaDate], line.rotaLineID)).find((other) => spansOverlap(other, line));
      if (clash) errors.plannedFrom = clashMessage(clash);
    }
    const others = line.repeatUsers ? line.repeatUsers.split(',').map(Number) : [];
    for (const userID of others) {
      if (!(await this.users.worksAt(manager, userID, line.storeID))) errors.repeatUsers = `User ${userID} is not an active user of this store`;
    }
    if (Object.keys(errors).length) throw new InvalidInput(errors);
  }

  /**
   * Copies the line to its repeat users and repeat days (every pair of the line's user and the
   * repeat users with its day and the repeat days), in the caller's transaction. A pair whose
   * user already has a line at the store that day is skipped, so saving the line again (a round
   * trip keeps its repeat options) copies nothing twice.
   */
  private async repeat(manager: EntityManager, line: RotaLine, user: AuthUser): Promise<number[]> {
    const userIDs = [...new Set([line.userID, ...(line.repeatUsers ? line.repeatUsers.split(',').map(Number) : [])])];
    const dates = [...new Set([line.rotaDate, ...repeatDates(line.rotaDate, line.repeatDays)])];
    if (userIDs.length === 1 && dates.length === 1) return [];
    // The line itself is among them: its own user and day are taken.
    const existing = await this.overlapping(manager, userIDs, dates);
    // Skipped: a user who already has a line at this store that day, or one overlapping its times elsewhere.
    const isTaken = (userID: number, date: string) =>
      existing.some((t) => t.userID === userID && String(t.rotaDate).slice(0, 10) === date && (t.storeID === line.storeID || spansOverlap(t, line)));
    const ids: number[] = [];
    for (const userID of userIDs) {
      for (const rotaDate of dates) {
        if (isTaken(userID, rotaDate)) continue;
        const copy = manager.create(RotaLine, {
          ...line,
          rotaLineID: undefined,
          userID,
          rotaDate,
          repeatUsers: '',
          repeatDays: 0,
          viewedByUser: false,
          viewedByUserDate: null,
          currentHistoryID: null,
        });
        stampCreated(copy, user.name);
        const saved = await manager.save(RotaLine, copy);
        await this.writeHistory(manager, saved, `Repeated from rota line ${line.rotaLineID}`, user);
        ids.push(saved.rotaLineID);
      }
    }
    return ids;
  }

  /** The users' other lines on these days, at every store (only what the overlap rules read). */
  private async overlapping(manager: EntityManager, userIDs: number | number[], dates: string[], exceptID?: number) {
    const lines = await manager.find(RotaLine, {
      select: { rotaLineID: true, userID: true, storeID: true, rotaDate: true, plannedFrom: true, plannedTo: true, store: { storeID: true, name: true } },
      relations: { store: true },
      where: { userID: In(Array.isArray(userIDs) ? userIDs : [userIDs]), rotaDate: In(dates) },
    });
    return lines.filter((other) => other.rotaLineID !== exceptID);
  }

  private async lockVisible(manager: EntityManager, id: number, user: AuthUser): Promise<RotaLine> {
    await forUpdate(manager.createQueryBuilder(RotaLine, 'r').select('r.rotaLineID').where('r.rotaLineID = :id', { id })).getRawOne();
    return this.lists.findVisible(rotaLineList, id, user, manager);
  }

  private async writeHistory(manager: EntityManager, line: RotaLine, description: string, user: AuthUser): Promise<void> {
    const historyID = await this.history.write(
      manager,
      { documentType: DOCUMENT, documentID: line.rotaLineID, step: line.currentHistoryStep, description },
      user,
    );
    await manager.update(RotaLine, { rotaLineID: line.rotaLineID }, { currentHistoryID: historyID });
    line.currentHistoryID = historyID;
  }

  /** The saved row as the list answers it, read inside the transaction (its writes are not committed yet). */
  private async rowIn(manager: EntityManager, id: number, user: AuthUser): Promise<Row> {
    const line = await manager.findOneOrFail(RotaLine, { where: { rotaLineID: id }, relations: { user: true, store: true } });
    return rotaLineList.toRow!(line, new Set(), user);
  }
}

/** 'Overlaps their 09:00–17:00 shift at Leeds Briggate on 12/12/2026': where and when the clash is. */
export function clashMessage(other: Pick<RotaLine, 'plannedFrom' | 'plannedTo' | 'rotaDate'> & { store?: { name: string } | null }): string {
  const [year, month, day] = String(other.rotaDate).slice(0, 10).split('-');
  return `Overlaps their ${other.plannedFrom}–${other.plannedTo} shift at ${other.store?.name ?? 'another store'} on ${day}/${month}/${year}`;
}

/** The plan fields the body sets (undefined = keep). */
function planOf(body: RotaLineBody): Partial<Pick<RotaLine, (typeof PLAN_FIELDS)[number]>> {
  const plan: Partial<Pick<RotaLine, (typeof PLAN_FIELDS)[number]>> = {};
  if (body.rotaDate !== undefined) plan.rotaDate = body.rotaDate;
  if (body.plannedFrom != null) plan.plannedFrom = body.plannedFrom;
  if (body.plannedTo != null) plan.plannedTo = body.plannedTo;
  if (body.userID != null) plan.userID = body.userID;
  if (body.storeID != null) plan.storeID = body.storeID;
  if (body.rotaLineTypeID != null) plan.rotaLineTypeID = body.rotaLineTypeID;
  if (body.notes !== undefined) plan.notes = body.notes ?? '';
  if (body.unpaidHours != null) plan.unpaidHours = body.unpaidHours;
  return plan;
}

/** The repeat options the body sets, as stored. */
function repeatsOf(body: RotaLineBody): Partial<Pick<RotaLine, 'repeatUsers' | 'repeatDays'>> {
  const repeats: Partial<Pick<RotaLine, 'repeatUsers' | 'repeatDays'>> = {};
  if (body.repeatUsers) repeats.repeatUsers = [...new Set(body.repeatUsers)].sort((a, b) => a - b).join(',');
  if (body.repeatDays != null) repeats.repeatDays = body.repeatDays;
  return repeats;
}
