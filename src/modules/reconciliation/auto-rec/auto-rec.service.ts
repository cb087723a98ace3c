import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { AuthUser } from '../../../common/auth/auth-user';
import { forUpdate } from '../../../common/db/locks';
import { toNumber } from '../../../common/db/numbers';
import { retryingTransaction } from '../../../common/db/transactions';
import { InvalidInput, RecordNotFound } from '../../../common/http/validation-result';
import { execute, isMySql, persistedNow, readyToReconcileSql, type SaleLinkSource } from '../../sales';
import { lineLinkedSql, writingLinks } from '../rec-links';
import { SalesService } from '../../sales';
import { AutoRecRun, RecSheet } from '../entities';
import { adjustmentReason, MATCH_RULES, ruleNoteText, type LinkRule, type MatchRuleSettings } from '../../../shared/match-rules';
import { RecMatchRulesService } from '../match-rules/rec-match-rules.service';

export interface AutoRecResult {
  considered: number;
  reconciled: number;
  matchMultiple: number;
  matchNone: number;
  /** `reconciled` by what matched: the exact match, each match rule, clawbacks to refunds. */
  exactMatches: number;
  saleDateMatches: number;
  revenueMatches: number;
  orderRefMatches: number;
  clawbackMatches: number;
  /** Clawback lines with no refund to match (not in matchNone). */
  clawbacksWithoutRefund: number;
  autoRecRunID: number;
}

export interface UndoResult {
  autoRecRunID: number;
  undone: number;
}

export const NOTE_LINKED = 'Reconciled automatically to sale ';
export const NOTE_MULTIPLE = ' sales match';
export const NOTE_BY_HAND = ': reconcile by hand';
export const NOTE_NONE = 'No sale matches the SKU, store, date, revenue and order reference';
export const NOTE_CLAWBACK_LINKED = 'Clawback reconciled automatically to refund ';
export const NOTE_CLAWBACK_NONE = 'Clawback without a refund';
export const NOTE_UNDONE = 'Undone';
export const RUN_ALREADY_UNDONE = 'This auto-reconcile run has already been undone';

type Progress = (message: string, percentage: number) => Promise<void>;
const noProgress: Progress = async () => undefined;

/**
 * Lines per committed batch. On MySQL a batch is a few set-based statements of a second or so;
 * on SQLite (embedded mode, jobs in the API process) every statement runs on the event loop, so
 * a batch is small enough that the API answers between batches: 100 lines held it for 97-101 ms
 * on a slow host (session 39; the bar is 100 ms), 50 for about half that.
 */
export const BATCH_LINES = { mysql: 10_000, sqlite: 50 };

const count = (n: number) => n.toLocaleString('en-GB');

/** Lets the event loop answer requests between batches (better-sqlite3 runs each statement synchronously). */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Auto reconcile of a rec sheet and the undo of a run (ARCHITECTURE.md, "auto reconcile"), in
 * set-based SQL, in committed batches of lines in line id order (BATCH_LINES): each batch is a
 * handful of statements, so the sale updates, line updates and history rows of a 100,000-line
 * sheet never sit in one transaction, and a run taken up again after a crash carries on after
 * its last committed batch (the run keeps lastLineID) without linking anything twice.
 *
 * A link is a row of recLink, and a sale's reconcile state is read from its links, so a batch
 * writes the sale table only for a revenue tolerance's adjustment (and each linked sale's
 * history row, through SalesService).
 *
 * Each batch locks the sheet's row first, so two runs of one sheet (or a run and a manual link)
 * take turns batch by batch; batches run at READ COMMITTED on MySQL, so runs of different
 * sheets take no gap or read locks on the tables they share (history, sales, links) and do not
 * deadlock. Two runs of different sheets whose lines match one sale: recLink's unique key
 * (saleID, slot) takes the first link, the other batch's insert is refused (LinkConflict), rolls
 * back and runs again, its match then seeing the committed link. Links are inserted in sale
 * order, so two batches wanting the same sales wait for each other rather than deadlock.
 */
@Injectable()
export class AutoRecService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly sales: SalesService,
    private readonly rules: RecMatchRulesService,
  ) {}

  /** The sheet, locked for the rest of the transaction; 404 when it does not exist. */
  async lockSheet(manager: EntityManager, recSheetID: number): Promise<RecSheet> {
    const sheet = await forUpdate(manager.createQueryBuilder(RecSheet, 'sheet').where('sheet.recSheetID = :recSheetID', { recSheetID })).getOne();
    if (!sheet) throw new RecordNotFound('Rec sheet');
    return sheet;
  }

  /** A transaction of one batch, run again after a LinkConflict: READ COMMITTED on MySQL (see the class comment); SQLite's own otherwise. */
  private batch<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return retryingTransaction(this.dataSource, work, 3, isMySql(this.dataSource.manager) ? 'READ COMMITTED' : undefined);
  }

  private batchLines(): number {
    return isMySql(this.dataSource.manager) ? BATCH_LINES.mysql : BATCH_LINES.sqlite;
  }

  /**
   * Auto reconcile of a sheet for `operationID` (the job's operation): its run is made on the
   * first call and carried on by a later one (a retried job), batch by batch, until every line
   * has been through it. Answers the run's counts.
   */
  async reconcileSheet(recSheetID: number, user: AuthUser, operationID: number, progress: Progress = noProgress): Promise<AutoRecResult> {
    let run = await this.batch((manager) => this.startRun(manager, recSheetID, user, operationID));
    const stores = user.storeIDs.length ? [...user.storeIDs] : [-1];
    // Progress by line ids (two index dives; counting the lines would read them all once more).
    const [ids] = (
      await execute(this.dataSource.manager, 'SELECT MIN(recSheetLineID) AS first, MAX(recSheetLineID) AS last FROM recSheetLine WHERE recSheetID = :sheet', {
        sheet: recSheetID,
      })
    ).records;
    const first = toNumber(ids.first ?? 0);
    const span = Math.max(1, toNumber(ids.last ?? 0) - first + 1);
    while (!run.finished) {
      run = await this.batch((manager) => this.reconcileBatch(manager, run.autoRecRunID, user, stores));
      const done = Math.min(99, (100 * Math.max(0, run.lastLineID - first + 1)) / span);
      if (run.finished) await progress(`Reconciled ${count(run.reconciled)} of ${count(run.considered)} lines`, 100);
      else await progress(`Matching lines: ${count(run.considered)} so far, ${count(run.reconciled)} reconciled`, done);
      await yieldToEventLoop();
    }
    return resultOf(run);
  }

  /** The operation's run: found when an earlier attempt made it, else made now (the sheet must exist). */
  private async startRun(manager: EntityManager, recSheetID: number, user: AuthUser, operationID: number): Promise<AutoRecRun> {
    await this.lockSheet(manager, recSheetID);
    const earlier = await manager.findOneBy(AutoRecRun, { operationID });
    if (earlier) return earlier;
    return manager.save(
      AutoRecRun,
      manager.create(AutoRecRun, {
        recSheetID,
        operationID,
        createdByUserName: user.name,
        createdDate: new Date(),
        undone: false,
        undoneByUserName: '',
        undoneDate: null,
      }),
    );
  }

  /**
   * One batch of a run: the next BATCH_LINES unreconciled lines of the user's stores (or of no
   * store: a store name that matched none, as the lines list shows them; those never match)
   * after the run's lastLineID. Answers the run as committed with the batch.
   */
  private async reconcileBatch(manager: EntityManager, runID: number, user: AuthUser, stores: number[]): Promise<AutoRecRun> {
    const found = await manager.findOneByOrFail(AutoRecRun, { autoRecRunID: runID });
    const sheet = await this.lockSheet(manager, found.recSheetID);
    // Read again under the sheet's lock: another attempt of the same run may have gone on meanwhile.
    const run = await manager.findOneByOrFail(AutoRecRun, { autoRecRunID: runID });
    if (run.finished) return run;
    const scope = { sheet: run.recSheetID, stores, run: runID, after: run.lastLineID };
    const [bounds] = (
      await execute(
        manager,
        `SELECT COUNT(*) AS n, MAX(b.recSheetLineID) AS upto, SUM(CASE WHEN b.revenue < 0 THEN 1 ELSE 0 END) AS clawbacks ` +
          `FROM (SELECT l.recSheetLineID, l.revenue FROM ${LINES_IN_SCOPE} AND l.recSheetLineID > :after ` +
          `ORDER BY l.recSheetLineID LIMIT ${this.batchLines()}) b`,
        scope,
      )
    ).records;
    const considered = toNumber(bounds.n);
    if (considered === 0) {
      await manager.update(AutoRecRun, { autoRecRunID: runID }, { finished: true });
      return { ...run, finished: true };
    }
    const range = { ...scope, upto: toNumber(bounds.upto) };
    const batchLines = `r.recSheetID = :sheet AND NOT ${lineLinkedSql('r')} AND r.recSheetLineID > :after AND r.recSheetLineID <= :upto`;
    const now = new Date();

    // Every line of the batch with at least one match, with how many, and what matched it: the
    // exact match first, then each match rule in order on the lines still without a match, and
    // clawbacks (negative revenue) against refunds. Its sale when exactly one matched.
    const rules = await this.rules.settings(manager);
    for (const match of matchesInOrder(manager, rules)) {
      await execute(
        manager,
        `INSERT INTO autoRecLink (autoRecRunID, recSheetLineID, saleID, matches, rule, adjustment) ` +
          `SELECT :run, r.recSheetLineID, CASE WHEN COUNT(*) = 1 THEN MIN(s.saleID) ELSE 0 END, COUNT(*), :rule, ` +
          `CASE WHEN COUNT(*) = 1 THEN MIN(${match.adjustment}) ELSE 0 END ` +
          `FROM recSheetLine r INNER JOIN sale s ON ${match.join} ` +
          `WHERE ${batchLines} AND ${match.lines} AND ${readyToReconcileSql('s')} ` +
          (match.rule === 'exact' ? '' : `AND NOT EXISTS (SELECT 1 FROM autoRecLink e WHERE e.autoRecRunID = :run AND e.recSheetLineID = r.recSheetLineID) `) +
          `GROUP BY r.recSheetLineID`,
        { ...range, ...match.params, rule: match.rule },
      );
    }
    const byRule = new Map<string, { matched: number; linked: number; adjusted: number }>();
    for (const row of (
      await execute(
        manager,
        `SELECT rule, COUNT(*) AS matched, SUM(CASE WHEN saleID <> 0 THEN 1 ELSE 0 END) AS linked, ` +
          `SUM(CASE WHEN saleID <> 0 AND adjustment <> 0 THEN 1 ELSE 0 END) AS adjusted FROM autoRecLink WHERE autoRecRunID = :run AND recSheetLineID > :after GROUP BY rule`,
        range,
      )
    ).records)
      byRule.set(String(row.rule), { matched: toNumber(row.matched), linked: toNumber(row.linked), adjusted: toNumber(row.adjusted) });
    const sum = (key: 'matched' | 'linked' | 'adjusted') => [...byRule.values()].reduce((total, counts) => total + counts[key], 0);
    const linked = sum('linked');
    const matched = sum('matched');
    const linkedBy = (rule: LinkRule) => byRule.get(rule)?.linked ?? 0;
    const clawbacksWithoutRefund = toNumber(bounds.clawbacks ?? 0) - (byRule.get('clawback')?.matched ?? 0);

    // Every line of the batch says what happened to it: a linked line through its link's note
    // (recLink.note), every other line in its own note. A linked line is not written at all.
    const notes = {
      noteLinked: NOTE_LINKED,
      noteMultiple: NOTE_MULTIPLE,
      noteByHand: NOTE_BY_HAND,
      noteNone: NOTE_NONE,
      noteClawbackLinked: NOTE_CLAWBACK_LINKED,
      noteClawbackNone: NOTE_CLAWBACK_NONE,
      reason: adjustmentReason(rules),
      by: user.name,
      at: persistedNow(manager, now),
      ...Object.fromEntries(LINK_RULES.map((rule) => [`rule_${rule}`, ruleNoteText(rule, rules)])),
    };
    const ruleText = (k: string) => `CASE ${k}.rule ${LINK_RULES.map((rule) => `WHEN '${rule}' THEN :rule_${rule}`).join(' ')} ELSE ${k}.rule END`;
    const linkedNote = (k: string) =>
      `CASE WHEN ${k}.rule = 'clawback' THEN CONCAT(:noteClawbackLinked, ${k}.saleID) ELSE CONCAT(:noteLinked, ${k}.saleID, ' (', ${ruleText(k)}, ')') END`;
    const unlinkedNote = (k: string) =>
      `CASE WHEN ${k}.recSheetLineID IS NULL THEN (CASE WHEN r.revenue < 0 THEN :noteClawbackNone ELSE :noteNone END) ` +
      `ELSE CONCAT(${k}.matches, :noteMultiple, ' (', ${ruleText(k)}, ')', :noteByHand) END`;
    const inScope = '(r.storeID IS NULL OR r.storeID IN (:...stores))';
    if (isMySql(manager)) {
      // MySQL's multi-table UPDATE with the run's matches outer-joined.
      await execute(
        manager,
        `UPDATE recSheetLine r LEFT JOIN autoRecLink k ON k.autoRecRunID = :run AND k.recSheetLineID = r.recSheetLineID SET r.autoRecNotes = ${unlinkedNote('k')} ` +
          `WHERE ${batchLines} AND ${inScope} AND (k.saleID IS NULL OR k.saleID = 0)`,
        { ...range, ...notes },
      );
    } else {
      // SQLite's UPDATE ... FROM is an inner join: a correlated read of the line's match instead.
      await execute(
        manager,
        `UPDATE recSheetLine AS r SET autoRecNotes = COALESCE((SELECT ${unlinkedNote('l')} FROM autoRecLink l WHERE l.autoRecRunID = :run AND l.recSheetLineID = r.recSheetLineID), ` +
          `CASE WHEN r.revenue < 0 THEN :noteClawbackNone ELSE :noteNone END) ` +
          `WHERE ${batchLines} AND ${inScope} AND NOT EXISTS (SELECT 1 FROM autoRecLink l WHERE l.autoRecRunID = :run AND l.recSheetLineID = r.recSheetLineID AND l.saleID <> 0)`,
        { ...range, ...notes },
      );
    }
    // The batch's links (recLink), after the lines' notes (which pass over linked lines), each
    // its sale's first (slot 0: the unique key refuses a sale another transaction linked first),
    // in sale order (see the class comment).
    await writingLinks(() =>
      execute(
        manager,
        `INSERT INTO recLink (recSheetLineID, saleID, slot, autoRecRunID, rule, adjustment, adjustmentReason, linkedByUserName, linkedDate, note) ` +
          `SELECT k.recSheetLineID, k.saleID, 0, k.autoRecRunID, k.rule, k.adjustment, CASE WHEN k.adjustment <> 0 THEN :reason ELSE '' END, :by, :at, ${linkedNote('k')} ` +
          `FROM autoRecLink k WHERE k.autoRecRunID = :run AND k.recSheetLineID > :after AND k.recSheetLineID <= :upto AND k.saleID <> 0 ORDER BY k.saleID`,
        { ...range, ...notes },
      ),
    );
    await this.sales.linkReconciled(
      manager,
      this.runLinks(runID, linked, sum('adjusted') > 0, { after: run.lastLineID, upto: range.upto }),
      `Reconciled automatically: rec sheet ${sheet.name}, run ${runID}`,
      user,
    );
    const next = {
      considered: run.considered + considered,
      reconciled: run.reconciled + linked,
      matchMultiple: run.matchMultiple + (matched - linked),
      matchNone: run.matchNone + (considered - matched - clawbacksWithoutRefund),
      exactMatches: run.exactMatches + linkedBy('exact'),
      saleDateMatches: run.saleDateMatches + linkedBy('saleDateWithin'),
      revenueMatches: run.revenueMatches + linkedBy('revenueWithin'),
      orderRefMatches: run.orderRefMatches + linkedBy('orderRefOnly'),
      clawbackMatches: run.clawbackMatches + linkedBy('clawback'),
      clawbacksWithoutRefund: run.clawbacksWithoutRefund + clawbacksWithoutRefund,
      lastLineID: range.upto,
      finished: considered < this.batchLines(),
    };
    await manager.update(AutoRecRun, { autoRecRunID: runID }, next);
    return { ...run, ...next };
  }

  /**
   * The links a run made that still stand (recLink: undo and unreconcile delete theirs), of lines
   * in (after, upto] when given, of `stores` when given (read from the lines). `adjusted`: some
   * carry an adjustment for their sale (else the sale table is not touched at all).
   */
  private runLinks(runID: number, count: number, adjusted: boolean, lines?: { after: number; upto: number }, stores?: number[]): SaleLinkSource {
    return {
      from: stores ? 'recLink l INNER JOIN recSheetLine r ON r.recSheetLineID = l.recSheetLineID' : 'recLink l',
      where:
        'l.autoRecRunID = :linkRun' +
        (lines ? ' AND l.recSheetLineID > :linkAfter AND l.recSheetLineID <= :linkUpto' : '') +
        (stores ? ' AND r.storeID IN (:...linkStores)' : ''),
      saleID: 'l.saleID',
      ...(adjusted ? { adjustment: 'l.adjustment' } : {}),
      params: { linkRun: runID, ...(lines ? { linkAfter: lines.after, linkUpto: lines.upto } : {}), ...(stores ? { linkStores: stores } : {}) },
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
   * Undo of a run (beyond the spec): every link it made that still stands, of a line of the
   * user's stores, is deleted: line unreconciled with the note 'Undone', the sale's tolerance
   * adjustment taken back, history written. In committed batches of links, like the run; a batch only
   * finds links not yet reversed, so an undo taken up again carries on. The run is then marked
   * undone.
   */
  async undoRun(autoRecRunID: number, user: AuthUser, progress: Progress = noProgress, operationID: number | null = null): Promise<UndoResult> {
    const earlier = await this.dataSource.manager.findOneBy(AutoRecRun, { autoRecRunID });
    // This operation marked it undone before it stopped (a crash after its last batch): done.
    if (earlier?.undone && operationID !== null && earlier.undoOperationID === operationID) return { autoRecRunID, undone: earlier.undoneLinks };
    const first = await this.checkUndoable(this.dataSource.manager, autoRecRunID);
    const stores = user.storeIDs.length ? [...user.storeIDs] : [-1];
    const total = Math.max(0, first.reconciled - first.undoneLinks);
    let after = 0;
    for (;;) {
      const step = await this.batch((manager) => this.undoBatch(manager, autoRecRunID, user, stores, after, operationID));
      if (step.done) return { autoRecRunID, undone: step.undoneLinks };
      after = step.upto;
      await progress(`Undoing links: ${count(step.undoneLinks)} undone`, total ? Math.min(99, (100 * (step.undoneLinks - first.undoneLinks)) / total) : 99);
      await yieldToEventLoop();
    }
  }

  /** One batch of an undo: the run's next links after line `after`; done (and the run marked undone) when none is left. */
  private async undoBatch(
    manager: EntityManager,
    autoRecRunID: number,
    user: AuthUser,
    stores: number[],
    after: number,
    operationID: number | null,
  ): Promise<{ done: boolean; upto: number; undoneLinks: number }> {
    const found = await this.checkUndoable(manager, autoRecRunID);
    await this.lockSheet(manager, found.recSheetID);
    // Read again under the sheet's lock: a second undo of the same run waits for the first.
    const run = await this.checkUndoable(manager, autoRecRunID);
    const [bounds] = (
      await execute(
        manager,
        `SELECT MAX(b.recSheetLineID) AS upto FROM (SELECT recSheetLineID FROM autoRecLink WHERE autoRecRunID = :run AND recSheetLineID > :after ` +
          `ORDER BY recSheetLineID LIMIT ${this.batchLines()}) b`,
        { run: autoRecRunID, after },
      )
    ).records;
    if (bounds.upto === null || bounds.upto === undefined) {
      await manager.update(AutoRecRun, { autoRecRunID }, { undone: true, undoneByUserName: user.name, undoneDate: new Date(), undoOperationID: operationID });
      return { done: true, upto: after, undoneLinks: run.undoneLinks };
    }
    const upto = toNumber(bounds.upto);
    const stillLinked = this.runLinks(autoRecRunID, 0, false, { after, upto }, stores);
    const [{ n, adjusted }] = (
      await execute(
        manager,
        `SELECT COUNT(*) AS n, SUM(CASE WHEN l.adjustment <> 0 THEN 1 ELSE 0 END) AS adjusted FROM ${stillLinked.from} WHERE ${stillLinked.where}`,
        stillLinked.params,
      )
    ).records;
    const undone = toNumber(n);
    const probe = this.runLinks(autoRecRunID, undone, toNumber(adjusted ?? 0) > 0, { after, upto }, stores);
    await this.sales.unlinkReconciled(manager, probe, `Unreconciled (undo of auto reconcile run ${autoRecRunID})`, user);
    // The lines whose links this batch deletes (of the user's stores) say so; then the links go.
    // MySQL joins from the run's links (an IN subquery in a single-table UPDATE is read per line);
    // SQLite's IN list is read once.
    const runLinksInBatch = 'k.autoRecRunID = :linkRun AND k.recSheetLineID > :linkAfter AND k.recSheetLineID <= :linkUpto';
    const undoneLines = 'r.recSheetID = :sheet AND r.storeID IN (:...linkStores)';
    const lines = await execute(
      manager,
      isMySql(manager)
        ? `UPDATE recLink k INNER JOIN recSheetLine r ON r.recSheetLineID = k.recSheetLineID SET r.autoRecNotes = :note WHERE ${runLinksInBatch} AND ${undoneLines}`
        : `UPDATE recSheetLine AS r SET autoRecNotes = :note WHERE ${undoneLines} AND r.recSheetLineID IN (SELECT k.recSheetLineID FROM recLink k WHERE ${runLinksInBatch})`,
      { note: NOTE_UNDONE, sheet: run.recSheetID, ...probe.params },
    );
    const links = await execute(
      manager,
      `DELETE FROM recLink WHERE autoRecRunID = :linkRun AND recSheetLineID > :linkAfter AND recSheetLineID <= :linkUpto ` +
        `AND recSheetLineID IN (SELECT recSheetLineID FROM recSheetLine WHERE recSheetID = :sheet AND storeID IN (:...linkStores) ` +
        `AND recSheetLineID > :linkAfter AND recSheetLineID <= :linkUpto)`,
      { sheet: run.recSheetID, ...probe.params },
    );
    if (lines.affected !== undone || links.affected !== undone)
      throw new Error(`Undo of run ${autoRecRunID}: unlinked ${lines.affected} lines and ${links.affected} links of ${undone}`);
    const undoneLinks = run.undoneLinks + undone;
    await manager.update(AutoRecRun, { autoRecRunID }, { undoneLinks });
    return { done: false, upto, undoneLinks };
  }
}

/**
 * The lines a run considers, as `FROM ... WHERE` over the line `l`: unreconciled, of the user's
 * stores or of no store (`:sheet`, `:...stores`). An outer join on the link's key, not NOT
 * EXISTS: MariaDB materialised that subquery, reading every link of every sheet each batch.
 */
const LINES_IN_SCOPE =
  'recSheetLine l LEFT JOIN recLink scope_link ON scope_link.recSheetLineID = l.recSheetLineID ' +
  'WHERE l.recSheetID = :sheet AND scope_link.recSheetLineID IS NULL AND (l.storeID IS NULL OR l.storeID IN (:...stores))';

/** SKUs compare without case: by the column's collation on MySQL (utf8mb4_unicode_ci), NOCASE on SQLite; no LOWER(), which hides the index. */
function skuEquals(manager: EntityManager, a: string, b: string): string {
  return isMySql(manager) ? `${a} = ${b}` : `${a} = ${b} COLLATE NOCASE`;
}

function resultOf(run: AutoRecRun): AutoRecResult {
  const {
    considered,
    reconciled,
    matchMultiple,
    matchNone,
    exactMatches,
    saleDateMatches,
    revenueMatches,
    orderRefMatches,
    clawbackMatches,
    clawbacksWithoutRefund,
    autoRecRunID,
  } = run;
  return {
    considered,
    reconciled,
    matchMultiple,
    matchNone,
    exactMatches,
    saleDateMatches,
    revenueMatches,
    orderRefMatches,
    clawbackMatches,
    clawbacksWithoutRefund,
    autoRecRunID,
  };
}

const LINK_RULES: readonly LinkRule[] = ['exact', ...MATCH_RULES, 'clawback'];

/** One way of matching a batch's lines to sales, as SQL over the line `r` and the sale `s`. */
interface Match {
  rule: LinkRule;
  /** The join condition. */
  join: string;
  /** Which of the batch's lines it considers (beyond being unreconciled and in the batch). */
  lines: string;
  /** The revenue adjustment a link writes (0 unless revenue may differ). */
  adjustment: string;
  params: Record<string, unknown>;
}

/**
 * The exact match, the administrator's rules in their fixed order, then clawbacks (see
 * match-rules.ts). Lines in the user's stores; a rule that lets the store differ also takes
 * lines of no store, and sales of any of the user's stores.
 */
function matchesInOrder(manager: EntityManager, rules: readonly MatchRuleSettings[]): Match[] {
  const sku = skuEquals(manager, 's.sku', 'r.sku');
  const positive = 'r.revenue >= 0 AND s.isRefund = 0';
  const ownStore = 's.storeID = r.storeID AND r.storeID IN (:...stores)';
  const tolerance = rules.find((rule) => rule.rule === 'revenueWithin');
  const difference = 'ROUND(r.revenue - s.adjustedRevenue, 2)';
  const withinTolerance = tolerance
    ? tolerance.tolerancePercent != null
      ? `ABS(${difference}) * 100 <= :tolerancePercent * ABS(s.adjustedRevenue)`
      : `ABS(${difference}) <= :toleranceAmount`
    : null;
  const toleranceParams = { tolerancePercent: tolerance?.tolerancePercent ?? 0, toleranceAmount: tolerance?.toleranceAmount ?? 0 };
  // Revenue equal to the penny, or within the tolerance when that rule is set (adjusting the difference).
  const revenue = withinTolerance ? `(s.revenue = r.revenue OR ${withinTolerance})` : 's.revenue = r.revenue';
  const revenueAdjustment = withinTolerance ? `CASE WHEN s.revenue = r.revenue THEN 0 ELSE ${difference} END` : '0';
  const matches: Match[] = [
    {
      rule: 'exact',
      join: `s.storeID = r.storeID AND s.orderRef = r.orderRef AND s.saleDate = r.saleDate AND s.revenue = r.revenue AND ${sku}`,
      lines: `${positive} AND r.storeID IN (:...stores)`,
      adjustment: '0',
      params: {},
    },
  ];
  for (const rule of rules) {
    if (rule.rule === 'saleDateWithin') {
      const [from, to] = isMySql(manager)
        ? ['DATE_SUB(r.saleDate, INTERVAL :days DAY)', 'DATE_ADD(r.saleDate, INTERVAL :days DAY)']
        : ["date(r.saleDate, '-' || :days || ' days')", "date(r.saleDate, '+' || :days || ' days')"];
      matches.push({
        rule: rule.rule,
        join: `${ownStore} AND s.orderRef = r.orderRef AND s.saleDate BETWEEN ${from} AND ${to} AND s.revenue = r.revenue AND ${sku}`,
        lines: positive,
        adjustment: '0',
        params: { days: rule.days },
      });
    } else if (rule.rule === 'revenueWithin') {
      matches.push({
        rule: rule.rule,
        join: `${ownStore} AND s.orderRef = r.orderRef AND s.saleDate = r.saleDate AND ${sku} AND ${withinTolerance}`,
        lines: positive,
        adjustment: difference,
        params: toleranceParams,
      });
    } else {
      matches.push({
        rule: rule.rule,
        join: `s.orderRef = r.orderRef AND s.storeID IN (:...stores) AND ${revenue}`,
        lines: `${positive} AND (r.storeID IS NULL OR r.storeID IN (:...stores))`,
        adjustment: revenueAdjustment,
        params: toleranceParams,
      });
    }
  }
  // A clawback (negative revenue) is matched to the refund row of the sale it claws back: the
  // refund keeps the sale's order reference, store and SKU, and its own (later) date.
  matches.push({
    rule: 'clawback',
    join: `${ownStore} AND s.orderRef = r.orderRef AND s.isRefund = 1 AND ${sku} AND ${revenue}`,
    lines: 'r.revenue < 0',
    adjustment: revenueAdjustment,
    params: toleranceParams,
  });
  return matches;
}
