import { loadConfig } from '../../config/app-config';
import { DEFAULT_XLSX_LIMITS } from './xlsx-limits';

describe('xlsx limits from the environment', () => {
  const base = { DATA_DIR: '/tmp/xlsx-limits-spec', JWT_SECRET: 'x' };

  it('defaults hold a 200,000-row supplier file; each variable sets its limit', () => {
    expect(loadConfig(base).xlsx).toEqual(DEFAULT_XLSX_LIMITS);
    const set = loadConfig({ ...base, XLSX_MAX_COMPRESSION_RATIO: '250', XLSX_HEADER_SEARCH_ROWS: '50', XLSX_MAX_SHARED_STRINGS_BYTES: '1048576' }).xlsx;
    expect(set).toEqual({ ...DEFAULT_XLSX_LIMITS, maxCompressionRatio: 250, headerSearchRows: 50, maxSharedStringsBytes: 1048576 });
  });

  it('refuses a value that is not a positive whole number at start, naming the variable', () => {
    expect(() => loadConfig({ ...base, XLSX_MAX_ENTRIES: '0' })).toThrow('XLSX_MAX_ENTRIES must be a positive integer, got "0"');
    expect(() => loadConfig({ ...base, XLSX_MAX_PART_BYTES: '1e9x' })).toThrow(/XLSX_MAX_PART_BYTES/);
  });
});
