import { actionsWidth, cardLayout, columnWidth, columnWidths, fitColumns, isCuttable } from './columnFit';

describe('dense list columns (issue 26)', () => {
  it("a column is at least its header's longest word with its icons wide, else the field's or its type's width", () => {
    expect(columnWidth({ title: 'Date', valueType: 'date' }, { sortable: true, filterable: false })).toBe(94);
    expect(columnWidth({ title: 'Commission', valueType: 'money', width: 60 }, { sortable: true, filterable: false })).toBeGreaterThan(90);
    expect(columnWidth({ title: 'Order reference', valueType: 'text', width: 158 }, { sortable: true, filterable: true })).toBe(158);
  });

  it('drops the least important columns, the rightmost first among equals, until the rest fit', () => {
    const columns = [
      { name: 'a', width: 100, priority: 1 },
      { name: 'b', width: 100, priority: 3 },
      { name: 'c', width: 100, priority: 2 },
      { name: 'd', width: 100, priority: 3 },
    ];
    expect(fitColumns(columns, 500, 50)).toEqual(['a', 'b', 'c', 'd']);
    expect(fitColumns(columns, 400, 50)).toEqual(['a', 'b', 'c']);
    expect(fitColumns(columns, 300, 50)).toEqual(['a', 'c']);
    expect(fitColumns(columns, 10, 50)).toEqual(['a']);
  });

  it('lets free text narrow to 80% before a column drops; figures never narrow', () => {
    const columns = [
      { name: 'store', width: 100, cuttable: true },
      { name: 'revenue', width: 100 },
    ];
    expect(fitColumns(columns, 180, 0)).toEqual(['store', 'revenue']);
    expect(fitColumns(columns, 179, 0)).toEqual(['store']);
    expect(columnWidths(columns, 190, 0)).toEqual({ store: 90, revenue: 100 });
    // With room to spare every column widens alike, so the table is the card's width.
    expect(columnWidths(columns, 400, 0)).toEqual({ store: 200, revenue: 200 });
    // More than fits (the user's choice): the widths stay and the table scrolls.
    expect(columnWidths(columns, 100, 0)).toEqual({ store: 100, revenue: 100 });
    expect(isCuttable({ valueType: 'text' })).toBe(true);
    expect(isCuttable({ valueType: 'text', keepWhole: true })).toBe(false);
    expect(isCuttable({ valueType: 'money' })).toBe(false);
    expect(actionsWidth(3)).toBe(100);
  });

  it('a phone card shows the fields marked for it, else the first three: title, amount aside, lines', () => {
    const fields = [
      { name: 'id' },
      { name: 'date', card: 'line' as const },
      { name: 'sku', card: 'title' as const },
      { name: 'revenue', card: 'aside' as const },
      { name: 'other' },
    ];
    expect(cardLayout(fields)).toEqual({ title: fields[2], aside: fields[3], lines: [fields[1]] });
    expect(cardLayout([{ name: 'a' }, { name: 'b' }, { name: 'c' }, { name: 'd' }])).toEqual({
      title: { name: 'a' },
      aside: undefined,
      lines: [{ name: 'b' }, { name: 'c' }],
    });
  });
});
