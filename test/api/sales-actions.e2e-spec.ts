import { createAnalysisField, createDiscount, createRateCard, createRateCardLine, expectFailure, expectStatus, Row, TestUser } from '../support/api';
import { createSeller, discountAt, historyOf, newLineStore, readSale, recordSale, saleBody, SalesWorld, salesWorld, setStep, today } from './sales-fixtures';

/**
 * The actions of a sale and their history (docs/http-api.md, "Sales": cancel, refund, credit-check
 * fail, edit, delete, unreconcile, steps, bulk change of rate card) and bad input on every sales
 * call. This file's cards start in 2013 and its sales are dated 2013 (refund rows: today).
 */

let w: SalesWorld;
const YEAR = 2013;
const NOT_EDITABLE = 'Only recorded or modified sales can be changed';
const REASON = 'You must explain the reason for cancelling';
const REFUND_REF = 'abcde12345abcde12345';
let fixed: Row;
let noteField: Row;

beforeAll(async () => {
  w = await salesWorld(YEAR);
  fixed = await discountAt(w, { captureVariablePercent: false, revenueReductionFixed: 10, commissionSameAsRevenue: true });
  // Every sale of store A gets an analysis value (its default), so deletes and refunds carry one.
  noteField = await createAnalysisField(w.admin, { label: 'Source', inputType: 'text', defaultValue: 'Shop floor', storeIDs: [w.storeA.storeID] });
});
afterAll(() => w?.t.close());

const steps = (history: Row[]) => history.map((h) => [h.step, h.description]);

/** Runs `action` and checks the sale and every table are as they were (bar who saved it last when `stamped`). */
async function unchanged<T>(saleID: number, action: () => Promise<T>, stamped = false): Promise<T> {
  const stamp = (row: Row) => (stamped ? { ...row, updatedDate: null, updatedByUserName: null } : row);
  const before = await readSale(w, saleID);
  const counts = await w.t.tableCounts();
  const result = await action();
  expect(stamp(await readSale(w, saleID))).toEqual(stamp(before));
  expect(await w.t.tableCounts()).toEqual(counts);
  return result;
}

describe('refund', () => {
  const refund = (sale: Row, body: Row = {}) => ({ ...sale, isRefunded: true, isRefundedNote: 'Changed mind', isRefundedOrderRef: REFUND_REF, ...body });

  it('of a discounted sale: the original is marked, the refund row has the negated discounted amounts and today’s date', async () => {
    const sale = await recordSale(w, w.seller.api, { discountStoreID: fixed.discountStoreID });
    expect(sale).toEqual(expect.objectContaining({ revenue: 90, commission: 30 }));
    const original = expectStatus(
      await w.seller.api.put(`/api/sale/${sale.saleID}`, refund(sale, { isRefundedNote: '  Changed mind  ', isRefundedOrderRef: ' abcde12345abcde12345xyz' })),
      200,
    ).body.data;
    expect(original).toEqual(
      expect.objectContaining({
        saleID: sale.saleID,
        isRefunded: true,
        isRefundedNote: 'Changed mind',
        isRefundedOrderRef: 'ABCDE12345ABCDE12345',
        revenue: 90,
        commission: 30,
        saleDate: `${YEAR}-02-03T00:00:00.000Z`,
        currentHistoryStep: 'recorded',
      }),
    );
    const rows = expectStatus(await w.seller.api.get(`/api/sales?refSaleID=${sale.saleID}`), 200).body.listData;
    expect(rows).toEqual([
      expect.objectContaining({
        isRefund: true,
        isRefunded: false,
        refSaleID: sale.saleID,
        revenue: -90,
        commission: -30,
        adjustedRevenue: -90,
        saleDate: `${today()}T00:00:00.000Z`,
        currentHistoryStep: 'recorded',
        sku: sale.sku,
        discountStoreID: fixed.discountStoreID,
        storeID: w.storeA.storeID,
        saleAnalysisValues: [expect.objectContaining({ analysisFieldID: noteField.analysisFieldID, analysisValue: 'Shop floor' })],
      }),
    ]);
    expect(steps(await historyOf(w.seller.api, sale.saleID))).toEqual([
      ['recorded', 'Sale recorded'],
      ['recorded', 'Refunded: Changed mind'],
    ]);
    expect(steps(await historyOf(w.seller.api, rows[0].saleID))).toEqual([['recorded', `Refund of sale ${sale.saleID}: Changed mind`]]);
    const listed = expectStatus(await w.seller.api.get(`/api/sales?saleID=${sale.saleID}`), 200).body;
    expect(listed.listIDs[0].selectable).toBe(false);
  });

  it('refuses an order reference that is not 20 characters and a missing note, writing nothing', async () => {
    const sale = await recordSale(w);
    await unchanged(sale.saleID, async () => {
      expect(
        expectFailure(await w.seller.api.put(`/api/sale/${sale.saleID}`, refund(sale, { isRefundedOrderRef: 'abc' }))).failMessages.isRefundedOrderRef,
      ).toBe('Should be 20 characters');
      expect(
        expectFailure(await w.seller.api.put(`/api/sale/${sale.saleID}`, refund(sale, { isRefundedOrderRef: ' 1234567890123456789 ' }))).failMessages
          .isRefundedOrderRef,
      ).toBe('Should be 20 characters');
      expect(
        expectFailure(await w.seller.api.put(`/api/sale/${sale.saleID}`, refund(sale, { isRefundedOrderRef: null }))).failMessages.isRefundedOrderRef,
      ).toBe('Should be 20 characters');
      expect(expectFailure(await w.seller.api.put(`/api/sale/${sale.saleID}`, refund(sale, { isRefundedNote: '   ' }))).failMessages.isRefundedNote).toBe(
        REASON,
      );
      expect(expectFailure(await w.seller.api.put(`/api/sale/${sale.saleID}`, refund(sale, { isRefundedNote: undefined }))).failMessages.isRefundedNote).toBe(
        REASON,
      );
    });
  });

  it('needs RecordRefunds (403), even for a user who may edit', async () => {
    const editor = await createSeller(w.t, w.admin, [w.storeA.storeID], { areas: ['RecordSales', 'UpdateSales'] });
    const sale = await recordSale(w);
    await unchanged(sale.saleID, async () => expectFailure(await editor.api.put(`/api/sale/${sale.saleID}`, refund(sale)), 403));
    // A user with RecordRefunds alone may refund.
    const refunder = await createSeller(w.t, w.admin, [w.storeA.storeID], { areas: ['RecordRefunds'] });
    expect(expectStatus(await refunder.api.put(`/api/sale/${sale.saleID}`, refund(sale)), 200).body.data.isRefunded).toBe(true);
  });

  it('cannot refund a refund or a refunded sale, and neither can be edited or deleted', async () => {
    const sale = await recordSale(w);
    const original = expectStatus(await w.seller.api.put(`/api/sale/${sale.saleID}`, refund(sale)), 200).body.data;
    const refundRow = expectStatus(await w.seller.api.get(`/api/sales?refSaleID=${sale.saleID}`), 200).body.listData[0];
    await unchanged(sale.saleID, async () => {
      expectFailure(await w.seller.api.put(`/api/sale/${refundRow.saleID}`, refund(refundRow)));
      expectFailure(await w.seller.api.put(`/api/sale/${sale.saleID}`, refund(original, { isRefundedOrderRef: '99999999999999999999' })));
      expect(expectFailure(await w.seller.api.put(`/api/sale/${sale.saleID}`, { ...original, notes: 'Edit after refund' })).failSummary).toBe(NOT_EDITABLE);
      expect(expectFailure(await w.seller.api.put(`/api/sale/${refundRow.saleID}`, { ...refundRow, notes: 'Edit a refund' })).failSummary).toBe(NOT_EDITABLE);
      expect(
        expectFailure(await w.seller.api.put(`/api/sale/${sale.saleID}`, { ...original, newStep: 'cancelled', newStepNote: 'Too late' })).failSummary,
      ).toBe(NOT_EDITABLE);
      expect(expectFailure(await w.seller.api.delete(`/api/sale/${sale.saleID}`)).failSummary).toBe(NOT_EDITABLE);
      expect(expectFailure(await w.seller.api.delete(`/api/sale/${refundRow.saleID}`)).failSummary).toBe(NOT_EDITABLE);
    });
    expect((await readSale(w, refundRow.saleID)).isRefunded).toBe(false);
    expect(expectStatus(await w.seller.api.get(`/api/sales?refSaleID=${sale.saleID}`), 200).body.listData).toHaveLength(1);
  });

  it('refunds once when four refunds of one sale arrive together', async () => {
    const sale = await recordSale(w);
    // Without the version (from the same one, three are a 409: test/api/concurrent-edits.e2e-spec.ts),
    // so the refunds meet the sale's lock: the first refunds it, the others find it refunded.
    const { updatedDate: _version, ...unversioned }: Row = refund(sale);
    const answers = await Promise.all([1, 2, 3, 4].map(() => w.seller.api.put(`/api/sale/${sale.saleID}`, unversioned)));
    expect(answers.map((res) => res.status).sort()).toEqual([200, 400, 400, 400]);
    for (const res of answers.filter((r) => r.status === 400)) expect(res.body.validationResult.failSummary).toBe(NOT_EDITABLE);
    expect(expectStatus(await w.seller.api.get(`/api/sales?refSaleID=${sale.saleID}`), 200).body.listData).toHaveLength(1);
    expect(await historyOf(w.seller.api, sale.saleID)).toHaveLength(2);
  });

  it('refunds a modified or reconciled sale, never a cancelled one', async () => {
    const modified = await recordSale(w);
    const edited = expectStatus(await w.seller.api.put(`/api/sale/${modified.saleID}`, { ...modified, notes: 'Changed' }), 200).body.data;
    expect(expectStatus(await w.seller.api.put(`/api/sale/${modified.saleID}`, refund(edited)), 200).body.data).toEqual(
      expect.objectContaining({ isRefunded: true, currentHistoryStep: 'modified' }),
    );
    const reconciled = await recordSale(w);
    await setStep(w, reconciled.saleID, 'reconciled');
    expect(expectStatus(await w.seller.api.put(`/api/sale/${reconciled.saleID}`, refund(reconciled)), 200).body.data).toEqual(
      expect.objectContaining({ isRefunded: true, currentHistoryStep: 'reconciled' }),
    );
    const cancelled = await recordSale(w);
    const gone = expectStatus(await w.seller.api.put(`/api/sale/${cancelled.saleID}`, { ...cancelled, newStep: 'cancelled', newStepNote: 'Left' }), 200).body
      .data;
    await unchanged(cancelled.saleID, async () => expectFailure(await w.seller.api.put(`/api/sale/${cancelled.saleID}`, refund(gone))));
  });
});

describe('cancel', () => {
  it('needs a reason, counts 0, writes a cancelled history row and leaves the sale closed', async () => {
    const sale = await recordSale(w, w.seller.api, { discountStoreID: fixed.discountStoreID });
    await unchanged(sale.saleID, async () => {
      expect(expectFailure(await w.seller.api.put(`/api/sale/${sale.saleID}`, { ...sale, newStep: 'cancelled' })).failMessages.newStepNote).toBe(REASON);
      expect(
        expectFailure(await w.seller.api.put(`/api/sale/${sale.saleID}`, { ...sale, newStep: 'cancelled', newStepNote: '  ' })).failMessages.newStepNote,
      ).toBe(REASON);
    });
    const cancelled = expectStatus(await w.seller.api.put(`/api/sale/${sale.saleID}`, { ...sale, newStep: 'cancelled', newStepNote: 'Customer left' }), 200)
      .body.data;
    expect(cancelled).toEqual(
      expect.objectContaining({ currentHistoryStep: 'cancelled', revenue: 0, commission: 0, adjustedRevenue: 0, unreconciledRevenue: 0 }),
    );
    const history = await historyOf(w.seller.api, sale.saleID);
    expect(steps(history)).toEqual([
      ['recorded', 'Sale recorded'],
      ['cancelled', 'Cancelled: Customer left'],
    ]);
    expect(cancelled.currentHistoryID).toBe(history[1].historyID);
    await unchanged(sale.saleID, async () => {
      expect(expectFailure(await w.seller.api.put(`/api/sale/${sale.saleID}`, { ...cancelled, notes: 'Back again' })).failSummary).toBe(NOT_EDITABLE);
      expect(expectFailure(await w.seller.api.put(`/api/sale/${sale.saleID}`, { ...cancelled, newStep: 'cancelled', newStepNote: 'Twice' })).failSummary).toBe(
        NOT_EDITABLE,
      );
      expect(expectFailure(await w.seller.api.delete(`/api/sale/${sale.saleID}`)).failSummary).toBe(NOT_EDITABLE);
    });
  });

  it('needs RecordSales or UpdateSales (403)', async () => {
    const refunder = await createSeller(w.t, w.admin, [w.storeA.storeID], { areas: ['RecordRefunds'] });
    const sale = await recordSale(w);
    await unchanged(sale.saleID, async () => {
      expectFailure(await refunder.api.put(`/api/sale/${sale.saleID}`, { ...sale, newStep: 'cancelled', newStepNote: 'No' }), 403);
      expectFailure(await refunder.api.put(`/api/sale/${sale.saleID}`, { ...sale, notes: 'No' }), 403);
      expectFailure(await refunder.api.delete(`/api/sale/${sale.saleID}`), 403);
    });
    const updater = await createSeller(w.t, w.admin, [w.storeA.storeID], { areas: ['UpdateSales'] });
    expectStatus(await updater.api.put(`/api/sale/${sale.saleID}`, { ...sale, newStep: 'cancelled', newStepNote: 'Yes' }), 200);
  });
});

describe('credit-check fail', () => {
  const creditFail = (body: Row = {}) => saleBody(w, { newStep: 'cancelled', notes: 'Credit check fail', orderRef: '11112222333344445555', ...body });

  it('records a cancelled sale with the fixed order reference, counting 0', async () => {
    const checker = await createSeller(w.t, w.admin, [w.storeA.storeID], { areas: ['RecordCreditFails'] });
    const sale = expectStatus(
      await checker.api.post(
        '/api/sale',
        creditFail({ attributableToUserID: checker.userID, discountStoreID: fixed.discountStoreID, notes: 'Something else' }),
      ),
      201,
    ).body.data;
    expect(sale).toEqual(
      expect.objectContaining({
        orderRef: '00000000000000000000',
        notes: 'Credit check fail',
        currentHistoryStep: 'cancelled',
        revenue: 0,
        commission: 0,
        adjustedRevenue: 0,
        isRefund: false,
      }),
    );
    expect(steps(await historyOf(checker.api, sale.saleID))).toEqual([['cancelled', 'Credit check fail']]);
    const listed = expectStatus(await w.seller.api.get(`/api/sales?saleID=${sale.saleID}`), 200).body;
    expect(listed.listIDs[0].selectable).toBe(false);
    expect(listed.data.dupeCount).toBe(0);
    await unchanged(sale.saleID, async () => {
      expect(expectFailure(await w.seller.api.put(`/api/sale/${sale.saleID}`, { ...sale, notes: 'Passed after all' })).failSummary).toBe(NOT_EDITABLE);
    });
    // A second fail shares the code and neither counts as a duplicate.
    const second = expectStatus(await checker.api.post('/api/sale', creditFail({ attributableToUserID: checker.userID })), 201).body.data;
    expect((await readSale(w, second.saleID, w.seller.api)).dupeCount).toBe(0);
  });

  it('needs RecordCreditFails, and RecordCreditFails alone cannot record an ordinary sale', async () => {
    const recorder = await createSeller(w.t, w.admin, [w.storeA.storeID], { areas: ['RecordSales'] });
    const checker = await createSeller(w.t, w.admin, [w.storeA.storeID], { areas: ['RecordCreditFails'] });
    const updater = await createSeller(w.t, w.admin, [w.storeA.storeID], { areas: ['UpdateSales'] });
    const before = await w.t.tableCounts();
    expectFailure(await recorder.api.post('/api/sale', creditFail({ attributableToUserID: recorder.userID })), 403);
    expectFailure(await checker.api.post('/api/sale', saleBody(w, { attributableToUserID: checker.userID })), 403);
    expectFailure(await updater.api.post('/api/sale', saleBody(w, { attributableToUserID: updater.userID })), 403);
    expectFailure(await updater.api.post('/api/sale', creditFail({ attributableToUserID: updater.userID })), 403);
    expect(await w.t.tableCounts()).toEqual(before);
  });
});

describe('edit and delete', () => {
  it('moves a recorded sale to modified with a history row naming the changed fields; an unchanged save writes nothing', async () => {
    const sale = await recordSale(w);
    const read = await readSale(w, sale.saleID, w.seller.api);
    // Saved as it was: no new step and no history (only who saved it last is stamped).
    const same = await unchanged(sale.saleID, async () => expectStatus(await w.seller.api.put(`/api/sale/${sale.saleID}`, read), 200).body.data, true);
    expect({ ...same, updatedDate: null }).toEqual({ ...read, updatedDate: null });

    // From the version the unchanged save answered (it stamped the sale).
    const edited = expectStatus(await w.seller.api.put(`/api/sale/${sale.saleID}`, { ...same, notes: 'Gift', orderRef: '55555555555555555555' }), 200).body
      .data;
    expect(edited).toEqual(expect.objectContaining({ currentHistoryStep: 'modified', notes: 'Gift', orderRef: '55555555555555555555', revenue: 100 }));
    const withDiscount = expectStatus(await w.seller.api.put(`/api/sale/${sale.saleID}`, { ...edited, discountStoreID: fixed.discountStoreID }), 200).body.data;
    expect(withDiscount).toEqual(expect.objectContaining({ currentHistoryStep: 'modified', revenue: 90, commission: 30 }));
    const history = await historyOf(w.seller.api, sale.saleID);
    expect(steps(history)).toEqual([
      ['recorded', 'Sale recorded'],
      ['modified', 'Changed order reference, notes'],
      ['modified', 'Changed discount'],
    ]);
    expect(history[2]).toEqual(expect.objectContaining({ documentType: 'sale', documentID: sale.saleID, createdByUserName: w.seller.data.name }));
    expect(withDiscount.currentHistoryID).toBe(history[2].historyID);
    // Saved unchanged once modified: still nothing written.
    await unchanged(sale.saleID, async () => expectStatus(await w.seller.api.put(`/api/sale/${sale.saleID}`, withDiscount), 200), true);
    expect(await historyOf(w.seller.api, sale.saleID)).toHaveLength(3);
  });

  it('reprices an edit to another SKU and refuses a discount the new SKU excludes', async () => {
    const sale = await recordSale(w, w.seller.api, { discountStoreID: fixed.discountStoreID });
    await unchanged(sale.saleID, async () => {
      const failure = expectFailure(await w.seller.api.put(`/api/sale/${sale.saleID}`, { ...sale, rateCardLineStoreID: w.exclLineA.rateCardLineStoreID }));
      expect(failure.failMessages.discountStoreID).toBe('This SKU is excluded from discounts');
    });
    const moved = expectStatus(
      await w.seller.api.put(`/api/sale/${sale.saleID}`, { ...sale, rateCardLineStoreID: w.exclLineA.rateCardLineStoreID, discountStoreID: null }),
      200,
    ).body.data;
    expect(moved).toEqual(expect.objectContaining({ revenue: 50, commission: 20, discountStoreID: null, currentHistoryStep: 'modified' }));
    expect(moved.sku).not.toBe(sale.sku);
    expect(steps(await historyOf(w.seller.api, sale.saleID))[1]).toEqual(['modified', 'Changed SKU, discount']);
  });

  it('keeps the amounts on an edit that changes no pricing field, though the line store was repriced since (spec 01 section 4)', async () => {
    // "Revenue and commission are recalculated by the server when discount, rate card line store,
    // percent, cancelled or refund state change": a new note is none of these.
    const line = await createRateCardLine(w.admin, {
      rateCardID: w.card.rateCardID,
      saleTypeID: w.saleType.saleTypeID,
      skuTypeID: w.skuType.skuTypeID,
      rateCardLineStores: [{ storeID: w.storeA.storeID, active: true, revenue: 60, commission: 6 }],
    });
    const lineStore = line.rateCardLineStores[0];
    const sale = await recordSale(w, w.seller.api, { rateCardLineStoreID: lineStore.rateCardLineStoreID });
    expect(sale).toEqual(expect.objectContaining({ revenue: 60, commission: 6 }));
    expectStatus(
      await w.admin.put(`/api/rateCardLine/${line.rateCardLineID}`, { ...line, rateCardLineStores: [{ ...lineStore, revenue: 75, commission: 9 }] }),
      200,
    );
    const noted = expectStatus(await w.seller.api.put(`/api/sale/${sale.saleID}`, { ...sale, notes: 'Customer phoned' }), 200).body.data;
    expect(noted).toEqual(
      expect.objectContaining({ notes: 'Customer phoned', currentHistoryStep: 'modified', revenue: 60, commission: 6, adjustedRevenue: 60 }),
    );
    // A discount is a pricing change: priced again from the line store as it is now.
    const discounted = expectStatus(await w.seller.api.put(`/api/sale/${sale.saleID}`, { ...noted, discountStoreID: fixed.discountStoreID }), 200).body.data;
    expect(discounted).toEqual(expect.objectContaining({ revenue: 65, commission: 0 }));
  });

  it('moves a sale to another store of the profile, priced from that store', async () => {
    const both = await createSeller(w.t, w.admin, [w.storeA.storeID, w.storeB.storeID]);
    const sale = await recordSale(w, both.api, { attributableToUserID: both.userID });
    const moved = expectStatus(
      await both.api.put(`/api/sale/${sale.saleID}`, {
        ...sale,
        storeID: w.storeB.storeID,
        rateCardLineStoreID: w.lineB.rateCardLineStoreID,
        saleAnalysisValues: [],
      }),
      200,
    ).body.data;
    expect(moved).toEqual(
      expect.objectContaining({ storeID: w.storeB.storeID, storeName: w.storeB.name, revenue: 90, commission: 30, currentHistoryStep: 'modified' }),
    );
    expect(steps(await historyOf(both.api, sale.saleID))[1]).toEqual(['modified', 'Changed store, SKU, analysis values']);
    // The seller of store A alone no longer sees it.
    expectStatus(await w.seller.api.get(`/api/sales?saleID=${sale.saleID}`), 404);
  });

  it('deletes a recorded or modified sale with its analysis values', async () => {
    const sale = await recordSale(w);
    expect(sale.saleAnalysisValues).toHaveLength(1);
    const counts = await w.t.tableCounts();
    expectStatus(await w.seller.api.delete(`/api/sale/${sale.saleID}`), 200);
    expectStatus(await w.seller.api.get(`/api/sales?saleID=${sale.saleID}`), 404);
    const after = await w.t.tableCounts();
    expect(after.sale).toBe(counts.sale - 1);
    expect(after.saleAnalysisValue).toBe(counts.saleAnalysisValue - 1);
    expectStatus(await w.seller.api.delete(`/api/sale/${sale.saleID}`), 404);
    // The next sale gets a new id, so it never shows the deleted sale's history.
    const next = await recordSale(w);
    expect(next.saleID).toBeGreaterThan(sale.saleID);
    expect(await historyOf(w.seller.api, next.saleID)).toHaveLength(1);
  });
});

describe('a sale whose store no longer asks one of its analysis fields', () => {
  it('can still be edited and cancelled: its own stored answer is not a new answer to a field the store does not ask', async () => {
    const field = await createAnalysisField(w.admin, { label: 'Campaign', inputType: 'text', storeIDs: [w.storeA.storeID] });
    const answer = { analysisFieldID: field.analysisFieldID, analysisValue: 'Spring' };
    const toEdit = await recordSale(w, w.seller.api, { saleAnalysisValues: [answer] });
    const toCancel = await recordSale(w, w.seller.api, { saleAnalysisValues: [answer] });
    expectStatus(await w.admin.put(`/api/analysisField/${field.analysisFieldID}`, { ...field, storeIDs: [] }), 200);
    // A new answer to that field is refused...
    expect(expectFailure(await w.seller.api.post('/api/sale', saleBody(w, { saleAnalysisValues: [answer] }))).failMessages.saleAnalysisValues).toEqual(
      expect.any(String),
    );
    // ...but the sales that already hold one stay editable: the console sends their rows back as read.
    const { saleAnalysisValues: _kept, ...withoutValues } = toEdit;
    expect(expectStatus(await w.seller.api.put(`/api/sale/${toEdit.saleID}`, { ...withoutValues, notes: 'Phoned back' }), 200).body.data.notes).toBe(
      'Phoned back',
    );
    const cancelled = expectStatus(
      await w.seller.api.put(`/api/sale/${toCancel.saleID}`, { ...toCancel, newStep: 'cancelled', newStepNote: 'Customer left' }),
      200,
    ).body.data;
    expect(cancelled.currentHistoryStep).toBe('cancelled');
  });
});

describe('a sale whose discount was disabled after it was recorded', () => {
  it('can still be cancelled, and edited without touching the discount (as a line store made inactive since)', async () => {
    const discount = await createDiscount(w.admin, {
      saleTypeID: w.saleType.saleTypeID,
      discountStores: [{ storeID: w.storeA.storeID, enabled: true, captureVariablePercent: false, revenueReductionFixed: 10, commissionSameAsRevenue: true }],
    });
    const discountStoreID = discount.discountStores[0].discountStoreID;
    const toCancel = await recordSale(w, w.seller.api, { discountStoreID });
    const toEdit = await recordSale(w, w.seller.api, { discountStoreID });
    expectStatus(
      await w.admin.put(`/api/discount/${discount.discountID}`, { ...discount, discountStores: [{ ...discount.discountStores[0], enabled: false }] }),
      200,
    );
    // Choosing it now is refused...
    expect(expectFailure(await w.seller.api.post('/api/sale', saleBody(w, { discountStoreID }))).failMessages.discountStoreID).toEqual(expect.any(String));
    // ...but a cancel is not a change of discount, and neither is a new note.
    const cancelled = expectStatus(
      await w.seller.api.put(`/api/sale/${toCancel.saleID}`, { ...toCancel, newStep: 'cancelled', newStepNote: 'Customer left' }),
      200,
    ).body.data;
    expect(cancelled).toEqual(expect.objectContaining({ currentHistoryStep: 'cancelled', revenue: 0, commission: 0 }));
    const edited = expectStatus(await w.seller.api.put(`/api/sale/${toEdit.saleID}`, { ...toEdit, notes: 'Phoned back' }), 200).body.data;
    expect(edited).toEqual(expect.objectContaining({ notes: 'Phoned back', discountStoreID }));
  });
});

describe('unreconcile', () => {
  let reconciler: TestUser;
  beforeAll(async () => {
    reconciler = await createSeller(w.t, w.admin, [w.storeA.storeID], { areas: ['RevenueReconciliation'] });
  });

  it('needs RevenueReconciliation and puts a reconciled sale back to the step it had', async () => {
    const recorded = await recordSale(w);
    await setStep(w, recorded.saleID, 'reconciled');
    await unchanged(recorded.saleID, async () => {
      expectFailure(await w.seller.api.put(`/api/sale/${recorded.saleID}/unreconcile`), 403);
      expect(expectFailure(await w.seller.api.put(`/api/sale/${recorded.saleID}`, { ...recorded, notes: 'Edit reconciled' })).failSummary).toBe(NOT_EDITABLE);
      expect(
        expectFailure(await w.seller.api.put(`/api/sale/${recorded.saleID}`, { ...recorded, newStep: 'cancelled', newStepNote: 'Too late' })).failSummary,
      ).toBe(NOT_EDITABLE);
      expect(expectFailure(await w.seller.api.delete(`/api/sale/${recorded.saleID}`)).failSummary).toBe(NOT_EDITABLE);
    });
    expect(expectStatus(await reconciler.api.put(`/api/sale/${recorded.saleID}/unreconcile`), 200).body.data.currentHistoryStep).toBe('recorded');
    expect(steps(await historyOf(w.seller.api, recorded.saleID))).toEqual([
      ['recorded', 'Sale recorded'],
      ['recorded', 'Unreconciled'],
    ]);

    const modified = await recordSale(w);
    expectStatus(await w.seller.api.put(`/api/sale/${modified.saleID}`, { ...modified, notes: 'Changed' }), 200);
    await setStep(w, modified.saleID, 'reconciled');
    expect(expectStatus(await reconciler.api.put(`/api/sale/${modified.saleID}/unreconcile`), 200).body.data.currentHistoryStep).toBe('modified');
  });

  it('refuses a sale that is not reconciled (400) and one outside the profile (404)', async () => {
    const sale = await recordSale(w);
    await unchanged(sale.saleID, async () => expectFailure(await reconciler.api.put(`/api/sale/${sale.saleID}/unreconcile`)));
    const theirs = await recordSale(w, w.admin, {
      storeID: w.storeB.storeID,
      rateCardLineStoreID: w.lineB.rateCardLineStoreID,
      attributableToUserID: w.adminID,
    });
    await setStep(w, theirs.saleID, 'reconciled');
    await unchanged(theirs.saleID, async () => expectStatus(await reconciler.api.put(`/api/sale/${theirs.saleID}/unreconcile`), 404));
  });
});

describe('steps and history', () => {
  const flags = (list: Row[]) => list.map((s) => [s.name, s.applicable]);

  it('lists the four steps in order, and for a sale which apply', async () => {
    const all = expectStatus(await w.seller.api.get('/api/sale/steps'), 200).body.listData;
    expect(flags(all)).toEqual([
      ['recorded', true],
      ['modified', false],
      ['reconciled', true],
      ['cancelled', false],
    ]);
    for (const s of all)
      expect(s).toEqual({
        name: expect.any(String),
        displayName: expect.any(String),
        description: expect.any(String),
        applicable: expect.any(Boolean),
        justification: expect.any(String),
      });

    const sale = await recordSale(w);
    expect(flags(expectStatus(await w.seller.api.get(`/api/sale/steps/${sale.saleID}`), 200).body.listData)).toEqual(flags(all));
    const edited = expectStatus(await w.seller.api.put(`/api/sale/${sale.saleID}`, { ...sale, notes: 'Changed' }), 200).body.data;
    expect(flags(expectStatus(await w.seller.api.get(`/api/sale/steps/${sale.saleID}`), 200).body.listData)).toEqual([
      ['recorded', true],
      ['modified', true],
      ['reconciled', true],
      ['cancelled', false],
    ]);
    expectStatus(await w.seller.api.put(`/api/sale/${sale.saleID}`, { ...edited, newStep: 'cancelled', newStepNote: 'Gone' }), 200);
    const cancelled = expectStatus(await w.seller.api.get(`/api/sale/steps/${sale.saleID}`), 200).body.listData;
    expect(flags(cancelled)).toEqual([
      ['recorded', true],
      ['modified', true],
      ['reconciled', false],
      ['cancelled', true],
    ]);
    expect(cancelled[3].justification).toBe('Cancelled: Gone');

    expectFailure(await w.seller.api.get('/api/sale/steps/abc'));
    expectFailure(await w.seller.api.get('/api/sale/steps/0'));
    expectStatus(await w.seller.api.get('/api/sale/steps/9999999'), 404);
  });

  it('answers history rows oldest first, 404 for a sale outside the profile or missing, 400 for bad parameters', async () => {
    const sale = await recordSale(w);
    const history = await historyOf(w.seller.api, sale.saleID);
    expect(history).toEqual([
      {
        historyID: expect.any(Number),
        documentType: 'sale',
        documentID: sale.saleID,
        step: 'recorded',
        description: 'Sale recorded',
        createdDate: expect.any(String),
        createdByUserName: w.seller.data.name,
      },
    ]);
    const theirs = await recordSale(w, w.admin, {
      storeID: w.storeB.storeID,
      rateCardLineStoreID: w.lineB.rateCardLineStoreID,
      attributableToUserID: w.adminID,
    });
    expectStatus(await w.seller.api.get(`/api/histories?documentType=sale&documentID=${theirs.saleID}`), 404);
    expect(await historyOf(w.admin, theirs.saleID)).toHaveLength(1);
    expectStatus(await w.seller.api.get('/api/histories?documentType=sale&documentID=9999999'), 404);
    expectFailure(await w.seller.api.get(`/api/histories?documentType=invoice&documentID=${sale.saleID}`));
    expectFailure(await w.seller.api.get(`/api/histories?documentType=sale%27%20OR%201=1&documentID=${sale.saleID}`));
    expectFailure(await w.seller.api.get(`/api/histories?documentID=${sale.saleID}`));
    expectFailure(await w.seller.api.get('/api/histories?documentType=sale&documentID=abc'));
    expectFailure(await w.seller.api.get('/api/histories?documentType=sale&documentID=99999999999999999999'));
    expectFailure(await w.seller.api.get(`/api/histories?documentType=sale&documentID=${sale.saleID}&extra=1`));
  });
});

describe('bulk change of rate card', () => {
  let card2: Row;
  let s1: Row;
  let s2: Row;
  let s3: Row;
  let s4: Row;
  let theirs: Row;
  beforeAll(async () => {
    card2 = await createRateCard(w.admin, { fromDate: `${YEAR}-06-01` });
    await newLineStore(w, w.storeA, { revenue: 120, commission: 50 }, { rateCardID: card2.rateCardID, sku: w.line.sku });
    s1 = await recordSale(w);
    s2 = await recordSale(w, w.seller.api, { discountStoreID: fixed.discountStoreID });
    s3 = await recordSale(w, w.seller.api, { rateCardLineStoreID: w.exclLineA.rateCardLineStoreID });
    s4 = await recordSale(w);
    s4 = expectStatus(await w.seller.api.put(`/api/sale/${s4.saleID}`, { ...s4, newStep: 'cancelled', newStepNote: 'Gone' }), 200).body.data;
    theirs = await recordSale(w, w.admin, { storeID: w.storeB.storeID, rateCardLineStoreID: w.lineB.rateCardLineStoreID, attributableToUserID: w.adminID });
  });

  const ids = (...sales: Array<Row | number>) => sales.map((s) => (typeof s === 'number' ? s : s.saleID)).join(',');

  it('validates: every failure listed, joined by |', async () => {
    expect(
      expectStatus(await w.seller.api.put('/api/sales/changeRateCardValidate', { saleID: ids(s1, s2), rateCardID: card2.rateCardID }), 200).body.data,
    ).toEqual({ count: 2 });
    const failure = expectFailure(
      await w.seller.api.put('/api/sales/changeRateCardValidate', { saleID: ids(s1, s3, s4, 9_999_999, theirs), rateCardID: card2.rateCardID }),
    );
    const messages = failure.failMessages.translation.split('|');
    expect(messages).toHaveLength(4);
    expect(messages).toEqual([
      `Sale ${s3.saleID}: SKU ${s3.sku} is not on ${card2.name} for ${w.storeA.name}, ${w.saleType.name}`,
      expect.stringContaining(`Sale ${s4.saleID} `),
      expect.stringContaining('Sale 9999999 '),
      expect.stringContaining(`Sale ${theirs.saleID} `),
    ]);
    expect((await readSale(w, s1.saleID)).rateCardID).toBe(w.card.rateCardID);
  });

  it('commits all or nothing, needs notes and UpdateSales', async () => {
    const recorder = await createSeller(w.t, w.admin, [w.storeA.storeID], { areas: ['RecordSales', 'RecordRefunds'] });
    await unchanged(s1.saleID, async () => {
      expectFailure(await w.seller.api.put('/api/sales/changeRateCard', { saleID: ids(s1, s2, s3), rateCardID: card2.rateCardID, notes: 'Supplier moved' }));
      expect(
        expectFailure(await w.seller.api.put('/api/sales/changeRateCard', { saleID: ids(s1, s2), rateCardID: card2.rateCardID })).failMessages.notes,
      ).toEqual(expect.any(String));
      expectFailure(await w.seller.api.put('/api/sales/changeRateCard', { saleID: ids(s1, s2), rateCardID: card2.rateCardID, notes: '   ' }));
      expectFailure(await recorder.api.put('/api/sales/changeRateCard', { saleID: ids(s1, s2), rateCardID: card2.rateCardID, notes: 'Supplier moved' }), 403);
      expectFailure(await recorder.api.put('/api/sales/changeRateCardValidate', { saleID: ids(s1, s2), rateCardID: card2.rateCardID }), 403);
    });
    expect((await readSale(w, s2.saleID)).rateCardID).toBe(w.card.rateCardID);

    expect(
      expectStatus(await w.seller.api.put('/api/sales/changeRateCard', { saleID: ids(s1, s2), rateCardID: card2.rateCardID, notes: 'Supplier moved' }), 200)
        .body.data,
    ).toEqual({ count: 2 });
    const moved1 = await readSale(w, s1.saleID);
    const moved2 = await readSale(w, s2.saleID);
    expect(moved1).toEqual(
      expect.objectContaining({
        rateCardID: card2.rateCardID,
        sku: s1.sku,
        revenue: 120,
        commission: 50,
        adjustedRevenue: 120,
        currentHistoryStep: 'modified',
      }),
    );
    expect(moved2).toEqual(
      expect.objectContaining({
        rateCardID: card2.rateCardID,
        revenue: 110,
        commission: 40,
        discountStoreID: fixed.discountStoreID,
        currentHistoryStep: 'modified',
      }),
    );
    expect(moved1.rateCardLineStoreID).not.toBe(s1.rateCardLineStoreID);
    for (const sale of [s1, s2]) {
      const history = await historyOf(w.seller.api, sale.saleID);
      expect(steps(history)).toEqual([
        ['recorded', 'Sale recorded'],
        ['modified', `Rate card changed from ${w.card.name} to ${card2.name}: Supplier moved`],
      ]);
    }
  });

  it('refuses a move to a line store that is inactive on the new card', async () => {
    const sku = 'BULK-INACT-1';
    const before = await newLineStore(w, w.storeA, { revenue: 30, commission: 12 }, { sku });
    await newLineStore(
      w,
      w.storeB,
      { revenue: 35, commission: 14 },
      { rateCardID: card2.rateCardID, sku, rateCardLineStores: [{ storeID: w.storeA.storeID, active: false, revenue: 35, commission: 14 }] },
    );
    const sale = await recordSale(w, w.seller.api, { rateCardLineStoreID: before.rateCardLineStoreID });
    const failure = expectFailure(await w.seller.api.put('/api/sales/changeRateCardValidate', { saleID: String(sale.saleID), rateCardID: card2.rateCardID }));
    expect(failure.failMessages.translation).toBe(`Sale ${sale.saleID}: SKU ${sku} is not on ${card2.name} for ${w.storeA.name}, ${w.saleType.name}`);
  });

  it('drops the discount of a sale whose SKU excludes discounts on the new card', async () => {
    const sku = 'BULK-EXCL-1';
    const before = await newLineStore(w, w.storeA, { revenue: 30, commission: 12 }, { sku });
    await newLineStore(w, w.storeA, { revenue: 35, commission: 14, excludeDiscount: true }, { rateCardID: card2.rateCardID, sku });
    const sale = await recordSale(w, w.seller.api, { rateCardLineStoreID: before.rateCardLineStoreID, discountStoreID: fixed.discountStoreID });
    expect(sale).toEqual(expect.objectContaining({ revenue: 20, commission: 2 }));
    expectStatus(await w.seller.api.put('/api/sales/changeRateCard', { saleID: String(sale.saleID), rateCardID: card2.rateCardID, notes: 'New card' }), 200);
    expect(await readSale(w, sale.saleID)).toEqual(
      expect.objectContaining({ rateCardID: card2.rateCardID, revenue: 35, commission: 14, discountStoreID: null, discountPercent: null }),
    );
  });

  it('refuses bad bodies with 400', async () => {
    const counts = await w.t.tableCounts();
    for (const body of [
      { saleID: 'abc', rateCardID: card2.rateCardID, notes: 'x' },
      { saleID: `${s1.saleID};DROP TABLE sale`, rateCardID: card2.rateCardID, notes: 'x' },
      { saleID: '', rateCardID: card2.rateCardID, notes: 'x' },
      { saleID: [s1.saleID], rateCardID: card2.rateCardID, notes: 'x' },
      { saleID: String(s1.saleID), rateCardID: 'two', notes: 'x' },
      { saleID: String(s1.saleID), rateCardID: 1e20, notes: 'x' },
      { saleID: String(s1.saleID), rateCardID: card2.rateCardID, notes: 'x', extra: true },
    ]) {
      expectFailure(await w.seller.api.put('/api/sales/changeRateCard', body));
      expectFailure(await w.seller.api.put('/api/sales/changeRateCardValidate', body));
    }
    expect(
      expectFailure(await w.seller.api.put('/api/sales/changeRateCardValidate', { saleID: String(s1.saleID), rateCardID: 9_999_999 })).failMessages.rateCardID,
    ).toEqual(expect.any(String));
    expect(await w.t.tableCounts()).toEqual(counts);
  });
});

describe('bad input on the sales calls: 400 with validationResult, nothing written', () => {
  let sale: Row;
  beforeAll(async () => {
    sale = await recordSale(w);
  });

  const bad: Array<[string, Row, string | null]> = [
    ['storeID as text', { storeID: 'abc' }, 'storeID'],
    ['storeID huge', { storeID: 1e20 }, 'storeID'],
    ['storeID negative', { storeID: -1 }, 'storeID'],
    ['storeID fractional', { storeID: 1.5 }, 'storeID'],
    ['seller null', { attributableToUserID: null }, 'attributableToUserID'],
    ['rateCardLineStoreID an object', { rateCardLineStoreID: { id: 1 } }, 'rateCardLineStoreID'],
    ['sale date 2024-02-30', { saleDate: '2024-02-30' }, 'saleDate'],
    ['sale date as a number', { saleDate: 20130203 }, 'saleDate'],
    ['sale date empty', { saleDate: '' }, 'saleDate'],
    ['sale date SQL', { saleDate: "2013-02-03' OR '1'='1" }, 'saleDate'],
    ['order reference of 21 digits', { orderRef: '123456789012345678901' }, 'orderRef'],
    ['order reference of 19 digits', { orderRef: '1234567890123456789' }, 'orderRef'],
    ['order reference as a number', { orderRef: 12345678901234567000 }, 'orderRef'],
    ['order reference SQL', { orderRef: "1' OR '1'='1'; DROP TABLE sale; --" }, 'orderRef'],
    ['order reference with letters', { orderRef: '1234567890123456789A' }, 'orderRef'],
    ['notes too long', { notes: 'x'.repeat(1001) }, 'notes'],
    ['notes as a list', { notes: ['a'] }, 'notes'],
    ['discount as text', { discountStoreID: 'ten' }, 'discountStoreID'],
    ['analysis values not a list', { saleAnalysisValues: 'Source=x' }, null],
    ['analysis value a number', { saleAnalysisValues: [{ analysisFieldID: 1, analysisValue: 5 }] }, null],
    ['analysis field id text', { saleAnalysisValues: [{ analysisFieldID: 'x', analysisValue: 'a' }] }, null],
    ['analysis value too long', { saleAnalysisValues: [{ analysisFieldID: 1, analysisValue: 'v'.repeat(256) }] }, null],
    ['new step reconciled', { newStep: 'reconciled' }, 'newStep'],
    ['refunded as text', { isRefunded: 'yes' }, 'isRefunded'],
    ['a refund reason', { refundReasonID: 5 }, 'refundReasonID'],
    ['an analysis value null', { saleAnalysisValues: [null] }, null],
    ['an analysis value empty', { saleAnalysisValues: [{}] }, null],
    ['analysis values an object', { saleAnalysisValues: {} }, 'saleAnalysisValues'],
    ['analysis values nested lists', { saleAnalysisValues: [[]] }, null],
    ['a control character in notes', { notes: 'a\u0000b' }, 'notes'],
    ['a refund note as a list', { isRefunded: true, isRefundedNote: ['x'], isRefundedOrderRef: 'abcdeabcdeabcdeabcde' }, 'isRefundedNote'],
    ['a refund order reference as a number', { isRefunded: true, isRefundedNote: 'x', isRefundedOrderRef: 12345678901234567000 }, 'isRefundedOrderRef'],
    ['a cancel reason as a number', { newStep: 'cancelled', newStepNote: 123 }, 'newStepNote'],
    ['saleID as text', { saleID: 'abc' }, null],
    ['an unknown field', { colour: 'red' }, null],
    ['a constructor key', { constructor: { prototype: {} } }, null],
    ['a prototype key', JSON.parse('{"__proto__": {"admin": true}}'), null],
  ];

  it.each(bad)('POST and PUT refuse %s', async (_name, change, field) => {
    const counts = await w.t.tableCounts();
    const posted = expectFailure(await w.seller.api.post('/api/sale', { ...saleBody(w), ...change }));
    if (field) expect(posted.failMessages[field]).toEqual(expect.any(String));
    await unchanged(sale.saleID, async () => {
      const put = expectFailure(await w.seller.api.put(`/api/sale/${sale.saleID}`, { ...sale, ...change }));
      if (field) expect(put.failMessages[field]).toEqual(expect.any(String));
    });
    expect(await w.t.tableCounts()).toEqual(counts);
  });

  it('takes the longest cancel reason the body allows without a 500 (history descriptions hold it)', async () => {
    // newStepNote accepts 1000 characters; the history row adds 'Cancelled: '.
    const reason = 'r'.repeat(1000);
    const toCancel = await recordSale(w);
    const cancel = await w.seller.api.put(`/api/sale/${toCancel.saleID}`, { ...toCancel, newStep: 'cancelled', newStepNote: reason });
    expect([200, 400]).toContain(cancel.status);
    const cancelled = await readSale(w, toCancel.saleID);
    const history = await historyOf(w.seller.api, toCancel.saleID);
    if (cancel.status === 200) {
      expect(cancelled.currentHistoryStep).toBe('cancelled');
      expect(history[history.length - 1]).toEqual(expect.objectContaining({ step: 'cancelled', description: expect.stringContaining('rrrr') }));
    } else {
      expectFailure(cancel);
      expect([cancelled.currentHistoryStep, history.length]).toEqual(['recorded', 1]);
    }
  });

  it('takes the longest bulk change note the body allows without a 500 (history descriptions hold it)', async () => {
    const reason = 'r'.repeat(1000);
    const card3 = await createRateCard(w.admin, { fromDate: `${YEAR}-09-01`, name: `Long card ${'N'.repeat(80)}` });
    await newLineStore(w, w.storeA, { revenue: 120, commission: 50 }, { rateCardID: card3.rateCardID, sku: w.line.sku });
    const toMove = await recordSale(w);
    const move = await w.seller.api.put('/api/sales/changeRateCard', { saleID: String(toMove.saleID), rateCardID: card3.rateCardID, notes: reason });
    expect([200, 400]).toContain(move.status);
    if (move.status === 400) expectFailure(move);
    expect((await readSale(w, toMove.saleID)).rateCardID).toBe(move.status === 200 ? card3.rateCardID : w.card.rateCardID);
  });

  it('refuses a new sale sent as refunded', async () => {
    const counts = await w.t.tableCounts();
    const failure = expectFailure(await w.seller.api.post('/api/sale', saleBody(w, { isRefunded: true, isRefundedNote: 'x', isRefundedOrderRef: REFUND_REF })));
    expect(failure.failMessages.isRefunded).toBe('A new sale cannot be refunded');
    expect(await w.t.tableCounts()).toEqual(counts);
  });

  it('refuses a missing body, a list, malformed JSON and bad ids', async () => {
    const counts = await w.t.tableCounts();
    expectFailure(await w.seller.api.post('/api/sale', {}));
    expectFailure(await w.seller.api.post('/api/sale', [saleBody(w)]));
    expectFailure(await w.seller.api.post('/api/sale'));
    const token = w.seller.token;
    expectFailure(await w.t.http.post('/api/sale').set('x-access-token', token).set('Content-Type', 'application/json').send('{"storeID": 1,'));
    expectFailure(await w.t.http.put(`/api/sale/${sale.saleID}`).set('x-access-token', token).set('Content-Type', 'application/json').send('{"notes": "x"'));
    for (const id of ['abc', '0', '-1', '1.5', '99999999999', "1'%20OR%20'1'='1"]) {
      expectFailure(await w.seller.api.put(`/api/sale/${id}`, saleBody(w)));
      expectFailure(await w.seller.api.delete(`/api/sale/${id}`));
      expectFailure(await w.admin.put(`/api/sale/${id}/unreconcile`));
    }
    expectStatus(await w.seller.api.put('/api/sale/9999999', saleBody(w)), 404);
    expect(await w.t.tableCounts()).toEqual(counts);
  });

  it('stores an SQL-shaped note as text', async () => {
    const note = "Robert'); DROP TABLE sale; --";
    const saved = await recordSale(w, w.seller.api, { notes: note });
    expect((await readSale(w, saved.saleID)).notes).toBe(note);
    expect(
      expectStatus(await w.seller.api.get(`/api/sales?saleDateGEQ=${YEAR}-01-01&notes=${encodeURIComponent(note)}`), 200).body.listData.map(
        (r: Row) => r.saleID,
      ),
    ).toEqual([saved.saleID]);
  });

  it('refuses bad list queries with 400', async () => {
    for (const query of [
      'saleDateGEQ=2024-02-30',
      'saleDateLEQ=yesterday',
      'storeID=abc',
      'saleID=1%20OR%201=1',
      'orderRefDuplicates=3',
      'isRefund=maybe',
      'currentHistoryStepLower=' + 'x'.repeat(51),
      'attributableToUserNameLower=' + 'x'.repeat(51),
      'targetDate=2024-13-01',
      'sort=password',
      'nosuchfilter=1',
    ]) {
      const res = await w.seller.api.get(`/api/sales?${query}`);
      expect([query, res.status]).toEqual([query, 400]);
      expectFailure(res);
    }
    expect(expectStatus(await w.seller.api.get(`/api/sales?saleDateGEQ=${YEAR}-01-01&sku=${encodeURIComponent("' OR 1=1 --")}`), 200).body.listData).toEqual(
      [],
    );
  });
});
