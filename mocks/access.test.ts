/**
 * The mock API's access rules (mocks/access.ts) against the contract's annotations, for every example account
 * (admin, dealer, user, olduser, nosub) on a sample of operations: 401 for a missing, forged, malformed or expired
 * token, 403 below the level or without the plan, 404 for a panel or user out of reach, and the panels' links
 * changing with the calls that change them.
 */
import { describe, expect, it } from 'vitest';
import { Contract } from './contract.ts';
import { MockAccess, signMockToken, verifyMockToken, type AccessRequest, type MockClaims } from './access.ts';
import { PanelOwners } from './db/panel-owners.ts';

const contract = Contract.load();
const PANEL_1 = 864215040012345;
const PANEL_3 = 864215040034567;
const PANEL_4 = 864215040045678;
const NEW_PANEL = 864215040056789;
const UNKNOWN_PANEL = 999000000000001;

/** The contract's sign-in token of an example account. */
const tokenOf = (username: string): string => contract.exampleToken(username);
const claimsOf = (username: string): MockClaims => {
  const checked = verifyMockToken(tokenOf(username));
  if (!('claims' in checked)) throw new Error(`the ${username} token does not verify`);
  return checked.claims;
};

const fresh = () => new MockAccess(contract, new PanelOwners(contract));

/** The status the rules answer for an operation called with a token and request values (200: let through). */
function statusOf(
  access: MockAccess,
  operationId: string,
  token: string | undefined,
  request: Partial<Omit<AccessRequest, 'authorization'>> = {},
): number {
  const refusal = access.check(contract.byId(operationId), {
    authorization: token === undefined ? undefined : `Bearer ${token}`,
    params: request.params ?? {},
    query: request.query ?? new URLSearchParams(),
    body: request.body ?? {},
  });
  return refusal?.status ?? 200;
}

describe('tokens', () => {
  it('verifies the contract’s example tokens and refuses forged, malformed and expired ones', () => {
    for (const username of ['admin', 'dealer', 'user', 'olduser', 'nosub']) {
      expect(claimsOf(username).Username).toBe(username);
    }
    const [header, payload] = tokenOf('user').split('.');
    const admin = Buffer.from(JSON.stringify({ ...claimsOf('user'), UserType: 2 })).toString('base64url');
    expect(verifyMockToken(`${header}.${admin}.${tokenOf('user').split('.')[2]}`)).toEqual({ refused: 'signature' });
    expect(verifyMockToken(`${header}.${payload}.x`)).toEqual({ refused: 'signature' });
    expect(verifyMockToken('not-a-token')).toEqual({ refused: 'malformed' });
    expect(verifyMockToken(undefined)).toEqual({ refused: 'missing' });
    expect(verifyMockToken(signMockToken({ Username: 'user', UserType: 0 }))).toEqual({ refused: 'malformed' });
    const expired = signMockToken({ ...claimsOf('user'), exp: Math.floor(Date.now() / 1000) - 1 });
    expect(verifyMockToken(expired)).toEqual({ refused: 'expired' });
    // Every token must expire: one signed without `exp` is refused.
    const { exp: _exp, ...endless } = claimsOf('user');
    expect(verifyMockToken(signMockToken(endless))).toEqual({ refused: 'malformed' });
    expect(verifyMockToken(signMockToken({ ...claimsOf('dealer'), OldUserId: 9041 }))).toMatchObject({
      claims: { Username: 'dealer', OldUserId: 9041 },
    });
  });
});

describe('the access rules of the contract', () => {
  it('answers 401 without a valid token, on every secured operation, and lets public ones through', () => {
    const access = fresh();
    const forged = `${tokenOf('admin').slice(0, -4)}AAAA`;
    const expired = signMockToken({ ...claimsOf('admin'), exp: 1_000_000 });
    expect([undefined, '', forged, expired].map((token) => statusOf(access, 'getUserDevices', token))).toEqual([
      401, 401, 401, 401,
    ]);
    expect(statusOf(access, 'login', undefined)).toBe(200);
    // A revoked session's token (signed out) is refused like an expired one, by every check of the mock.
    access.sessions.revokeSession(claimsOf('user'), tokenOf('user'));
    expect(statusOf(access, 'getUserDevices', tokenOf('user'))).toBe(401);
    expect(access.verify(`Bearer ${tokenOf('user')}`)).toEqual({ refused: 'revoked' });
    expect(statusOf(access, 'getUserDevices', tokenOf('dealer'))).not.toBe(401);
    expect(statusOf(access, 'createDealerRequest', undefined)).toBe(200);
    // The body is the operation's own 401 example.
    const refusal = access.check(contract.byId('getModelList'), {
      params: {},
      query: new URLSearchParams(),
      body: {},
    });
    expect(refusal).toMatchObject({ status: 401, body: { message: 'Oturum süresi doldu, lütfen tekrar giriş yapın' } });
  });

  it.each([
    // operation, admin, dealer, user, olduser, nosub
    ['getModelList', 200, 403, 403, 403, 403],
    ['getGeneralReport', 200, 403, 403, 403, 403],
    ['getDealerRequests', 200, 403, 403, 403, 403],
    ['getOrders', 200, 403, 403, 403, 403],
    ['getUserList', 200, 200, 403, 403, 403],
    ['getUserAllDevices', 200, 200, 403, 403, 403],
    ['getOrderHistory', 200, 200, 403, 403, 403],
    ['getPaymentPlans', 200, 200, 200, 200, 200],
    ['getUserDetail', 200, 200, 200, 200, 200],
    // The panel list needs the web console in the plan: nosub has none (free plan).
    ['getUserDevices', 200, 200, 200, 200, 403],
  ])('%s: admin %i, dealer %i, user %i, olduser %i, nosub %i', (operationId, ...expected) => {
    const access = fresh();
    const statuses = ['admin', 'dealer', 'user', 'olduser', 'nosub'].map((name) =>
      statusOf(access, operationId, tokenOf(name)),
    );
    expect(statuses).toEqual(expected);
  });

  it('lets each account reach only its own panels, a dealer its customers’, an admin all (404 otherwise)', () => {
    const access = fresh();
    const detail = (name: string, devId: number) =>
      statusOf(access, 'getDevicePart', tokenOf(name), { params: { id: String(devId) } });
    expect([PANEL_1, PANEL_4, UNKNOWN_PANEL].map((devId) => detail('admin', devId))).toEqual([200, 200, 404]);
    // Dealer 2 is linked to panel 1 and reaches user 3's panels through the dealer code IST034.
    expect([PANEL_1, PANEL_4, UNKNOWN_PANEL].map((devId) => detail('dealer', devId))).toEqual([200, 200, 404]);
    expect([PANEL_1, PANEL_4, UNKNOWN_PANEL].map((devId) => detail('user', devId))).toEqual([200, 200, 404]);
    // olduser owns no panel: user 3's panels are as unknown to them as a panel that does not exist.
    expect([PANEL_1, PANEL_4, UNKNOWN_PANEL].map((devId) => detail('olduser', devId))).toEqual([404, 404, 404]);
    const command = (name: string, devId: number) =>
      statusOf(access, 'controlPanel', tokenOf(name), { body: { dev_id: devId, command: 'ARM', password: '5678' } });
    expect(['admin', 'dealer', 'user', 'olduser'].map((name) => command(name, PANEL_1))).toEqual([200, 200, 200, 404]);
    const settingsRead = (name: string) =>
      statusOf(access, 'getPanelSettings', tokenOf(name), { body: { dev_id: PANEL_3, command: 'GET', group: 0 } });
    expect(['user', 'olduser'].map(settingsRead)).toEqual([200, 404]);
    expect(access.panelsInReach(claimsOf('user')).sort()).toEqual(access.panelsInReach(claimsOf('admin')).sort());
    expect(access.panelsInReach(claimsOf('olduser'))).toEqual([]);
  });

  it('holds a dealer to the users of their dealer code, and the admin-only actions to admins', () => {
    const access = fresh();
    const activate = (name: string, userId: number) =>
      statusOf(access, 'setUserActiveStatus', tokenOf(name), { body: { user_id: userId, state: 1 } });
    // Users 3 and 4 carry the dealer code IST034; user 5 has none; user 1 is the admin.
    expect([3, 4, 5, 1, 999_999].map((id) => activate('dealer', id))).toEqual([200, 200, 404, 404, 404]);
    expect([3, 5, 1, 999_999].map((id) => activate('admin', id))).toEqual([200, 200, 200, 404]);
    expect(activate('user', 3)).toBe(403);
    // A migrated account signed as a dealer (a browser test does so) reaches the users of its own dealer code.
    const migratedDealer = signMockToken({ ...claimsOf('olduser'), UserType: 1 });
    expect(statusOf(access, 'resetUserUid', migratedDealer, { body: { user_id: 3 } })).toBe(200);
    expect(statusOf(access, 'deleteAppUser', tokenOf('dealer'), { body: { user_id: 3 } })).toBe(403);
    expect(statusOf(access, 'deleteAppUser', tokenOf('admin'), { body: { user_id: 3 } })).toBe(200);
    expect(statusOf(access, 'moveDevice', tokenOf('dealer'), { body: { id: 3, new_user_id: 4 } })).toBe(403);
    expect(statusOf(access, 'moveDevice', tokenOf('admin'), { body: { id: 3, new_user_id: 4 } })).toBe(200);
    expect(statusOf(access, 'moveDevice', tokenOf('admin'), { body: { id: 77, new_user_id: 4 } })).toBe(404);
    expect(statusOf(access, 'moveDevice', tokenOf('admin'), { body: { id: 3, new_user_id: 999_999 } })).toBe(404);
  });

  it('asks the plan: commands by their permission, programming for PRG, the panels for the web console', () => {
    const access = fresh();
    // nosub's free plan has ARM, DISARM and STAYARM but no web console (NO_ADS): every panel call is refused.
    const nosub = claimsOf('nosub');
    const linkedNosub = new MockAccess(contract, new PanelOwners(contract));
    linkedNosub.owners.link(PANEL_1, nosub.user_id);
    const arm = linkedNosub.check(contract.byId('controlPanel'), {
      authorization: `Bearer ${tokenOf('nosub')}`,
      params: {},
      query: new URLSearchParams(),
      body: { dev_id: PANEL_1, command: 'ARM', password: '5678' },
    });
    expect(arm).toMatchObject({ status: 403, body: { message: 'Aboneliğiniz bu işlem için yeterli değil' } });
    // An account the contract has no authority plan for (a user name it does not know) is permitted nothing.
    const unknownPlan = signMockToken({ ...claimsOf('user'), Username: 'someone-else' });
    expect(statusOf(access, 'controlPanel', unknownPlan, { body: { dev_id: PANEL_1, command: 'ARM' } })).toBe(403);
    const user = tokenOf('user');
    for (const command of ['ARM', 'STAYARM', 'DISARM', 'BYPASS', 'OUTPUT']) {
      expect(statusOf(access, 'controlPanel', user, { body: { dev_id: PANEL_1, command } })).toBe(200);
    }
    expect(statusOf(access, 'setzonesettings', user, { body: { dev_id: PANEL_1 } })).toBe(200);
    const planOf = access.authority(claimsOf('nosub'));
    expect(planOf).toMatchObject({ ARM: true, PRG: false, NO_ADS: false });
  });

  it('changes the panels’ links with the calls, and tells the listeners whose list changed', () => {
    const access = fresh();
    const heard: number[][] = [];
    access.owners.onChange((userIds) => heard.push(userIds));
    const call = (operationId: string, name: string, body: Record<string, unknown>) =>
      access.remember(contract.byId(operationId), {
        authorization: `Bearer ${tokenOf(name)}`,
        params: {},
        query: new URLSearchParams(),
        body,
      });
    const user = claimsOf('user');
    call('removePanel', 'user', { device_id: PANEL_3 });
    expect(access.panelsInReach(user)).not.toContain(PANEL_3);
    expect(statusOf(access, 'getDevicePart', tokenOf('user'), { params: { id: String(PANEL_3) } })).toBe(404);
    call('addPanel', 'user', { dev_id: NEW_PANEL, Description: 'Villa Cesme', code: '482913' });
    expect(access.panelsInReach(user)).toContain(NEW_PANEL);
    call('moveDevice', 'admin', { id: 4, new_user_id: 4 });
    expect(access.panelsInReach(claimsOf('olduser'))).toEqual([PANEL_4]);
    expect(heard).toEqual([[3], [3], [4]]);
    access.owners.reset();
    expect(access.panelsInReach(user)).toContain(PANEL_3);
    expect(access.panelsInReach(claimsOf('olduser'))).toEqual([]);
    expect(heard.at(-1)?.sort()).toEqual([3, 4]);
  });

  it('keeps an added panel as a record of its own with its description, a rename, and forgets it once on no list', () => {
    const access = fresh();
    const call = (operationId: string, body: Record<string, unknown>) =>
      access.remember(contract.byId(operationId), {
        authorization: `Bearer ${tokenOf('user')}`,
        params: {},
        query: new URLSearchParams(),
        body,
      });
    call('addPanel', { dev_id: NEW_PANEL, Description: 'Villa Cesme', code: '482913' });
    const [added] = access.owners.added();
    expect(added).toMatchObject({ id: 5, dev_id: NEW_PANEL, description: 'Villa Cesme' });
    expect(access.owners.devIdOfRecord(5)).toBe(NEW_PANEL);
    call('changePanelDesc', { device_id: NEW_PANEL, Description: 'Villa Çeşme' });
    call('changePanelDesc', { device_id: PANEL_3, Description: 'Yazlık Bodrum Villa' });
    expect(access.owners.added().map((panel) => panel.description)).toEqual(['Villa Çeşme']);
    expect(access.owners.descriptionOf(PANEL_3)).toBe('Yazlık Bodrum Villa');
    // On no list any more, the added panel is unknown again: even an administrator does not reach it.
    call('removePanel', { device_id: NEW_PANEL });
    expect(access.owners.added()).toEqual([]);
    expect(access.reachesPanel(claimsOf('admin'), NEW_PANEL)).toBe(false);
    // An example panel stays known when it leaves its last list.
    call('removePanel', { device_id: PANEL_3 });
    expect(access.reachesPanel(claimsOf('admin'), PANEL_3)).toBe(true);
    access.owners.reset();
    expect(access.owners.descriptionOf(PANEL_3)).toBeUndefined();
  });
});
