import { EMPTY_GRID_VERSION, gridVersion, withVersion } from './version';

describe('versions of records and grids (optimistic concurrency)', () => {
  it('a grid is at the newest stamp of its rows, or the empty version without rows', () => {
    expect(gridVersion([])).toBe(EMPTY_GRID_VERSION);
    expect(gridVersion([{ updatedDate: '2026-11-28T10:42:00.001Z' }, { updatedDate: '2026-11-28T10:42:00.010Z' }, { updatedDate: null }])).toBe(
      '2026-11-28T10:42:00.010Z',
    );
  });

  it('a version travels as ?updatedDate=, added to any query', () => {
    expect(withVersion('/api/sale/3', '2026-11-28T10:42:00.001Z')).toBe('/api/sale/3?updatedDate=2026-11-28T10%3A42%3A00.001Z');
    expect(withVersion('/api/x?a=1', '2026-11-28T10:42:00.001Z')).toBe('/api/x?a=1&updatedDate=2026-11-28T10%3A42%3A00.001Z');
    expect(withVersion('/api/sale/3', undefined)).toBe('/api/sale/3');
  });
});
