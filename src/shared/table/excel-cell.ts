/**
 * The one rule of every spreadsheet the console writes (the tables' export, the billing report): a cell holds a
 * string, a finite number, a Date or nothing, whatever the API sent.
 *
 * exceljs gives some values a meaning of their own: an object `{ formula }`, `{ sharedFormula }`, `{ hyperlink }`,
 * `{ richText }` or `{ error }` becomes a formula, a link, styled text or an error cell (and a `sharedFormula` with no
 * master makes the whole export throw), `NaN` and `Infinity` are written as numbers Excel cannot read, a boolean
 * becomes a TRUE/FALSE cell. A field the contract types as text can still arrive as an object from a faulty or
 * hostile server, so every cell passes through `excelCell`: an object is written as its JSON text, a number that is
 * not finite and an invalid date as an empty cell, anything else as its text.
 *
 * Text that starts like a formula (`=`, `+`, `-`, `@`, tab or carriage return) is written with a leading apostrophe
 * (`'=HYPERLINK(...)`). exceljs writes every string as a string, so the .xlsx itself never runs it; but a person who
 * saves the sheet as CSV, or a tool that converts it, writes the bare text, and the next spreadsheet to open that CSV
 * runs it as a formula (CSV injection: links that leak data, DDE commands). The apostrophe is what the OWASP advice on
 * CSV injection prescribes and it survives such a round trip. The cost is a visible apostrophe on such values, which
 * the console's data rarely has: a name or a description starting with `=`, `@` or `-` followed by words. Text made
 * only of digits, spaces and `+ - ( ) . , /` (a phone number `+90 532 111 00 03`, `-5`) cannot call a function or
 * reference a cell, so it is written as it is.
 */
export type ExcelCell = string | number | Date | null;

/** Excel's limit for the text of one cell; a longer text makes Excel "repair" the file and drop it. */
export const EXCEL_TEXT_LIMIT = 32_767;

const FORMULA_START = /^[=+\-@\t\r]/;
/** A sign followed only by digits, spaces and arithmetic punctuation: no function, no cell reference. */
const PLAIN_SIGNED_NUMBER = /^[+-][0-9 ()+\-.,/]*$/;

/** Text as a spreadsheet may keep it: formula-like text neutralised, within Excel's length. */
export function excelText(text: string): string {
  const safe = FORMULA_START.test(text) && !PLAIN_SIGNED_NUMBER.test(text) ? `'${text}` : text;
  return safe.length > EXCEL_TEXT_LIMIT ? safe.slice(0, EXCEL_TEXT_LIMIT) : safe;
}

const jsonText = (value: object): string => {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    // A cycle or a BigInt inside: its plain text is enough to see what came.
    return Object.prototype.toString.call(value);
  }
};

/** A value of any origin as a cell: a string, a finite number, a valid Date, or null (an empty cell). */
export function excelCell(value: unknown): ExcelCell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : new Date(value.getTime());
  if (typeof value === 'string') return excelText(value);
  if (typeof value === 'object') return excelText(jsonText(value));
  if (typeof value === 'function') return null;
  return excelText(String(value));
}

/** A row of cells. */
export const excelRow = (values: readonly unknown[]): ExcelCell[] => values.map(excelCell);
