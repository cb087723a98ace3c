import ExcelJS from 'exceljs';
import type { Response } from 'express';
import type { MetricType } from '../master-data';
import type { KpiTable, TableRow } from './kpi-tables.service';

const FORMATS: Record<MetricType, string> = { percent: '0.0%', integer: '#,##0', '2dp': '#,##0.00', money: '"£"#,##0.00' };
const FILLS: Record<string, string> = { green: 'FFC6EFCE', red: 'FFFFC7CE' };

/**
 * KPI tables as an xlsx file, a worksheet per table, streamed with exceljs's writer (rows
 * committed as written): the name column, a column per metric in its format and colour, the
 * totals row last in bold.
 */
export async function streamTables(res: Response, fileName: string, tables: KpiTable[]): Promise<void> {
  const name = fileName.toLowerCase().endsWith('.xlsx') ? fileName : `${fileName}.xlsx`;
  res.setHeader('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  res.setHeader('Content-Disposition', `attachment; filename="${name}"`);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: res, useStyles: true });
  const used = new Set<string>();
  for (const table of tables) {
    // Worksheet names are unique and at most 31 characters.
    let title = table.title.slice(0, 28);
    while (used.has(title)) title = `${title.slice(0, 26)} ${used.size}`;
    used.add(title);
    const sheet = workbook.addWorksheet(title);
    const metrics = table.columns.filter((c) => c.name !== 'name');
    sheet.columns = table.columns.map((c) => ({
      header: c.title,
      key: c.name,
      width: Math.max(14, c.title.length + 2),
      style: c.displayAs ? { numFmt: FORMATS[c.displayAs] } : {},
    }));
    sheet.getRow(1).font = { bold: true };
    const write = (row: TableRow, bold: boolean) => {
      const added = sheet.addRow({ name: row.name, ...Object.fromEntries(metrics.map((c) => [c.name, row.values[c.name] ?? null])) });
      metrics.forEach((c, i) => {
        const fill = FILLS[row.colors[c.name] ?? ''];
        if (fill) added.getCell(i + 2).fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: fill } };
      });
      if (bold) added.font = { bold: true };
      added.commit();
    };
    for (const row of table.rows) write(row, false);
    write(table.totalsRow, true);
    sheet.commit();
  }
  await workbook.commit();
}
