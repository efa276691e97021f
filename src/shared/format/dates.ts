/** The specification's date formats (dayjs follows the interface language). */
import dayjs from 'dayjs';

export const DATE_FORMATS = {
  /** Panels and most lists. */
  panel: 'DD.MM.YYYY HH:mm',
  /** Orders. */
  order: 'DD MMMM YYYY',
  /** Coupon code usage. */
  codeUsage: 'DD MMMM YYYY HH:mm:ss',
  /** A date without time (subscription end). */
  day: 'DD.MM.YYYY',
} as const;

export function formatDate(
  value: string | number | Date | undefined | null,
  format: keyof typeof DATE_FORMATS,
): string {
  if (value === undefined || value === null || value === '') return '';
  const date = dayjs(value);
  return date.isValid() ? date.format(DATE_FORMATS[format]) : '';
}
