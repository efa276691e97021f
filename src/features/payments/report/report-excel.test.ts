import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { BillingReportMonth, Order } from '@generated/api/types.gen.ts';
import { reportMonths } from './report-data.ts';
import {
  REPORT_MONEY_COLUMNS,
  reportFileName,
  reportSheets,
  writeReportWorkbook,
  type ReportExcelTexts,
} from './report-excel.ts';

const order = (id: number, overrides: Partial<Order> = {}): Order => ({
  id,
  created_at: '2026-11-20T14:32:05Z',
  sub_month: 12,
  amount: 1,
  payment_plan: { title: 'Premium' },
  price: 1490,
  currency: 'TRY',
  total_price: 1266.5,
  user_info: { name: 'Mehmet Demir', email: 'dealer@example.com', Dealercode: 'IST034' },
  sub_expire_date: '2027-11-20T23:59:59Z',
  order_state: 1,
  is_billing: false,
  order_details: [],
  ...overrides,
});

const entries: BillingReportMonth[] = [
  {
    id: 202611,
    month: 11,
    total_price: 1266.5,
    records: [
      order(5004),
      order(5003, {
        created_at: '2026-11-05T18:40:10Z',
        sub_month: 1,
        price: 149,
        total_price: 149,
        user_info: { name: '=HYPERLINK("http://x")', email: 'olduser@example.com', Dealercode: 'IST034' },
        sub_expire_date: null,
        order_state: 0,
      }),
    ],
  },
  { id: 202512, month: 12, total_price: 99, records: [order(4001, { is_billing: true, total_price: 99 })] },
];

const texts: ReportExcelTexts = {
  monthsSheet: 'Aylar',
  ordersSheet: 'Siparişler',
  month: 'Ay',
  orderCount: 'Sipariş sayısı',
  total: 'Toplam (TL)',
  orderId: 'Sipariş no.',
  createdAt: 'Oluşturulma tarihi',
  duration: 'Süre (ay)',
  amount: 'Adet',
  subscriptionType: 'Abonelik türü',
  price: 'Fiyat',
  totalPrice: 'Toplam tutar',
  currency: 'Para birimi',
  buyerName: 'Alıcı adı',
  buyerEmail: 'Alıcı e-postası',
  dealerCode: 'Bayi kodu',
  subscriptionEnd: 'Abonelik bitişi',
  orderStatus: 'Sipariş durumu',
  invoiceStatus: 'Fatura durumu',
  orderState: (state) => (state === 1 ? 'Satın alındı' : 'Tamamlanmadı'),
  billing: (billed) => (billed ? 'Faturalandı' : 'Faturalanmadı'),
};

describe('billing report workbook', () => {
  it('writes the months and every order, read back with typed cells and no formulas', async () => {
    const months = reportMonths(entries, 'tr');
    const bytes = await writeReportWorkbook(reportSheets(months, texts), REPORT_MONEY_COLUMNS);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Aylar', 'Siparişler']);

    const monthSheet = workbook.worksheets[0]!;
    expect(monthSheet.getRow(1).values).toEqual([undefined, 'Ay', 'Sipariş sayısı', 'Toplam (TL)']);
    // Chronological: December 2025 before November 2026.
    expect(monthSheet.getRow(2).values).toEqual([undefined, 'Aralık 2025', 1, 99]);
    expect(monthSheet.getRow(3).values).toEqual([undefined, 'Kasım 2026', 2, 1266.5]);
    expect(monthSheet.getCell('C3').numFmt).toBe('#,##0.00');
    expect(monthSheet.rowCount).toBe(3);

    const orders = workbook.worksheets[1]!;
    expect(orders.getRow(1).values).toEqual([undefined, ...reportSheets(months, texts)[1].headers]);
    expect(orders.rowCount).toBe(4);
    expect(orders.getCell('A2').value).toBe('Aralık 2025');
    expect(orders.getCell('B2').value).toBe(4001);
    expect(orders.getCell('O2').value).toBe('Faturalandı');
    expect(orders.getCell('B3').value).toBe(5004);
    expect(orders.getCell('C3').value).toEqual(new Date('2026-11-20T14:32:05Z'));
    expect(orders.getCell('C3').numFmt).toBe('dd mmmm yyyy');
    expect(orders.getCell('G3').value).toBe(1490);
    expect(orders.getCell('H3').value).toBe(1266.5);
    expect(orders.getCell('M3').value).toEqual(new Date('2027-11-20T23:59:59Z'));
    expect(orders.getCell('N3').value).toBe('Satın alındı');
    // The failed order: no subscription end, its state spelled out, a formula-like name kept as inert text.
    expect(orders.getCell('J4').value).toBe(`'=HYPERLINK("http://x")`);
    expect(orders.getCell('J4').type).toBe(ExcelJS.ValueType.String);
    expect(orders.getCell('J4').formula).toBeUndefined();
    expect(orders.getCell('M4').value).toBeNull();
    expect(orders.getCell('N4').value).toBe('Tamamlanmadı');
    expect(orders.getCell('O4').value).toBe('Faturalanmadı');
  });

  it('writes an object the API sent where text belongs as text, never as a formula or a link', async () => {
    const hostile = order(5005, {
      payment_plan: { title: { formula: 'HYPERLINK("https://evil.example","x")' } as unknown as string },
      user_info: {
        name: { text: 'x', hyperlink: 'https://evil.example' } as unknown as string,
        email: 'olduser@example.com',
        Dealercode: 'IST034',
      },
      total_price: Number.NaN,
    });
    const months = reportMonths([{ id: 202611, month: 11, total_price: 0, records: [hostile] }], 'tr');
    const bytes = await writeReportWorkbook(reportSheets(months, texts), REPORT_MONEY_COLUMNS);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes);
    const orders = workbook.worksheets[1]!;
    expect(orders.getCell('F2').value).toBe('{"formula":"HYPERLINK(\\"https://evil.example\\",\\"x\\")"}');
    expect(orders.getCell('F2').type).toBe(ExcelJS.ValueType.String);
    expect(orders.getCell('J2').value).toBe('{"text":"x","hyperlink":"https://evil.example"}');
    expect(orders.getCell('J2').hyperlink).toBeUndefined();
    expect(orders.getCell('H2').value).toBeNull();
  });

  it('names the file after the range', () => {
    expect(reportFileName({ begin: '2026-01-01', end: '2026-11-30' })).toBe(
      'billing-report-2026-01-01-2026-11-30.xlsx',
    );
  });
});
