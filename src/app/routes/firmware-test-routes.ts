/** The firmware test and roll-out pages (spec 2 §2), one row each (see `page-route.ts`). */
import { idParams } from '../../lib/routing/route-params.ts';
import { validateTableSearch } from '../../shared/table/route-search.ts';
import { lazyPage } from '../lazy-page.ts';
import { type PageRoute, page } from './page-route.ts';

export const FIRMWARE_TEST_ROUTES: readonly PageRoute[] = [
  page({
    page: 'panelTests',
    under: 'admin',
    search: validateTableSearch,
    component: lazyPage(() => import('../../features/firmware-tests/firmware-pages.ts'), 'TestListPage'),
  }),
  page({
    page: 'panelTestAdd',
    under: 'admin',
    load: async (load) => (await import('./first-queries.ts')).startAddTest(load),
    component: lazyPage(() => import('../../features/firmware-tests/firmware-pages.ts'), 'AddTestPage'),
  }),
  page({
    page: 'panelTestModels',
    under: 'admin',
    search: validateTableSearch,
    component: lazyPage(() => import('../../features/firmware-tests/firmware-pages.ts'), 'ModelsPage'),
  }),
  page({
    page: 'panelTestVersions',
    under: 'admin',
    params: idParams,
    search: validateTableSearch,
    component: lazyPage(() => import('../../features/firmware-tests/firmware-pages.ts'), 'VersionsPage'),
  }),
  page({
    page: 'panelTestStages',
    under: 'admin',
    params: idParams,
    search: validateTableSearch,
    component: lazyPage(() => import('../../features/firmware-tests/firmware-pages.ts'), 'StagesPage'),
  }),
  page({
    page: 'panelTestRun',
    under: 'admin',
    params: idParams,
    load: async (load) => (await import('./first-queries.ts')).startRunTest(load),
    component: lazyPage(() => import('../../features/firmware-tests/firmware-pages.ts'), 'RunTestPage'),
  }),
  // Firmware roll-outs (proposed).
  page({
    page: 'panelTestRollouts',
    under: 'admin',
    search: validateTableSearch,
    component: lazyPage(() => import('../../features/firmware-tests/firmware-pages.ts'), 'RolloutsPage'),
  }),
  page({
    page: 'panelTestRolloutNew',
    under: 'admin',
    params: idParams,
    load: async (load) => (await import('./first-queries.ts')).startNewRollout(load),
    component: lazyPage(() => import('../../features/firmware-tests/firmware-pages.ts'), 'StartRolloutPage'),
  }),
  page({
    page: 'panelTestRollout',
    under: 'admin',
    params: idParams,
    search: validateTableSearch,
    component: lazyPage(() => import('../../features/firmware-tests/firmware-pages.ts'), 'RolloutPage'),
  }),
];
