/**
 * Where a page of a table lies (spec 1 §9): the offset of a page is (page − 1) × limit, pages are counted from 1, and
 * what is known about the pages around it. The tables and the routes' prefetches read this; the URL's page and size
 * are read by paging.ts.
 */

/** The zero-based position of the first row of a page. */
export const pageOffset = (page: number, size: number): number => (Math.max(1, page) - 1) * size;

/** Number of pages for a total (at least 1, so an empty list still has its page 1). */
export const pageCount = (total: number, size: number): number => Math.max(1, Math.ceil(Math.max(0, total) / size));

/**
 * What is known about the pages around the one shown. With a total (the contract's `list_info.total_count`) the
 * last page is known; without one, a full page means there may be another.
 */
export interface PageInfo {
  page: number;
  size: number;
  /** Total rows matching, when the server says it. */
  total: number | undefined;
  /** Last page number, when known. */
  lastPage: number | undefined;
  hasNext: boolean;
  /** First and last row number shown (1-based), 0 and 0 for an empty page. */
  from: number;
  to: number;
}

export function pageInfo(page: number, size: number, rowsOnPage: number, total: number | undefined): PageInfo {
  const offset = pageOffset(page, size);
  const from = rowsOnPage > 0 ? offset + 1 : 0;
  const to = offset + rowsOnPage;
  if (total !== undefined) {
    const lastPage = pageCount(total, size);
    return { page, size, total, lastPage, hasNext: page < lastPage, from, to };
  }
  return { page, size, total, lastPage: undefined, hasNext: rowsOnPage >= size, from, to };
}

/**
 * The page to show when the one asked for is past the end (a shared link after rows were deleted, a larger page
 * size): the last page, or undefined when the page is fine.
 */
export function pageBeyondEnd(page: number, size: number, total: number | undefined): number | undefined {
  if (total === undefined || page === 1) return undefined;
  const lastPage = pageCount(total, size);
  return page > lastPage ? lastPage : undefined;
}

/**
 * The page that keeps the first row of the current page in view when the page size changes (page 3 of 10 shows rows
 * 21–30; with 25 a page that is page 1, which holds row 21).
 */
export const pageForNewSize = (page: number, size: number, nextSize: number): number =>
  Math.floor(pageOffset(page, size) / nextSize) + 1;
