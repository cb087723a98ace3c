/**
 * Revenue and commission of a sale (ARCHITECTURE.md, "Revenue and commission of a sale";
 * docs/decisions.md "Discount reductions"), in integer pence so no sum drifts:
 * - start from the rate card line store's revenue and commission;
 * - a discount (enabled, not blocked by the SKU's excludeDiscount) takes off its fixed amount,
 *   or, when it captures a variable percent and the reduction is a ratio, discountPercent/100 x
 *   ratio of the amount; commission follows revenue's rule when commissionSameAsRevenue;
 * - never below 0; a cancelled sale (credit-check fails are cancelled) counts 0;
 * - a refund row has the negated amounts.
 */
export interface LineStoreAmounts {
  revenue: number;
  commission: number;
}

export interface DiscountRule {
  enabled: boolean;
  captureVariablePercent: boolean;
  revenueReductionIsFixed: boolean;
  revenueReductionFixed: number;
  revenueReductionRatio: number;
  commissionReductionIsFixed: boolean;
  commissionReductionFixed: number;
  commissionReductionRatio: number;
  commissionSameAsRevenue: boolean;
}

export interface SaleAmountsInput {
  lineStore: LineStoreAmounts;
  discount?: DiscountRule | null;
  /** 0 to 40 in steps of 5; used only by a discount that captures a variable percent. */
  discountPercent?: number | null;
  excludeDiscount?: boolean;
  isCancelled?: boolean;
  isRefund?: boolean;
}

export const DISCOUNT_PERCENTS = [0, 5, 10, 15, 20, 25, 30, 35, 40] as const;

const pence = (pounds: number) => Math.round(pounds * 100);
const pounds = (p: number) => p / 100;

/** One amount after one reduction, in pence. */
function reduce(amount: number, isFixed: boolean, fixed: number, ratio: number, percent: number, captures: boolean): number {
  // A ratio exists only with a captured percent: it is a share of that percent.
  const off = isFixed || !captures ? pence(fixed) : Math.round((amount * percent * Math.round(ratio * 100)) / 10_000);
  return Math.max(0, amount - off);
}

export function saleAmounts(input: SaleAmountsInput): { revenue: number; commission: number } {
  if (input.isCancelled) return { revenue: 0, commission: 0 };
  let revenue = pence(input.lineStore.revenue);
  let commission = pence(input.lineStore.commission);
  const discount = input.discount;
  if (discount?.enabled && !input.excludeDiscount) {
    const captures = discount.captureVariablePercent;
    const percent = captures ? (input.discountPercent ?? 0) : 0;
    const commissionRule = discount.commissionSameAsRevenue
      ? { isFixed: discount.revenueReductionIsFixed, fixed: discount.revenueReductionFixed, ratio: discount.revenueReductionRatio }
      : { isFixed: discount.commissionReductionIsFixed, fixed: discount.commissionReductionFixed, ratio: discount.commissionReductionRatio };
    revenue = reduce(revenue, discount.revenueReductionIsFixed, discount.revenueReductionFixed, discount.revenueReductionRatio, percent, captures);
    commission = reduce(commission, commissionRule.isFixed, commissionRule.fixed, commissionRule.ratio, percent, captures);
  }
  // Line stores are never negative (money >= 0), so the sign comes from the refund alone.
  const sign = input.isRefund ? -1 : 1;
  return { revenue: pounds(sign * revenue) + 0, commission: pounds(sign * commission) + 0 };
}
