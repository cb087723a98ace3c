import { Injectable } from '@nestjs/common';
import ExcelJS from 'exceljs';
import { once } from 'node:events';
import type { Response } from 'express';
import type { ObjectLiteral } from 'typeorm';
import type { AuthUser } from '../auth/auth-user';
import { InvalidInput } from '../http/validation-result';
import { hiddenFigurePaths } from '../list/figures';
import type { ListDefinition } from '../list/list-definition';
import { ListService } from '../list/list.service';

const BATCH = 500;
/** Sheet bytes waiting for the compressor before the next batch is read. */
const MAX_ZIP_BACKLOG = 256 * 1024;

/**
 * Bytes exceljs has handed to the zip for this sheet that the zip has not taken yet. exceljs
 * writes rows without waiting (it ignores backpressure), so the export measures the queue
 * itself: the sheet stream's pipes are readable-stream PassThroughs whose _writableState.length
 * is that queue (exceljs 4.4, archiver 5).
 */
function zipBacklog(sheet: ExcelJS.Worksheet): number {
  const pipes = (sheet as unknown as { stream?: { pipes?: Array<{ _writableState?: { length?: number } }> } }).stream?.pipes ?? [];
  return pipes.reduce((sum, pipe) => sum + (pipe._writableState?.length ?? 0), 0);
}
const FILE_NAME = /^[\w\- .()]{1,100}$/;

/**
 * GET /<plural>/excel: the list's own filters and sort, written row by row to the response
 * with exceljs's streaming writer, a batch of rows in memory at a time.
 */
@Injectable()
export class ExcelExportService {
  constructor(private readonly lists: ListService) {}

  async stream<T extends ObjectLiteral>(definition: ListDefinition<T>, query: Record<string, unknown>, user: AuthUser, res: Response): Promise<void> {
    const q = this.lists.parse(definition, query, user);
    const requested = typeof query.fileName === 'string' ? query.fileName : `${definition.label}s`;
    if (!FILE_NAME.test(requested)) throw new InvalidInput({ fileName: 'Use letters, digits, spaces, dots and dashes' });
    const fileName = requested.toLowerCase().endsWith('.xlsx') ? requested : `${requested}.xlsx`;
    // Figures the user may not see are not columns at all (rowsByID has taken them out of the rows).
    const hidden = new Set(hiddenFigurePaths(definition.figures, user));
    const columns = Object.entries(definition.fields).filter(([key, f]) => f.excel && !hidden.has(key));
    // Refused before the first byte: once the file has started, an error can only cut it short.
    await this.lists.assertSortIsCheap(definition, q, user);

    res.setHeader('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    res.setHeader('Content-Disposition', `attachment; filename="${fileName}"`);
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: res, useStyles: true });
    const sheet = workbook.addWorksheet(definition.label.slice(0, 31));
    sheet.columns = columns.map(([key, f]) => ({
      header: f.excel,
      key,
      width: Math.max(12, f.excel!.length + 2),
      style: f.type === 'datetime' ? { numFmt: 'dd/mm/yyyy hh:mm' } : f.type === 'date' ? { numFmt: 'dd/mm/yyyy' } : {},
    }));
    sheet.getRow(1).font = { bold: true };
    // Rows come from the database a batch at a time (keyset, so each batch costs the same) and
    // leave as they are written: memory stays flat however many rows the list has.
    for await (const rows of this.lists.batches(definition, q, user, BATCH)) {
      if (res.destroyed) return;
      for (const row of rows) {
        sheet.addRow(Object.fromEntries(columns.map(([key]) => [key, row[key] ?? null]))).commit();
      }
      // A slow client: wait for it rather than hold the file in memory.
      if (res.writableNeedDrain) await Promise.race([once(res, 'drain'), once(res, 'close')]);
      // Give the event loop turns until the zip has caught up: SQLite answers synchronously, so
      // without them the compression and the socket would not run until the last batch (the
      // whole file held in memory), and no other request would be answered meanwhile.
      do await new Promise((resolve) => setImmediate(resolve));
      while (zipBacklog(sheet) > MAX_ZIP_BACKLOG && !res.destroyed);
    }
    sheet.commit();
    await workbook.commit();
  }
}
