import {
  type AnalysisFieldStoreRecord,
  type TargetLayout,
  type TargetRecord,
  buildGrid,
  columnKey,
  copiedRows,
  copyableCount,
  distributeRows,
  failedCell,
  hasUserTargets,
  isHoursMode,
  progressOf,
  removeHours,
  resolveTargetsRoute,
  saveEntries,
  targetColumns,
  targetsPath,
  whyNotInLayout,
} from './targetsGrid';

const COLOUR: AnalysisFieldStoreRecord = {
  analysisField: {
    analysisFieldID: 7,
    label: 'Colour',
    inputType: 'single',
    targetRevenue: true,
    targetQuantity: false,
    analysisListItems: [
      { analysisListItemID: 70, code: 'RED', description: 'Red', enableTargets: true },
      { analysisListItemID: 71, code: 'BLUE', description: 'Blue', enableTargets: false },
    ],
  },
};
const SIZE_MULTI: AnalysisFieldStoreRecord = {
  analysisField: {
    analysisFieldID: 8,
    label: 'Sizes',
    inputType: 'multi',
    targetRevenue: true,
    targetQuantity: true,
    analysisListItems: [{ analysisListItemID: 80, code: 'S', enableTargets: true }],
  },
};
const PLAN: AnalysisFieldStoreRecord = {
  analysisField: {
    analysisFieldID: 9,
    label: 'Plan',
    inputType: 'single',
    targetRevenue: false,
    targetQuantity: true,
    analysisListItems: [{ analysisListItemID: 90, code: 'PAYG', enableTargets: true }],
  },
};

const ANN = { userID: 11, name: 'Ann' };
const BOB = { userID: 12, name: 'Bob' };
const LAYOUT: TargetLayout = {
  users: [ANN, BOB],
  columns: targetColumns({ targetRevenue: true, targetQuantity: true }, true, [PLAN, COLOUR, SIZE_MULTI]),
};
const REVENUE = columnKey({ targetType: 'revenue', analysisFieldID: 0, analysisListItemID: 0 });
const QUANTITY = columnKey({ targetType: 'quantity', analysisFieldID: 0, analysisListItemID: 0 });
const RED = columnKey({ targetType: 'revenue', analysisFieldID: 7, analysisListItemID: 70 });

function record(userID: number, target: number, extra: Partial<TargetRecord> = {}): TargetRecord {
  return { targetID: 1, targetType: 'revenue', userID, analysisFieldID: 0, analysisListItemID: 0, isTarget: true, target, hours: 0, weight: 0, ...extra };
}

describe('targetColumns', () => {
  it('offers per type the overall target, then single fields targeting the type with their enabled items', () => {
    // Items show their description; PAYG has none, so its code shows.
    expect(LAYOUT.columns.map((c) => [c.targetType, c.fieldLabel, c.itemName])).toEqual([
      ['revenue', '', ''],
      ['revenue', 'Colour', 'Red'],
      ['quantity', '', ''],
      ['quantity', 'Plan', 'PAYG'],
    ]);
  });

  it('leaves out the types the store does not target, and revenue when the profile does not show it', () => {
    expect(targetColumns({ targetRevenue: false, targetQuantity: true }, true, [COLOUR]).map((c) => c.key)).toEqual([QUANTITY]);
    expect(targetColumns({ targetRevenue: true, targetQuantity: true }, false, [COLOUR]).map((c) => c.key)).toEqual([QUANTITY]);
    expect(targetColumns({ targetRevenue: false, targetQuantity: false }, true, [COLOUR, PLAN])).toEqual([]);
  });
});

describe('whyNotInLayout (spec 02 §5, entries dropped before saving)', () => {
  const cell = { userID: ANN.userID, targetType: 'revenue' as const, analysisFieldID: 0, analysisListItemID: 0 };
  it('accepts the store total and a store user in an offered column', () => {
    expect(whyNotInLayout({ ...cell, userID: 0 }, LAYOUT)).toBeNull();
    expect(whyNotInLayout({ ...cell, analysisFieldID: 7, analysisListItemID: 70 }, LAYOUT)).toBeNull();
  });
  it.each([
    ['a user not among the store users', { userID: 99 }, "the user is not among the store's users"],
    ['a type the store does not target', { targetType: 'quantity' as const }, null],
    ['a list item without targets', { analysisFieldID: 7, analysisListItemID: 71 }, 'the list item does not take revenue targets here'],
    [
      'a field not targeting the type',
      { targetType: 'quantity' as const, analysisFieldID: 7, analysisListItemID: 70 },
      'the list item does not take quantity targets here',
    ],
    ['a multi field', { analysisFieldID: 8, analysisListItemID: 80 }, 'the list item does not take revenue targets here'],
    ['an item of another field', { analysisFieldID: 7, analysisListItemID: 90 }, 'the list item does not take revenue targets here'],
  ])('drops %s', (_, change, reason) => {
    expect(whyNotInLayout({ ...cell, ...change }, LAYOUT)).toBe(reason);
  });
  it('drops an overall target of a type the store does not target', () => {
    const revenueOnly: TargetLayout = { users: [ANN], columns: targetColumns({ targetRevenue: true }, true, []) };
    expect(whyNotInLayout({ ...cell, targetType: 'quantity' }, revenueOnly)).toBe('the store does not target quantity');
  });
});

describe('buildGrid', () => {
  const records = [
    record(0, 300),
    record(ANN.userID, 200, { hours: 30, weight: 100, targetID: 5 }),
    record(BOB.userID, 0, { isTarget: false, hours: 10, weight: 80, targetType: 'quantity' }),
    record(99, 50, { userName: 'Gone', error: "The user is not among the store's users" }),
    record(ANN.userID, 4, {
      targetType: 'revenue',
      analysisFieldID: 7,
      analysisListItemID: 71,
      analysisFieldLabel: 'Colour',
      analysisListItemCode: 'BLUE',
      analysisListItemDescription: 'Blue',
    }),
  ];

  it('makes the store total row and a row per user with values, hours and weights', () => {
    const { rows, columns, outside } = buildGrid(LAYOUT, records);
    expect(rows.map((r) => [r.userID, r.name, r.hours, r.weight])).toEqual([
      [0, 'Store total', 0, 0],
      [11, 'Ann', 30, 100],
      [12, 'Bob', 10, 80],
    ]);
    expect(rows[0].values).toEqual({ [REVENUE]: 300 });
    expect(rows[1].values).toEqual({ [REVENUE]: 200 });
    expect(rows[1].targets[REVENUE].targetID).toBe(5);
    // An entry that only carries hours is no value.
    expect(rows[2].values).toEqual({});
    expect(columns).toEqual(LAYOUT.columns);
    expect(outside.map((t) => t.target)).toEqual([50, 4]);
  });

  it('keeps targets outside the layout as extra rows and columns for the progress views', () => {
    const { rows, columns } = buildGrid(LAYOUT, records, true);
    expect(rows.map((r) => r.name)).toEqual(['Store total', 'Ann', 'Bob', 'Gone']);
    expect(rows[3].values).toEqual({ [REVENUE]: 50 });
    // Blue sits with the other Colour column, before quantity, named by its description.
    expect(columns.map((c) => `${c.targetType} ${c.itemName}`)).toEqual(['revenue ', 'revenue Red', 'revenue Blue', 'quantity ', 'quantity PAYG']);
  });

  it('names an outside item by its code when it has no description', () => {
    const { columns } = buildGrid(
      LAYOUT,
      [record(ANN.userID, 4, { analysisFieldID: 7, analysisListItemID: 71, analysisListItemCode: 'BLUE', analysisListItemDescription: '' })],
      true,
    );
    expect(columns.find((c) => c.analysisListItemID === 71)?.itemName).toBe('BLUE');
  });

  it("keeps the set view's field order within each type in the progress views", () => {
    const field = (analysisFieldID: number, label: string, targetRevenue: boolean): AnalysisFieldStoreRecord => ({
      analysisField: {
        analysisFieldID,
        label,
        inputType: 'single',
        targetRevenue,
        targetQuantity: true,
        analysisListItems: [{ analysisListItemID: analysisFieldID * 10, code: `${label}1`, enableTargets: true }],
      },
    });
    // Zed targets both types, so it comes first among revenue fields but after Alpha among quantity ones.
    const layout: TargetLayout = {
      users: [ANN],
      columns: targetColumns({ targetRevenue: true, targetQuantity: true }, true, [field(5, 'Alpha', false), field(6, 'Zed', true)]),
    };
    expect(buildGrid(layout, [], true).columns.map((c) => `${c.targetType} ${c.fieldLabel}`)).toEqual([
      'revenue ',
      'revenue Zed',
      'quantity ',
      'quantity Alpha',
      'quantity Zed',
    ]);
  });
});

describe('hours', () => {
  const grid = () => buildGrid(LAYOUT, [record(0, 1000), record(0, 9, { targetType: 'quantity' }), record(ANN.userID, 5)]).rows;

  it('is on when hours plus weights are above 0', () => {
    expect(isHoursMode(grid())).toBe(false);
    expect(isHoursMode(grid().map((r) => (r.userID === BOB.userID ? { ...r, weight: 1 } : r)))).toBe(true);
  });

  it('gives everyone hours 1 and weight 100 when all weights are 0, and splits every store total', () => {
    const rows = distributeRows(grid(), LAYOUT.columns);
    expect(rows.slice(1).map((r) => [r.hours, r.weight])).toEqual([
      [1, 100],
      [1, 100],
    ]);
    expect(rows[1].values[REVENUE]).toBe(500);
    expect(rows[2].values[QUANTITY]).toBe(4);
    expect(rows[1].values[QUANTITY]! + rows[2].values[QUANTITY]!).toBe(9);
    // No store total: the users have no value either.
    expect(rows[1].values[RED]).toBeNull();
    // The store total itself is untouched.
    expect(rows[0].values[REVENUE]).toBe(1000);
  });

  it('splits in proportion to hours x weight', () => {
    const rows = distributeRows(
      grid().map((r) => (r.userID === ANN.userID ? { ...r, hours: 3, weight: 100 } : r.userID === BOB.userID ? { ...r, hours: 1, weight: 100 } : r)),
      LAYOUT.columns,
    );
    expect([rows[1].values[REVENUE], rows[2].values[REVENUE]]).toEqual([750, 250]);
  });

  it('asks before overwriting user targets only when there are some', () => {
    expect(hasUserTargets(grid())).toBe(true);
    expect(hasUserTargets(buildGrid(LAYOUT, [record(0, 1000)]).rows)).toBe(false);
  });

  it('removing hours sets every hours and weight to 0 and keeps the values', () => {
    const rows = removeHours(distributeRows(grid(), LAYOUT.columns));
    expect(isHoursMode(rows)).toBe(false);
    expect(rows[1].values[REVENUE]).toBe(500);
  });
});

describe('saveEntries', () => {
  it("sends a target per value with the row's user, hours and weight; hours alone as a non-target", () => {
    const rows = buildGrid(LAYOUT, [record(0, 1000), record(ANN.userID, 12.5, { hours: 3, weight: 100, analysisFieldID: 7, analysisListItemID: 70 })]).rows;
    rows[2] = { ...rows[2], hours: 1, weight: 100 };
    const { entries, labels } = saveEntries(rows, LAYOUT);
    expect(entries).toEqual([
      { userID: 0, targetForUserID: 0, targetType: 'revenue', analysisFieldID: 0, analysisListItemID: 0, target: 1000, isTarget: true, hours: 0, weight: 0 },
      {
        userID: 11,
        targetForUserID: 11,
        targetType: 'revenue',
        analysisFieldID: 7,
        analysisListItemID: 70,
        target: 12.5,
        isTarget: true,
        hours: 3,
        weight: 100,
      },
      { userID: 12, targetForUserID: 12, targetType: 'revenue', analysisFieldID: 0, analysisListItemID: 0, target: 0, isTarget: false, hours: 1, weight: 100 },
    ]);
    expect(labels).toEqual(['Store total, Revenue (£) overall', 'Ann, Revenue (£) Colour Red', 'Bob, hours']);
  });

  it("names the cell of each of the server's field messages (targets.{index}.{field})", () => {
    const rows = buildGrid(LAYOUT, [record(0, 1000), record(ANN.userID, 12.5, { hours: 3, weight: 100, analysisFieldID: 7, analysisListItemID: 70 })]).rows;
    const sent = saveEntries(rows, LAYOUT);
    expect(failedCell('targets.0.target', sent)).toBe('Store total, Revenue (£) overall');
    expect(failedCell('targets.1.target', sent)).toBe('Ann, Revenue (£) Colour Red');
    // The entry as a whole (a cell sent twice) and its other fields: the cell.
    expect(failedCell('targets.1', sent)).toBe('Ann, Revenue (£) Colour Red');
    expect(failedCell('targets.1.targetForUserID', sent)).toBe('Ann, Revenue (£) Colour Red');
    // Hours and weight are the row's, whichever of its entries carried them.
    expect(failedCell('targets.1.hours', sent)).toBe('Ann, Hours');
    expect(failedCell('targets.1.weight', sent)).toBe('Ann, Weight');
    // The list as a whole, an entry not sent, another list's key: no cell.
    expect(failedCell('targets', sent)).toBeUndefined();
    expect(failedCell('targets.2.target', sent)).toBeUndefined();
    expect(failedCell('0.target', sent)).toBeUndefined();
  });

  it('logs and drops entries the grid cannot hold, and sends no empty cells', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const rows = buildGrid(LAYOUT, [record(0, 1000)]).rows;
    rows[1] = { ...rows[1], values: { [REVENUE]: null, [columnKey({ targetType: 'revenue', analysisFieldID: 7, analysisListItemID: 71 })]: 3 } };
    rows.push({ userID: 99, name: 'Gone', hours: 0, weight: 0, values: { [REVENUE]: 5 }, targets: {} });
    const { entries } = saveEntries(rows, LAYOUT);
    expect(entries.map((e) => e.userID)).toEqual([0]);
    expect(warn).toHaveBeenCalledTimes(2);
    warn.mockRestore();
  });
});

describe('copiedRows', () => {
  it("takes the source month's values and hours, without its loaded targets, dropping what this grid cannot hold", () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const rows = copiedRows(LAYOUT, [
      record(0, 40, { targetType: 'quantity' }),
      record(BOB.userID, 12.5, { hours: 2, weight: 90, targetType: 'quantity' }),
      record(99, 1),
    ]);
    expect(rows[0].values).toEqual({ [QUANTITY]: 40 });
    expect(rows[2]).toMatchObject({ hours: 2, weight: 90, values: { [QUANTITY]: 12.5 }, targets: {} });
    expect(rows).toHaveLength(3);
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });
});

describe('progressOf', () => {
  it('is met when the actual reaches the target', () => {
    expect(progressOf({ target: 200, actual: 100 })).toEqual({ actual: 100, met: false, percent: 50, difference: -100 });
    expect(progressOf({ target: 100, actual: 100 })).toMatchObject({ met: true, percent: 100, difference: 0 });
    expect(progressOf({ target: 0, actual: 3 })).toMatchObject({ met: true, percent: null, difference: 3 });
    expect(progressOf({ target: 10.1 })).toMatchObject({ actual: 0, met: false, difference: -10.1 });
  });
});

describe('resolveTargetsRoute (spec 02 §2.1 redirects)', () => {
  const stores = [3, 5];
  const today = '2021-06-17';
  const resolve = (path: string | undefined, defaultStore: number | null = 5) => resolveTargetsRoute(path, stores, defaultStore, today);

  it('sends no parameters to set, the first of the current month and the default store', () => {
    expect(resolve(undefined)).toEqual({ view: 'set', targetDate: '2021-06-01', storeID: 5, highlightTargetID: null, canonical: false });
    expect(resolve('', null)).toMatchObject({ storeID: 3, canonical: false });
    expect(resolve('', 9)).toMatchObject({ storeID: 3 });
  });

  it('keeps a correct URL', () => {
    expect(resolve('progress/2021-02-01/3')).toEqual({ view: 'progress', targetDate: '2021-02-01', storeID: 3, highlightTargetID: null, canonical: true });
    expect(resolve('variance/2021-02-01/3/42')).toMatchObject({ view: 'variance', highlightTargetID: 42, canonical: true });
  });

  it.each([
    ['an unknown view', 'totals/2021-02-01/3', 'set', '2021-02-01', 3],
    ['a day that is not the first', 'set/2021-02-17/3', 'set', '2021-02-01', 3],
    ['a date that is not a date', 'set/2021-02-30/3', 'set', '2021-06-01', 3],
    ['a store not in the profile', 'progress/2021-02-01/4', 'progress', '2021-02-01', 5],
    ['a store that is not a number', 'progress/2021-02-01/x', 'progress', '2021-02-01', 5],
  ])('corrects %s', (_, path, view, targetDate, storeID) => {
    expect(resolve(path)).toMatchObject({ view, targetDate, storeID, canonical: false });
  });

  it('drops a bad highlight, a highlight on a corrected store and extra segments', () => {
    expect(resolve('set/2021-02-01/3/abc')).toMatchObject({ highlightTargetID: null, canonical: false });
    expect(resolve('set/2021-02-01/4/42')).toMatchObject({ storeID: 5, highlightTargetID: null, canonical: false });
    expect(resolve('set/2021-02-01/3/42/more')).toMatchObject({ highlightTargetID: 42, canonical: false });
  });

  it('has no store when the profile has none', () => {
    expect(resolveTargetsRoute('', [], null, today)).toMatchObject({ storeID: 0 });
  });

  it('builds the path back', () => {
    expect(targetsPath({ view: 'variance', targetDate: '2021-02-01', storeID: 3, highlightTargetID: 42 })).toBe('/targets/variance/2021-02-01/3/42');
    expect(targetsPath({ view: 'set', targetDate: '2021-02-01', storeID: 3, highlightTargetID: null })).toBe('/targets/set/2021-02-01/3');
  });
});

describe('copyableCount', () => {
  it('counts the real targets the grid can hold: not hours-only entries, not cells outside the layout', () => {
    const source = [
      record(0, 300),
      record(ANN.userID, 200, { hours: 3, weight: 100 }),
      record(BOB.userID, 0, { isTarget: false, hours: 1, weight: 100 }),
      record(99, 50),
      record(ANN.userID, 4, { analysisFieldID: 7, analysisListItemID: 71 }),
    ];
    expect(copyableCount(LAYOUT, source)).toBe(2);
  });
});
