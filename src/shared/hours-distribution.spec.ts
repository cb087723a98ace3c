import { distributeTotal } from './hours-distribution';

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

describe('distributeTotal (spec 02 section 5)', () => {
  it('splits in proportion to hours x weight', () => {
    const { values } = distributeTotal(1000, [
      { hours: 40, weight: 100 },
      { hours: 20, weight: 100 },
      { hours: 40, weight: 50 },
    ]);
    expect(values).toEqual([500, 250, 250]);
  });

  it('gives a zero total nothing to anyone', () => {
    expect(
      distributeTotal(0, [
        { hours: 10, weight: 100 },
        { hours: 5, weight: 100 },
      ]).values,
    ).toEqual([0, 0]);
  });

  it('gives one user the whole total', () => {
    expect(distributeTotal(777, [{ hours: 3, weight: 40 }]).values).toEqual([777]);
  });

  it('with every weighting zero, gives each user hours 1 and weight 100 first, then splits evenly', () => {
    const result = distributeTotal(90, [
      { hours: 0, weight: 100 },
      { hours: 12, weight: 0 },
      { hours: 0, weight: 0 },
    ]);
    expect(result.users).toEqual([
      { hours: 1, weight: 100 },
      { hours: 1, weight: 100 },
      { hours: 1, weight: 100 },
    ]);
    expect(result.values).toEqual([30, 30, 30]);
  });

  it('keeps the given hours when some user has a weighting, and gives zero weightings nothing', () => {
    const result = distributeTotal(100, [
      { hours: 10, weight: 100 },
      { hours: 0, weight: 100 },
    ]);
    expect(result.users).toEqual([
      { hours: 10, weight: 100 },
      { hours: 0, weight: 100 },
    ]);
    expect(result.values).toEqual([100, 0]);
  });

  it('removes the overshoot of rounding up one unit at a time, smallest weighting first', () => {
    // 100 over 3 equal-ish shares: 33.33 each rounds up to 34 (102), two units come off.
    const equal = distributeTotal(100, [
      { hours: 1, weight: 100 },
      { hours: 1, weight: 100 },
      { hours: 1, weight: 100 },
    ]);
    expect(equal.values).toEqual([34, 33, 33]);
    // 10 over weightings 5, 3, 2 (x 1): 5, 3, 2 exactly; 11 gives 5.5, 3.3, 2.2 -> 6, 4, 3 (13), two off.
    const uneven = distributeTotal(11, [
      { hours: 5, weight: 100 },
      { hours: 3, weight: 100 },
      { hours: 2, weight: 100 },
    ]);
    expect(uneven.values).toEqual([6, 3, 2]);
    expect(sum(uneven.values)).toBe(11);
  });

  it('gives a total smaller than the user count to the largest weightings, never below zero', () => {
    const result = distributeTotal(2, [
      { hours: 8, weight: 100 },
      { hours: 4, weight: 100 },
      { hours: 6, weight: 100 },
      { hours: 2, weight: 100 },
      { hours: 1, weight: 100 },
    ]);
    expect(result.values).toEqual([1, 0, 1, 0, 0]);
    expect(result.values.every((v) => v >= 0)).toBe(true);
  });

  it('always adds up to the whole total', () => {
    const users = [
      { hours: 37, weight: 80 },
      { hours: 16, weight: 100 },
      { hours: 22, weight: 65 },
      { hours: 9, weight: 100 },
      { hours: 0, weight: 100 },
    ];
    for (const total of [0, 1, 3, 4, 17, 99, 1234, 98765]) {
      const { values } = distributeTotal(total, users);
      expect(sum(values)).toBe(total);
      expect(values[4]).toBe(0);
    }
  });

  it('has nothing to do with no users', () => {
    expect(distributeTotal(500, [])).toEqual({ values: [], users: [] });
  });
});
