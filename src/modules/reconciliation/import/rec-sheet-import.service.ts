import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../../../common/auth/auth-user';
import { XlsxReader } from '../../../common/excel/xlsx-reader';
import { InvalidInput } from '../../../common/http/validation-result';
import { FilesService } from '../../files';
import { JobsService } from '../../jobs';
import type { OperationView } from '../../jobs';
import { RecSheetsService } from '../rec-sheets/rec-sheets.service';
import type { RecSheetImportData } from './rec-sheet-import.job';
import { completeMapping, parseImportRequest } from './rec-sheet-import.request';
import { REC_SHEET_UPLOAD_FIELDS, type RecSheetUploadField } from '../../../shared/rec-sheet-upload-fields';

/** The files library rec sheets are uploaded to (POST /file/recSheets/xlsx). */
export const REC_SHEET_LIBRARY = 'recSheets';

/**
 * The HTTP side of the rec sheet import: checks the request while the user waits (body, sheet,
 * file, worksheets; a zip bomb is refused from its zip directory before anything is parsed), then
 * queues the job (rec-sheet-import.job.ts) and answers its operation at once.
 */
@Injectable()
export class RecSheetImportService {
  constructor(
    private readonly files: FilesService,
    private readonly xlsx: XlsxReader,
    private readonly sheets: RecSheetsService,
    private readonly jobs: JobsService,
  ) {}

  fields(query: Record<string, unknown>): RecSheetUploadField[] {
    const unknown = Object.keys(query).filter((k) => k !== 'token');
    if (unknown.length) throw new InvalidInput(Object.fromEntries(unknown.slice(0, 10).map((k) => [k.slice(0, 40), `Unknown parameter ${k.slice(0, 40)}`])));
    return REC_SHEET_UPLOAD_FIELDS.map((f) => ({ ...f }));
  }

  async start(body: unknown, user: AuthUser): Promise<OperationView> {
    const request = parseImportRequest(body);
    try {
      await this.sheets.assertExists(request.recSheetID, user);
    } catch {
      throw new InvalidInput({ recSheetID: 'Choose a rec sheet that exists' });
    }
    const opened = await this.files.openUpload(request.fileID, user, REC_SHEET_LIBRARY, 'xlsx');
    // Opening checks the zip directory against the limits; only the workbook's list of sheets is read.
    const names: string[] = [];
    await this.xlsx.forEachWorksheet(opened.path, async (sheet) => {
      names.push(sheet.name);
    });
    const inFile = new Set(names);
    const errors: Record<string, string> = {};
    for (const sheet of Object.keys(request.mappings)) {
      if (!inFile.has(sheet)) errors[`mappings.${sheet.slice(0, 40)}`] = `There is no worksheet called ${sheet.slice(0, 40)} in the file`;
    }
    if (Object.keys(errors).length) throw new InvalidInput(errors);
    if (!names.some((name) => completeMapping(request.mappings, name))) {
      throw new InvalidInput({ mappings: 'Map every field of at least one worksheet' });
    }
    const data: RecSheetImportData = { ...request, worksheets: names.length };
    return this.jobs.enqueue('recSheetImport', data, user);
  }
}
