import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { columnWidths, sheetName, writeWorkbook } from './excel-file.ts';

describe('excel file', () => {
  it('writes the header, typed cells, text that looks like a formula as inert text, and the filters sheet', async () => {
    const bytes = await writeWorkbook({
      name: 'Users: all/active',
      headers: ['Name', 'Count', 'Added'],
      rows: [
        ['=HYPERLINK("http://x")', 3, new Date(Date.UTC(2026, 10, 20, 14, 32))],
        ['Ayşe', null, null],
      ],
      filters: [['Type', 'Dealer']],
      filterSheet: { name: 'Filters', field: 'Field', value: 'Value' },
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('Users  all active');
    expect(sheet.getRow(1).values).toEqual([undefined, 'Name', 'Count', 'Added']);
    // Text, with the apostrophe that keeps it inert when the sheet is saved as CSV (excel-cell.ts).
    expect(sheet.getCell('A2').value).toBe(`'=HYPERLINK("http://x")`);
    expect(sheet.getCell('A2').type).toBe(ExcelJS.ValueType.String);
    expect(sheet.getCell('A2').formula).toBeUndefined();
    expect(sheet.getCell('B2').value).toBe(3);
    expect(sheet.getCell('C2').value).toEqual(new Date(Date.UTC(2026, 10, 20, 14, 32)));
    expect(sheet.getCell('A3').value).toBe('Ayşe');
    const filters = workbook.worksheets[1]!;
    expect(filters.name).toBe('Filters');
    expect(filters.getRow(2).values).toEqual([undefined, 'Type', 'Dealer']);
  });

  it('keeps sheet names within Excel’s rules', () => {
    expect(sheetName('a'.repeat(40))).toHaveLength(31);
    expect(sheetName('[x]?*')).toBe('x');
    expect(sheetName('  ')).toBe('Sheet1');
  });

  it('sizes columns by their longest text, within bounds', () => {
    expect(columnWidths(['Id', 'Description'], [[1, 'x'.repeat(100)]])).toEqual([8, 60]);
  });
});
