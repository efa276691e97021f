/** The mock's slow and failing API on purpose: its settings, and the front holding or refusing calls with them. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeApiFaults, NO_FAULTS, parseApiFaults } from './api-faults.ts';
import { Contract } from './contract.ts';
import { startFront, type RunningFront } from './front.ts';
import { freePort } from './ports.ts';

describe('api fault settings', () => {
  it('reads a delay, an error status and a path, and refuses anything else with the reason', () => {
    expect(parseApiFaults({})).toEqual(NO_FAULTS);
    expect(parseApiFaults({ delay_ms: 2000, fail_status: 503, path: '/api/command' })).toEqual({
      delay_ms: 2000,
      fail_status: 503,
      path: '/api/command',
    });
    for (const wrong of [
      { delay_ms: -1 },
      { delay_ms: 1.5 },
      { delay_ms: 60_001 },
      { fail_status: 200 },
      { fail_status: '503' },
      { path: 'api' },
      { slow: true },
      [],
      null,
    ]) {
      expect(parseApiFaults(wrong)).toHaveProperty('message');
    }
  });

  it('says what it does in the start banner, and nothing when the API answers as usual', () => {
    expect(describeApiFaults(NO_FAULTS)).toBeNull();
    expect(describeApiFaults({ delay_ms: 2000, fail_status: 503, path: null })).toBe(
      'Mock API faults: every call answers after 2000 ms and fails with 503 (POST /api/__mock/api-faults {} ends it)',
    );
  });
});

describe('the mock API with faults set through its control', () => {
  let front: RunningFront;
  let api: string;
  const call = (path: string, init?: RequestInit) => fetch(`${api}${path}`, init);
  const setFaults = (body: unknown) =>
    call('/__mock/api-faults', { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'json' } });

  beforeAll(async () => {
    // No Prism behind it: a call that is not refused by a fault answers the front's 502, soon.
    front = await startFront({
      port: await freePort(),
      prismUrl: `http://127.0.0.1:${await freePort()}`,
      contract: Contract.load(),
      simulator: { isConnected: () => true, isPanelPassword: () => true, handleCommand: () => undefined },
    });
    api = `${front.url}/api`;
  });
  afterAll(() => front.stop());

  it('fails every call with the status asked for, in the server error form, until turned off', async () => {
    expect(await (await setFaults({ fail_status: 503 })).json()).toEqual({ ...NO_FAULTS, fail_status: 503 });
    const failed = await call('/logins', { method: 'POST', body: '{}' });
    expect(failed.status).toBe(503);
    expect(await failed.json()).toEqual({ status: 'Error', message: 'Service Unavailable (mock API fault)' });
    expect((await call('/command/devices/userdevices/0')).status).toBe(503);
    // The controls themselves still answer.
    expect(await (await call('/__mock/api-faults')).json()).toEqual({ ...NO_FAULTS, fail_status: 503 });
    await setFaults({});
    expect((await call('/command/devices/userdevices/0')).status).not.toBe(503);
  });

  it('limits the faults to the calls under a path', async () => {
    await setFaults({ fail_status: 500, path: '/api/command' });
    expect((await call('/command/devices/userdevices/0')).status).toBe(500);
    expect((await call('/user/getuserdetail/1')).status).not.toBe(500);
    await setFaults({});
  });

  it('answers every call after the delay asked for, the controls at once', async () => {
    await setFaults({ delay_ms: 400 });
    let started = Date.now();
    await call('/command/devices/userdevices/0');
    expect(Date.now() - started).toBeGreaterThanOrEqual(390);
    started = Date.now();
    await call('/__mock/api-faults');
    expect(Date.now() - started).toBeLessThan(390);
    await setFaults({});
    started = Date.now();
    await call('/command/devices/userdevices/0');
    expect(Date.now() - started).toBeLessThan(390);
  });

  it('refuses settings it cannot use, keeping the ones it had', async () => {
    await setFaults({ delay_ms: 10 });
    const refused = await setFaults({ fail_status: 99 });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      message: 'fail_status must be an HTTP error status from 400 to 599, or null',
    });
    expect((await call('/__mock/api-faults', { method: 'POST', body: '{oops' })).status).toBe(400);
    expect(await (await call('/__mock/api-faults')).json()).toEqual({ ...NO_FAULTS, delay_ms: 10 });
    await setFaults({});
  });
});
