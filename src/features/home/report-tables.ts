import type { GeneralReport } from '@generated/api/types.gen.ts';
import type { TranslationKey } from '../../lib/i18n/translation-key.ts';

/** A row of a dashboard table: a name the server gives and its count. */
export interface CountRow {
  name: string;
  count: number;
}

/** Users per dealer code (the field the server names `dealer_count` counts users; spec 1 §3 Report summary). */
export const dealerRows = (report: GeneralReport): CountRow[] =>
  report.dealer_users.map((row) => ({ name: row.dealercode, count: row.dealer_count }));

/** Connected panels per panel model. */
export const modelRows = (report: GeneralReport): CountRow[] =>
  report.device_model_count.map((row) => ({ name: row.model, count: row.device_count }));

/** The dealer and wholesaler counts, shown with the dealer-code table (spec 1 §2 "Also shown"). */
export const dealerCounts = (report: GeneralReport): { id: string; labelKey: TranslationKey; value: number }[] => [
  { id: 'dealers', labelKey: 'home.dealers', value: report.dealer_count },
  { id: 'wholesalers', labelKey: 'home.wholesalers', value: report.wholesaler_count },
];
