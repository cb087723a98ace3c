import { dailyTablePath, excelFileName, resolveDailyTableRoute } from './dailyTable';

const TODAY = '2019-03-20';
const MINE = [3, 5, 8];

describe('resolveDailyTableRoute (spec 02 §2.2 and §5)', () => {
  it('keeps valid parameters', () => {
    expect(resolveDailyTableRoute(['5,3', 'storeID', '2019-03-01', '2019-03-10'], MINE, TODAY)).toEqual({
      storeIDs: [5, 3],
      splitBy: 'storeID',
      fromDate: '2019-03-01',
      toDate: '2019-03-10',
      canonical: true,
    });
  });

  it("sends invalid ones to the user's stores, attributableToUserID, today to today", () => {
    expect(resolveDailyTableRoute([], MINE, TODAY)).toEqual({
      storeIDs: MINE,
      splitBy: 'attributableToUserID',
      fromDate: TODAY,
      toDate: TODAY,
      canonical: false,
    });
    // A store outside the profile, an unknown split, dates the wrong way round.
    expect(resolveDailyTableRoute(['3,9', 'region', '2019-03-10', '2019-03-01'], MINE, TODAY)).toEqual({
      storeIDs: MINE,
      splitBy: 'attributableToUserID',
      fromDate: TODAY,
      toDate: TODAY,
      canonical: false,
    });
    expect(resolveDailyTableRoute(['3', 'storeStoreTypeID', '2019-03-01', '2019-02-30'], MINE, TODAY)).toMatchObject({
      storeIDs: [3],
      splitBy: 'storeStoreTypeID',
      fromDate: TODAY,
      toDate: TODAY,
    });
    expect(resolveDailyTableRoute(['3,3', 'storeID', '2019-03-01', '2019-03-01'], MINE, TODAY)).toMatchObject({ storeIDs: [3], canonical: false });
  });

  it('a profile without stores has an empty list, written 0', () => {
    const route = resolveDailyTableRoute(['0', 'storeID', TODAY, TODAY], [], TODAY);
    expect(route).toMatchObject({ storeIDs: [], canonical: true });
    expect(dailyTablePath(route)).toBe(`/daily/dailyTable/0/storeID/${TODAY}/${TODAY}`);
  });

  it('names the Excel file by its dates', () => {
    expect(excelFileName({ storeIDs: [3], splitBy: 'storeID', fromDate: '2019-03-01', toDate: '2019-03-10' })).toBe('Daily table 2019-03-01 to 2019-03-10');
    expect(excelFileName({ storeIDs: [3], splitBy: 'storeID', fromDate: TODAY, toDate: TODAY })).toBe(`Daily table ${TODAY}`);
  });
});
