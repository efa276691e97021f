/**
 * What a page reads of its address: the parameters its route parsed (route-params.ts) and the search its route
 * validated, typed by the route's own parser and validator. Apart from the parsers, so that it loads with the pages
 * and not with the router.
 */
import { useParams, useSearch } from '@tanstack/react-router';
import type { ParamsSpec } from './route-params.ts';

/** The parameters of the page's route as its spec parsed them (`useRouteParams<typeof idParams>()`). */
export const useRouteParams = <Spec extends Pick<ParamsSpec<object>, 'parse'>>(): ReturnType<Spec['parse']> =>
  useParams({ strict: false }) as ReturnType<Spec['parse']>;

/** The search of the page's route as its `validateSearch` made it (`useRouteSearch<typeof validatePaySearch>()`). */
export const useRouteSearch = <Validate extends (search: Record<string, unknown>) => object>(): ReturnType<Validate> =>
  useSearch({ strict: false }) as ReturnType<Validate>;
