/**
 * How a route's loader starts its page's data. A page that draws only with its data (`wait`, `waitPages`) keeps its
 * own area pending meanwhile, inside the header and the menu; leaving the page before the data has come cancels the
 * call (TanStack Query aborts the fetch through the signal the gateway passes on). A table page starts its first
 * page without waiting and shows its own loading state; its table cancels the call when it is left. A page that
 * draws its own loading state starts its first query without waiting (`start`), so a slow API never holds it.
 */
import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';

export interface PageLoad<Params, Deps> {
  queryClient: QueryClient;
  params: Params;
  deps: Deps;
  /** Loads a query the page draws with, cancelled when the page is left before it answers. */
  wait: QueryClient['ensureQueryData'];
  /** The same for a paged list (an infinite query). */
  waitPages: QueryClient['ensureInfiniteQueryData'];
  /**
   * Starts a query the page reads itself, without waiting (the page draws its own loading state, and finds the
   * answer in the cache when it has come).
   */
  start: <Data, Failure, Shown, Key extends QueryKey>(options: FetchQueryOptions<Data, Failure, Shown, Key>) => void;
}

/**
 * Runs `load` until `signal` aborts (the router aborts a loader whose page is left): a query it waits for and that
 * has not answered by then, and that nothing on screen observes, is cancelled.
 */
export function pageLoad<Params, Deps>(
  queryClient: QueryClient,
  signal: AbortSignal,
  params: Params,
  deps: Deps,
): PageLoad<Params, Deps> {
  const untilAnswered = async <Data>(queryKey: QueryKey, answer: () => Promise<Data>): Promise<Data> => {
    const cancel = () => {
      const query = queryClient.getQueryCache().find({ queryKey, exact: true });
      if (query && query.getObserversCount() === 0) void queryClient.cancelQueries({ queryKey, exact: true });
    };
    signal.addEventListener('abort', cancel, { once: true });
    try {
      return await answer();
    } finally {
      signal.removeEventListener('abort', cancel);
    }
  };
  return {
    queryClient,
    params,
    deps,
    wait: (options) => untilAnswered(options.queryKey, () => queryClient.ensureQueryData(options)),
    waitPages: (options) => untilAnswered(options.queryKey, () => queryClient.ensureInfiniteQueryData(options)),
    start: (options) => void queryClient.prefetchQuery(options),
  };
}
