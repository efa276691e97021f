import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { QueryClient } from '@tanstack/react-query';
import en from '../../../../../locales/en.json';
import tr from '../../../../../locales/tr.json';
import { ApiError, timeoutError } from '../../../../lib/api/api-error.ts';
import { feedbackCaches } from '../../../../lib/api/feedback.ts';
import { toastStore } from '../../../../shared/toast/toast-store.ts';
import { orderReportOptions } from './get-order-report.ts';

const REPORT_FAILED = 'Rapor Oluşturulamadı. Filtrelemelerinizin doğru olduğundan emin olun lütfen';

beforeAll(async () => {
  await i18next.init({ lng: 'tr', resources: { en: { translation: en }, tr: { translation: tr } } });
});
beforeEach(() => toastStore.clear());

/** The report's options with the read replaced by one that fails with `error`. */
const failingWith = (error: unknown, begin = '2026-11-30') => ({
  ...orderReportOptions({ begin, end: '2026-01-01' }),
  queryFn: () => Promise.reject(error),
  retry: false,
});

const errorToasts = () => toastStore.list().filter((toast) => toast.severity === 'error');

describe('the billing report read', () => {
  it('asks for the range with limit 500 and offset 0', () => {
    const [key] = orderReportOptions({ begin: '2026-01-01', end: '2026-11-30' }).queryKey;
    expect(key).toMatchObject({
      _id: 'getOrderReport',
      query: { begin_date: '2026-01-01', end_date: '2026-11-30', limit: 500, offset: 0 },
    });
  });

  it('raises exactly one toast, the spec’s report failure, when the server refuses the report', async () => {
    const client = new QueryClient({ ...feedbackCaches() });
    const refused = new ApiError(400, 'Bitiş tarihi başlangıç tarihinden önce olamaz', 'Error');
    await expect(client.fetchQuery(failingWith(refused))).rejects.toBe(refused);
    expect(errorToasts()).toMatchObject([{ message: REPORT_FAILED, count: 1 }]);
  });

  it('keeps the message of an unreachable or slow server', async () => {
    const client = new QueryClient({ ...feedbackCaches() });
    await expect(client.fetchQuery(failingWith(new ApiError(0, 'Cannot to connect server')))).rejects.toBeDefined();
    await expect(client.fetchQuery(failingWith(timeoutError(), '2026-12-31'))).rejects.toBeDefined();
    const messages = errorToasts().map((toast) => toast.message);
    expect(messages).not.toContain(REPORT_FAILED);
    expect(messages).toHaveLength(2);
  });
});
