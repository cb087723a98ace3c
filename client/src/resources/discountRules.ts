/**
 * The rules that tie a discount store's settings together (spec 01 §4 "Form
 * behaviour", docs/http-api.md "Discount"). The server applies them too; the
 * dialog applies them as the user edits, so what is shown is what is saved.
 */

export interface DiscountStoreSettings {
  storeID?: number | null;
  enabled: boolean;
  captureVariablePercent: boolean;
  revenueReductionIsFixed: boolean;
  revenueReductionFixed: number | null;
  revenueReductionRatio: number | null;
  commissionReductionIsFixed: boolean;
  commissionReductionFixed: number | null;
  commissionReductionRatio: number | null;
  commissionSameAsRevenue: boolean;
}

/**
 * A new store row, as the server defaults it: enabled, fixed reductions of 0,
 * commission set apart from revenue (it follows revenue only when set, spec 01 §4).
 */
export function newDiscountStore(): DiscountStoreSettings {
  return {
    storeID: null,
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
}

/**
 * - Without capturing the applied percent, both reductions are fixed amounts
 *   (a ratio is a share of the percent the sale captured).
 * - With commissionSameAsRevenue, commission copies revenue's kind and values.
 */
export function applyDiscountStoreRules<T extends Partial<DiscountStoreSettings>>(row: T): T {
  const next = { ...row };
  if (!next.captureVariablePercent) {
    next.revenueReductionIsFixed = true;
    next.commissionReductionIsFixed = true;
  }
  if (next.commissionSameAsRevenue) {
    next.commissionReductionIsFixed = next.revenueReductionIsFixed;
    next.commissionReductionFixed = next.revenueReductionFixed;
    next.commissionReductionRatio = next.revenueReductionRatio;
  }
  return next;
}

/** Whether the fixed-or-ratio choice can be made (only when the percent is captured). */
export function canChooseRatio(row: Partial<DiscountStoreSettings>): boolean {
  return Boolean(row.captureVariablePercent);
}
