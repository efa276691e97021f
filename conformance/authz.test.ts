/**
 * The authorization matrix against the honest mock (every cell passes, writes included) and against a wrong server
 * made from it (each planted fault is caught in its own cell, naming the rule, and nothing else fails).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_IDENTITIES } from './authz-cells.ts';
import { brokenToken, substitute } from './authz-requests.ts';
import { runAuthz } from './authz.ts';
import { WRITES_SKIPPED, checkContext, type CheckResult, type Identities } from './checks.ts';
import { startHonestMock, mockIdentities, type HonestMock } from './honest-mock.ts';
import { resolveIdentities } from './identities.ts';
import { ODD_FORMS, withOddValue } from './odd-ids.ts';
import { needsToken, planRequest, type PlannedRequest } from './requests.ts';
import { contract } from './test-support.ts';
import { answerJson, startWrongFront, type WrongFront } from './wrong-front.ts';

const failed = (results: CheckResult[]) => results.filter((r) => r.status === 'failed');
const cell = (results: CheckResult[], name: string): CheckResult => {
  const found = results.find((r) => r.name === name);
  if (!found) throw new Error(`no cell ${name}`);
  return found;
};
const secured = contract.operations.filter((op) => needsToken(contract, op));

/**
 * The matrix's accounts on the mock. B's panel is the one `mockIdentities` added; when the mock's panel list does
 * not list an added panel, it is given as a caller would give it: the `addPanel` example's dev_id, and the record id
 * after the examples' four (mocks/db/panel-owners.ts keeps record ids for the examples' panels only; the one rule naming
 * a panel by record id, `moveDevice`'s, is level 2, which A's role cell covers).
 */
async function accounts(target: string): Promise<{ admin: string; identities: Identities }> {
  const given = await mockIdentities(target);
  const identities = await resolveIdentities(target, given, 10_000);
  if (!identities.b.panel) {
    const added = planRequest(contract, contract.byId('addPanel'), given.b.token);
    const devId =
      added.kind === 'request' ? (JSON.parse(added.request.body as string) as { dev_id: number }).dev_id : 0;
    identities.b.panel = { dev_id: devId, id: 5 };
  }
  return { admin: given.admin, identities };
}

describe('the authorization matrix against the honest mock', () => {
  let mock: HonestMock;
  let admin: string;
  let identities: Identities;
  let results: CheckResult[];
  beforeAll(async () => {
    mock = await startHonestMock();
    ({ admin, identities } = await accounts(mock.target));
    results = await runAuthz(
      checkContext({ contract, target: mock.target, token: admin, identities, allowWrites: true }),
    );
  }, 60_000);
  afterAll(() => mock?.stop());

  it('the accounts are what the matrix needs: two end users with a panel each, and a dealer', () => {
    expect(identities.a).toMatchObject({ userType: 0, panel: expect.any(Object) });
    expect(identities.b).toMatchObject({ userType: 0, panel: expect.any(Object) });
    expect(identities.dealer?.userType).toBe(1);
    expect(identities.b.panel?.dev_id).not.toBe(identities.a.panel?.dev_id);
    // A's write of the example queue, B's queued for B's panel.
    expect(identities.a.queuedWrite).toEqual(expect.any(Number));
    expect(identities.b.queuedWrite).toEqual(expect.any(Number));
    expect(identities.b.queuedWrite).not.toBe(identities.a.queuedWrite);
  });

  it('passes every cell, writes included', () => {
    expect(failed(results)).toEqual([]);
    expect(results.filter((r) => r.status === 'skipped')).toEqual([]);
    expect(results.every((r) => r.kind === 'authz')).toBe(true);
  });

  it('has the cells the contract declares', () => {
    const names = results.map((r) => r.name);
    expect(new Set(names).size).toBe(names.length);
    for (const op of secured) {
      expect(names).toContain(`${op.operationId}: no token`);
      expect(names).toContain(`${op.operationId}: broken token`);
    }
    expect(names).toContain('getUserList: role A (0) below level 1');
    expect(names).toContain('getOrders: role A (0) below level 2');
    expect(names).toContain('getOrders: role dealer (1) below level 2');
    expect(names).not.toContain('getUserList: role dealer (1) below level 1');
    expect(names).toContain("getPanelZones: A on B's panel (path id)");
    expect(names).toContain("controlPanel: A on B's panel (body dev_id)");
    expect(names).toContain("updateZone: A on B's panel (path device_id)");
    // Every path or query id of another user's object, in each odd form; none for a body value.
    for (const form of ODD_FORMS) {
      expect(names).toContain(`getPanelZones: A on B's panel (path id) as ${form.label}`);
      expect(names).toContain(`getPanelQueue: A on B's panel (query dev_id) as ${form.label}`);
      expect(names).toContain(`getCouponCodes: dealer on another's coupon request (path id) as ${form.label}`);
    }
    expect(names.filter((n) => n.startsWith('controlPanel: A on'))).toEqual([
      "controlPanel: A on B's panel (body dev_id)",
    ]);
    // A queued write is reached as its panel.
    expect(names).toContain("cancelQueuedWrite: A on B's queued_write (path id)");
    expect(names).toContain("resolveQueuedWrite: A on B's queued_write (path id) as +<id>");
    // The purchases: the codes of another's coupon request, and the lists kept to the caller's reach.
    expect(names).toContain("getCouponCodes: dealer on another's coupon request (path id)");
    expect(names).toContain('getCoupons: A lists only the coupon requests within its reach');
    expect(names).toContain('getCoupons: dealer lists only the coupon requests within its reach');
    expect(names).toContain('getOrderHistory: dealer lists only the orders within its reach');
    expect(names).not.toContain('getOrderHistory: A lists only the orders within its reach');
    // A's level does not reach the operation: its role cell covers it.
    expect(names).not.toContain("getPanelUserList: A on B's panel (path id)");
    expect(names.filter((n) => n.startsWith('getUserList:'))).toEqual([
      'getUserList: no token',
      'getUserList: broken token',
      'getUserList: role A (0) below level 1',
    ]);
    expect(results.filter((r) => r.operationId === 'login')).toEqual([]);
  });

  it('without --allow-writes, sends only the reads; without the accounts, only the token-less cells', async () => {
    const context = { contract, target: mock.target, token: admin };
    const only = ['getPanelZones', 'controlPanel', 'getOrders'];
    const reads = await runAuthz(checkContext({ ...context, identities, only }));
    expect(reads.map((r) => [r.name, r.status, r.message])).toEqual([
      ['getPanelZones: no token', 'passed', undefined],
      ['getPanelZones: broken token', 'passed', undefined],
      ["getPanelZones: A on B's panel (path id)", 'passed', undefined],
      ...ODD_FORMS.map((form) => [`getPanelZones: A on B's panel (path id) as ${form.label}`, 'passed', undefined]),
      ['controlPanel: no token', 'skipped', WRITES_SKIPPED],
      ['controlPanel: broken token', 'skipped', WRITES_SKIPPED],
      ["controlPanel: A on B's panel (body dev_id)", 'skipped', WRITES_SKIPPED],
      ['getOrders: no token', 'passed', undefined],
      ['getOrders: broken token', 'passed', undefined],
      ['getOrders: role A (0) below level 2', 'passed', undefined],
      ['getOrders: role dealer (1) below level 2', 'passed', undefined],
    ]);
    const anonymous = await runAuthz(checkContext({ ...context, only }));
    expect(anonymous.map((r) => r.name)).toEqual(reads.map((r) => r.name));
    expect(anonymous.filter((r) => r.status === 'passed').map((r) => r.name)).toEqual([
      'getPanelZones: no token',
      'getPanelZones: broken token',
      'getOrders: no token',
      'getOrders: broken token',
    ]);
    for (const name of [
      "getPanelZones: A on B's panel (path id)",
      "getPanelZones: A on B's panel (path id) as <id>.0",
      'getOrders: role A (0) below level 2',
    ]) {
      expect(cell(anonymous, name)).toMatchObject({ status: 'skipped', message: NO_IDENTITIES });
    }
  });

  it('sends nothing once the run deadline has passed', async () => {
    const late = await runAuthz(
      checkContext({ contract, target: mock.target, token: admin, identities, deadline: AbortSignal.abort() }),
    );
    expect(late.length).toBeGreaterThan(0);
    expect(late.filter((r) => r.status !== 'skipped')).toEqual([]);
    expect(late.filter((r) => r.message !== WRITES_SKIPPED).every((r) => /run deadline/.test(r.message ?? ''))).toBe(
      true,
    );
  });
});

describe('the authorization matrix against a wrong server', () => {
  let mock: HonestMock;
  let front: WrongFront;
  let identities: Identities;
  let results: CheckResult[];
  const WRONG_403 = { error: 'forbidden' };
  beforeAll(async () => {
    mock = await startHonestMock();
    let admin: string;
    ({ admin, identities } = await accounts(mock.target));
    const bearer = (token: string) => `Bearer ${token}`;
    front = await startWrongFront(mock.target, {
      // 200 without a token: the request goes on as an administrator's.
      getAlarmDescriptions: (request) =>
        request.headers.authorization
          ? undefined
          : { ...request, headers: { ...request.headers, authorization: bearer(admin) } },
      // Another user's panel leaks: A's request on B's panel goes on as an administrator's.
      getPanelZones: (request) =>
        request.headers.authorization === bearer(identities.a.token) &&
        request.url.includes(String(identities.b.panel!.dev_id))
          ? { ...request, headers: { ...request.headers, authorization: bearer(admin) } }
          : undefined,
      // A refusal whose body breaks the contract (ErrorBody needs `message`).
      getOrders: (request) =>
        request.headers.authorization === bearer(identities.a.token) ? answerJson(403, WRONG_403) : undefined,
    });
    results = await runAuthz(
      checkContext({ contract, target: front.url, token: admin, identities, allowWrites: true }),
    );
  }, 60_000);
  afterAll(async () => {
    await front?.stop();
    await mock?.stop();
  });

  it('catches each planted fault in its own cell, and nothing else', () => {
    expect(failed(results).map((r) => r.name)).toEqual([
      "getPanelZones: A on B's panel (path id)",
      'getAlarmDescriptions: no token',
      'getOrders: role A (0) below level 2',
    ]);
    expect([...new Set(front.faulted)].sort()).toEqual(['getAlarmDescriptions', 'getOrders', 'getPanelZones']);
  });

  it('names the rule, the expected and actual status, and shows the exchange', () => {
    const noToken = cell(results, 'getAlarmDescriptions: no token');
    expect(noToken).toMatchObject({ kind: 'authz', area: expect.any(String), operationId: 'getAlarmDescriptions' });
    expect(noToken.message).toBe('expected 401 without a token, answered 200');
    expect(noToken.exchange?.request.headers.authorization).toBeUndefined();
    expect(noToken.exchange?.response?.status).toBe(200);

    const leak = cell(results, "getPanelZones: A on B's panel (path id)");
    expect(leak.message).toBe(
      `expected 403 or 404 with A's token on B's panel ${identities.b.panel!.dev_id}, answered 200`,
    );
    expect(leak.details).toEqual(["the control (A on A's own panel) answered 200"]);
    expect(leak.exchange?.request.url).toBe(`/command/devices/${identities.b.panel!.dev_id}/zones`);

    const body = cell(results, 'getOrders: role A (0) below level 2');
    expect(body.message).toMatch(
      /^the 403 refusal with the token of A \(user type 0\) below level 2 breaks the contract: /,
    );
    expect(body.details?.join('\n')).toMatch(/required property 'message'/);
    expect(JSON.parse(body.exchange?.response?.body ?? '{}')).toEqual(WRONG_403);
    // The dealer's refusal of the same operation went through untouched.
    expect(cell(results, 'getOrders: role dealer (1) below level 2').status).toBe('passed');
  });

  it("fails the cross-user cell when A's own panel is refused too: it cannot be judged", async () => {
    const refusing = await startWrongFront(mock.target, {
      getPanelKeypads: () => answerJson(404, { message: 'Bulunamadı', status: 'Error' }),
    });
    try {
      const [, , crossUser] = await runAuthz(
        checkContext({ contract, target: refusing.url, token: 'unused', identities, only: ['getPanelKeypads'] }),
      );
      expect(crossUser).toMatchObject({
        name: "getPanelKeypads: A on B's panel (path id)",
        status: 'failed',
        message: "A's own panel is refused too (404): the cross-user cell cannot be judged",
      });
      expect(crossUser?.exchange?.request.url).toBe(`/command/devices/${identities.a.panel!.dev_id}/keypads`);
    } finally {
      await refusing.stop();
    }
  });
});

describe('how a cell changes the valid request', () => {
  const planned = (id: string): PlannedRequest => {
    const plan = planRequest(contract, contract.byId(id), 'token');
    if (plan.kind !== 'request') throw new Error(plan.reason);
    return plan.request;
  };

  it('puts the value where the rule names it, and keeps a body that repeats the path consistent', () => {
    const zone = substitute(contract.byId('updateZone'), planned('updateZone'), { in: 'path', name: 'device_id' }, 77);
    expect(zone.url).toBe('/devices/77/zone/105');
    expect(JSON.parse(zone.body as string)).toMatchObject({ device_id: 77, zone_id: 105 });
    const command = substitute(
      contract.byId('controlPanel'),
      planned('controlPanel'),
      { in: 'body', name: 'dev_id' },
      9,
    );
    expect(JSON.parse(command.body as string)).toMatchObject({ dev_id: 9, command: 'ARM' });
    const report = substitute(contract.byId('getCardReport'), planned('getCardReport'), { in: 'query', name: 'x' }, 3);
    expect(report.url).toMatch(/^\/devices\/\d+\/card-report\?begin_date=.*&x=3$/);
  });

  it('writes an id in each odd form as it travels: in the path as typed, in a query with its sign encoded', () => {
    const zones = planned('getPanelZones');
    const inPath = ODD_FORMS.map(
      (form) => withOddValue(contract.byId('getPanelZones'), zones, { in: 'path', name: 'id' }, 77, form).url,
    );
    expect(inPath).toEqual([
      '/command/devices/77.0/zones',
      '/command/devices/+77/zones',
      '/command/devices/77%20/zones',
      '/command/devices/%2077/zones',
      '/command/devices/077/zones',
      '/command/devices/77e0/zones',
      '/command/devices/77./zones',
    ]);
    const queue = planned('getPanelQueue');
    const sign = ODD_FORMS.find((form) => form.label === '+<id>')!;
    const query = withOddValue(contract.byId('getPanelQueue'), queue, { in: 'query', name: 'dev_id' }, 77, sign);
    expect(query.url).toMatch(/^\/panel-queue\?(.+&)?dev_id=%2B77(&|$)/);
    expect(new URL(query.url, 'http://x').searchParams.getAll('dev_id')).toEqual(['+77']);
  });

  it('alters a JWT in its signature only', () => {
    const token = 'aaa.bbb.Abcdef';
    expect(brokenToken(token)).toBe('aaa.bbb.Bbcdef');
    expect(brokenToken('aaa.bbb.xyz')).toBe('aaa.bbb.Ayz');
    expect(brokenToken('opaque')).not.toBe('opaque');
  });
});
