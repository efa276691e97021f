/**
 * The billing report's read (GET /reports/order) for a range, always with limit 500 and offset 0. A refused report
 * says the spec's report failure ('Rapor Oluşturulamadı. Filtrelemelerinizin doğru olduğundan emin olun lütfen',
 * spec 2 §8) instead of the server's text, through the query's `failureMessage` (the query cache raises that one
 * toast, as for every read: feedback.ts). A server that could not be reached or did not answer in time keeps its own
 * message.
 */
import i18next from 'i18next';
import { queryOptions } from '@tanstack/react-query';
import { getOrderReportOptions } from '@generated/api/@tanstack/react-query.gen.ts';
import { REPORT_PAGE, type ReportRange } from '../report-data.ts';

export const orderReportOptions = ({ begin, end }: ReportRange) =>
  queryOptions({
    ...getOrderReportOptions({ query: { begin_date: begin, end_date: end, ...REPORT_PAGE } }),
    meta: { failureMessage: i18next.t('errors.reportFailed') },
  });
