/**
 * A row of the console's page table (`page-routes.ts`): which page of `src/lib/routing/paths.ts` (its path and its
 * access level), where it hangs in the tree, its lazily loaded component, how it reads its parameters and search,
 * and what its loader starts.
 */
import type { RouteComponent } from '@tanstack/react-router';
import type { RouteName } from '../../lib/routing/paths.ts';
import type { ParamsSpec } from '../../lib/routing/route-params.ts';
import { validateTableSearch } from '../../shared/table/route-search.ts';
import type { PageLoad } from '../page-loader.ts';
import type { LoadErrorKey } from '../route-error.tsx';

export interface PageRoute<Params = object, Search = object> {
  /** The page in `paths.ts`: its path pattern and its access level. */
  page: RouteName;
  /** A path other than the page's own (the catch-all that shows the page). */
  path?: string;
  /**
   * Where it hangs: at the root (the public pages, without header and menu), in the signed-in layout, or in its
   * administration part, whose texts load with its first page (the dashboard and the lists of level 1 and above).
   */
  under: 'root' | 'app' | 'admin';
  component: RouteComponent;
  params?: ParamsSpec<Params>;
  search?: (search: Record<string, unknown>) => Search;
  /** The view lives in the search (a table page): the loader runs again when it changes. */
  loadBySearch?: true;
  /** What else the page needs before it is drawn, once the guard has let the user through. */
  before?: () => Promise<void>;
  /** Starts the page's first query with the page's code (see `page-loader.ts`). */
  load?: (load: PageLoad<Params, Search>) => Promise<unknown>;
  /** What the page says when it could not be loaded, where it has its own text. */
  loadError?: LoadErrorKey;
}

/** A row, with its parameters and search typed for its loader. */
export const page = <Params = object, Search = object>(row: PageRoute<Params, Search>) => row as unknown as PageRoute;

export const tablePage = { search: validateTableSearch, loadBySearch: true } as const;
