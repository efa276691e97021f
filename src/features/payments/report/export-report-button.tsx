import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import { saveFile } from '../../../shared/files/save-file.ts';
import { XLSX_TYPE } from '../../../shared/table/excel-file.ts';
import type { ReportMonth, ReportRange } from './report-data.ts';
import type { ReportExcelTexts } from './report-excel.ts';

interface ExportReportButtonProps {
  months: readonly ReportMonth[] | undefined;
  range: ReportRange;
}

/**
 * Writes the report shown (months with totals, and every order) to an Excel file. The workbook module and exceljs
 * load on the click only; a failure raises the one toast of the mutation cache (feedback.ts).
 */
export function ExportReportButton({ months, range }: ExportReportButtonProps) {
  const { t } = useTranslation();
  const texts: ReportExcelTexts = {
    monthsSheet: t('billingReport.excel.monthsSheet'),
    ordersSheet: t('billingReport.excel.ordersSheet'),
    month: t('billingReport.charts.month'),
    orderCount: t('billingReport.excel.orderCount'),
    total: t('billingReport.excel.total'),
    orderId: t('billingReport.excel.orderId'),
    createdAt: t('billingReport.orders.createdAt'),
    duration: t('billingReport.orders.duration'),
    amount: t('billingReport.orders.amount'),
    subscriptionType: t('billingReport.orders.subscriptionType'),
    price: t('billingReport.orders.price'),
    totalPrice: t('billingReport.orders.totalPrice'),
    currency: t('billingReport.excel.currency'),
    buyerName: t('billingReport.excel.buyerName'),
    buyerEmail: t('billingReport.excel.buyerEmail'),
    dealerCode: t('billingReport.orders.dealerCode'),
    subscriptionEnd: t('billingReport.orders.subscriptionEnd'),
    orderStatus: t('billingReport.orders.orderStatus'),
    invoiceStatus: t('billingReport.orders.invoiceStatus'),
    orderState: (state) => t(state === 1 ? 'billingReport.orders.purchased' : 'billingReport.orders.notCompleted'),
    billing: (billed) => t(billed ? 'billingReport.orders.billed' : 'billingReport.orders.notBilled'),
  };
  const exporter = useMutation({
    mutationFn: async (report: readonly ReportMonth[]) => {
      const excel = await import('./report-excel.ts');
      const bytes = await excel.writeReportWorkbook(excel.reportSheets(report, texts), excel.REPORT_MONEY_COLUMNS);
      saveFile(bytes, excel.reportFileName(range), XLSX_TYPE);
    },
  });
  return (
    <Button
      variant="outlined"
      startIcon={<FileDownloadIcon />}
      disabled={!months?.length}
      loading={exporter.isPending}
      onClick={() => months && exporter.mutate(months)}
    >
      {t('billingReport.export')}
    </Button>
  );
}
