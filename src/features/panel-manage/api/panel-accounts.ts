/**
 * The panel users list's call (`GET command/devices/userlistofdevice/0/{id}`, the accounts linked to one panel,
 * unpaged) as the table asks for it, page by page (shared/table/whole-list.ts), and the route loader's prefetch.
 */
import type { QueryClient } from '@tanstack/react-query';
import { getPanelUserListOptions } from '@generated/api/@tanstack/react-query.gen.ts';
import type { PanelAccount, PanelAccountListResponse } from '@generated/api/types.gen.ts';
import { pageOffset } from '../../../shared/table/page-position.ts';
import { readTableState } from '../../../shared/table/table-search.ts';
import type { TableQueryParams } from '../../../shared/table/table-query.ts';
import { unpagedTableQuery } from '../../../shared/table/whole-list.ts';

const rowsOf = (answer: PanelAccountListResponse): readonly PanelAccount[] => answer.data;
const everyRow = () => true;

export const panelAccountsQuery =
  (devId: number) =>
  ({ limit, offset }: TableQueryParams) =>
    unpagedTableQuery(
      getPanelUserListOptions({ path: { id: devId } }),
      { limit, offset, filter: null },
      rowsOf,
      everyRow,
    );

/** Starts reading the accounts of the page the URL names while the page's code loads (nothing for a bad id). */
export function prefetchPanelAccounts(
  queryClient: QueryClient,
  devId: number | undefined,
  search: Readonly<Record<string, unknown>>,
): void {
  if (devId === undefined) return;
  const state = readTableState([], search);
  const params = { limit: state.size, offset: pageOffset(state.page, state.size), filters: {} };
  void queryClient.prefetchQuery(panelAccountsQuery(devId)(params));
}
