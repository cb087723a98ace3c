import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { AuthUser } from '../../../common/auth/auth-user';
import { forUpdate } from '../../../common/db/locks';
import { toNumber } from '../../../common/db/numbers';
import { InvalidInput, RecordNotFound } from '../../../common/http/validation-result';
import { execute, isMySql, persistedNow, type SaleLinkSource } from '../../sales/sale-reconciliation';
import { SalesService } from '../../sales/sales.service';
import { AutoRecRun, RecSheet } from '../entities';

export interface AutoRecResult {
  considered: number;
  reconciled: number;
  matchMultiple: number;
  matchNone: number;
  autoRecRunID: number;
}

export interface UndoResult {
  autoRecRunID: number;
  undone: number;
}

export const NOTE_LINKED = 'Reconciled automatically to sale ';
export const NOTE_MULTIPLE = ' sales match: reconcile by hand';
export const NOTE_TAKEN = 'Its only matching sale matches a line above it: reconcile by hand';
export const NOTE_NONE = 'No sale matches the SKU, store, date, revenue and order reference';
export const NOTE_UNDONE = 'Undone';
export const RUN_ALREADY_UNDONE = 'This auto-reconcile run has already been undone';

type Progress = (message: string, percentage: number) => Promise<void>;
const noProgress: Progress = async () => undefined;
const READY = ['recorded', 'modified'];

const count = (n: number) => n.toLocaleString('en-GB');

/**
 * Auto reconcile of a rec sheet and the undo of a run (ARCHITECTURE.md, "auto reconcile"), in
 * set-based SQL: a handful of statements per run whatever the sheet's size. The sheet's row is
 * locked first, so two runs of one sheet (or a run and a manual link) take turns; the sales are
 * changed through SalesService, whose update only touches sales still ready to reconcile and
 * throws when that is not all of them (the transaction rolls back and the job retries).
 */
@Injectable()
export class AutoRecService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly sales: SalesService,
  ) {}

  /** The sheet, locked for the rest of the transaction; 404 when it does not exist. */
  async lockSheet(manager: EntityManager, recSheetID: number): Promise<RecSheet> {
    const sheet = await forUpdate(manager.createQueryBuilder(RecSheet, 'sheet').where('sheet.recSheetID = :recSheetID', { recSheetID })).getOne();
    if (!sheet) throw new RecordNotFound('Rec sheet');
    return sheet;
  }

  /** Runs auto reconcile in its own transaction (what the job does through commitOnce). */
  reconcileSheet(recSheetID: number, user: AuthUser, operationID: number): Promise<AutoRecResult> {
    return this.dataSource.transaction((manager) => this.reconcile(manager, recSheetID, user, operationID));
  }

  async reconcile(manager: EntityManager, recSheetID: number, user: AuthUser, operationID: number, progress: Progress = noProgress): Promise<AutoRecResult> {
    const sheet = await this.lockSheet(manager, recSheetID);
    const now = new Date();
    const run = await manager.save(
      AutoRecRun,
      manager.create(AutoRecRun, { recSheetID, operationID, createdByUserName: user.name, createdDate: now, undone: false, undoneByUserName: '', undoneDate: null }),
    );
    const runID = run.autoRecRunID;
    // Unreconciled lines the user sees: of the user's stores, or of no store (a store name that
    // matched none, as the lines list shows them); the latter never match.
    const stores = user.storeIDs.length ? [...user.storeIDs] : [-1];
    const scope = { sheet: recSheetID, stores, run: runID };
    const lineScope = 'recSheetID = :sheet AND saleID = 0 AND (storeID IS NULL OR storeID IN (:...stores))';

    const [{ n: considered }] = (await execute(manager, `SELECT COUNT(*) AS n FROM recSheetLine WHERE ${lineScope}`, scope)).records;
    await progress('Matching lines', 10);
    // Every considered line with at least one match, with how many; its sale when exactly one.
    await execute(
      manager,
      `INSERT INTO autoRecLink (autoRecRunID, recSheetLineID, saleID, matches) ` +
        `SELECT :run, r.recSheetLineID, CASE WHEN COUNT(*) = 1 THEN MIN(s.saleID) ELSE 0 END, COUNT(*) ` +
        `FROM recSheetLine r INNER JOIN sale s ON s.storeID = r.storeID AND s.orderRef = r.orderRef AND s.saleDate = r.saleDate ` +
        `AND s.revenue = r.revenue AND LOWER(s.sku) = LOWER(r.sku) ` +
        `WHERE r.recSheetID = :sheet AND r.saleID = 0 AND r.storeID IN (:...stores) ` +
        `AND s.recSheetLinesCount = 0 AND s.currentHistoryStep IN (:...ready) ` +
        `GROUP BY r.recSheetLineID`,
      { ...scope, ready: READY },
    );
    // Two lines whose only match is the same sale: the lowest line id keeps it.
    await execute(
      manager,
      // (The derived tables hold only the sales two lines share, so the NOT IN stays small; they
      // also let MySQL read the table the statement updates.)
      `UPDATE autoRecLink SET saleID = 0 WHERE autoRecRunID = :run AND matches = 1 ` +
        `AND saleID IN (SELECT dupID FROM (SELECT k.saleID AS dupID FROM autoRecLink k WHERE k.autoRecRunID = :run AND k.matches = 1 GROUP BY k.saleID HAVING COUNT(*) > 1) dups) ` +
        `AND recSheetLineID NOT IN (SELECT keepID FROM (SELECT MIN(k.recSheetLineID) AS keepID FROM autoRecLink k WHERE k.autoRecRunID = :run AND k.matches = 1 GROUP BY k.saleID HAVING COUNT(*) > 1) kept)`,
      scope,
    );
    const [totals] = (
      await execute(manager, `SELECT COUNT(*) AS matched, SUM(CASE WHEN saleID <> 0 THEN 1 ELSE 0 END) AS linked FROM autoRecLink WHERE autoRecRunID = :run`, scope)
    ).records;
    const linked = toNumber(totals.linked);
    const matched = toNumber(totals.matched);
    const result: AutoRecResult = {
      considered: toNumber(considered),
      reconciled: linked,
      matchMultiple: matched - linked,
      matchNone: toNumber(considered) - matched,
      autoRecRunID: runID,
    };

    // Every considered line says what happened to it, and a linked one gets its sale.
    await progress(`Linking ${count(linked)} lines`, 50);
    const notes = { noteLinked: NOTE_LINKED, noteTaken: NOTE_TAKEN, noteMultiple: NOTE_MULTIPLE, noteNone: NOTE_NONE, by: user.name, at: persistedNow(manager, now) };
    const note = (k: string) =>
      `CASE WHEN ${k}.recSheetLineID IS NULL THEN :noteNone WHEN ${k}.saleID <> 0 THEN CONCAT(:noteLinked, ${k}.saleID) ` +
      `WHEN ${k}.matches = 1 THEN :noteTaken ELSE CONCAT(${k}.matches, :noteMultiple) END`;
    if (isMySql(manager)) {
      // One pass over the sheet's lines: MySQL's multi-table UPDATE with the run's links outer-joined
      // (the line's own columns are assigned last, as MySQL applies assignments in order).
      await execute(
        manager,
        `UPDATE recSheetLine r LEFT JOIN autoRecLink k ON k.autoRecRunID = :run AND k.recSheetLineID = r.recSheetLineID SET ` +
          `r.autoRecNotes = ${note('k')}, ` +
          `r.recByUserName = CASE WHEN k.saleID <> 0 THEN :by ELSE r.recByUserName END, ` +
          `r.recDate = CASE WHEN k.saleID <> 0 THEN :at ELSE r.recDate END, ` +
          `r.autoRecRunID = CASE WHEN k.saleID <> 0 THEN :run ELSE r.autoRecRunID END, ` +
          `r.saleID = CASE WHEN k.saleID <> 0 THEN k.saleID ELSE r.saleID END ` +
          `WHERE r.recSheetID = :sheet AND r.saleID = 0 AND (r.storeID IS NULL OR r.storeID IN (:...stores))`,
        { ...scope, ...notes },
      );
    } else {
      // SQLite's UPDATE ... FROM is an inner join: the notes of every line, then the links.
      await execute(
        manager,
        `UPDATE recSheetLine SET autoRecNotes = COALESCE((SELECT ${note('l')} FROM autoRecLink l WHERE l.autoRecRunID = :run AND l.recSheetLineID = recSheetLine.recSheetLineID), :noteNone) WHERE ${lineScope}`,
        { ...scope, ...notes },
      );
      await execute(
        manager,
        `UPDATE recSheetLine SET saleID = l.saleID, autoRecRunID = :run, recByUserName = :by, recDate = :at FROM autoRecLink l ` +
          `WHERE l.autoRecRunID = :run AND l.recSheetLineID = recSheetLine.recSheetLineID AND l.saleID <> 0 AND recSheetLine.recSheetID = :sheet AND recSheetLine.saleID = 0`,
        { ...scope, ...notes },
      );
    }
    await this.sales.linkReconciled(manager, this.runLinks(runID, linked), `Reconciled automatically: rec sheet ${sheet.name}, run ${runID}`, user);
    // Only links remain: what Undo reverses.
    await execute(manager, 'DELETE FROM autoRecLink WHERE autoRecRunID = :run AND saleID = 0', scope);
    await manager.update(AutoRecRun, { autoRecRunID: runID }, { considered: result.considered, reconciled: result.reconciled, matchMultiple: result.matchMultiple, matchNone: result.matchNone });
    await progress(`Reconciled ${count(linked)} of ${count(result.considered)} lines`, 100);
    return result;
  }

  /** The links of a run whose line still links the sale the run gave it (lines keep the run's id until unlinked). */
  private runLinks(runID: number, count: number, stores?: number[]): SaleLinkSource {
    return {
      from: 'autoRecLink l INNER JOIN recSheetLine r ON r.recSheetLineID = l.recSheetLineID',
      where: `l.autoRecRunID = :linkRun AND l.saleID <> 0 AND r.autoRecRunID = l.autoRecRunID AND r.saleID = l.saleID${stores ? ' AND r.storeID IN (:...linkStores)' : ''}`,
      saleID: 'l.saleID',
      revenue: 'r.revenue',
      params: { linkRun: runID, ...(stores ? { linkStores: stores } : {}) },
      count,
    };
  }

  /** The run as the undo call sees it: 404 when it does not exist, 400 when already undone. */
  async checkUndoable(manager: EntityManager, autoRecRunID: number): Promise<AutoRecRun> {
    const run = await manager.findOneBy(AutoRecRun, { autoRecRunID });
    if (!run) throw new RecordNotFound('Auto-reconcile run');
    if (run.undone) throw new InvalidInput({ autoRecRunID: RUN_ALREADY_UNDONE });
    return run;
  }

  /**
   * Undo of a run (beyond the spec): every link it made whose line (of the user's stores) still
   * links the same sale is reversed: line unreconciled with the note 'Undone', the sale's figures
   * and step back, history written. The run is marked undone.
   */
  async undo(manager: EntityManager, autoRecRunID: number, user: AuthUser, progress: Progress = noProgress): Promise<UndoResult> {
    const found = await this.checkUndoable(manager, autoRecRunID);
    await this.lockSheet(manager, found.recSheetID);
    // Read again under the sheet's lock: a second undo of the same run waits for the first.
    const run = await this.checkUndoable(manager, autoRecRunID);
    const stores = user.storeIDs.length ? [...user.storeIDs] : [-1];
    const probe = this.runLinks(run.autoRecRunID, 0, stores);
    const [{ n }] = (await execute(manager, `SELECT COUNT(*) AS n FROM ${probe.from} WHERE ${probe.where}`, probe.params)).records;
    const undone = toNumber(n);
    await progress(`Undoing ${count(undone)} links`, 20);
    await this.sales.unlinkReconciled(manager, { ...probe, count: undone }, `Unreconciled (undo of auto reconcile run ${run.autoRecRunID})`, user);
    const lines = await execute(
      manager,
      `UPDATE recSheetLine SET saleID = 0, autoRecRunID = NULL, recByUserName = '', recDate = NULL, autoRecNotes = :note ` +
        `WHERE recSheetID = :sheet AND autoRecRunID = :linkRun AND storeID IN (:...linkStores)`,
      { note: NOTE_UNDONE, sheet: run.recSheetID, linkRun: run.autoRecRunID, linkStores: stores },
    );
    if (lines.affected !== undone) throw new Error(`Undo of run ${run.autoRecRunID}: unlinked ${lines.affected} lines of ${undone}`);
    await manager.update(AutoRecRun, { autoRecRunID: run.autoRecRunID }, { undone: true, undoneByUserName: user.name, undoneDate: new Date() });
    await progress(`Undone ${count(undone)} links`, 100);
    return { autoRecRunID: run.autoRecRunID, undone };
  }
}
