// Over 200 lines: one fault of each kind the checks must catch, kept together so one run plants them all.
/**
 * Test helper: the faults planted in a wrong server made from the honest mock (wrong-front.ts), one of each kind the
 * checks beyond the example replay must catch.
 */
import { reauthMinutesOf } from '../codegen/reauth-rules.ts';
import { jwtClaims } from './session-tokens.ts';
import type { Contract } from '../mocks/contract.ts';
import { verifyMockToken } from '../mocks/access.ts';
import { COMMON_PASSWORDS } from '../mocks/db/account-passwords.ts';
import { examplePanels } from '../mocks/db/panel-owners.ts';
import { successExample } from './wrong-server.ts';
import { answerJson, type Fault, type ForwardedRequest } from './wrong-front.ts';
import { fileAccessFault } from './file-access-fault.ts';
import { secondFactorFaults } from './second-factor-faults.ts';

/** Whether a request's body names a made-up account (the abuse check's names for the run). */
const namesMadeUp = (request: ForwardedRequest, field: string): boolean => {
  try {
    const value = (JSON.parse(request.body.toString('utf8') || '{}') as Record<string, unknown>)[field];
    return typeof value === 'string' && value.startsWith('conformance-');
  } catch {
    return false;
  }
};

/** The account calls' faults: no sign-in limit, and an unknown account named by a 404. */
function accountFaults(contract: Contract): Record<string, Fault> {
  const wrongPassword = contract.responseExamples(contract.byId('login')).get('invalid-credentials')!.example.value;
  return {
    login: (request) => (namesMadeUp(request, 'username') ? answerJson(401, wrongPassword) : undefined),
    forgetPassword: (request) =>
      namesMadeUp(request, 'info') ? answerJson(404, { message: 'Kullanıcı bulunamadı', status: 'Error' }) : undefined,
  };
}

/** The accounts the planted faults tell apart (the run's administrator, end user A, the dealer), B's panel and A's test panel. */
export interface FaultAccounts {
  admin: string;
  a: string;
  dealer: string;
  bPanel: number;
  /** The panel the panel password limit check locks (`--pin-panel`), A's. */
  pinPanel: number;
  /** The write queued for B's panel. */
  bQueuedWrite: number;
}

/**
 * A lenient id parser: the path's id segment (`segment`, 0-based after the leading slash) read as `Number()` reads
 * it, so `<id>.0`, `+<id>`, `<id>%20`, `0<id>`, `<id>e0`, `<id>.` become `<id>`; such a request goes on with the
 * plain id and as `asUser`'s (the ownership check it skipped). Undefined for an id already written exactly.
 */
const lenientId = (request: ForwardedRequest, segment: number, asUser: string): ForwardedRequest | undefined => {
  const url = new URL(request.url, 'http://wrong');
  const segments = url.pathname.split('/');
  const raw = decodeURIComponent(segments[segment + 1] ?? '');
  const read = Number(raw);
  if (/^(0|[1-9]\d*)$/.test(raw) || raw.trim() === '' || !Number.isSafeInteger(read)) return undefined;
  segments[segment + 1] = String(read);
  return {
    ...request,
    url: `${segments.join('/')}${url.search}`,
    headers: { ...request.headers, authorization: `Bearer ${asUser}` },
  };
};

const bearer = (headers: Record<string, string>) => headers.authorization?.replace(/^Bearer\s+/i, '');

const successOf = (contract: Contract, operationId: string): unknown =>
  successExample(contract, contract.byId(operationId)).value;

/**
 * One fault of each kind the REST checks must catch, planted in a wrong server made from the honest mock
 * (wrong-front.ts), each where only its own check meets it:
 *  - negative: `updateZone` answers success to any body the administrator sends (it accepts invalid input);
 *  - authz: `getPanelZones` shows B's panel to A (forwarded with the administrator's token), and
 *    `getAlarmDescriptions` answers without a token (forwarded with the administrator's);
 *  - example: `getSiaCodes` answers 500 to the administrator's valid request;
 *  - flow: `changePanelDesc` acknowledges A's rename of a panel neither of the examples nor B's (a panel just added)
 *    and keeps nothing; `changePassword` accepts a common password of the policy's length (the password flow);
 *    `createOrder` makes the contract's example order (Premium 12 months) whatever plan A's valid order asks for;
 *  - session: `logout` answers 204 and revokes nothing (the signed-out token keeps working);
 *  - ids: `getPanelUsers` reads A's id leniently (`<B's panel>.0` is B's panel) and skips the reach check on it;
 *  - queue: `cancelQueuedWrite` cancels B's queued write for A (forwarded with the administrator's token);
 *  - purchases: `getCouponCodes` answers the dealer the codes of another buyer's coupon request, and `getCoupons`
 *    lists the dealer every coupon request (both forwarded with the administrator's token);
 *  - pin: `getPanelSettings` answers A's password checks of the test panel itself, as a panel would, with no limit
 *    (a wrong one refused, the right one accepted, however many came before); `getKnownSettings` answers A's read
 *    without a panel password with the record;
 *  - language: `getZoneTypeList` answers its Turkish list whatever the caller's `language` header asks for;
 *  - second-factor: `completeSecondFactor` takes a spent recovery code again (answering the dealer's session);
 *  - abuse: `login` has no sign-in limit (every wrong sign-in of a name no account has answers 401, never 429), and
 *    `forgetPassword` answers 404 "no such account" for a name no account has (and so never counts it either).
 */
export function plantedFaults(contract: Contract, accounts: FaultAccounts): Record<string, Fault> {
  const asAdmin = (request: ForwardedRequest): ForwardedRequest => ({
    ...request,
    headers: { ...request.headers, authorization: `Bearer ${accounts.admin}` },
  });
  const known = new Set([...examplePanels(contract).map((panel) => panel.dev_id), accounts.bPanel]);
  return {
    updateZone: (request) =>
      bearer(request.headers) === accounts.admin ? answerJson(200, successOf(contract, 'updateZone')) : undefined,
    getPanelZones: (request) =>
      bearer(request.headers) === accounts.a && request.url.includes(`/${accounts.bPanel}/`)
        ? asAdmin(request)
        : undefined,
    getAlarmDescriptions: (request) => (request.headers.authorization ? undefined : asAdmin(request)),
    getZoneTypeList: (request) =>
      request.headers.language === 'tr' ? undefined : { ...request, headers: { ...request.headers, language: 'tr' } },
    getPanelUsers: (request) =>
      bearer(request.headers) === accounts.a ? lenientId(request, 2, accounts.admin) : undefined,
    cancelQueuedWrite: (request) =>
      bearer(request.headers) === accounts.a && request.url.split('?')[0] === `/panel-queue/${accounts.bQueuedWrite}`
        ? asAdmin(request)
        : undefined,
    getCouponCodes: (request) => (bearer(request.headers) === accounts.dealer ? asAdmin(request) : undefined),
    getCoupons: (request) => (bearer(request.headers) === accounts.dealer ? asAdmin(request) : undefined),
    getSiaCodes: (request) =>
      bearer(request.headers) === accounts.admin
        ? answerJson(500, { message: 'NullReferenceException', status: 'Error' })
        : undefined,
    // A token the server signed is "signed out" without being revoked; any other is refused as before.
    logout: (request) =>
      'claims' in verifyMockToken(request.headers.authorization) ? (res) => void res.writeHead(204).end() : undefined,
    ...panelPasswordFaults(contract, accounts),
    ...accountFaults(contract),
    checkFileAccess: fileAccessFault(
      contract.byId('checkFileAccess').spec['x-folder-levels'] as Record<string, number>,
    ),
    ...secondFactorFaults({ admin: accounts.admin, a: accounts.a, enrolled: accounts.dealer }).recoveryReusable,
    changePanelDesc: (request) => {
      if (bearer(request.headers) !== accounts.a) return undefined;
      const body = JSON.parse(request.body.toString('utf8') || '{}') as { device_id?: unknown };
      return known.has(Number(body.device_id)) ? undefined : answerJson(200, successOf(contract, 'changePanelDesc'));
    },
    // The example's order (Premium 12 months) whatever A asked for: a valid request goes on as the example's.
    createOrder: (request) => {
      const body = jsonBody(request);
      const valid =
        Object.keys(body).length === 2 &&
        Number.isSafeInteger(body.payment_plan_id) &&
        Number.isSafeInteger(body.payment_plan_price_id);
      if (bearer(request.headers) !== accounts.a || !valid) return undefined;
      const example = contract.requestExample('createOrder', 'premium-12-months');
      return { ...request, body: Buffer.from(JSON.stringify(example)) };
    },
    changePassword: (request) => {
      const body = JSON.parse(request.body.toString('utf8') || '{}') as { new?: unknown };
      const next = typeof body.new === 'string' ? body.new : '';
      return next.length >= 8 && COMMON_PASSWORDS.has(next.toLowerCase())
        ? answerJson(200, successOf(contract, 'changePassword'))
        : undefined;
    },
  };
}

const jsonBody = (request: ForwardedRequest): Record<string, unknown> => {
  try {
    const body = JSON.parse(request.body.toString('utf8') || '{}') as unknown;
    return typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};

/** The example answer of an operation's 200 by name. */
const namedAnswer = (contract: Contract, operationId: string, name: string): unknown =>
  contract.responseExamples(contract.byId(operationId)).get(name)?.example.value;

/** The panel password faults (kind `pin`): no attempt limit on the password check; the known copy without a password. */
function panelPasswordFaults(contract: Contract, accounts: FaultAccounts): Record<string, Fault> {
  const right = String(
    (contract.requestExample('getPanelSettings', 'password-check') as Record<string, unknown>).user_pass,
  );
  return {
    getPanelSettings: (request) => {
      const body = jsonBody(request);
      if (bearer(request.headers) !== accounts.a || body.command !== 'USER' || body.dev_id !== accounts.pinPanel)
        return undefined;
      const accepted = body.user_pass === right;
      return answerJson(200, namedAnswer(contract, 'getPanelSettings', accepted ? 'password-check' : 'password-wrong'));
    },
    getKnownSettings: (request) => {
      const body = jsonBody(request);
      if (bearer(request.headers) !== accounts.a || 'user_pass' in body) return undefined;
      return answerJson(200, successOf(contract, 'getKnownSettings'));
    },
  };
}

/**
 * The re-authentication faults (kind `session`, reauth.ts): `reauthenticate` accepts any password (each is sent on
 * as the account's right one), and `deleteAppUser` ignores a stale authentication (a token whose `auth_time` is
 * older than the window goes on as the administrator's fresh one).
 */
export function reauthFaults(contract: Contract, rightPassword: string, admin: string): Record<string, Fault> {
  const windowMs = reauthMinutesOf(contract.document) * 60_000;
  return {
    reauthenticate: (request) =>
      typeof jsonBody(request).password === 'string'
        ? { ...request, body: Buffer.from(JSON.stringify({ password: rightPassword })) }
        : undefined,
    deleteAppUser: (request) => {
      const authTime = jwtClaims(bearer(request.headers) ?? '')?.auth_time;
      if (typeof authTime !== 'number' || Date.now() - authTime * 1000 <= windowMs) return undefined;
      return { ...request, headers: { ...request.headers, authorization: `Bearer ${admin}` } };
    },
  };
}
