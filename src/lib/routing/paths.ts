/**
 * Every route path of the console, in one typed module (spec 1 §2, spec 2): the router, the side menu, the access
 * rules, redirects and the session code build their paths here; no path string is written anywhere else.
 * `routes` are the router's path patterns, `pageLevels` who may open each, `paths` build concrete URLs from parameters.
 * What a page's search holds is beside its area: panel-detail-search.ts, payment-search.ts (the document browsers'
 * below).
 */
import type { UserType } from '@generated/api/types.gen.ts';
import type { PayType } from './payment-search.ts';

export const routes = {
  login: '/login',
  dealerCreate: '/Dealer/Create',
  home: '/',
  panels: '/Panels',
  panelDetail: '/PanelDetail/$id',
  panelUsers: '/Panels/$devId/Users',
  panelManage: '/PanelManage',
  priceList: '/Payment/List',
  pay: '/Payment/$planId/$priceId/$type',
  coupons: '/Payment/Coupons',
  /** Proposed route (the spec names the page, spec 1 §2, but not its path). */
  subscriptionHistory: '/Payment/Subscriptions',
  orderHistory: '/Payment/History',
  billing: '/Payment/Billing',
  paymentReport: '/Payment/Report',
  /** Proposed route (who did what; the spec names no audit page). */
  audit: '/Audit',
  profile: '/User/Edit',
  changePassword: '/User/ChangePassword',
  /** Proposed route: the password change a sign-in with a one-time password leads to, and nothing else. */
  firstPassword: '/User/FirstPassword',
  /** Proposed route: the second factor's enrolment an administrator requires, and nothing else. */
  twoStepRequired: '/User/TwoStepRequired',
  users: '/Users',
  userList: '/User/List',
  userEdit: '/User/$id/Edit',
  userAdd: '/User/Add',
  dealerRequests: '/Dealer/Requests',
  help: '/Help/List',
  firmware: '/Help/Updates',
  panelTests: '/PanelTest/List',
  panelTestAdd: '/PanelTest/Add',
  panelTestModels: '/PanelTest/Models',
  panelTestStages: '/PanelTest/$id/Stages',
  panelTestVersions: '/PanelTest/$id/Versions',
  panelTestRun: '/PanelTest/$id/test',
  /** Proposed routes (firmware roll-outs; the spec ends the firmware workflow at the test report). */
  panelTestRollouts: '/PanelTest/Rollouts',
  panelTestRolloutNew: '/PanelTest/$id/Rollout',
  panelTestRollout: '/PanelTest/Rollouts/$id',
  forbidden: '/Error/Forbidden',
} as const;

export type RouteName = keyof typeof routes;
export type RoutePath = (typeof routes)[RouteName];

/**
 * A page's access level: the lowest user type that may open it (the contract's UserType: 0 user, 1 dealer, 2 admin;
 * spec 1 §6, spec 2 §2), or `public` for the pages that work without a session. The route guard and the side menu
 * both read it here.
 */
export type PageLevel = UserType | 'public';

export const pageLevels = {
  login: 'public',
  dealerCreate: 'public',
  home: 0,
  panels: 0,
  panelDetail: 0,
  panelUsers: 1,
  panelManage: 1,
  priceList: 0,
  pay: 0,
  coupons: 0,
  subscriptionHistory: 0,
  orderHistory: 1,
  billing: 2,
  paymentReport: 2,
  audit: 1,
  profile: 0,
  changePassword: 0,
  firstPassword: 0,
  twoStepRequired: 0,
  users: 1,
  userList: 1,
  userEdit: 1,
  userAdd: 1,
  dealerRequests: 2,
  help: 0,
  firmware: 2,
  panelTests: 2,
  panelTestAdd: 2,
  panelTestModels: 2,
  panelTestStages: 2,
  panelTestVersions: 2,
  panelTestRun: 2,
  panelTestRollouts: 2,
  panelTestRolloutNew: 2,
  panelTestRollout: 2,
  forbidden: 0,
} as const satisfies Record<RouteName, PageLevel>;

/** The public pages (no header, no menu, no session needed). */
export const isPublicPage = (pathname: string): boolean =>
  (Object.keys(routes) as RouteName[]).some(
    (name) => pageLevels[name] === 'public' && matchesRoute(pathname, routes[name]),
  );

const segment = (value: string | number): string => encodeURIComponent(String(value));

/** Concrete URLs, one per route; parameterised routes take their parameters. */
export const paths = {
  login: routes.login,
  dealerCreate: routes.dealerCreate,
  home: routes.home,
  panels: routes.panels,
  panelDetail: (id: string | number) => `/PanelDetail/${segment(id)}`,
  panelUsers: (devId: string | number) => `/Panels/${segment(devId)}/Users`,
  panelManage: routes.panelManage,
  priceList: routes.priceList,
  pay: (planId: number, priceId: number, type: PayType, amount?: number) =>
    `/Payment/${segment(planId)}/${segment(priceId)}/${segment(type)}${amount === undefined ? '' : `?amount=${segment(amount)}`}`,
  coupons: routes.coupons,
  subscriptionHistory: routes.subscriptionHistory,
  orderHistory: routes.orderHistory,
  billing: routes.billing,
  paymentReport: routes.paymentReport,
  audit: routes.audit,
  profile: routes.profile,
  changePassword: routes.changePassword,
  firstPassword: routes.firstPassword,
  twoStepRequired: routes.twoStepRequired,
  users: routes.users,
  userList: routes.userList,
  userEdit: (id: number) => `/User/${segment(id)}/Edit`,
  userAdd: routes.userAdd,
  dealerRequests: routes.dealerRequests,
  help: routes.help,
  firmware: routes.firmware,
  panelTests: routes.panelTests,
  panelTestAdd: routes.panelTestAdd,
  panelTestModels: routes.panelTestModels,
  panelTestStages: (id: number) => `/PanelTest/${segment(id)}/Stages`,
  panelTestVersions: (id: number) => `/PanelTest/${segment(id)}/Versions`,
  panelTestRun: (id: number) => `/PanelTest/${segment(id)}/test`,
  panelTestRollouts: routes.panelTestRollouts,
  /** The start of a roll-out of the version a test tested. */
  panelTestRolloutNew: (testId: number) => `/PanelTest/${segment(testId)}/Rollout`,
  panelTestRollout: (id: number) => `/PanelTest/Rollouts/${segment(id)}`,
  forbidden: routes.forbidden,
} as const satisfies Record<RouteName, string | ((...args: never[]) => string)>;

/** The pages the subscription guard lets through: the price list and the pay page. */
export const isSubscriptionExempt = (pathname: string): boolean =>
  matchesRoute(pathname, routes.priceList) || matchesRoute(pathname, routes.pay);

/** The public pages a signed-in user is sent away from (to the home page of their role). */
export const isSignInPage = (pathname: string): boolean => matchesRoute(pathname, routes.login);

/** Whether a concrete path matches a route pattern (`$param` matches one segment; a trailing slash is ignored). */
export function matchesRoute(pathname: string, pattern: string): boolean {
  const clean = (value: string) => value.replace(/\/+$/, '') || '/';
  const actual = clean(pathname).split('/');
  const expected = clean(pattern).split('/');
  return (
    actual.length === expected.length &&
    expected.every((part, index) => (part.startsWith('$') ? actual[index] !== '' : part === actual[index]))
  );
}

/**
 * The document browsers' view (/Help/List, /Help/Updates): the folder open (`path`, a path of the file store such as
 * `/Firmware/MX-16G`), so a folder can be reloaded, shared and left with the browser's back button.
 */
export interface DocumentSearch {
  path?: string;
}

export const validateDocumentSearch = (search: Record<string, unknown>): DocumentSearch =>
  typeof search.path === 'string' && search.path.startsWith('/') && search.path.length <= 1024
    ? { path: search.path }
    : {};
