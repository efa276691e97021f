/**
 * Writes a table's export as an Excel file (.xlsx) in the browser with exceljs. exceljs is large (about 250 kB
 * gzip): it is loaded with a dynamic import() when the person exports, never with a page. Every cell is written as a
 * value (text, number, date), never as a formula, so a server text that starts with `=` stays text.
 */

import type * as ExcelJS from 'exceljs';

export type ExcelCell = string | number | Date | null;

export interface ExcelSheet {
  /** The sheet's name (Excel allows 31 characters, without : \ / ? * [ ]). */
  name: string;
  headers: readonly string[];
  rows: readonly (readonly ExcelCell[])[];
  /** The filters in force, written on a second sheet as label and value (none: no second sheet). */
  filters?: readonly (readonly [string, string])[];
  /** The second sheet's name and header. */
  filterSheet?: { name: string; field: string; value: string };
  /** Number format of date cells. */
  dateFormat?: string;
}

type ExcelModule = typeof ExcelJS;

/** exceljs is a CommonJS/UMD bundle: its classes come as named exports or on the default export, by bundler. */
async function loadExcel(): Promise<ExcelModule> {
  const module = (await import('exceljs')) as ExcelModule & { default?: ExcelModule };
  return module.Workbook ? module : module.default!;
}

export const sheetName = (name: string): string =>
  name
    .replace(/[:\\/?*[\]]/g, ' ')
    .trim()
    .slice(0, 31) || 'Sheet1';

const MAX_WIDTH = 60;

/** Column widths from the longest text of each column (header included), in characters. */
export function columnWidths(headers: readonly string[], rows: readonly (readonly ExcelCell[])[]): number[] {
  return headers.map((header, index) => {
    let longest = header.length;
    for (const row of rows) {
      const cell = row[index];
      const length = cell instanceof Date ? 16 : cell === null || cell === undefined ? 0 : String(cell).length;
      if (length > longest) longest = length;
    }
    return Math.min(MAX_WIDTH, Math.max(8, longest + 2));
  });
}

/** The .xlsx file's bytes. */
export async function writeWorkbook(sheet: ExcelSheet): Promise<ArrayBuffer> {
  const { Workbook } = await loadExcel();
  const workbook = new Workbook();
  workbook.created = new Date();
  const worksheet = workbook.addWorksheet(sheetName(sheet.name), { views: [{ state: 'frozen', ySplit: 1 }] });
  const widths = columnWidths(sheet.headers, sheet.rows);
  worksheet.columns = sheet.headers.map((header, index) => ({
    header,
    key: `c${index}`,
    width: widths[index],
  }));
  worksheet.getRow(1).font = { bold: true };
  for (const row of sheet.rows) worksheet.addRow([...row]);
  worksheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    if (rowNumber === 1) return;
    row.eachCell((cell) => {
      if (cell.value instanceof Date) cell.numFmt = sheet.dateFormat ?? 'dd.mm.yyyy hh:mm';
    });
  });
  if (sheet.filters?.length && sheet.filterSheet) {
    const filters = workbook.addWorksheet(sheetName(sheet.filterSheet.name));
    filters.columns = [
      { header: sheet.filterSheet.field, key: 'field', width: 30 },
      { header: sheet.filterSheet.value, key: 'value', width: 40 },
    ];
    filters.getRow(1).font = { bold: true };
    for (const [field, value] of sheet.filters) filters.addRow([field, value]);
  }
  const buffer = await workbook.xlsx.writeBuffer();
  return buffer as unknown as ArrayBuffer;
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Hands the file to the browser's download. */
export function downloadFile(bytes: ArrayBuffer, fileName: string, type = XLSX_TYPE): void {
  const url = URL.createObjectURL(new Blob([bytes], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Some browsers read the URL after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
