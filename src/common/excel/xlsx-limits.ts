/**
 * What an uploaded xlsx file may unzip to (README, "Configuration"; docs/decisions.md, "Uploaded
 * spreadsheets are read within limits"). The defaults hold a real 200,000-row, 25-column supplier
 * file several times over: written by exceljs its sheet unzips to 164 MB (5.8 to 1), its shared
 * strings to 22 MB (8.5 to 1).
 */
export interface XlsxLimits {
  /** Most files (parts) the zip may hold. XLSX_MAX_ENTRIES */
  maxEntries: number;
  /** Most bytes one part may unzip to. XLSX_MAX_PART_BYTES */
  maxPartBytes: number;
  /** Most bytes all parts together may unzip to. XLSX_MAX_TOTAL_BYTES */
  maxTotalBytes: number;
  /** Most bytes the shared strings part may unzip to (its text is held while the sheets are read). XLSX_MAX_SHARED_STRINGS_BYTES */
  maxSharedStringsBytes: number;
  /** Highest ratio of unzipped to zipped size of a part larger than RATIO_FREE_BYTES. XLSX_MAX_COMPRESSION_RATIO */
  maxCompressionRatio: number;
  /** Highest ratio of all parts' unzipped size to their zipped size, for a file unzipping to more than RATIO_FREE_BYTES. XLSX_MAX_FILE_COMPRESSION_RATIO */
  maxFileCompressionRatio: number;
  /** Rows read looking for a sheet's header row (its first row holding anything). XLSX_HEADER_SEARCH_ROWS */
  headerSearchRows: number;
  /** Characters of a sheet's XML read looking for its header row, whatever elements they hold. XLSX_HEADER_SEARCH_BYTES */
  headerSearchBytes: number;
}

/** Parts smaller than this unzip to little whatever their ratio (a sheet of a few blank rows compresses far): not checked. */
export const RATIO_FREE_BYTES = 1024 * 1024;

export const DEFAULT_XLSX_LIMITS: Readonly<XlsxLimits> = Object.freeze({
  maxEntries: 10_000,
  maxPartBytes: 1024 * 1024 * 1024,
  maxTotalBytes: 2 * 1024 * 1024 * 1024,
  maxSharedStringsBytes: 128 * 1024 * 1024,
  maxCompressionRatio: 100,
  maxFileCompressionRatio: 100,
  headerSearchRows: 1000,
  headerSearchBytes: 8 * 1024 * 1024,
});

/** The environment variable of each limit, named in the messages so an administrator knows what to raise. */
export const XLSX_LIMIT_VARIABLES: Readonly<Record<keyof XlsxLimits, string>> = Object.freeze({
  maxEntries: 'XLSX_MAX_ENTRIES',
  maxPartBytes: 'XLSX_MAX_PART_BYTES',
  maxTotalBytes: 'XLSX_MAX_TOTAL_BYTES',
  maxSharedStringsBytes: 'XLSX_MAX_SHARED_STRINGS_BYTES',
  maxCompressionRatio: 'XLSX_MAX_COMPRESSION_RATIO',
  maxFileCompressionRatio: 'XLSX_MAX_FILE_COMPRESSION_RATIO',
  headerSearchRows: 'XLSX_HEADER_SEARCH_ROWS',
  headerSearchBytes: 'XLSX_HEADER_SEARCH_BYTES',
});

/** The limits from the environment, each a positive integer (checked by `positiveInt`) or its default. */
export function xlsxLimitsFrom(env: NodeJS.ProcessEnv, positiveInt: (value: string | undefined, fallback: number, name: string) => number): XlsxLimits {
  const limits = {} as XlsxLimits;
  for (const key of Object.keys(DEFAULT_XLSX_LIMITS) as Array<keyof XlsxLimits>) {
    const name = XLSX_LIMIT_VARIABLES[key];
    limits[key] = positiveInt(env[name], DEFAULT_XLSX_LIMITS[key], name);
  }
  return limits;
}
