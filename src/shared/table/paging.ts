/**
 * Server-side paging of the console's tables (spec 1 §9): page sizes 10…1000, default 10, pages counted from 1 as the
 * URL shows them, and how a page and its size are read from the URL. The router reads these with every route (the
 * sign-in page's entry too), so where a page lies (its offset, the pages around it) is in page-position.ts.
 */

export const PAGE_SIZES = [10, 25, 50, 100, 250, 500, 1000] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 10;
/** The largest page the server is asked for (the export pages through the list with it). */
export const MAX_PAGE_SIZE: PageSize = 1000;

export const isPageSize = (value: unknown): value is PageSize => (PAGE_SIZES as readonly unknown[]).includes(value);

/** A page size read from the URL (a number or its text); anything else is the default. */
export function parsePageSize(value: unknown): PageSize {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return isPageSize(number) ? number : DEFAULT_PAGE_SIZE;
}

/** A page number read from the URL: a whole number from 1 on; anything else is page 1. */
export function parsePage(value: unknown): number {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isSafeInteger(number) && number >= 1 ? number : 1;
}
