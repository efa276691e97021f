/**
 * The billing report as an Excel workbook: a sheet of the months with their order counts and totals, and a sheet of
 * every order of the report. exceljs is loaded with a dynamic import() when the person exports, never with the page;
 * every cell is a value (text, number, date), never a formula, so a server text that starts with `=` stays text.
 */
import type * as ExcelJS from 'exceljs';
import type { Order } from '@generated/api/types.gen.ts';
import { columnWidths, sheetName, type ExcelCell } from '../../../shared/table/excel-file.ts';
import type { ReportMonth, ReportRange } from './report-data.ts';

export interface ReportSheet {
  name: string;
  headers: readonly string[];
  rows: readonly (readonly ExcelCell[])[];
}

/** The texts of the workbook, in the interface language. */
export interface ReportExcelTexts {
  monthsSheet: string;
  ordersSheet: string;
  month: string;
  orderCount: string;
  total: string;
  orderId: string;
  createdAt: string;
  duration: string;
  amount: string;
  subscriptionType: string;
  price: string;
  totalPrice: string;
  currency: string;
  buyerName: string;
  buyerEmail: string;
  dealerCode: string;
  subscriptionEnd: string;
  orderStatus: string;
  invoiceStatus: string;
  orderState: (state: Order['order_state']) => string;
  billing: (billed: boolean) => string;
}

const date = (value: string | null): Date | null => {
  if (!value) return null;
  const parsed = new Date(value);
  return Number.isNaN(parsed.getTime()) ? null : parsed;
};

/** The two sheets of a report (months chronological, as the page shows them). */
export function reportSheets(months: readonly ReportMonth[], texts: ReportExcelTexts): [ReportSheet, ReportSheet] {
  return [
    {
      name: texts.monthsSheet,
      headers: [texts.month, texts.orderCount, texts.total],
      rows: months.map((month) => [month.name, month.orders.length, month.total]),
    },
    {
      name: texts.ordersSheet,
      headers: [
        texts.month,
        texts.orderId,
        texts.createdAt,
        texts.duration,
        texts.amount,
        texts.subscriptionType,
        texts.price,
        texts.totalPrice,
        texts.currency,
        texts.buyerName,
        texts.buyerEmail,
        texts.dealerCode,
        texts.subscriptionEnd,
        texts.orderStatus,
        texts.invoiceStatus,
      ],
      rows: months.flatMap((month) =>
        month.orders.map((order) => [
          month.name,
          order.id,
          date(order.created_at),
          order.sub_month,
          order.amount,
          order.payment_plan.title,
          order.price,
          order.total_price,
          order.currency,
          order.user_info.name,
          order.user_info.email,
          order.user_info.Dealercode,
          date(order.sub_expire_date),
          texts.orderState(order.order_state),
          texts.billing(order.is_billing),
        ]),
      ),
    },
  ];
}

type ExcelModule = typeof ExcelJS;

/** exceljs is a CommonJS/UMD bundle: its classes come as named exports or on the default export, by bundler. */
async function loadExcel(): Promise<ExcelModule> {
  const module = (await import('exceljs')) as ExcelModule & { default?: ExcelModule };
  return module.Workbook ? module : module.default!;
}

/** Dates as the spec writes order dates (DD MMMM YYYY); money with two decimals. */
const DATE_FORMAT = 'dd mmmm yyyy';
const MONEY_FORMAT = '#,##0.00';

/** The workbook's bytes: one sheet per given sheet, the header bold and frozen. */
export async function writeReportWorkbook(
  sheets: readonly ReportSheet[],
  moneyColumns: readonly (readonly number[])[] = [],
): Promise<ArrayBuffer> {
  const { Workbook } = await loadExcel();
  const workbook = new Workbook();
  workbook.created = new Date();
  sheets.forEach((sheet, sheetIndex) => {
    const worksheet = workbook.addWorksheet(sheetName(sheet.name), { views: [{ state: 'frozen', ySplit: 1 }] });
    const widths = columnWidths(sheet.headers, sheet.rows);
    worksheet.columns = sheet.headers.map((header, index) => ({ header, key: `c${index}`, width: widths[index] }));
    worksheet.getRow(1).font = { bold: true };
    for (const row of sheet.rows) worksheet.addRow([...row]);
    const money = new Set(moneyColumns[sheetIndex] ?? []);
    worksheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
      if (rowNumber === 1) return;
      row.eachCell((cell, column) => {
        if (cell.value instanceof Date) cell.numFmt = DATE_FORMAT;
        else if (money.has(column - 1) && typeof cell.value === 'number') cell.numFmt = MONEY_FORMAT;
      });
    });
  });
  return (await workbook.xlsx.writeBuffer()) as unknown as ArrayBuffer;
}

/** The money columns of `reportSheets` (zero-based, per sheet): the month total; the price and the total price. */
export const REPORT_MONEY_COLUMNS: readonly (readonly number[])[] = [[2], [6, 7]];

export const reportFileName = ({ begin, end }: ReportRange): string => `billing-report-${begin}-${end}.xlsx`;
