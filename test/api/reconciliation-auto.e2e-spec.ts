import {
  AutoRecService,
  BATCH_LINES,
  NOTE_BY_HAND,
  NOTE_LINKED,
  NOTE_MULTIPLE,
  NOTE_NONE,
  NOTE_UNDONE,
  RUN_ALREADY_UNDONE,
} from '../../src/modules/reconciliation/auto-rec/auto-rec.service';
import { RecLink } from '../../src/modules/reconciliation/entities';
import { LinkConflict, writingLinks } from '../../src/modules/reconciliation/rec-links';
import { UsersService } from '../../src/modules/users/users/users.service';
import { expectFailure, expectStatus, Row, TestUser } from '../support/api';
import { until } from '../support/processes';
import { createRecLine, createRecSheet, saleOrderRef, waitForOperation } from '../support/rec-fixtures';
import { createSeller, historyOf, readSale, recordSale, SalesWorld, salesWorld } from './sales-fixtures';

/**
 * Auto reconcile and the undo of a run (docs/http-api.md, "Auto and manual reconcile"): the
 * matching rule of ARCHITECTURE.md, the counts and notes, the sale's figures, step and history,
 * two runs of one sheet at once, undo. This file's card and sales are dated 2017.
 */

let w: SalesWorld;
let rec: TestUser;
let recA: TestUser;
let sellerAB: TestUser;
const YEAR = 2017;

/** A 20-digit order reference no other sale of this run has. */
const ref = () => saleOrderRef(YEAR);

beforeAll(async () => {
  w = await salesWorld(YEAR);
  rec = await createSeller(w.t, w.admin, [w.storeA.storeID, w.storeB.storeID], { areas: ['RevenueReconciliation'] });
  recA = await createSeller(w.t, w.admin, [w.storeA.storeID], { areas: ['RevenueReconciliation'] });
  sellerAB = await createSeller(w.t, w.admin, [w.storeA.storeID, w.storeB.storeID]);
  await recordSale(w, w.seller.api, { saleDate: `${YEAR}-01-02`, orderRef: ref() });
});
afterAll(() => w?.t.close());

async function sale(body: Row = {}): Promise<Row> {
  return recordSale(w, sellerAB.api, { saleDate: `${YEAR}-03-01`, orderRef: ref(), ...body });
}

async function line(recSheetID: number, s: Row, body: Row = {}): Promise<Row> {
  const storeName = s.storeID === w.storeB.storeID ? w.storeB.name : w.storeA.name;
  return createRecLine(rec.api, { recSheetID, storeName, saleDate: s.saleDate.slice(0, 10), orderRef: s.orderRef, sku: s.sku, revenue: s.revenue, ...body });
}

async function autoRec(api = rec.api, recSheetID: number): Promise<Row> {
  const started = expectStatus(await api.put(`/api/recSheet/${recSheetID}/autoRec`), 202).body;
  expect(started.validationResult).toEqual({ fail: false });
  expect(started.data).toEqual(expect.objectContaining({ name: 'recSheetAutoRec', operationID: expect.any(Number) }));
  const done = await waitForOperation(api, started.data.operationID);
  expect(done.state).toBe('completed');
  return done;
}

/** The sheet's lines as the lines list answers them (their links and notes). */
async function linesOf(recSheetID: number): Promise<Map<number, Row>> {
  const rows: Row[] = expectStatus(await rec.api.get(`/api/recSheetLines?recSheetID=${recSheetID}&pageLength=500`), 200).body.listData;
  return new Map(rows.map((r) => [Number(r.recSheetLineID), r]));
}

/** The id of the run of `operationID`, 0 while it has none. */
async function runOf(operationID: number): Promise<number> {
  const [run]: Row[] = await w.t.dataSource.query('SELECT autoRecRunID FROM autoRecRun WHERE operationID = ?', [operationID]);
  return run ? Number(run.autoRecRunID) : 0;
}

const steps = (history: Row[]) => history.map((h) => [h.step, h.description]);

/** A run's counts: those given, every count by rule 0 otherwise. */
const byRule = (counts: Row) => ({
  exactMatches: 0,
  saleDateMatches: 0,
  revenueMatches: 0,
  orderRefMatches: 0,
  clawbackMatches: 0,
  clawbacksWithoutRefund: 0,
  ...counts,
});

describe('permissions', () => {
  it('needs RevenueReconciliation (403) and an existing sheet or run (404)', async () => {
    const sheet = await createRecSheet(rec.api);
    expectFailure(await w.seller.api.put(`/api/recSheet/${sheet.recSheetID}/autoRec`), 403);
    expectFailure(await w.seller.api.put('/api/autoRecRun/1/undo'), 403);
    expectFailure(await w.seller.api.get('/api/autoRecRuns'), 403);
    expectFailure(await rec.api.put('/api/recSheet/99999999/autoRec'), 404);
    expectFailure(await rec.api.put('/api/autoRecRun/99999999/undo'), 404);
  });
});

describe('actions that take no body', () => {
  it('refuse one with a 400 naming what was sent, and queue or change nothing', async () => {
    const sheet = await createRecSheet(rec.api);
    const recorded = await sale();
    const counts = await w.t.tableCounts();
    for (const path of [`/api/recSheet/${sheet.recSheetID}/autoRec`, `/api/sale/${recorded.saleID}/unreconcile`]) {
      expect(expectFailure(await rec.api.put(path, { recSheetID: 5, commit: true })).failMessages).toEqual({
        recSheetID: 'Unknown field recSheetID',
        commit: 'Unknown field commit',
      });
      expect(expectFailure(await rec.api.put(path, [1, 2])).failMessages).toEqual({ body: 'This call takes no body' });
    }
    // A run or sale that does not exist is a 404 first, whatever the body (docs/http-api.md, "Order of checks").
    for (const path of ['/api/autoRecRun/99999999/undo', '/api/sale/99999999/unreconcile']) {
      expectFailure(await rec.api.put(path, { recSheetID: 5 }), 404);
    }
    expect(await w.t.tableCounts()).toEqual(counts);
    // Without a body, or with an empty one, the call is taken.
    expectStatus(await rec.api.put(`/api/recSheet/${sheet.recSheetID}/autoRec`, {}), 202);
  });
});

describe('auto reconcile', () => {
  it('links exactly one matching sale; counts and notes each line', async () => {
    const sheet = await createRecSheet(rec.api, { name: `Supplier March ${YEAR}` });
    const exact = await sale();
    const lowerSku = await sale();
    const penny = await sale();
    const otherStore = await sale();
    const cancelled = await sale();
    const twinA = await sale();
    const twinB = await sale({ orderRef: twinA.orderRef });
    const modified = await sale();
    const atB = await sale({ storeID: w.storeB.storeID, rateCardLineStoreID: w.lineB.rateCardLineStoreID, attributableToUserID: sellerAB.userID });
    const outOfScope = await sale({ storeID: w.storeB.storeID, rateCardLineStoreID: w.lineB.rateCardLineStoreID, attributableToUserID: sellerAB.userID });
    expectStatus(await sellerAB.api.put(`/api/sale/${cancelled.saleID}`, { ...cancelled, newStep: 'cancelled', newStepNote: 'Gone' }), 200);
    expectStatus(await sellerAB.api.put(`/api/sale/${modified.saleID}`, { ...modified, notes: 'Changed' }), 200);

    const L = {
      exact: await line(sheet.recSheetID, exact),
      lowerSku: await line(sheet.recSheetID, lowerSku, { sku: lowerSku.sku.toLowerCase() }),
      penny: await line(sheet.recSheetID, penny, { revenue: 100.01 }),
      otherStore: await line(sheet.recSheetID, otherStore, { storeName: w.storeB.name }),
      cancelled: await line(sheet.recSheetID, cancelled),
      twins: await line(sheet.recSheetID, twinA),
      modified: await line(sheet.recSheetID, modified),
      atB: await line(sheet.recSheetID, atB),
    };
    // A line of store B linked by a user with store A only is not considered.
    const other = await createRecSheet(rec.api);
    const bLine = await line(other.recSheetID, outOfScope);
    const scoped = await autoRec(recA.api, other.recSheetID);
    expect(scoped.result).toEqual(byRule({ considered: 0, reconciled: 0, matchMultiple: 0, matchNone: 0, autoRecRunID: scoped.resultID }));
    expect((await linesOf(other.recSheetID)).get(bLine.recSheetLineID)).toEqual(expect.objectContaining({ saleID: 0, autoRecNotes: '' }));

    const done = await autoRec(rec.api, sheet.recSheetID);
    expect(done.result).toEqual(byRule({ considered: 8, reconciled: 4, matchMultiple: 1, matchNone: 3, exactMatches: 4, autoRecRunID: expect.any(Number) }));
    expect(done.resultID).toBe(done.result.autoRecRunID);
    const run = done.result.autoRecRunID;

    const lines = await linesOf(sheet.recSheetID);
    const linkedTo = { exact, lowerSku, modified, atB } as Record<string, Row>;
    for (const [key, s] of Object.entries(linkedTo)) {
      expect(lines.get(L[key as keyof typeof L].recSheetLineID)).toEqual(
        expect.objectContaining({ saleID: s.saleID, autoRecRunID: run, autoRecNotes: `${NOTE_LINKED}${s.saleID} (exact match)`, recByUserName: rec.data.name }),
      );
    }
    expect(lines.get(L.twins.recSheetLineID)).toEqual(
      expect.objectContaining({ saleID: 0, autoRecRunID: null, autoRecNotes: `2${NOTE_MULTIPLE} (exact match)${NOTE_BY_HAND}` }),
    );
    for (const key of ['penny', 'otherStore', 'cancelled'] as const) {
      expect(lines.get(L[key].recSheetLineID)).toEqual(expect.objectContaining({ saleID: 0, autoRecRunID: null, autoRecNotes: NOTE_NONE }));
    }
    expect(NOTE_NONE).toBe('No sale matches the SKU, store, date, revenue and order reference');

    // The sale: figures, step and history in the same transaction.
    const linked = await readSale(w, exact.saleID);
    expect(linked).toEqual(
      expect.objectContaining({
        currentHistoryStep: 'reconciled',
        recSheetLinesCount: 1,
        recSheetLinesTotal: 100,
        unreconciledRevenue: 0,
        adjustedRevenue: 100,
      }),
    );
    const history = await historyOf(w.admin, exact.saleID);
    expect(steps(history).at(-1)).toEqual(['reconciled', `Reconciled automatically: rec sheet Supplier March ${YEAR}, run ${run}`]);
    expect(linked.currentHistoryID).toBe(history.at(-1)!.historyID);
    expect(await readSale(w, atB.saleID)).toEqual(
      expect.objectContaining({ currentHistoryStep: 'reconciled', recSheetLinesTotal: 90, unreconciledRevenue: 0 }),
    );
    for (const untouched of [penny, otherStore, twinA, twinB]) {
      expect(await readSale(w, untouched.saleID)).toEqual(
        expect.objectContaining({ currentHistoryStep: 'recorded', recSheetLinesCount: 0, recSheetLinesTotal: 0, unreconciledRevenue: 100 }),
      );
    }

    // The run is listed; a second run considers only what is left, and a sale already linked matches no other line.
    const runs = expectStatus(await rec.api.get(`/api/autoRecRuns?recSheetID=${sheet.recSheetID}`), 200).body.listData;
    expect(runs).toEqual([
      expect.objectContaining({
        autoRecRunID: run,
        recSheetID: sheet.recSheetID,
        considered: 8,
        reconciled: 4,
        matchMultiple: 1,
        matchNone: 3,
        exactMatches: 4,
        finished: true,
        undone: false,
      }),
    ]);
    const again = await autoRec(rec.api, sheet.recSheetID);
    expect(again.result).toEqual(expect.objectContaining({ considered: 4, reconciled: 0, matchMultiple: 1, matchNone: 3 }));
    const third = await createRecSheet(rec.api);
    const sameSale = await line(third.recSheetID, exact);
    expect((await autoRec(rec.api, third.recSheetID)).result).toEqual(expect.objectContaining({ considered: 1, reconciled: 0, matchNone: 1 }));
    expect((await linesOf(third.recSheetID)).get(sameSale.recSheetLineID)!.saleID).toBe(0);
    // The run's work rows keep every line that matched: its links, and the twins' line with its two matches.
    const kept: Row[] = await w.t.dataSource.query('SELECT recSheetLineID, saleID, matches FROM autoRecLink WHERE autoRecRunID = ?', [run]);
    const matched = [L.exact, L.lowerSku, L.modified, L.atB].map((l, i): [number, number[]] => [
      l.recSheetLineID,
      [[exact, lowerSku, modified, atB][i].saleID, 1],
    ]);
    expect(new Map(kept.map((k) => [Number(k.recSheetLineID), [Number(k.saleID), Number(k.matches)]]))).toEqual(
      new Map<number, number[]>([...matched, [L.twins.recSheetLineID, [0, 2]]]),
    );
  });

  it('two runs of one sheet at once never link a line or a sale twice', async () => {
    const sheet = await createRecSheet(rec.api);
    const sales = [await sale(), await sale(), await sale()];
    for (const s of sales) await line(sheet.recSheetID, s);
    // Through HTTP (the in-process queue runs them one after the other)...
    const [a, b] = await Promise.all([rec.api.put(`/api/recSheet/${sheet.recSheetID}/autoRec`), rec.api.put(`/api/recSheet/${sheet.recSheetID}/autoRec`)]);
    const results = await Promise.all([a, b].map(async (res) => (await waitForOperation(rec.api, expectStatus(res, 202).body.data.operationID)).result));
    expect(results.map((r: Row) => r.reconciled).sort()).toEqual([0, 3]);
    // ...and the service twice at once in one process (the sheet's lock makes them take turns).
    const sheet2 = await createRecSheet(rec.api);
    const sales2 = [await sale(), await sale()];
    for (const s of sales2) await line(sheet2.recSheetID, s);
    const service = w.t.app.get(AutoRecService);
    const user = (await w.t.app.get(UsersService).loadAuthUser(rec.userID))!;
    const base = 900_000_000 + Math.floor(Math.random() * 1_000_000);
    const both = await Promise.all([service.reconcileSheet(sheet2.recSheetID, user, base), service.reconcileSheet(sheet2.recSheetID, user, base + 1)]);
    expect(both.map((r) => r.reconciled).sort()).toEqual([0, 2]);
    for (const s of [...sales, ...sales2]) {
      expect(await readSale(w, s.saleID)).toEqual(
        expect.objectContaining({ currentHistoryStep: 'reconciled', recSheetLinesCount: 1, recSheetLinesTotal: 100 }),
      );
      expect(steps(await historyOf(w.admin, s.saleID)).filter(([step]) => step === 'reconciled')).toHaveLength(1);
    }
    const counts: Row[] = await w.t.dataSource.query(
      'SELECT k.saleID, COUNT(*) AS n FROM recLink k INNER JOIN recSheetLine l ON l.recSheetLineID = k.recSheetLineID WHERE l.recSheetID IN (?, ?) GROUP BY k.saleID',
      [sheet.recSheetID, sheet2.recSheetID],
    );
    expect(counts.every((c) => Number(c.n) === 1)).toBe(true);
  });
});

describe('two sheets, one sale', () => {
  it('runs of two sheets at once whose lines match the same sale link it once (a refused batch runs again)', async () => {
    const s = await sale();
    const sheets = [await createRecSheet(rec.api), await createRecSheet(rec.api)];
    const lines = [await line(sheets[0].recSheetID, s), await line(sheets[1].recSheetID, s)];
    const service = w.t.app.get(AutoRecService);
    const user = (await w.t.app.get(UsersService).loadAuthUser(rec.userID))!;
    const base = 910_000_000 + Math.floor(Math.random() * 1_000_000);
    const settled = await Promise.allSettled(sheets.map((sh, i) => service.reconcileSheet(sh.recSheetID, user, base + i)));
    // A batch refused (a LinkConflict, or a deadlock on MariaDB) rolled back whole and ran again; a job would retry a run refused three times.
    for (const [i, outcome] of settled.entries()) if (outcome.status === 'rejected') await service.reconcileSheet(sheets[i].recSheetID, user, base + 10 + i);
    expect(await readSale(w, s.saleID)).toEqual(expect.objectContaining({ recSheetLinesCount: 1, recSheetLinesTotal: 100, currentHistoryStep: 'reconciled' }));
    const linked = await Promise.all(lines.map(async (l, i) => (await linesOf(sheets[i].recSheetID)).get(l.recSheetLineID)!.saleID));
    expect(linked.filter((id) => id === s.saleID)).toHaveLength(1);
    expect(steps(await historyOf(w.admin, s.saleID)).filter(([step]) => step === 'reconciled')).toHaveLength(1);
  });

  it("recLink's unique key takes a sale's first link once: a run whose sale another transaction linked first rolls its batch back and runs it again", async () => {
    const s = await sale();
    const other = await sale();
    const sheet = await createRecSheet(rec.api);
    const l = await line(sheet.recSheetID, s);
    const otherLine = await line(sheet.recSheetID, other);
    // A second first link of one sale is refused, whoever writes it.
    // Lines of another sheet, each linked here straight in recLink (as another run would link them).
    const elsewhere = await createRecSheet(rec.api);
    const [first, second] = [await line(elsewhere.recSheetID, s), await line(elsewhere.recSheetID, other)];
    const link = (recSheetLineID: number) => ({ recSheetLineID, saleID: s.saleID, slot: 0, autoRecRunID: null, rule: 'manual' });
    await w.t.dataSource.getRepository(RecLink).insert(link(first.recSheetLineID));
    await expect(writingLinks(() => w.t.dataSource.getRepository(RecLink).insert(link(second.recSheetLineID)))).rejects.toBeInstanceOf(LinkConflict);
    await w.t.dataSource.getRepository(RecLink).delete({ recSheetLineID: first.recSheetLineID });

    const service = w.t.app.get(AutoRecService);
    const user = (await w.t.app.get(UsersService).loadAuthUser(rec.userID))!;
    const operationID = 915_000_000 + Math.floor(Math.random() * 1_000_000);
    if (!['mysql', 'mariadb'].includes(w.t.dataSource.options.type)) {
      // One writer at a time: the batch reads the committed link and passes over its sale.
      await w.t.dataSource.getRepository(RecLink).insert(link(first.recSheetLineID));
    } else {
      // Another transaction links the sale and holds it uncommitted while the run's batch
      // matches it (its READ COMMITTED match cannot see the link): the batch's insert waits on
      // the key, is refused once the other commits, and the batch runs again.
      const runner = w.t.dataSource.createQueryRunner();
      await runner.startTransaction();
      try {
        await runner.manager.insert(RecLink, link(first.recSheetLineID));
        const [{ id }] = (await runner.query('SELECT CONNECTION_ID() AS id')) as Row[];
        const run = service.reconcileSheet(sheet.recSheetID, user, operationID);
        // The batch's insert of its links has started while the other holds the sale's first slot.
        await until('the batch inserts its links', async () => {
          const inserting: Row[] = await w.t.dataSource.query(
            'SELECT ID FROM information_schema.PROCESSLIST WHERE DB = DATABASE() AND ID <> ? AND INFO LIKE ?',
            [Number(id), `INSERT INTO recLink %autoRecRunID = ${await runOf(operationID)} %`],
          );
          return inserting.length > 0;
        });
        await runner.commitTransaction();
        await run;
      } finally {
        if (runner.isTransactionActive) await runner.rollbackTransaction();
        await runner.release();
      }
    }
    const result = await service.reconcileSheet(sheet.recSheetID, user, operationID);
    expect(result).toEqual(expect.objectContaining({ reconciled: 1, exactMatches: 1 }));
    const links: Row[] = await w.t.dataSource.query('SELECT recSheetLineID, slot FROM recLink WHERE saleID = ?', [s.saleID]);
    expect(links.map((k) => [Number(k.recSheetLineID), Number(k.slot)])).toEqual([[first.recSheetLineID, 0]]);
    expect((await linesOf(sheet.recSheetID)).get(l.recSheetLineID)!.saleID).toBe(0);
    expect((await linesOf(sheet.recSheetID)).get(otherLine.recSheetLineID)!.saleID).toBe(other.saleID);
    // The fake link goes, so the lines and their links agree again (afterEach).
    await w.t.dataSource.getRepository(RecLink).delete({ recSheetLineID: first.recSheetLineID });
  });
});

describe('undo of a run', () => {
  it('reverses every link the run made whose line still links the sale, once', async () => {
    const sheet = await createRecSheet(rec.api);
    const s1 = await sale();
    const s2 = await sale();
    expectStatus(await sellerAB.api.put(`/api/sale/${s2.saleID}`, { ...s2, notes: 'Edited before' }), 200);
    const s3 = await sale();
    const l1 = await line(sheet.recSheetID, s1);
    const l2 = await line(sheet.recSheetID, s2);
    const l3 = await line(sheet.recSheetID, s3);
    const run = (await autoRec(rec.api, sheet.recSheetID)).result.autoRecRunID;
    // s3 is unreconciled by hand before the undo: the undo leaves it alone.
    expectStatus(await rec.api.put(`/api/sale/${s3.saleID}/unreconcile`), 200);
    const started = expectStatus(await rec.api.put(`/api/autoRecRun/${run}/undo`), 202).body;
    expect(started.data).toEqual(expect.objectContaining({ name: 'recSheetAutoRecUndo' }));
    const done = await waitForOperation(rec.api, started.data.operationID);
    expect(done).toEqual(expect.objectContaining({ state: 'completed', result: { autoRecRunID: run, undone: 2 }, resultID: run }));
    const lines = await linesOf(sheet.recSheetID);
    for (const l of [l1, l2])
      expect(lines.get(l.recSheetLineID)).toEqual(expect.objectContaining({ saleID: 0, autoRecRunID: null, autoRecNotes: NOTE_UNDONE, recByUserName: '' }));
    expect(lines.get(l3.recSheetLineID)).toEqual(expect.objectContaining({ saleID: 0, autoRecNotes: `Unreconciled from sale ${s3.saleID}` }));
    expect(await readSale(w, s1.saleID)).toEqual(
      expect.objectContaining({ currentHistoryStep: 'recorded', recSheetLinesCount: 0, recSheetLinesTotal: 0, unreconciledRevenue: 100 }),
    );
    expect(await readSale(w, s2.saleID)).toEqual(expect.objectContaining({ currentHistoryStep: 'modified', recSheetLinesCount: 0, unreconciledRevenue: 100 }));
    const history = await historyOf(w.admin, s1.saleID);
    expect(steps(history).slice(-2)).toEqual([
      ['reconciled', expect.stringContaining(`run ${run}`)],
      ['recorded', `Unreconciled (undo of auto reconcile run ${run})`],
    ]);
    expect((await readSale(w, s1.saleID)).currentHistoryID).toBe(history.at(-1)!.historyID);
    expect(steps(await historyOf(w.admin, s3.saleID)).at(-1)).toEqual(['recorded', 'Unreconciled']);
    const runs = expectStatus(await rec.api.get(`/api/autoRecRuns?recSheetID=${sheet.recSheetID}`), 200).body.listData;
    expect(runs[0]).toEqual(expect.objectContaining({ autoRecRunID: run, undone: true, undoneByUserName: rec.data.name }));
    expect(expectFailure(await rec.api.put(`/api/autoRecRun/${run}/undo`)).failMessages).toEqual({ autoRecRunID: RUN_ALREADY_UNDONE });
    // The lines can be reconciled again, and that run undone too (its lines' own notes already say 'Undone').
    const again = (await autoRec(rec.api, sheet.recSheetID)).result;
    expect(again).toEqual(expect.objectContaining({ considered: 3, reconciled: 3 }));
    expect((await linesOf(sheet.recSheetID)).get(l1.recSheetLineID)!.autoRecNotes).toBe(`${NOTE_LINKED}${s1.saleID} (exact match)`);
    const second = expectStatus(await rec.api.put(`/api/autoRecRun/${again.autoRecRunID}/undo`), 202).body.data;
    expect(await waitForOperation(rec.api, second.operationID)).toEqual(
      expect.objectContaining({ state: 'completed', result: { autoRecRunID: again.autoRecRunID, undone: 3 } }),
    );
    expect((await linesOf(sheet.recSheetID)).get(l1.recSheetLineID)).toEqual(expect.objectContaining({ saleID: 0, autoRecNotes: NOTE_UNDONE }));
  });
});

describe('batches', () => {
  const saved = { ...BATCH_LINES };
  afterEach(() => Object.assign(BATCH_LINES, saved));
  const batchesOf = (n: number) => Object.assign(BATCH_LINES, { mysql: n, sqlite: n });

  it('a run commits batch by batch; one taken up again after a crash carries on after its last batch and links nothing twice', async () => {
    batchesOf(2);
    const sheet = await createRecSheet(rec.api);
    const sales = [await sale(), await sale(), await sale(), await sale(), await sale()];
    const lines = [];
    for (const [i, s] of sales.entries()) lines.push(await line(sheet.recSheetID, s, i === 3 ? { revenue: 99.99 } : {}));
    const service = w.t.app.get(AutoRecService);
    const user = (await w.t.app.get(UsersService).loadAuthUser(rec.userID))!;
    const operationID = 920_000_000 + Math.floor(Math.random() * 1_000_000);
    // The process dies after the first batch committed (its progress is written after each commit).
    const crash = async () => {
      throw new Error('killed');
    };
    await expect(service.reconcileSheet(sheet.recSheetID, user, operationID, crash)).rejects.toThrow('killed');
    let now = await linesOf(sheet.recSheetID);
    expect(lines.map((l) => now.get(l.recSheetLineID)!.saleID)).toEqual([sales[0].saleID, sales[1].saleID, 0, 0, 0]);
    expect(now.get(lines[2].recSheetLineID)!.autoRecNotes).toBe('');
    const [run]: Row[] = await w.t.dataSource.query('SELECT autoRecRunID, lastLineID, finished, considered, reconciled FROM autoRecRun WHERE operationID = ?', [
      operationID,
    ]);
    expect([Number(run.lastLineID), Boolean(Number(run.finished)), Number(run.considered), Number(run.reconciled)]).toEqual([
      lines[1].recSheetLineID,
      false,
      2,
      2,
    ]);

    // The retried job: the same run, carried on.
    const progress: number[] = [];
    const result = await service.reconcileSheet(sheet.recSheetID, user, operationID, async (_message, percentage) => {
      progress.push(percentage);
    });
    expect(result).toEqual(byRule({ considered: 5, reconciled: 4, matchMultiple: 0, matchNone: 1, exactMatches: 4, autoRecRunID: Number(run.autoRecRunID) }));
    expect(progress.at(-1)).toBe(100);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    now = await linesOf(sheet.recSheetID);
    expect(lines.map((l) => now.get(l.recSheetLineID)!.saleID)).toEqual([sales[0].saleID, sales[1].saleID, sales[2].saleID, 0, sales[4].saleID]);
    expect(now.get(lines[3].recSheetLineID)!.autoRecNotes).toBe(NOTE_NONE);
    for (const s of [sales[0], sales[1], sales[2], sales[4]]) {
      expect(await readSale(w, s.saleID)).toEqual(expect.objectContaining({ currentHistoryStep: 'reconciled', recSheetLinesCount: 1 }));
      const history = await historyOf(w.admin, s.saleID);
      expect(steps(history).filter(([step]) => step === 'reconciled')).toHaveLength(1);
      expect((await readSale(w, s.saleID)).currentHistoryID).toBe(history.at(-1)!.historyID);
    }
    // Once finished, the operation's run answers its counts again and changes nothing.
    expect(await service.reconcileSheet(sheet.recSheetID, user, operationID)).toEqual(result);

    // Undo in batches too: every link reversed once, the run marked undone.
    const undoOperation = operationID + 1;
    const undone = await service.undoRun(result.autoRecRunID, user, undefined, undoOperation);
    expect(undone).toEqual({ autoRecRunID: result.autoRecRunID, undone: 4 });
    // The same undo operation taken up again (it died after marking the run) answers the same;
    // another undo is refused.
    expect(await service.undoRun(result.autoRecRunID, user, undefined, undoOperation)).toEqual(undone);
    await expect(service.undoRun(result.autoRecRunID, user, undefined, undoOperation + 1)).rejects.toThrow();
    now = await linesOf(sheet.recSheetID);
    expect(lines.map((l) => now.get(l.recSheetLineID)!.saleID)).toEqual([0, 0, 0, 0, 0]);
    for (const s of [sales[0], sales[4]])
      expect(await readSale(w, s.saleID)).toEqual(expect.objectContaining({ currentHistoryStep: 'recorded', recSheetLinesCount: 0 }));
  });

  it('runs of four different sheets at once, in many small batches, all finish on their first attempt (no deadlock, nothing to retry)', async () => {
    batchesOf(3);
    const sheets = [];
    for (let k = 0; k < 4; k++) {
      const sheet = await createRecSheet(rec.api);
      for (let i = 0; i < 9; i++) await line(sheet.recSheetID, await sale());
      sheets.push(sheet);
    }
    const service = w.t.app.get(AutoRecService);
    const user = (await w.t.app.get(UsersService).loadAuthUser(rec.userID))!;
    const base = 930_000_000 + Math.floor(Math.random() * 1_000_000);
    // No retry here: a deadlock would reject one of them.
    const results = await Promise.all(sheets.map((sheet, k) => service.reconcileSheet(sheet.recSheetID, user, base + k)));
    expect(results.map((r) => [r.considered, r.reconciled])).toEqual(sheets.map(() => [9, 9]));
  });

  it('the API answers while a run goes on: a list request is answered before the run ends', async () => {
    batchesOf(1);
    const sheet = await createRecSheet(rec.api);
    for (let i = 0; i < 25; i++) await line(sheet.recSheetID, await sale());
    const { operationID } = expectStatus(await rec.api.put(`/api/recSheet/${sheet.recSheetID}/autoRec`), 202).body.data;
    expectStatus(await rec.api.get('/api/sales?pageLength=50'), 200);
    const [operation]: Row[] = await w.t.dataSource.query('SELECT state FROM operation WHERE operationID = ?', [operationID]);
    expect(['waiting', 'active']).toContain(operation.state);
    expect((await waitForOperation(rec.api, operationID)).result).toEqual(expect.objectContaining({ considered: 25, reconciled: 25 }));
  });
});
