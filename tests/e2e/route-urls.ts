/**
 * One concrete URL for every route of the paths module, with ids of the contract's examples, for the checks that walk
 * every page (the policy in csp.spec.ts, accessibility in appearance.spec.ts). A route added to the paths module does
 * not type-check here until it is given a URL, so no page escapes them.
 */
import { readFileSync } from 'node:fs';
import { paths, type RouteName } from '../../src/lib/routing/paths.ts';

type Example = { value: { data: Record<string, unknown>[] } };
const contract = JSON.parse(readFileSync('generated/openapi.json', 'utf8')) as {
  paths: Record<
    string,
    { get: { responses: { 200: { content: { 'application/json': { examples: Record<string, Example> } } } } } }
  >;
};
/** The first row of a list operation's `default` example. */
const firstExampleRow = (operationPath: string) =>
  contract.paths[operationPath]!.get.responses[200].content['application/json'].examples.default!.value.data[0]!;

export const EXAMPLE_PANEL = Number(firstExampleRow('/command/devices/userdevices/{offset}').dev_id);
export const EXAMPLE_PLAN = firstExampleRow('/payment-plans') as { id: number; prices: { id: number }[] };
const userId = Number(firstExampleRow('/user/getuserlist').id);
const firmwareTest = Number(firstExampleRow('/command/devices/firmwaretestlist/0').id);

export const ROUTE_URLS: Record<RouteName, string> = {
  login: paths.login,
  dealerCreate: paths.dealerCreate,
  home: paths.home,
  panels: paths.panels,
  panelDetail: paths.panelDetail(EXAMPLE_PANEL),
  panelUsers: paths.panelUsers(EXAMPLE_PANEL),
  panelManage: paths.panelManage,
  priceList: paths.priceList,
  pay: paths.pay(EXAMPLE_PLAN.id, EXAMPLE_PLAN.prices[0]!.id, 'subscription'),
  coupons: paths.coupons,
  subscriptionHistory: paths.subscriptionHistory,
  orderHistory: paths.orderHistory,
  billing: paths.billing,
  paymentReport: paths.paymentReport,
  audit: paths.audit,
  profile: paths.profile,
  changePassword: paths.changePassword,
  // A session without a one-time password is sent home from here.
  firstPassword: paths.firstPassword,
  twoStepRequired: paths.twoStepRequired,
  users: paths.users,
  userList: paths.userList,
  userEdit: paths.userEdit(userId),
  userAdd: paths.userAdd,
  dealerRequests: paths.dealerRequests,
  help: paths.help,
  firmware: paths.firmware,
  panelTests: paths.panelTests,
  panelTestAdd: paths.panelTestAdd,
  panelTestModels: paths.panelTestModels,
  panelTestStages: paths.panelTestStages(firmwareTest),
  panelTestVersions: paths.panelTestVersions(firmwareTest),
  panelTestRun: paths.panelTestRun(firmwareTest),
  // Firmware roll-outs: the start page of the passed example test 400; the halted example roll-out 600.
  panelTestRollouts: paths.panelTestRollouts,
  panelTestRolloutNew: paths.panelTestRolloutNew(400),
  panelTestRollout: paths.panelTestRollout(600),
  forbidden: paths.forbidden,
};
