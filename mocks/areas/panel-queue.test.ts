/**
 * The programming queue of the mock through its real front and Prism (as the console calls it), with the real panel
 * simulator (nothing published): a write queued for an offline panel is applied when it connects and read back, a
 * change at the keypad meanwhile makes it conflict until a person chooses, and the calls refuse what the contract
 * says (400, 404 out of reach, 409 in the wrong state), with the same Idempotency-Key answering the first item.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type {
  AuditLogResponse,
  KnownSettingsResponse,
  QueueItem,
  QueueListResponse,
  QueueSummaryResponse,
} from '@generated/api/types.gen.ts';
import { MockAccess } from '../access.ts';
import { CONTRACT_FILE, Contract } from '../contract.ts';
import { callFront } from '../front-call.ts';
import { startFront, type RunningFront } from '../front.ts';
import { PanelOwners } from '../db/panel-owners.ts';
import { freePort } from '../ports.ts';
import { startPrism, type RunningPrism } from '../prism.ts';
import { PanelSimulator } from '../simulator.ts';

const contract = Contract.load(CONTRACT_FILE);
const access = new MockAccess(contract, new PanelOwners(contract));
const simulator = new PanelSimulator({ contract, publish: () => undefined, tickMs: 0 });
let prism: RunningPrism;
let front: RunningFront;
const MERKEZ = 864215040012345;

const call = (username: string, method: string, path: string, body?: object, headers?: Record<string, string>) =>
  callFront(front.url, contract.exampleToken(username), method, path, body, headers);

const control = async (route: string, body: object) => {
  const response = await fetch(`${front.url}/api/__mock/${route}`, { method: 'POST', body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

/** The server's known copy of zone `member` of panel 1. */
const known = async (member = 1) => {
  const answer = await call('user', 'POST', '/known-settings', { dev_id: MERKEZ, group: 0, member, user_pass: '1234' });
  expect(answer.status).toBe(200);
  return answer.body as unknown as KnownSettingsResponse;
};

/** The write of zone `member` of panel 1 as the offline form sends it: the known copy with `fields` changed. */
const zoneWrite = async (fields: object, member = 1, password = '1234') => ({
  dev_id: MERKEZ,
  command: 'SET',
  group: 0,
  member,
  user_pass: password,
  offset: 0,
  list_id: 0,
  ...(await known(member)).data,
  ...fields,
});

/** Queues a write: → the status and the item. */
const queue = async (username: string, write: object, before: object, key = randomUUID(), dev_id = MERKEZ) => {
  const answer = await call(username, 'POST', '/panel-queue', { dev_id, write, before }, { 'idempotency-key': key });
  return { status: answer.status, item: answer.body.data as QueueItem };
};

const list = async (username: string, query = '') => {
  const answer = await call(username, 'GET', `/panel-queue${query}`);
  expect(answer.status).toBe(200);
  return answer.body as unknown as QueueListResponse;
};

const stateOf = (id: number) => front.queue.get(id)?.state;

/** Zone `member` of panel 1 as a settings read of the connected panel answers it. */
const readZone = async (member = 1) => {
  const answer = await call('user', 'POST', '/command/devices/getpanelsettings', {
    dev_id: MERKEZ,
    command: 'GET',
    group: 0,
    member,
    user_pass: '1234',
    offset: 0,
    list_id: 0,
  });
  return answer.body as { Err: number; data?: Record<string, unknown> };
};

beforeAll(async () => {
  prism = await startPrism({ mode: 'mock', contract: CONTRACT_FILE, port: await freePort() });
  front = await startFront({ port: await freePort(), prismUrl: prism.url, contract, access, simulator });
}, 60_000);

afterAll(async () => {
  await front?.stop();
  await prism?.stop();
});

beforeEach(async () => {
  expect((await fetch(`${front.url}/api/__mock/areas/reset`, { method: 'POST' })).status).toBe(200);
  front.settings.clear();
  access.owners.reset();
  await simulator.reset();
});

describe('the programming queue of the mock', () => {
  it('queues a write for an offline panel, applies it when the panel connects, reads it back and audits it', async () => {
    await simulator.setConnected(MERKEZ, false);
    const before = await known();
    expect(before.known_at).toBe(front.settings.startedAt);
    const oldName = before.data.name;
    const { status, item } = await queue('user', await zoneWrite({ name: 'Salon PIR 2' }), { name: oldName });
    expect(status).toBe(201);
    expect(item).toMatchObject({
      dev_id: MERKEZ,
      group: 0,
      member: 1,
      list_id: 0,
      action: 'settings_write',
      state: 'queued',
      changes: [{ field: 'name', before: oldName, queued: 'Salon PIR 2' }],
      queued_by: { id: 3, name: 'Zeynep Kaya' },
      resolved_by: null,
      finished_at: null,
      panel_answer: null,
    });
    expect(JSON.stringify(item)).not.toContain('user_pass');
    const summary = await call('dealer', 'GET', '/panel-queue/summary');
    expect((summary.body as unknown as QueueSummaryResponse).data).toEqual([
      { dev_id: MERKEZ, queued: 1, conflicted: 0 },
    ]);
    // Offline: the panel answers the panel error, and nothing is sent.
    expect((await readZone()).Err).toBe(5);
    expect(stateOf(item.id)).toBe('queued');

    await simulator.setConnected(MERKEZ, true);
    await expect.poll(() => stateOf(item.id)).toBe('applied');
    const applied = (await list('user', `?dev_id=${MERKEZ}`)).data[0]!;
    expect(applied.panel_answer?.Err).toBe(0);
    expect(applied.changes).toEqual([{ field: 'name', before: oldName, queued: 'Salon PIR 2', now: oldName }]);
    expect((await readZone()).data?.name).toBe('Salon PIR 2');
    const after = await known();
    expect(after.data.name).toBe('Salon PIR 2');
    expect(Date.parse(after.known_at)).toBeGreaterThanOrEqual(Date.parse(before.known_at));
    expect((await call('user', 'GET', '/panel-queue/summary')).body.data).toEqual([]);

    const audit = (await call('admin', 'GET', '/audit-log')).body as unknown as AuditLogResponse;
    expect(
      audit.data.map((entry) => [entry.action, entry.user?.id, entry.operation, entry.record, entry.changes]),
    ).toEqual([['settings_write', 3, 'setzonesettings', 1, [{ field: 'name', old: oldName, new: 'Salon PIR 2' }]]]);
  });

  it('holds a write the keypad changed under it, and the later writes of its record, until a person chooses', async () => {
    await simulator.setConnected(MERKEZ, false);
    const actTime = (await known()).data.act_time as number;
    const first = await queue('user', await zoneWrite({ act_time: actTime + 400 }), { act_time: actTime });
    const second = await queue('user', await zoneWrite({ name: 'Salon' }), { name: (await known()).data.name });
    const other = await queue('user', await zoneWrite({ name: 'Mutfak' }, 2), { name: (await known(2)).data.name });
    // Someone at the keypad changes the reaction time: the panel's record, not the server's copy.
    const keypad = await control('panels/settings', { dev_id: MERKEZ, group: 0, member: 1, values: { act_time: 600 } });
    expect(keypad).toMatchObject({
      status: 200,
      body: { dev_id: MERKEZ, group: 0, member: 1, data: { act_time: 600 } },
    });
    expect((await known()).data.act_time).toBe(actTime);

    await simulator.setConnected(MERKEZ, true);
    await expect.poll(() => stateOf(other.item.id)).toBe('applied');
    expect(front.queue.get(first.item.id)).toMatchObject({
      state: 'conflicted',
      changes: [{ field: 'act_time', before: actTime, queued: actTime + 400, now: 600 }],
      panel_answer: null,
    });
    expect(front.queue.get(first.item.id)?.finished_at).not.toBeNull();
    expect(stateOf(second.item.id)).toBe('queued');
    expect((await call('user', 'GET', '/panel-queue/summary')).body.data).toEqual([
      { dev_id: MERKEZ, queued: 1, conflicted: 1 },
    ]);
    expect((await list('user', '?state=conflicted')).data.map((item) => item.id)).toEqual([first.item.id]);
    expect((await list('user', '?state=queued,applied')).data.map((item) => item.id)).toEqual([
      second.item.id,
      other.item.id,
    ]);
    const future = new Date(Date.now() + 60_000).toISOString();
    expect((await list('user', `?since=${encodeURIComponent(future)}`)).list_info.total_count).toBe(0);
    expect((await list('user', '?limit=1&offset=1')).data.map((item) => item.id)).toEqual([second.item.id]);
    // The server read the panel to compare: its known copy holds the keypad's value now.
    expect((await known()).data.act_time).toBe(600);

    const resolved = await call('dealer', 'POST', `/panel-queue/${first.item.id}/resolve`, {
      values: { act_time: actTime + 400 },
    });
    expect(resolved.status).toBe(200);
    expect(resolved.body.data).toMatchObject({
      state: 'queued',
      changes: [{ field: 'act_time', before: 600, queued: actTime + 400 }],
      resolved_by: { id: 2, name: 'Mehmet Demir' },
      finished_at: null,
    });
    await expect.poll(() => stateOf(second.item.id)).toBe('applied');
    expect(stateOf(first.item.id)).toBe('applied');
    expect((await readZone()).data).toMatchObject({ act_time: actTime + 400, name: 'Salon' });
    expect((await readZone(2)).data?.name).toBe('Mutfak');

    // Applied writes are final.
    expect(
      (await call('user', 'POST', `/panel-queue/${first.item.id}/resolve`, { values: { act_time: 1 } })).status,
    ).toBe(409);
    expect((await call('user', 'DELETE', `/panel-queue/${first.item.id}`)).status).toBe(409);
  });

  it('loads the contract’s example queue on demand; its conflicted write holds a new write of its record', async () => {
    front.queue.loadExamples();
    expect((await list('admin')).data.map((item) => [item.id, item.dev_id, item.state])).toEqual([
      [7, MERKEZ, 'applied'],
      [8, MERKEZ, 'conflicted'],
    ]);
    expect((await call('user', 'GET', '/panel-queue/summary')).body.data).toEqual([
      { dev_id: MERKEZ, queued: 0, conflicted: 1 },
    ]);
    // Panel 1 is connected: a write of another record is applied at once, one of zone 1 waits behind write 8.
    const held = await queue('user', await zoneWrite({ name: 'Bekleyen' }), { name: (await known()).data.name });
    const other = await queue('user', await zoneWrite({ name: 'Diger' }, 2), { name: (await known(2)).data.name });
    expect(held.item.id).toBe(9);
    await expect.poll(() => stateOf(other.item.id)).toBe('applied');
    expect(stateOf(held.item.id)).toBe('queued');
    expect((await call('user', 'DELETE', '/panel-queue/8')).status).toBe(200);
    await expect.poll(() => stateOf(held.item.id)).toBe('applied');
    expect((await readZone()).data?.name).toBe('Bekleyen');
  });

  it('keeps the known copy of what the server read or wrote, not of a change at the keypad', async () => {
    const example = await known(3);
    await control('panels/settings', { dev_id: MERKEZ, group: 0, member: 3, values: { act_time: 42 } });
    expect((await known(3)).data).toEqual(example.data);
    // A read of the connected panel makes the known copy; so does a form's write the panel took.
    expect((await readZone(3)).data?.act_time).toBe(42);
    expect((await known(3)).data.act_time).toBe(42);
    const write = await zoneWrite({ name: 'Kazan' }, 3);
    expect((await call('user', 'POST', '/command/devices/setzonesettings', write)).body.Err).toBe(0);
    expect((await known(3)).data).toMatchObject({ name: 'Kazan', act_time: 42 });
    // A template's record queued for an offline panel is audited as a template apply when it is applied.
    await simulator.setConnected(MERKEZ, false);
    const body = { dev_id: MERKEZ, write: await zoneWrite({ name: 'Sablon' }, 3), before: { name: 'Kazan' } };
    const queued = await call(
      'user',
      'POST',
      '/panel-queue',
      { ...body, action: 'template_apply' },
      {
        'idempotency-key': randomUUID(),
      },
    );
    expect(queued.body.data).toMatchObject({ action: 'template_apply', state: 'queued' });
    await simulator.setConnected(MERKEZ, true);
    await expect.poll(() => stateOf((queued.body.data as QueueItem).id)).toBe('applied');
    const audit = (await call('admin', 'GET', '/audit-log?action=template_apply')).body as unknown as AuditLogResponse;
    expect(audit.data.map((entry) => [entry.user?.name, entry.record, entry.changes])).toEqual([
      ['Zeynep Kaya', 3, [{ field: 'name', old: 'Kazan', new: 'Sablon' }]],
    ]);
  });

  it('cancels a queued write, which is never sent, and a cancelled one answers 409', async () => {
    await simulator.setConnected(MERKEZ, false);
    const name = (await known()).data.name;
    const cancelled = await queue('user', await zoneWrite({ name: 'Iptal' }), { name });
    const answer = await call('user', 'DELETE', `/panel-queue/${cancelled.item.id}`);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ state: 'cancelled', resolved_by: { id: 3, name: 'Zeynep Kaya' } });
    expect((await call('user', 'DELETE', `/panel-queue/${cancelled.item.id}`)).status).toBe(409);
    expect((await call('user', 'POST', `/panel-queue/${cancelled.item.id}/resolve`, { values: { name } })).status).toBe(
      409,
    );
    // A later write of the same record is applied when the panel connects; the cancelled one never is.
    const later = await queue('user', await zoneWrite({ act_time: 1 }), { act_time: (await known()).data.act_time });
    await simulator.setConnected(MERKEZ, true);
    await expect.poll(() => stateOf(later.item.id)).toBe('applied');
    expect(stateOf(cancelled.item.id)).toBe('cancelled');
    expect((await readZone()).data).toMatchObject({ name, act_time: 1 });
  });

  it('answers the first item again for the same Idempotency-Key of the same user', async () => {
    await simulator.setConnected(MERKEZ, false);
    const write = await zoneWrite({ name: 'Bir Kez' });
    const before = { name: (await known()).data.name };
    const key = randomUUID();
    const first = await queue('user', write, before, key);
    const again = await queue('user', write, before, key);
    expect([first.status, again.status]).toEqual([201, 200]);
    expect(again.item).toEqual(first.item);
    const byDealer = await queue('dealer', write, before, key);
    expect(byDealer.status).toBe(201);
    expect(byDealer.item.id).not.toBe(first.item.id);
    expect((await list('admin')).list_info.total_count).toBe(2);
  });

  it('answers 404 for a write or a panel out of the caller’s reach', async () => {
    await simulator.setConnected(MERKEZ, false);
    const { item } = await queue('user', await zoneWrite({ name: 'Gizli' }), { name: (await known()).data.name });
    // olduser (an end user) has no panel: panel 1 and its writes are out of reach.
    expect((await call('olduser', 'DELETE', `/panel-queue/${item.id}`)).status).toBe(404);
    expect((await call('olduser', 'POST', `/panel-queue/${item.id}/resolve`, { values: { name: 'X' } })).status).toBe(
      404,
    );
    expect((await call('olduser', 'GET', `/panel-queue?dev_id=${MERKEZ}`)).status).toBe(404);
    const knownOut = { dev_id: MERKEZ, group: 0, user_pass: '1234' };
    expect((await call('olduser', 'POST', '/known-settings', knownOut)).status).toBe(404);
    expect((await list('olduser')).data).toEqual([]);
    expect((await call('olduser', 'GET', '/panel-queue/summary')).body.data).toEqual([]);
    expect((await queue('olduser', await zoneWrite({ name: 'Gizli' }), { name: 'Salon' })).status).toBe(404);
    expect((await call('user', 'DELETE', '/panel-queue/999')).status).toBe(404);

    // A panel only the administrator is linked to: out of the dealer's reach and the user's.
    const ADMIN_PANEL = 864215040099999;
    access.owners.add(ADMIN_PANEL, 1, 'Yonetim');
    const write = { ...(await zoneWrite({ name: 'Yonetim' })), dev_id: ADMIN_PANEL };
    // The simulator knows no users of an added panel (its password cannot be judged): queued as the server would.
    const admin = { id: 1, name: 'Ayşe Yılmaz', user_type: 2 as const };
    const adminItem = front.queue.queue(
      { dev_id: ADMIN_PANEL, write, before: { name: 'Salon PIR' } },
      admin,
      randomUUID(),
    );
    for (const username of ['dealer', 'user']) {
      expect((await call(username, 'DELETE', `/panel-queue/${adminItem.item.id}`)).status).toBe(404);
      expect((await list(username)).data.map((row) => row.dev_id)).toEqual([MERKEZ]);
    }
    expect((await list('admin')).data.map((row) => row.dev_id)).toEqual([MERKEZ, ADMIN_PANEL]);
  });

  it('refuses a write its group would refuse, a wrong dev_id, a before that names no write field or changes nothing', async () => {
    await simulator.setConnected(MERKEZ, false);
    const name = (await known()).data.name;
    const valid = await zoneWrite({ name: 'Yeni' });
    const refusals: [object, object, number?][] = [
      [{ ...valid, act_time: -1 }, { name }],
      [{ ...valid, name: 42 }, { name }],
      [{ ...valid, member: 40 }, { name }],
      [{ ...valid, dev_id: 864215040023456 }, { name }],
      [valid, { colour: 'red' }],
      [valid, { user_pass: '0000' }],
      [valid, { name: 'Yeni' }],
    ];
    for (const [write, before] of refusals) {
      const answer = await queue('user', write, before);
      expect(answer.status, JSON.stringify([write, before])).toBe(400);
    }
    expect((await list('user')).list_info.total_count).toBe(0);

    // A conflicted write's choice must name exactly its fields, with values the group's schema takes.
    const actTime = (await known()).data.act_time as number;
    const { item } = await queue('user', await zoneWrite({ act_time: actTime + 1 }), { act_time: actTime });
    expect(
      (await control('panels/settings', { dev_id: MERKEZ, group: 0, member: 1, values: { act_time: 9 } })).status,
    ).toBe(200);
    await simulator.setConnected(MERKEZ, true);
    await expect.poll(() => stateOf(item.id)).toBe('conflicted');
    for (const values of [{ act_time: -5 }, { name: 'Salon' }, { act_time: 5, name: 'Salon' }]) {
      expect((await call('user', 'POST', `/panel-queue/${item.id}/resolve`, { values })).status).toBe(400);
    }
    expect(stateOf(item.id)).toBe('conflicted');
  });

  it('refuses a keypad change to an unknown panel, group or field, or a value the schema refuses', async () => {
    const refused = [
      { dev_id: 864215040099999, group: 0, values: { name: 'X' } },
      { dev_id: MERKEZ, group: 22, values: { name: 'X' } },
      { dev_id: MERKEZ, group: 0, member: 1, values: { colour: 'red' } },
      { dev_id: MERKEZ, group: 0, member: 1, values: { act_time: -1 } },
      { dev_id: MERKEZ, group: 0, member: 1, values: {} },
      { dev_id: MERKEZ, group: 0, member: 1 },
    ];
    for (const body of refused) {
      const answer = await control('panels/settings', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.message).toEqual(expect.any(String));
    }
    const keypad = await control('panels/settings', { dev_id: MERKEZ, group: 1, list_id: 2, values: { name: 'Arka' } });
    expect(keypad.status).toBe(200);
    expect(
      (
        await call('user', 'POST', '/command/devices/getpanelsettings', {
          dev_id: MERKEZ,
          command: 'GET',
          group: 1,
          member: 0,
          user_pass: '1234',
          offset: 0,
          list_id: 2,
        })
      ).body.data,
    ).toMatchObject({ name: 'Arka' });
  });

  it('refuses a write with a wrong panel password at once (403) and fails one whose panel disconnects while it applies (Err 5)', async () => {
    await simulator.setConnected(MERKEZ, false);
    const name = (await known()).data.name;
    // The server judges the queued write's password by its copy of the panel's users: nothing is queued.
    const wrong = await queue('user', await zoneWrite({ name: 'Yanlis' }, 1, '0000'), { name });
    expect(wrong.status).toBe(403);
    expect((await list('user')).list_info.total_count).toBe(0);
    await simulator.setConnected(MERKEZ, true);
    expect((await readZone()).data?.name).toBe(name);

    // Queued to the connected panel: applied at once; lost while applying, it fails and is not sent again.
    const lost = await queue('user', await zoneWrite({ name: 'Kopuk' }), { name });
    await expect.poll(() => stateOf(lost.item.id), { interval: 5 }).toBe('applying');
    await simulator.setConnected(MERKEZ, false);
    expect(front.queue.get(lost.item.id)).toMatchObject({ state: 'failed', panel_answer: { Err: 5 } });
    await simulator.setConnected(MERKEZ, true);
    const after = await queue('user', await zoneWrite({ act_time: 2 }), { act_time: (await known()).data.act_time });
    await expect.poll(() => stateOf(after.item.id)).toBe('applied');
    expect(stateOf(lost.item.id)).toBe('failed');
    expect((await readZone()).data?.name).toBe(name);
  });
});
