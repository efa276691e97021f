/**
 * The stateful flows (flows.ts) against the honest mock (every step passes, as end user A and as the administrator),
 * against a wrong server that loses a rename and a settings write while answering success (each caught at the step
 * that reads it back, nothing else failing) and keeps its zone list apart from the panel's programming (caught where
 * the list is read after the zone's write), and without --allow-writes (every flow skipped, nothing sent).
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../mocks/contract.ts';
import { checkContext, WRITES_SKIPPED, type CheckResult, type Identities } from './checks.ts';
import { EARLIER_FAILED } from './flow-kit.ts';
import { runFlows } from './flows.ts';
import { settingsWrites } from './settings-flow.ts';
import { recordLists } from '../mocks/record-lists.ts';
import { MOCK_PASSWORD_ACCOUNT, mockIdentities, startHonestMock, type HonestMock } from './honest-mock.ts';
import { resolveIdentities } from './identities.ts';
import { contract } from './test-support.ts';
import { answerJson, startWrongFront, type ForwardedRequest } from './wrong-front.ts';

let mock: HonestMock;
let admin: string;
let identities: Identities;

/** Puts the mock's orders, dealer requests and panels back as the examples say (each run starts alike). */
async function resetMock(): Promise<void> {
  for (const control of ['orders/reset', 'areas/reset', 'panels/reset']) {
    const answer = await fetch(`${mock.target}/__mock/${control}`, { method: 'POST' });
    expect(answer.status, control).toBe(200);
  }
}

/** The purchased order the flow may bill: the one the contract's billing example names (purchased on the mock). */
const BILL_ORDER = (contract.byId('billOrder').pathItem.parameters as { name?: string; example?: number }[]).find(
  (parameter) => parameter.name === 'id',
)!.example!;

const context = (target: string, options: { identities?: Identities; allowWrites: boolean }) =>
  checkContext({
    contract,
    target,
    token: admin,
    seed: 7,
    billOrder: BILL_ORDER,
    passwordAccount: MOCK_PASSWORD_ACCOUNT,
    ...options,
  });

/** The lists showing a settings group's records, as the contract declares them (`x-settings-records`). */
const LISTS = recordLists(contract);

/** The zone list as the contract's examples give it for the panel a request names: a list kept apart from writes. */
const exampleZones = (request: ForwardedRequest) => {
  const devId = /\/devices\/(\d+)\//.exec(request.url)?.[1];
  const examples = contract.responseExamples(contract.byId('getPanelZones'));
  return (examples.get(`dev-${devId}`) ?? examples.get('default'))!.example.value;
};

/** The last settings group's write (the contract's groups are counted from it, never written down here). */
const lastWrite = settingsWrites({ contract }).at(-1)!;
const lastGroup = lastWrite.operationId;
const lastNumber = String(lastWrite.spec['x-settings-group']);

const named = (results: CheckResult[], status: CheckResult['status']) =>
  results.filter((result) => result.status === status).map((result) => result.name);

/** The success answer the contract gives an operation (what a server that loses the write still answers). */
const successExample = (operationId: string): unknown => {
  const examples = contract.responseExamples(contract.byId(operationId));
  return [...examples.values()].find((found) => found.status === '200')!.example.value;
};

beforeAll(async () => {
  mock = await startHonestMock();
  const given = await mockIdentities(mock.target);
  admin = given.admin;
  identities = await resolveIdentities(mock.target, given, 10_000);
}, 60_000);

afterAll(async () => {
  await mock?.stop();
});

describe('the stateful flows', () => {
  it('pass on the honest mock, every step, as end user A and as the administrator', async () => {
    for (const options of [{ identities }, {}]) {
      await resetMock();
      const results = await runFlows(context(mock.target, { ...options, allowWrites: true }));
      expect(named(results, 'failed')).toEqual([]);
      // Every step passes; a clean-up is skipped only when the flow left nothing behind.
      expect(results.filter((r) => r.status === 'skipped').map((r) => [r.name, r.message])).toEqual([
        ['panel flow: clean-up: remove the added panel (removePanel)', 'the flow removed the panel'],
        ['queue flow: clean-up: cancel the write still waiting (cancelQueuedWrite)', 'the write is applied'],
        ['order flow: clean-up: cancel the unpaid order (cancelOrder)', 'the flow cancelled the order'],
        [
          'firmware roll-out downgrade flow: clean-up: abort the roll-out the server started (abortFirmwareRollout)',
          'no roll-out was started',
        ],
      ]);
      expect(results.map((r) => r.name)).toEqual([
        "panel flow: 1. the panel's code (generatePanelCode)",
        'panel flow: 2. add (addPanel)',
        'panel flow: 3. it is listed (getUserDevices)',
        'panel flow: 4. rename (changePanelDesc)',
        'panel flow: 5. the new name is listed (getUserDevices)',
        'panel flow: 6. remove (removePanel)',
        'panel flow: 7. it is gone (getUserDevices)',
        'panel flow: clean-up: remove the added panel (removePanel)',
        ...settingsWrites({ contract }).flatMap((write) => {
          const group = write.spec['x-settings-group'];
          const flow = `settings group ${String(group)} flow`;
          // The zones', keypads', panel users' and outputs' records are listed too: the list agrees with the record.
          const list = LISTS.find((found) => found.group === group);
          return [
            `${flow}: 1. read settings group ${String(group)} (getPanelSettings)`,
            `${flow}: 2. write it changed (${write.operationId})`,
            `${flow}: 3. read back equal (getPanelSettings)`,
            ...(list ? [`${flow}: 4. its list shows the record as it is (${list.operationId})`] : []),
            `${flow}: clean-up: write the value read first back (${write.operationId})`,
          ];
        }),
        'queue flow: 1. read the record the example queues, or the next no write waits on (group 0, from record 1) (getPanelSettings)',
        'queue flow: 2. queue a change of one field, with a key of this run (queueSettingsWrite)',
        'queue flow: 3. the same key again answers the same write (queueSettingsWrite)',
        "queue flow: 4. listed once in the panel's queue (getPanelQueue)",
        'queue flow: 5. applied, and the record reads back with the queued value (getPanelQueue)',
        'queue flow: clean-up: cancel the write still waiting (cancelQueuedWrite)',
        'queue flow: clean-up: write the value read first back (setzonesettings)',
        'order flow: 1. create (createOrder)',
        'order flow: 2. listed, not purchased (getOrders)',
        'order flow: 3. an unpaid order is not billed (billOrder)',
        'order flow: 4. cancel the unpaid order (cancelOrder)',
        'order flow: 5. listed as cancelled (getOrders)',
        'order flow: 6. bill a purchased order (billOrder)',
        'order flow: 7. listed as billed (getOrders)',
        'order flow: clean-up: cancel the unpaid order (cancelOrder)',
        'dealer request flow: 1. apply (createDealerRequest)',
        'dealer request flow: 2. approve with a new dealer code (approveDealerRequest)',
        'dealer request flow: 3. a second application (createDealerRequest)',
        'dealer request flow: 4. its dealer code is in use (approveDealerRequest)',
        'dealer request flow: clean-up: reject the requests still pending (rejectDealerRequest)',
        'password flow: 1. reset the test account: a one-time password is answered (changePassToDefault)',
        'password flow: 2. sign in with it: the password must be changed (login)',
        'password flow: 3. another call is refused until it is changed (getUserDetail)',
        'password flow: 4. a password of 7 characters is refused (changePassword)',
        'password flow: 5. a common password is refused (changePassword)',
        'password flow: 6. a password that follows the policy is accepted (changePassword)',
        'password flow: 7. sign in with the new password: no change required (login)',
        'password flow: 8. the refused call answers now (getUserDetail)',
        'password flow: clean-up: reset the test account again (changePassToDefault)',
        'firmware roll-out downgrade flow: 1. the preview names the panels that would go back (previewFirmwareRollout)',
        'firmware roll-out downgrade flow: 2. a downgrade nobody chose is refused (startFirmwareRollout)',
        'firmware roll-out downgrade flow: clean-up: abort the roll-out the server started (abortFirmwareRollout)',
      ]);
      expect(new Set(results.map((r) => `${r.name.split(':')[0]!.replace(/group \d+ /, '')} → ${r.area}`))).toEqual(
        new Set([
          'panel flow → panels',
          'settings flow → settings',
          'queue flow → settings',
          'order flow → payments',
          'dealer request flow → dealers',
          'password flow → users',
          'firmware roll-out downgrade flow → firmware',
        ]),
      );
    }
  }, 40_000);

  it('catch a lost rename, settings writes acknowledged but not kept (any group), a zone list kept apart from them and a queue that ignores its key, each at its step', async () => {
    await resetMock();
    const keys = new Set<string>();
    const front = await startWrongFront(mock.target, {
      // Each answers its success example and forwards nothing: a rename, the SIA codes' write and the last group's
      // (Wi-Fi, whose record has texts only) lost.
      changePanelDesc: () => answerJson(200, successExample('changePanelDesc')),
      setsiacodesettings: () => answerJson(200, successExample('setsiacodesettings')),
      [lastGroup]: () => answerJson(200, successExample(lastGroup)),
      // A zone list kept apart from the panel's programming: it answers the zones as the examples have them.
      getPanelZones: (request) => answerJson(200, exampleZones(request)),
      // A queue that ignores the Idempotency-Key: a key sent again queues another write.
      queueSettingsWrite: (request) => {
        const key = request.headers['idempotency-key'] ?? '';
        if (!keys.has(key)) return void keys.add(key);
        return { ...request, headers: { ...request.headers, 'idempotency-key': `${key}-again` } };
      },
    });
    try {
      const results = await runFlows(context(front.url, { identities, allowWrites: true }));
      expect(front.faulted).toEqual(
        expect.arrayContaining([
          'changePanelDesc',
          'setsiacodesettings',
          lastGroup,
          'queueSettingsWrite',
          'getPanelZones',
        ]),
      );
      const failed = results.filter((r) => r.status === 'failed');
      expect(failed.map((r) => r.name)).toEqual([
        'panel flow: 5. the new name is listed (getUserDevices)',
        'settings group 0 flow: 4. its list shows the record as it is (getPanelZones)',
        'settings group 7 flow: 3. read back equal (getPanelSettings)',
        `settings group ${lastNumber} flow: 3. read back equal (getPanelSettings)`,
        'queue flow: 3. the same key again answers the same write (queueSettingsWrite)',
      ]);
      const [rename, zones, settings, last, queue] = failed;
      expect(zones!.message).toMatch(
        /^getPanelZones lists zone_no \d+ with active = (true|false), the record holds (true|false) \(after setzonesettings\)$/,
      );
      expect(queue!.message).toBe(
        'queueSettingsWrite answered 201 to a key sent before, expected 200 (the first write, nothing queued)',
      );
      expect(rename!.message).toBe("the renamed panel is listed as 'Villa Cesme', expected 'Villa Cesme conformance'");
      expect(rename!.exchange?.request.url).toMatch(/^\/command\/devices\/userdevices\/0\?limit=\d+$/);
      expect(rename!.exchange?.response?.status).toBe(200);
      expect(settings!.message).toMatch(
        /^settings group 7 read back (\S+) = (true|false), expected (true|false) \(what setsiacodesettings wrote\)$/,
      );
      expect(settings!.exchange?.request.body).toContain('"command":"GET"');
      expect(last!.message).toMatch(
        new RegExp(`^settings group ${lastNumber} read back \\S+ = '.+', expected '.+' \\(what ${lastGroup} wrote\\)$`),
      );
      // The steps after each failure are skipped; the clean-ups still run (the added panel is removed).
      expect(results.filter((r) => r.message === EARLIER_FAILED).map((r) => r.name)).toEqual([
        'panel flow: 6. remove (removePanel)',
        'panel flow: 7. it is gone (getUserDevices)',
        "queue flow: 4. listed once in the panel's queue (getPanelQueue)",
        'queue flow: 5. applied, and the record reads back with the queued value (getPanelQueue)',
      ]);
      expect(results.find((r) => r.name.startsWith('panel flow: clean-up'))?.status).toBe('passed');
      expect(results.find((r) => r.name.startsWith('settings group 7 flow: clean-up'))?.status).toBe('passed');
      // Five failures, the four steps after them, the order's clean-up (the flow cancelled it) and the roll-out's
      // (nothing was started).
      expect(named(results, 'passed')).toHaveLength(results.length - 11);
    } finally {
      await front.stop();
    }
  }, 40_000);

  it('catch a roll-out started although it puts panels back on an older version nobody chose, and abort it', async () => {
    await resetMock();
    // The planted fault: a start that ignores the downgrade rule (as if every body chose it).
    const front = await startWrongFront(mock.target, {
      startFirmwareRollout: (request) => {
        const body = JSON.parse(request.body.toString('utf8') || '{}') as Record<string, unknown>;
        if (body.allow_downgrade === true) return undefined;
        return { ...request, body: Buffer.from(JSON.stringify({ ...body, allow_downgrade: true })) };
      },
    });
    try {
      const results = await runFlows({
        ...context(front.url, { identities, allowWrites: true }),
        only: ['startFirmwareRollout'],
      });
      expect(front.faulted).toContain('startFirmwareRollout');
      expect(results.map((r) => [r.name, r.status])).toEqual([
        [
          'firmware roll-out downgrade flow: 1. the preview names the panels that would go back (previewFirmwareRollout)',
          'passed',
        ],
        ['firmware roll-out downgrade flow: 2. a downgrade nobody chose is refused (startFirmwareRollout)', 'failed'],
        [
          'firmware roll-out downgrade flow: clean-up: abort the roll-out the server started (abortFirmwareRollout)',
          'passed',
        ],
      ]);
      expect(results[1]!.message).toMatch(
        /^a roll-out putting \d+ panel\(s\) back on an older version without allow_downgrade: startFirmwareRollout answered 201, expected a refusal$/,
      );
    } finally {
      await front.stop();
    }
  }, 40_000);

  it("cover every settings group, one flow each: the contract's writes are the groups of openapi/settings/", () => {
    const files = readdirSync(path.join(ROOT, 'openapi', 'settings')).filter((file) => /^\d+-.+\.json$/.test(file));
    expect(settingsWrites({ contract }).map((write) => write.spec['x-settings-group'])).toEqual(
      files.map((file) => Number(file.split('-')[0])).sort((a, b) => a - b),
    );
  });

  it('are skipped without --allow-writes, and nothing is sent', async () => {
    const sent: string[] = [];
    const recordAll = new Proxy(
      {},
      {
        get: () => (request: ForwardedRequest) => {
          sent.push(`${request.method} ${request.operation.operationId}`);
          return undefined;
        },
      },
    );
    const front = await startWrongFront(mock.target, recordAll);
    try {
      const results = await runFlows(context(front.url, { identities, allowWrites: false }));
      expect(results.map((r) => [r.name, r.status, r.message, r.area])).toEqual([
        ['panel flow', 'skipped', WRITES_SKIPPED, 'panels'],
        ...settingsWrites({ contract }).map((write) => [
          `settings group ${String(write.spec['x-settings-group'])} flow`,
          'skipped',
          WRITES_SKIPPED,
          'settings',
        ]),
        ['queue flow', 'skipped', WRITES_SKIPPED, 'settings'],
        ['order flow', 'skipped', WRITES_SKIPPED, 'payments'],
        ['dealer request flow', 'skipped', WRITES_SKIPPED, 'dealers'],
        ['password flow', 'skipped', WRITES_SKIPPED, 'users'],
        ['firmware roll-out downgrade flow', 'skipped', WRITES_SKIPPED, 'firmware'],
      ]);
      expect(sent).toEqual([]);
    } finally {
      await front.stop();
    }
  });
});
