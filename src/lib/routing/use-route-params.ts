/**
 * What a page reads of its address: the parameters its route parsed (route-params.ts) and the search its route
 * validated, typed by the route's own parser and validator. Apart from the parsers, so that it loads with the pages
 * and not with the router.
 */
import { useMatch, useParams } from '@tanstack/react-router';
import type { ParamsSpec } from './route-params.ts';

/** The parameters of the page's route as its spec parsed them (`useRouteParams<typeof idParams>()`). */
export const useRouteParams = <Spec extends Pick<ParamsSpec<object>, 'parse'>>(): ReturnType<Spec['parse']> =>
  useParams({ strict: false }) as ReturnType<Spec['parse']>;

/**
 * The search of the page's route as its `validateSearch` made it (`useRouteSearch<typeof validatePaySearch>()`): the
 * route's own validated search, not the address's (the router's loose search keeps what the address says beside it,
 * such as an unknown tab the route turned away).
 */
export const useRouteSearch = <Validate extends (search: Record<string, unknown>) => object>(): ReturnType<Validate> =>
  useMatch({ strict: false, select: (match) => match._strictSearch }) as ReturnType<Validate>;
