import { DiscountRule, saleAmounts } from './sale-amounts';

const line = { revenue: 100, commission: 40 };
const noDiscount: DiscountRule = {
  enabled: true,
  captureVariablePercent: false,
  revenueReductionIsFixed: true,
  revenueReductionFixed: 0,
  revenueReductionRatio: 0,
  commissionReductionIsFixed: true,
  commissionReductionFixed: 0,
  commissionReductionRatio: 0,
  commissionSameAsRevenue: false,
};

describe('saleAmounts', () => {
  it('is the line store amounts without a discount', () => {
    expect(saleAmounts({ lineStore: line })).toEqual({ revenue: 100, commission: 40 });
  });

  it('takes fixed reductions off each amount', () => {
    const discount = { ...noDiscount, revenueReductionFixed: 12.5, commissionReductionFixed: 2.25 };
    expect(saleAmounts({ lineStore: line, discount })).toEqual({ revenue: 87.5, commission: 37.75 });
  });

  it('takes a ratio of the captured percent', () => {
    const discount = {
      ...noDiscount,
      captureVariablePercent: true,
      revenueReductionIsFixed: false,
      revenueReductionRatio: 1,
      commissionReductionIsFixed: false,
      commissionReductionRatio: 0.5,
    };
    expect(saleAmounts({ lineStore: line, discount, discountPercent: 15 })).toEqual({ revenue: 85, commission: 37 });
  });

  it('uses fixed reductions when the percent is not captured, whatever the ratio flags say', () => {
    const discount = { ...noDiscount, revenueReductionIsFixed: false, revenueReductionRatio: 1, revenueReductionFixed: 10 };
    expect(saleAmounts({ lineStore: line, discount, discountPercent: 40 })).toEqual({ revenue: 90, commission: 40 });
  });

  it('lets commission follow revenue when commissionSameAsRevenue', () => {
    const discount = { ...noDiscount, revenueReductionFixed: 5, commissionReductionFixed: 30, commissionSameAsRevenue: true };
    expect(saleAmounts({ lineStore: line, discount })).toEqual({ revenue: 95, commission: 35 });
  });

  it('never goes below 0', () => {
    const discount = { ...noDiscount, revenueReductionFixed: 500, commissionReductionFixed: 500 };
    expect(saleAmounts({ lineStore: line, discount })).toEqual({ revenue: 0, commission: 0 });
  });

  it('ignores a disabled discount and one the SKU excludes', () => {
    const discount = { ...noDiscount, revenueReductionFixed: 10 };
    expect(saleAmounts({ lineStore: line, discount: { ...discount, enabled: false } })).toEqual({ revenue: 100, commission: 40 });
    expect(saleAmounts({ lineStore: line, discount, excludeDiscount: true })).toEqual({ revenue: 100, commission: 40 });
  });

  it('counts a cancelled sale 0 and negates a refund', () => {
    const discount = { ...noDiscount, revenueReductionFixed: 10 };
    expect(saleAmounts({ lineStore: line, discount, isCancelled: true })).toEqual({ revenue: 0, commission: 0 });
    expect(saleAmounts({ lineStore: line, discount, isRefund: true })).toEqual({ revenue: -90, commission: -40 });
  });

  it('rounds to the penny', () => {
    const discount = {
      ...noDiscount,
      captureVariablePercent: true,
      revenueReductionIsFixed: false,
      revenueReductionRatio: 0.33,
      commissionReductionIsFixed: false,
      commissionReductionRatio: 0.33,
    };
    expect(saleAmounts({ lineStore: { revenue: 10.01, commission: 0.99 }, discount, discountPercent: 35 })).toEqual({ revenue: 8.85, commission: 0.88 });
  });
});
