import { dayLabel, daysOfMonth, firstOfMonth, monthRows, recordedFields, resolveDailyStatsRoute, saveBody } from './dailyStats';

describe('daily stats grid', () => {
  it('has one row per day of the month, leap years included', () => {
    expect(daysOfMonth('2019-11-01')).toHaveLength(30);
    expect(daysOfMonth('2019-02-01')).toHaveLength(28);
    expect(daysOfMonth('2020-02-01')).toHaveLength(29);
    expect(daysOfMonth('2019-12-01').at(-1)).toBe('2019-12-31');
  });

  it('labels a day with its weekday', () => {
    expect(dayLabel('2019-11-04')).toBe('Mon 04/11/2019');
    expect(dayLabel('2019-11-03')).toBe('Sun 03/11/2019');
  });

  it('fills the month with the recorded days, the others not recorded', () => {
    const rows = monthRows('2019-11-01', [{ dailyStatDate: '2019-11-02T00:00:00.000Z', footfall: 120, chatCount: 0, staffCount: 2.5 }]);
    expect(rows).toHaveLength(30);
    expect(rows[1]).toEqual({ dailyStatDate: '2019-11-02', footfall: 120, chatCount: 0, staffCount: 2.5 });
    expect(rows[0]).toEqual({ dailyStatDate: '2019-11-01', footfall: null, chatCount: null, staffCount: null });
  });

  it('shows and sends only the figures the store type records', () => {
    expect(recordedFields({ recordFootfall: true, recordChatCount: false, recordStaffCount: true })).toEqual(['footfall', 'staffCount']);
    expect(recordedFields({})).toEqual([]);
    const body = saveBody([{ dailyStatDate: '2019-11-01', footfall: 5, chatCount: 3, staffCount: null }], ['footfall', 'staffCount']);
    expect(body).toEqual([{ dailyStatDate: '2019-11-01', footfall: 5, staffCount: null }]);
  });

  it('reads the first of the month of a real day only', () => {
    expect(firstOfMonth('2019-11-17')).toBe('2019-11-01');
    expect(firstOfMonth('2019-02-30')).toBeNull();
    expect(firstOfMonth('2019-11')).toBeNull();
    expect(firstOfMonth(undefined)).toBeNull();
  });

  describe('route parameters', () => {
    const stores = [7, 3, 9];
    it('keeps a valid route as it is', () => {
      expect(resolveDailyStatsRoute({ dailyStatDate: '2019-11-01', storeID: '9' }, stores, 3, '2025-06-15')).toEqual({
        dailyStatDate: '2019-11-01',
        storeID: 9,
        canonical: true,
      });
    });
    it('sends missing parameters to the first of the current month and the default store', () => {
      expect(resolveDailyStatsRoute({}, stores, 3, '2025-06-15')).toEqual({ dailyStatDate: '2025-06-01', storeID: 3, canonical: false });
    });
    it('falls back to the first store when the default store is not among the profile stores', () => {
      expect(resolveDailyStatsRoute({}, stores, 42, '2025-06-15').storeID).toBe(7);
      expect(resolveDailyStatsRoute({}, stores, null, '2025-06-15').storeID).toBe(7);
    });
    it('replaces a store outside the profile, a bad date, and a day other than the first', () => {
      expect(resolveDailyStatsRoute({ dailyStatDate: '2019-11-01', storeID: '42' }, stores, 3, '2025-06-15')).toMatchObject({ storeID: 3, canonical: false });
      expect(resolveDailyStatsRoute({ dailyStatDate: 'nope', storeID: '9' }, stores, 3, '2025-06-15')).toMatchObject({
        dailyStatDate: '2025-06-01',
        canonical: false,
      });
      expect(resolveDailyStatsRoute({ dailyStatDate: '2019-11-17', storeID: '9' }, stores, 3, '2025-06-15')).toMatchObject({
        dailyStatDate: '2019-11-01',
        canonical: false,
      });
    });
    it('has store 0 when the profile has no stores', () => {
      expect(resolveDailyStatsRoute({}, [], 3, '2025-06-15').storeID).toBe(0);
    });
  });
});
