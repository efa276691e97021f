/**
 * The Reader tab's card report (spec 2 §2): the table of card reads between two days, and the same report as an
 * Excel workbook to save. Both run when the person asks (Report, Excel; the table also once when the tab
 * opens), and a failure of either says 'Rapor Oluşturulamadı. Filtrelemelerinizin doğru olduğundan emin olun
 * lütfen' in a red toast.
 */
import i18next from 'i18next';
import { useMutation } from '@tanstack/react-query';
import { exportCardReport, getCardReport } from '@generated/api/sdk.gen.ts';
import { saveFile } from '../../../../shared/files/save-file.ts';

/** The period of a report, as the contract sends it (`YYYY-MM-DD`, both days included). */
export interface ReportPeriod {
  begin: string;
  end: string;
}

const failure = () => ({ failureMessage: i18next.t('errors.reportFailed') });

/** The file a saved report is named after: the panel and the period. */
export const cardReportFileName = (devId: number, { begin, end }: ReportPeriod): string =>
  `card-report-${devId}-${begin}-${end}.xlsx`;

export function useCardReport(devId: number) {
  return useMutation({
    mutationFn: async ({ begin, end }: ReportPeriod) => {
      const { data } = await getCardReport({
        path: { id: devId },
        query: { begin_date: begin, end_date: end },
        throwOnError: true,
      });
      return data.data;
    },
    meta: failure(),
    retry: false,
  });
}

export function useCardReportExport(devId: number) {
  return useMutation({
    mutationFn: async (period: ReportPeriod) => {
      const { data } = await exportCardReport({
        path: { id: devId },
        query: { begin_date: period.begin, end_date: period.end },
        // The workbook is binary: read the body as a Blob whatever its content type says.
        parseAs: 'blob',
        throwOnError: true,
      });
      return data;
    },
    meta: failure(),
    retry: false,
    onSuccess: (blob, period) => saveFile(blob, cardReportFileName(devId, period), blob.type),
  });
}
