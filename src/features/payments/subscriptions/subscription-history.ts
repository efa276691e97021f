/**
 * The signed-in user's subscription history (`GET /user/subscriptions`, a call the console proposes: the spec names
 * the page but no call), answered whole and paged in the browser; the route's loader starts it while the page's code
 * loads (the same query, so the table finds it).
 */
import type { QueryClient } from '@tanstack/react-query';
import { getSubscriptionHistoryOptions } from '@generated/api/@tanstack/react-query.gen.ts';
import { wholeListQuery } from '../../../shared/table/whole-list.ts';

/** The table's query: one call, each page cut from its answer. */
export const subscriptionHistoryQuery = wholeListQuery(getSubscriptionHistoryOptions());

/** Starts the call without waiting (the table shows its own loading state). */
export function prefetchSubscriptionHistory(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(getSubscriptionHistoryOptions());
}
