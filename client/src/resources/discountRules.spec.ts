import { applyDiscountStoreRules, newDiscountStore } from './discountRules';

describe('discount store rules (spec 01 §4)', () => {
  const ratios = {
    ...newDiscountStore(),
    captureVariablePercent: true,
    revenueReductionIsFixed: false,
    revenueReductionRatio: 0.25,
    commissionSameAsRevenue: false,
    commissionReductionIsFixed: false,
    commissionReductionRatio: 0.1,
  };

  it('keeps ratios while the applied percent is captured', () => {
    expect(applyDiscountStoreRules(ratios)).toMatchObject({ revenueReductionIsFixed: false, commissionReductionIsFixed: false });
  });

  it('forces fixed reductions when capture of the applied percent is turned off', () => {
    const next = applyDiscountStoreRules({ ...ratios, captureVariablePercent: false });
    expect(next.revenueReductionIsFixed).toBe(true);
    expect(next.commissionReductionIsFixed).toBe(true);
    // The ratios are kept, so turning capture back on offers them again.
    expect(next.revenueReductionRatio).toBe(0.25);
  });

  it('mirrors revenue into commission when commission is the same as revenue', () => {
    const next = applyDiscountStoreRules({ ...ratios, commissionSameAsRevenue: true, revenueReductionFixed: 5 });
    expect(next).toMatchObject({
      commissionReductionIsFixed: false,
      commissionReductionRatio: 0.25,
      commissionReductionFixed: 5,
    });
  });

  it('applies both rules together', () => {
    const next = applyDiscountStoreRules({ ...ratios, captureVariablePercent: false, commissionSameAsRevenue: true, revenueReductionFixed: 2.5 });
    expect(next).toMatchObject({ revenueReductionIsFixed: true, commissionReductionIsFixed: true, commissionReductionFixed: 2.5 });
  });

  it('does not change the row it is given', () => {
    const row = { ...ratios, captureVariablePercent: false };
    applyDiscountStoreRules(row);
    expect(row.revenueReductionIsFixed).toBe(false);
  });
});

describe('a new store row', () => {
  it('starts as the server defaults it: commission apart from revenue, fixed reductions of 0', () => {
    expect(newDiscountStore()).toMatchObject({
      enabled: true,
      captureVariablePercent: false,
      revenueReductionIsFixed: true,
      revenueReductionFixed: 0,
      commissionSameAsRevenue: false,
    });
  });
});
