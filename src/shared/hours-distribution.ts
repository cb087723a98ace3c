/**
 * Spreading a store total over its users by hours (spec 02 section 5, "Distribution of a total").
 * Pure and dependency-free: the targets grid (client), the demo seed and the tests import this
 * one file, so the rule is written once.
 */

/** A user's share of the month: hours worked and a weighting in percent. */
export interface HoursShare {
  hours: number;
  weight: number;
}

export interface Distribution {
  /** Whole units per user, in the order given; they add up to the total. */
  values: number[];
  /** The shares used: the given ones, or hours 1 and weight 100 each when every weighting was 0. */
  users: HoursShare[];
}

/** Hours and weight given to every user when nobody has a weighting (spec 02 section 9). */
export const DEFAULT_SHARE: HoursShare = { hours: 1, weight: 100 };

const weightingOf = (share: HoursShare) => Math.max(0, Math.round(share.hours)) * Math.max(0, Math.round(share.weight));

/**
 * Splits `total` (whole units: pounds or sales) in proportion to hours x weight, each share
 * rounded up; the difference left by rounding is then removed (or added) one unit at a time
 * among the users with a non-zero weighting: adding goes largest weighting first, removing goes
 * smallest first, so the largest shares keep their rounding. With every weighting 0, every user
 * first gets hours 1 and weight 100 (an even split).
 */
export function distributeTotal(total: number, users: readonly HoursShare[]): Distribution {
  if (users.length === 0) return { values: [], users: [] };
  const shares = users.every((u) => weightingOf(u) === 0) ? users.map(() => ({ ...DEFAULT_SHARE })) : users.map((u) => ({ ...u }));
  const whole = Math.max(0, Math.round(total));
  const weightings = shares.map(weightingOf);
  const sum = weightings.reduce((a, b) => a + b, 0);
  // Hours, weights and the total are whole numbers: ceil(whole * w / sum) in integers, exact.
  const values = weightings.map((w) => Math.floor((whole * w + sum - 1) / sum));

  const weighted = shares.map((_, i) => i).filter((i) => weightings[i] > 0);
  // Largest weighting first; equal weightings keep the users' order.
  const largestFirst = [...weighted].sort((a, b) => weightings[b] - weightings[a] || a - b);
  let difference = whole - values.reduce((a, b) => a + b, 0);
  for (let turn = 0; difference > 0; turn++) {
    values[largestFirst[turn % largestFirst.length]] += 1;
    difference -= 1;
  }
  const smallestFirst = [...largestFirst].reverse();
  for (let turn = 0; difference < 0; turn++) {
    const i = smallestFirst[turn % smallestFirst.length];
    if (values[i] > 0) {
      values[i] -= 1;
      difference += 1;
    }
  }
  return { values, users: shares };
}
