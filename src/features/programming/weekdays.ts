/** The days of the programming forms, Monday first (days 1-7, spec 2 §9), named in the interface language. */
export const WEEK = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEK)[number];

// 1 January 2024 was a Monday.
const MONDAY = Date.UTC(2024, 0, 1);
const DAY_MS = 86_400_000;

export const weekdayName = (day: Weekday, language: string, width: 'long' | 'short' = 'long'): string =>
  new Intl.DateTimeFormat(language, { weekday: width, timeZone: 'UTC' }).format(
    new Date(MONDAY + WEEK.indexOf(day) * DAY_MS),
  );
