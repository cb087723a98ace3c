import {
  actionBody,
  analysisDefaults,
  analysisFromSale,
  analysisToBody,
  analysisToForm,
  applyAutoFill,
  autoFillValue,
  canCancel,
  canRecordCreditFail,
  canRefund,
  canUnreconcile,
  clampSaleDay,
  cleanOrderRef,
  discountAfterDiscountChange,
  discountAfterSaleTypeChange,
  discountAfterSkuChange,
  DISCOUNT_PERCENTS,
  earliestSaleDay,
  isSaleEditable,
  normaliseRefundOrderRef,
  orderRefChunks,
  stepperItems,
  typeIntoChunk,
  type AnalysisFieldDef,
  type SaleState,
} from './saleForm';

describe('sale form: discounts (spec 01 §4)', () => {
  it('offers 0 to 40 percent in steps of 5', () => {
    expect(DISCOUNT_PERCENTS).toEqual([0, 5, 10, 15, 20, 25, 30, 35, 40]);
  });

  it('resets the discount when the sale type changes', () => {
    expect(discountAfterSaleTypeChange()).toEqual({ discountStoreID: null, discountPercent: null });
  });

  it('clears the discount for a SKU that excludes discounts, keeps it otherwise', () => {
    const state = { discountStoreID: 4, discountPercent: 10 };
    expect(discountAfterSkuChange(state, true)).toEqual({ discountStoreID: null, discountPercent: null });
    expect(discountAfterSkuChange(state, false)).toBe(state);
  });

  it('keeps a percent only for a discount that captures a variable percent', () => {
    expect(discountAfterDiscountChange({ discountStoreID: 3, captureVariablePercent: false }, 15)).toEqual({ discountStoreID: 3, discountPercent: null });
    expect(discountAfterDiscountChange({ discountStoreID: 3, captureVariablePercent: true }, 15)).toEqual({ discountStoreID: 3, discountPercent: 15 });
    expect(discountAfterDiscountChange({ discountStoreID: 3, captureVariablePercent: true }, null)).toEqual({ discountStoreID: 3, discountPercent: 0 });
    expect(discountAfterDiscountChange({ discountStoreID: 3, captureVariablePercent: true }, 12)).toEqual({ discountStoreID: 3, discountPercent: 0 });
    expect(discountAfterDiscountChange(undefined, 15)).toEqual({ discountStoreID: null, discountPercent: null });
  });
});

describe('sale form: analysis fields autofill (spec 01 §4)', () => {
  const band: AnalysisFieldDef = {
    analysisFieldID: 7,
    name: 'Tier',
    inputType: 'single',
    autoFillFrom: 'rateCardLineBandName',
    analysisListItems: [{ code: 'GOLD' }, { code: 'Silver' }],
  };
  const described: AnalysisFieldDef = {
    ...band,
    analysisFieldID: 8,
    autoFillFrom: 'rateCardLineDescriptionContains',
    analysisListItems: [{ code: '5G' }, { code: 'Unlimited' }],
  };

  it('matches the band name to an item code ignoring case', () => {
    expect(autoFillValue(band, { bandName: 'gold' })).toBe('GOLD');
    expect(autoFillValue(band, { bandName: 'SILVER' })).toBe('Silver');
  });

  it('blanks the value when nothing matches', () => {
    expect(autoFillValue(band, { bandName: 'Bronze' })).toBe('');
    expect(autoFillValue(band, { bandName: null })).toBe('');
    expect(autoFillValue(band, null)).toBe('');
    expect(autoFillValue(described, { description: 'Basic 4G plan' })).toBe('');
  });

  it('takes the first item whose code is in the description', () => {
    expect(autoFillValue(described, { description: 'Handset with unlimited 5g data' })).toBe('5G');
    expect(autoFillValue(described, { description: 'UNLIMITED calls' })).toBe('Unlimited');
  });

  it('never fills a multi or text field', () => {
    expect(autoFillValue({ ...band, inputType: 'multi' }, { bandName: 'Gold' })).toBe('');
  });

  it('fills every auto-filled field and keeps the others', () => {
    const text: AnalysisFieldDef = { analysisFieldID: 9, name: 'Ref', inputType: 'text', defaultValue: 'N/A' };
    const values = applyAutoFill([band, text], { '7': 'Silver', '9': 'typed' }, { bandName: 'Gold' });
    expect(values).toEqual({ '7': 'GOLD', '9': 'typed' });
    expect(analysisDefaults([band, text])).toEqual({ '9': 'N/A' });
  });

  it('sends one answer per value (a multi field one per code), nothing for an empty answer', () => {
    const multi: AnalysisFieldDef = { analysisFieldID: 1, name: 'Extras', inputType: 'multi' };
    expect(analysisToForm(multi, 'A, B,C')).toEqual(['A', 'B', 'C']);
    expect(analysisToBody(multi, ['A', 'B'])).toEqual([
      { analysisFieldID: 1, analysisValue: 'A' },
      { analysisFieldID: 1, analysisValue: 'B' },
    ]);
    expect(analysisToBody(band, 'GOLD')).toEqual([{ analysisFieldID: 7, analysisValue: 'GOLD' }]);
    expect(analysisToBody(band, undefined)).toEqual([]);
    expect(analysisToBody(band, '')).toEqual([]);
  });

  it("reads a loaded sale's answers back, a multi field's rows as one list", () => {
    const multi: AnalysisFieldDef = { analysisFieldID: 1, name: 'Extras', inputType: 'multi' };
    expect(
      analysisFromSale(
        [multi, band],
        [
          { analysisFieldID: 1, analysisValue: 'A' },
          { analysisFieldID: 7, analysisValue: 'GOLD' },
          { analysisFieldID: 1, analysisValue: 'B' },
        ],
      ),
    ).toEqual({ '1': ['A', 'B'], '7': 'GOLD' });
  });
});

describe('sale form: sale date clamp (spec 01 §4)', () => {
  it('clamps a date before the months-back limit to the first day of the earliest month', () => {
    expect(earliestSaleDay(2, '2026-11-22')).toBe('2026-09-01');
    expect(clampSaleDay('2026-08-31', 2, '2026-11-22')).toBe('2026-09-01');
    expect(clampSaleDay('2026-09-01', 2, '2026-11-22')).toBe('2026-09-01');
    expect(clampSaleDay('2026-10-15', 2, '2026-11-22')).toBe('2026-10-15');
    expect(clampSaleDay('2025-01-10', 12, '2026-03-31')).toBe('2025-03-01');
  });

  it('does not clamp when the limit is 0 (unlimited)', () => {
    expect(earliestSaleDay(0, '2026-11-22')).toBeNull();
    expect(clampSaleDay('2001-01-01', 0, '2026-11-22')).toBe('2001-01-01');
  });
});

describe('sale form: order reference (spec 01 §5, §9)', () => {
  it('keeps digits only, at most 20', () => {
    expect(cleanOrderRef('12a34 56-7890123456789012')).toBe('12345678901234567890');
  });

  it('shows 4 chunks of 5', () => {
    expect(orderRefChunks('12345678901234567890')).toEqual(['12345', '67890', '12345', '67890']);
    expect(orderRefChunks('1234567')).toEqual(['12345', '67', '', '']);
    expect(orderRefChunks(null)).toEqual(['', '', '', '']);
  });

  it('types into one chunk, and a pasted reference flows into the next ones', () => {
    expect(typeIntoChunk(['', '', '', ''], 1, '12x3')).toEqual(['', '123', '', '']);
    expect(typeIntoChunk(['11111', '', '', ''], 0, '12345678901234567890')).toEqual(['12345', '67890', '12345', '67890']);
    expect(typeIntoChunk(['11111', '22222', '33333', '44444'], 2, '5555566')).toEqual(['11111', '22222', '55555', '66']);
    expect(typeIntoChunk(['11111', '22222', '33333', '44444'], 3, '123456789')).toEqual(['11111', '22222', '33333', '12345']);
  });

  it('upper-cases and cuts a refund reference to 20 characters', () => {
    expect(normaliseRefundOrderRef('abc12345678901234567890xyz')).toBe('ABC12345678901234567');
  });
});

describe('sale form: actions (spec 01 §4)', () => {
  const sale = (over: Partial<SaleState>): SaleState => ({ isNew: false, step: 'recorded', isRefund: false, isRefunded: false, ...over });

  it('lets only recorded or modified sales, not refunds nor refunded, be edited', () => {
    expect(isSaleEditable(sale({ isNew: true, step: 'recording' }))).toBe(true);
    expect(isSaleEditable(sale({ step: 'modified' }))).toBe(true);
    expect(isSaleEditable(sale({ step: 'reconciled' }))).toBe(false);
    expect(isSaleEditable(sale({ step: 'cancelled' }))).toBe(false);
    expect(isSaleEditable(sale({ isRefund: true }))).toBe(false);
    expect(isSaleEditable(sale({ isRefunded: true }))).toBe(false);
  });

  it('offers each action only where the spec allows it', () => {
    expect(canCancel(sale({}), true)).toBe(true);
    expect(canCancel(sale({}), false)).toBe(false);
    expect(canCancel(sale({ isRefunded: true }), true)).toBe(false);
    expect(canCancel(sale({ step: 'reconciled' }), true)).toBe(false);

    expect(canRefund(sale({ step: 'reconciled' }), true)).toBe(true);
    expect(canRefund(sale({}), false)).toBe(false);
    expect(canRefund(sale({ isRefund: true }), true)).toBe(false);
    expect(canRefund(sale({ isRefunded: true }), true)).toBe(false);
    expect(canRefund(sale({ step: 'cancelled' }), true)).toBe(false);

    expect(canRecordCreditFail(sale({ isNew: true, step: 'recording' }), true)).toBe(true);
    expect(canRecordCreditFail(sale({ isNew: true, step: 'recording' }), false)).toBe(false);
    expect(canRecordCreditFail(sale({}), true)).toBe(false);

    expect(canUnreconcile(sale({ step: 'reconciled' }), true)).toBe(true);
    expect(canUnreconcile(sale({ step: 'reconciled' }), false)).toBe(false);
    expect(canUnreconcile(sale({}), true)).toBe(false);
  });

  it('puts each action on the save body', () => {
    expect(actionBody(null)).toEqual({});
    expect(actionBody({ kind: 'cancel', note: 'Customer changed mind' })).toEqual({ newStep: 'cancelled', newStepNote: 'Customer changed mind' });
    expect(actionBody({ kind: 'refund', note: 'Faulty', orderRef: 'ab123456789012345678zz' })).toEqual({
      isRefunded: true,
      isRefundedNote: 'Faulty',
      isRefundedOrderRef: 'AB123456789012345678',
    });
    expect(actionBody({ kind: 'creditFail' })).toEqual({ newStep: 'cancelled', notes: 'Credit check fail', orderRef: '00000000000000000000' });
  });
});

describe('sale form: history stepper (spec 01 §4)', () => {
  const steps = [
    { name: 'recorded', displayName: 'Recorded', applicable: true },
    { name: 'modified', displayName: 'Modified', applicable: true },
    { name: 'reconciled', displayName: 'Reconciled', applicable: true },
    { name: 'cancelled', displayName: 'Cancelled', applicable: false },
  ];

  it('shows the placeholder for a new sale', () => {
    expect(stepperItems(null, 'recording')).toEqual([{ key: 'new', title: 'New sale', status: 'process' }]);
  });

  it('completes the steps before the current one', () => {
    expect(stepperItems(steps, 'modified').map((item) => [item.title, item.status])).toEqual([
      ['Recorded', 'finish'],
      ['Modified', 'process'],
      ['Reconciled', 'wait'],
    ]);
  });

  it("appends a current step missing from the list as '{step} (irregular)', cancelled as an error", () => {
    expect(stepperItems(steps, 'cancelled').map((item) => [item.title, item.status])).toEqual([
      ['Recorded', 'finish'],
      ['Modified', 'finish'],
      ['Reconciled', 'finish'],
      ['Cancelled (irregular)', 'error'],
    ]);
    const applicableCancel = steps.map((step) => (step.name === 'cancelled' ? { ...step, applicable: true } : step));
    expect(stepperItems(applicableCancel, 'cancelled').at(-1)).toEqual({ key: 'cancelled', title: 'Cancelled', status: 'error' });
  });
});
