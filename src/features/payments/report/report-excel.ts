/**
 * The billing report as an Excel workbook: a sheet of the months with their order counts and totals, and a sheet of
 * every order of the report. exceljs is loaded with a dynamic import() when the person exports, never with the page;
 * the sheets are written by the tables' `addSheet`, so every cell is a string, a number or a date (excel-cell.ts),
 * never a formula, and a server text that starts with `=` is kept as inert text.
 */
import type { Order } from '@generated/api/types.gen.ts';
import { addSheet, loadExcel, type SheetData } from '../../../shared/table/excel-file.ts';
import type { ReportMonth, ReportRange } from './report-data.ts';

export type ReportSheet = SheetData;

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
    const money = new Set(moneyColumns[sheetIndex] ?? []);
    addSheet(workbook, sheet, (cell, column) => {
      if (cell instanceof Date) return DATE_FORMAT;
      return money.has(column) && typeof cell === 'number' ? MONEY_FORMAT : undefined;
    });
  });
  return (await workbook.xlsx.writeBuffer()) as unknown as ArrayBuffer;
}

/** The money columns of `reportSheets` (zero-based, per sheet): the month total; the price and the total price. */
export const REPORT_MONEY_COLUMNS: readonly (readonly number[])[] = [[2], [6, 7]];

export const reportFileName = ({ begin, end }: ReportRange): string => `billing-report-${begin}-${end}.xlsx`;
