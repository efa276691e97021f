/**
 * The table rendered to HTML (the unit tests have no DOM: MUI X's grid draws its rows only in a browser, so this checks
 * what is around them): toolbar, filters in force, paging, loading and error states, both languages, server text never
 * as HTML, and the URL hook reading and writing `?page&size&<filter>` through a real (memory) router.
 */
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import i18next, { type i18n as I18n } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  RouterProvider,
  type AnyRouter,
} from '@tanstack/react-router';
import { getUserListOptions } from '@generated/api/@tanstack/react-query.gen.ts';
import type { User, UserListResponse } from '@generated/api/types.gen.ts';
import en from '../../../locales/en.json';
import tr from '../../../locales/tr.json';
import { columnsOf } from './columns.ts';
import { DataTable } from './data-table.tsx';
import type { FilterField } from './filters.ts';
import { TableEnvironmentProvider } from './table-environment.tsx';
import { validateTableSearch } from './route-search.ts';
import { useLocalTableState, useTableUrlState, type TableStateControl } from './use-table-state.ts';

const user = (id: number, name: string): User => ({
  id,
  name,
  email: `user${id}@example.com`,
  Phonenumber: '905321234567',
  Dealercode: 'IST034',
  user_type: 1,
  active: id % 2 === 0,
  subscribes: [],
  state: 1,
});

const column = columnsOf<User>();
const columns = [
  column.field('name', { header: 'Name' }),
  column.field('email', { header: 'E-mail' }),
  column.field('active', { header: 'Active' }),
];
const filters: FilterField[] = [
  { id: 'search', kind: 'text', label: 'Search' },
  {
    id: 'type',
    kind: 'select',
    label: 'Type',
    param: 'user_type',
    options: [
      { value: 0, label: 'User' },
      { value: 1, label: 'Dealer' },
    ],
  },
];

type Query = NonNullable<Parameters<typeof getUserListOptions>[0]>['query'];
const optionsFor = ({ limit, offset, filters: params }: { limit: number; offset: number; filters: object }) =>
  // A failed read stays failed on mount (a server render would otherwise show it as loading again).
  ({ ...getUserListOptions({ query: { limit, offset, ...params } as Query }), retryOnMount: false });

function Table({ state }: { state: TableStateControl }) {
  return (
    <DataTable
      id="users"
      label="Users"
      columns={columns}
      filters={filters}
      getRowId={(row) => row.id}
      query={optionsFor}
      state={state}
      actions={<button type="button">Add user</button>}
    />
  );
}

function LocalTable() {
  return <Table state={useLocalTableState()} />;
}

const languages: Record<string, I18n> = {};
beforeAll(async () => {
  for (const language of ['en', 'tr']) {
    const i18n = i18next.createInstance();
    await i18n.use(initReactI18next).init({
      lng: language,
      resources: { en: { translation: en }, tr: { translation: tr } },
      interpolation: { escapeValue: false },
    });
    languages[language] = i18n;
  }
});

function render(node: ReactNode, client: QueryClient, language = 'en'): string {
  const html = renderToString(
    <I18nextProvider i18n={languages[language]!}>
      <QueryClientProvider client={client}>{node}</QueryClientProvider>
    </I18nextProvider>,
  );
  return html.replace(/<style[^>]*>.*?<\/style>/g, '');
}

const answer = (rows: User[], total: number, limit = 10, offset = 0): UserListResponse => ({
  data: rows,
  list_info: { total_count: total, limit, offset },
});

describe('DataTable', () => {
  it('shows the page’s actions, the tools and the rows shown, in English and Turkish', () => {
    const client = new QueryClient();
    client.setQueryData(optionsFor({ limit: 10, offset: 0, filters: {} }).queryKey, answer([user(1, 'A')], 57));
    const english = render(<LocalTable />, client);
    expect(english).toContain('Add user');
    expect(english).toContain('>Filters</button>');
    expect(english).toContain('Columns');
    expect(english).toContain('Export to Excel');
    expect(english).toContain('aria-label="Reload"');
    expect(english).toContain('1–1 of 57');
    expect(english).toContain('Rows per page');
    expect(english).toContain('aria-label="Go to page 6"');
    expect(english).toContain('<option value="1000">1,000</option>');
    const turkish = render(<LocalTable />, client, 'tr');
    expect(turkish).toContain('Sütunlar');
    expect(turkish).toContain('Excel&#x27;e aktar');
    expect(turkish).toContain('1–1 / 57');
    expect(turkish).toContain('Sayfa başına satır');
  });

  it('says that it is loading before the first page arrives', () => {
    const html = render(<LocalTable />, new QueryClient());
    expect(html).toMatch(/role="status"[^>]*>Loading rows</);
    expect(html).not.toContain('No rows');
  });

  it('shows a failed read with a retry, the reason from the console’s error text, server text never as HTML', () => {
    const client = new QueryClient();
    const options = optionsFor({ limit: 10, offset: 0, filters: {} });
    const query = client.getQueryCache().build(client, { queryKey: options.queryKey as QueryKey });
    query.setState({ ...query.state, status: 'error', error: new Error('<img src=x onerror=alert(1)>') });
    const describeError = (error: unknown) => (error instanceof Error ? error.message : null);
    const html = render(
      <TableEnvironmentProvider describeError={describeError}>
        <LocalTable />
      </TableEnvironmentProvider>,
      client,
    );
    expect(html).toContain('The list could not be loaded.');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).not.toContain('<img');
    expect(html).toContain('>Retry</button>');
    // Without the console's error text the table still says what failed.
    expect(render(<LocalTable />, client)).toContain('The list could not be loaded.');
  });
});

describe('useTableUrlState', () => {
  let control: TableStateControl | undefined;
  function UrlTable({ expose }: { expose: (state: TableStateControl) => void }) {
    const state = useTableUrlState(filters);
    expose(state);
    return <Table state={state} />;
  }

  async function routerAt(url: string) {
    const rootRoute = createRootRoute({
      component: () => <UrlTable expose={(state) => void (control = state)} />,
      validateSearch: validateTableSearch,
    });
    const router: AnyRouter = createRouter({
      routeTree: rootRoute,
      history: createMemoryHistory({ initialEntries: [url] }),
    });
    await router.load();
    return router;
  }

  it('reads page, size and the table’s filters from the URL, and asks the server for them', async () => {
    const router = await routerAt('/?page=2&size=25&type=1&search=ali&tab=other');
    const client = new QueryClient();
    const key = optionsFor({ limit: 25, offset: 25, filters: { search: 'ali', user_type: 1 } }).queryKey;
    client.setQueryData(key, answer([user(26, 'Z')], 60, 25, 25));
    const html = render(<RouterProvider router={router} />, client);
    expect(control?.state).toEqual({ page: 2, size: 25, filters: { search: 'ali', type: '1' } });
    expect(html).toContain('26–26 of 60');
    expect(html).toContain('Filters (2)');
    expect(html).toContain('Type: Dealer');
    expect(html).toContain('Search: ali');
  });

  it('writes a change into the URL, keeping the route’s other entries', async () => {
    const router = await routerAt('/?page=2&size=25&type=1&tab=other');
    // Without a DOM the router works as on a server, where it ignores navigations: from here on it commits them as a
    // browser's would (into its memory history).
    Object.assign(router, { isServer: false, staticLocations: new WeakMap() });
    render(<RouterProvider router={router} />, new QueryClient());
    control!.change({ page: 3 });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(router.state.location.search).toEqual({ page: 3, size: 25, type: 1, tab: 'other' });
    expect(router.state.location.searchStr).toBe('?page=3&size=25&type=1&tab=other');
    render(<RouterProvider router={router} />, new QueryClient());
    control!.change({ filters: { search: 'veli' } });
    await new Promise((resolve) => setTimeout(resolve, 0));
    // New filters start from page 1 (left out), the select filter turned off is removed.
    expect(router.state.location.search).toEqual({ size: 25, search: 'veli', tab: 'other' });
  });
});
