/**
 * The billing report's data (spec 2 "Billing report screen", §9): the request's fixed page, the default range, the
 * month entries in chronological order with their names, the bar chart's price bands and the card colours.
 * Pure functions, so the page and its tests agree on every rule.
 */
import type { BillingReportMonth, Order } from '@generated/api/types.gen.ts';

/** The report always asks for the first 500 orders of the range (spec 2 §7, §9). */
export const REPORT_PAGE = { limit: 500, offset: 0 } as const;

/** A range as the contract sends it (`YYYY-MM-DD`, both days included). */
export interface ReportRange {
  begin: string;
  end: string;
}

const pad = (value: number) => String(value).padStart(2, '0');
const day = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** The pickers' first range: the first day of the current year to today (the person's own calendar). */
export const defaultRange = (today: Date): ReportRange => ({
  begin: `${today.getFullYear()}-01-01`,
  end: day(today),
});

/** The range the page shows: the URL's, each end falling back to the default. */
export const reportRange = (search: { begin?: string; end?: string }, today: Date): ReportRange => {
  const fallback = defaultRange(today);
  return { begin: search.begin ?? fallback.begin, end: search.end ?? fallback.end };
};

/** Year and month of an entry: the id is `YYYYMM` (contract); the entry's own month number wins if they differ. */
export function entryMonth(entry: Pick<BillingReportMonth, 'id' | 'month'>): { year?: number; month: number } {
  const month = entry.month;
  const year = Math.floor(entry.id / 100);
  return entry.id % 100 === month && year >= 1000 && year <= 9999 ? { year, month } : { month };
}

/**
 * A month's name in the interface language with its year, since a range can cross years: `Aralık 2025`,
 * `December 2025`. Without a year (an id that is not `YYYYMM`) the month's name alone.
 */
export function monthName(entry: Pick<BillingReportMonth, 'id' | 'month'>, language: string): string {
  const { year, month } = entryMonth(entry);
  const format = new Intl.DateTimeFormat(language, {
    month: 'long',
    ...(year === undefined ? {} : { year: 'numeric' }),
    timeZone: 'UTC',
  });
  return format.format(new Date(Date.UTC(year ?? 2000, month - 1, 1)));
}

/** The entries in chronological order (by their `YYYYMM` id), whatever order the answer had: 202512 before 202601. */
export const chronological = <Entry extends Pick<BillingReportMonth, 'id'>>(entries: readonly Entry[]): Entry[] =>
  [...entries].sort((a, b) => a.id - b.id);

/** The bar chart's price bands (spec 2 §9): up to 500 red, above 500 yellow, 750 light blue, 1000 blue, 1500 green. */
export type PriceBand = 'red' | 'yellow' | 'lightBlue' | 'blue' | 'green';

/** The bands from the highest down: a total above `above` takes the band. */
export const PRICE_BANDS: readonly { band: PriceBand; above: number }[] = [
  { band: 'green', above: 1500 },
  { band: 'blue', above: 1000 },
  { band: 'lightBlue', above: 750 },
  { band: 'yellow', above: 500 },
];

export const priceBand = (total: number): PriceBand => PRICE_BANDS.find(({ above }) => total > above)?.band ?? 'red';

/** The lower bound a band's label names (`Up to 500`, `Above 750`). */
export const bandBound = (band: PriceBand): number =>
  PRICE_BANDS.find((entry) => entry.band === band)?.above ?? PRICE_BANDS[PRICE_BANDS.length - 1]!.above;

/** The drawn colour of each band: fixed hues (the spec names them), readable on the light and the dark page. */
export const BAND_COLORS: Record<PriceBand, string> = {
  red: '#e53935',
  yellow: '#fdd835',
  lightBlue: '#4fc3f7',
  blue: '#1e63d6',
  green: '#2e9d44',
};

/** The bands in rising order, for the chart's legend. */
export const BANDS_RISING: readonly PriceBand[] = ['red', 'yellow', 'lightBlue', 'blue', 'green'];

/** The six colour variants the month cards cycle through (theme palette entries, light and dark). */
export const CARD_VARIANTS = ['primary', 'info', 'success', 'warning', 'error', 'secondary'] as const;
export type CardVariant = (typeof CARD_VARIANTS)[number];
export const cardVariant = (index: number): CardVariant => CARD_VARIANTS[index % CARD_VARIANTS.length]!;

/** One month of the report as the page shows it (card, charts, table). */
export interface ReportMonth {
  id: number;
  name: string;
  /** The name on a chart's axis. */
  shortName: string;
  total: number;
  band: PriceBand;
  variant: CardVariant;
  orders: readonly Order[];
}

/** The report's months, chronological, named in the interface language, with their band and card colour. */
export const reportMonths = (entries: readonly BillingReportMonth[], language: string): ReportMonth[] =>
  chronological(entries).map((entry, index) => ({
    id: entry.id,
    name: monthName(entry, language),
    shortName: monthShortName(entry, language),
    total: entry.total_price,
    band: priceBand(entry.total_price),
    variant: cardVariant(index),
    orders: entry.records,
  }));

/** How many orders the answer holds in all. */
export const orderCount = (entries: readonly Pick<BillingReportMonth, 'records'>[]): number =>
  entries.reduce((sum, entry) => sum + entry.records.length, 0);

/** Whether the answer reached the request's limit, so later orders of the range may be missing. */
export const reachedLimit = (entries: readonly Pick<BillingReportMonth, 'records'>[]): boolean =>
  orderCount(entries) >= REPORT_PAGE.limit;

/** A month's share of the whole, in per cent (for the doughnut's text alternative). */
export const shareOf = (value: number, months: readonly Pick<ReportMonth, 'total'>[]): number => {
  const whole = months.reduce((sum, month) => sum + Math.max(0, month.total), 0);
  return whole > 0 ? (Math.max(0, value) / whole) * 100 : 0;
};

/** A month's short name for a chart's axis: `Ara 25`, `Dec 25` (the full name is in the chart's text alternative). */
export function monthShortName(entry: Pick<BillingReportMonth, 'id' | 'month'>, language: string): string {
  const { year, month } = entryMonth(entry);
  const format = new Intl.DateTimeFormat(language, {
    month: 'short',
    ...(year === undefined ? {} : { year: '2-digit' }),
    timeZone: 'UTC',
  });
  return format.format(new Date(Date.UTC(year ?? 2000, month - 1, 1)));
}
