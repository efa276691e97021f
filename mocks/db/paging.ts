/**
 * The mock's one paging of a list: the `limit` and `offset` a request asks for, read by the mock's one parser
 * (mocks/ids.ts: digits only, failing closed), and the page cut from the rows with its `list_info`. The front has
 * already refused a `limit` or `offset` that is not of its schema's form (400), so what reaches a list is valid; a
 * value absent, unreadable or below its minimum (`limit` 1, `offset` 0) takes the default.
 */
import { parseInteger } from '../ids.ts';

/** The contract's default page size (`components/parameters.yaml` `Limit`: `default: 10`; paging.test.ts holds it). */
export const DEFAULT_LIMIT = 10;

/** The page a request asks for; `limit` undefined runs to the end of the list. */
export interface PageAsked {
  limit: number | undefined;
  offset: number;
}

/** The `list_info` of a paged answer. */
export interface ListInfo {
  total_count: number;
  limit: number;
  offset: number;
}

const atLeast = (text: string | null | undefined, minimum: number): number | undefined => {
  const value = text === null || text === undefined ? undefined : parseInteger(text);
  return value !== undefined && value >= minimum ? value : undefined;
};

/**
 * The `limit` and `offset` of `query`; without a `limit` the page holds `limit` rows (the contract's default unless
 * a list says otherwise), or runs to the end of the list when it is `'all'`.
 */
export function pageAsked(query: URLSearchParams, limit: number | 'all' = DEFAULT_LIMIT): PageAsked {
  return {
    limit: atLeast(query.get('limit'), 1) ?? (limit === 'all' ? undefined : limit),
    offset: atLeast(query.get('offset'), 0) ?? 0,
  };
}

/** A page asked by an offset in the path (`/userdevices/{offset}`); undefined when it is not a whole number ≥ 0. */
export function pageFromPath(offset: string | undefined, query: URLSearchParams): PageAsked | undefined {
  const from = atLeast(offset, 0);
  return from === undefined ? undefined : { ...pageAsked(query, 'all'), offset: from };
}

/** The rows of the page asked, with `list_info` over all `rows` (its `limit` the rows a full page holds). */
export function pageOf<T>(rows: readonly T[], { limit, offset }: PageAsked): { data: T[]; list_info: ListInfo } {
  const size = limit ?? rows.length;
  return { data: rows.slice(offset, offset + size), list_info: { total_count: rows.length, limit: size, offset } };
}
