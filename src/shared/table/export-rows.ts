/**
 * What the export writes: every row that matches the filters in force, not only the page shown, fetched page by page
 * with the largest page size (1000) up to EXPORT_ROW_CAP rows, and of each row the visible columns in their order.
 * A list larger than the cap is cut at the cap and the person is told so (10 calls of 1000 rows is what a
 * spreadsheet of a list is reasonably for; the server's own reports serve more).
 */
import { MAX_PAGE_SIZE } from './paging.ts';
import { exportCell, isExported, type CellTexts, type TableColumn } from './columns.ts';
import type { TablePage } from './table-query.ts';

export const EXPORT_ROW_CAP = 10_000;

export interface ExportProgress {
  fetched: number;
  /** Rows the export will hold at the end, when known (the total, or the cap when the total is above it). */
  expected: number | undefined;
}

export interface CollectOptions<Row> {
  fetchPage: (offset: number, limit: number) => Promise<TablePage<Row>>;
  getRowId: (row: Row) => string | number;
  signal?: AbortSignal;
  onProgress?: (progress: ExportProgress) => void;
  cap?: number;
  pageSize?: number;
}

export interface CollectedRows<Row> {
  rows: Row[];
  total: number | undefined;
  /** True when rows beyond the cap were left out. */
  capped: boolean;
}

const abortError = () => new DOMException('The export was stopped', 'AbortError');

/**
 * Reads the rows page by page until the last page (shorter than the page size, or the total reached) or the cap.
 * A row that comes twice (the list changed between two calls and shifted the offsets) is kept once.
 */
export async function collectRows<Row>({
  fetchPage,
  getRowId,
  signal,
  onProgress,
  cap = EXPORT_ROW_CAP,
  pageSize = MAX_PAGE_SIZE,
}: CollectOptions<Row>): Promise<CollectedRows<Row>> {
  const byId = new Map<string | number, Row>();
  let total: number | undefined;
  let offset = 0;
  for (;;) {
    if (signal?.aborted) throw abortError();
    const limit = Math.min(pageSize, cap - offset);
    const page = await fetchPage(offset, limit);
    if (signal?.aborted) throw abortError();
    total = page.total ?? total;
    for (const row of page.rows) {
      if (byId.size >= cap) break;
      const id = getRowId(row);
      if (!byId.has(id)) byId.set(id, row);
    }
    offset += limit;
    const expected = total === undefined ? undefined : Math.min(total, cap);
    onProgress?.({ fetched: byId.size, expected });
    const lastPage = page.rows.length < limit || (total !== undefined && offset >= total);
    if (lastPage) return { rows: [...byId.values()], total, capped: false };
    if (offset >= cap) {
      return { rows: [...byId.values()], total, capped: total === undefined || total > cap };
    }
  }
}

/** The columns the export writes: the visible ones, in the order shown, that have a value. */
export const exportColumns = <Row>(visible: readonly TableColumn<Row>[]): TableColumn<Row>[] =>
  visible.filter(isExported);

/** The sheet's rows under its header row. */
export const exportMatrix = <Row>(
  columns: readonly TableColumn<Row>[],
  rows: readonly Row[],
  texts: CellTexts,
): (string | number | Date | null)[][] => rows.map((row) => columns.map((column) => exportCell(column, row, texts)));

/** `users-2026-11-20-1432.xlsx`: the table and the moment of the export (local time). */
export function exportFileName(tableId: string, now: Date): string {
  const two = (value: number) => String(value).padStart(2, '0');
  const stamp = `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}-${two(now.getHours())}${two(now.getMinutes())}`;
  const name = tableId.replace(/[^\p{L}\p{N}_-]+/gu, '-').replace(/^-+|-+$/g, '') || 'table';
  return `${name}-${stamp}.xlsx`;
}
