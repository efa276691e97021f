/**
 * Writes the console's Excel files (.xlsx) in the browser with exceljs: a table's export, and the sheets of other
 * exports (the billing report) through `addSheet`. exceljs is large (about 250 kB gzip): it is loaded with a dynamic
 * import() when the person exports, never with a page. Every cell, header and filter goes through `excelCell`
 * (excel-cell.ts): a string, a finite number or a date, never a formula, a link or rich text, whatever the API sent.
 */

import type * as ExcelJS from 'exceljs';
import { excelRow, excelText, type ExcelCell } from './excel-cell.ts';

/** One sheet: its name, header row and rows of values (any value: each is made a safe cell when written). */
export interface SheetData {
  /** The sheet's name (Excel allows 31 characters, without : \ / ? * [ ]). */
  name: string;
  headers: readonly string[];
  rows: readonly (readonly unknown[])[];
}

export interface ExcelSheet extends SheetData {
  /** The filters in force, written on a second sheet as label and value (none: no second sheet). */
  filters?: readonly (readonly [string, string])[];
  /** The second sheet's name and header. */
  filterSheet?: { name: string; field: string; value: string };
  /** Number format of date cells. */
  dateFormat?: string;
}

type ExcelModule = typeof ExcelJS;

/** exceljs is a CommonJS/UMD bundle: its classes come as named exports or on the default export, by bundler. */
export async function loadExcel(): Promise<ExcelModule> {
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

/** The number format of a cell (by its safe value and zero-based column), or none. */
export type CellFormat = (cell: ExcelCell, column: number) => string | undefined;

/**
 * Adds a sheet to `workbook`: the header bold and frozen, columns sized to their text, and every header and cell made
 * safe by `excelCell` before exceljs sees it. The one way the console's exports write cells.
 */
export function addSheet(workbook: ExcelJS.Workbook, sheet: SheetData, format?: CellFormat): ExcelJS.Worksheet {
  const headers = sheet.headers.map((header) => excelText(String(header)));
  const rows = sheet.rows.map(excelRow);
  const worksheet = workbook.addWorksheet(sheetName(sheet.name), { views: [{ state: 'frozen', ySplit: 1 }] });
  const widths = columnWidths(headers, rows);
  worksheet.columns = headers.map((header, index) => ({ header, key: `c${index}`, width: widths[index] }));
  worksheet.getRow(1).font = { bold: true };
  for (const cells of rows) {
    const row = worksheet.addRow(cells);
    if (!format) continue;
    cells.forEach((cell, index) => {
      const numFmt = format(cell, index);
      if (numFmt) row.getCell(index + 1).numFmt = numFmt;
    });
  }
  return worksheet;
}

/** The .xlsx file's bytes of a table's export. */
export async function writeWorkbook(sheet: ExcelSheet): Promise<ArrayBuffer> {
  const { Workbook } = await loadExcel();
  const workbook = new Workbook();
  workbook.created = new Date();
  const dateFormat = sheet.dateFormat ?? 'dd.mm.yyyy hh:mm';
  addSheet(workbook, sheet, (cell) => (cell instanceof Date ? dateFormat : undefined));
  if (sheet.filters?.length && sheet.filterSheet) {
    const { name, field, value } = sheet.filterSheet;
    addSheet(workbook, { name, headers: [field, value], rows: sheet.filters });
  }
  const buffer = await workbook.xlsx.writeBuffer();
  return buffer as unknown as ArrayBuffer;
}

/** The media type of an .xlsx file (what `saveFile` is given for the workbook's bytes). */
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
