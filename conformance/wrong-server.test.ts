/** The conformance check against a deliberately wrong node:http server, through the real Prism proxy: exactly the
 * broken operations are reported, with locations. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../mocks/ports.ts';
import { runConformance } from './runner.ts';
import type { Report } from './types.ts';
import { startWrongServer, type WrongServer } from './wrong-server.ts';
import { byId, contract, locations } from './test-support.ts';

describe('against a deliberately wrong server', () => {
  let server: WrongServer;
  let report: Report;
  const only = [
    'getPanelZones',
    'getPanelOutputs',
    'getPanelUsers',
    'getDevicePart',
    'getPanelKeypads',
    'getCoupons',
    'getModelList',
    'getSiaCodes',
    'login',
    'getOrders',
    'createDealerRequest',
    'downloadResource',
  ];
  beforeAll(async () => {
    server = await startWrongServer(contract);
    // Long enough for Prism's validation of a slow answer on a busy machine; short enough to bound the one that never comes.
    report = await runConformance({
      target: server.url,
      only,
      timeoutMs: 8_000,
      checks: ['example'],
      allowWrites: true,
    });
  }, 60_000);
  afterAll(() => server?.stop());

  it('replays exactly the chosen operations', () => {
    expect(report.results.map((r) => r.operationId).sort()).toEqual([...only].sort());
  });

  it('reports a wrong field type with the field path', () => {
    const zones = byId(report, 'getPanelZones');
    expect(zones.outcome).toBe('response-violation');
    expect(zones.violations).toContainEqual(
      expect.objectContaining({
        location: 'response.body.data.0.id',
        message: expect.stringMatching(/must be integer/),
      }),
    );
  });

  it('reports a missing required field', () => {
    const outputs = byId(report, 'getPanelOutputs');
    expect(outputs.outcome).toBe('response-violation');
    expect(locations(outputs)).toEqual(['response.body.data.0']);
    expect(outputs.violations[0]?.message).toMatch(/required property 'name'/);
  });

  it('reports an undocumented status', () => {
    const users = byId(report, 'getPanelUsers');
    expect(users).toMatchObject({ outcome: 'undocumented-status', status: 418 });
    expect(users.violations[0]?.message).toMatch(/Unable to match the returned status code/);
  });

  it('reports a body that is not JSON, and HTML instead of JSON', () => {
    const part = byId(report, 'getDevicePart');
    expect(part.outcome).toBe('response-violation');
    expect(part.violations).toEqual([
      expect.objectContaining({ location: 'response.body', message: expect.stringMatching(/invalid json/i) }),
    ]);
    const keypads = byId(report, 'getPanelKeypads');
    expect(keypads.outcome).toBe('response-violation');
    expect(keypads.violations.map((v) => v.message).join('\n')).toMatch(/media type "text\/html"/);
  });

  it('tells a documented error status from success, and bounds a server that never answers', () => {
    expect(byId(report, 'getCoupons')).toMatchObject({ outcome: 'unexpected-status', status: 401 });
    expect(byId(report, 'getModelList')).toMatchObject({ outcome: 'unreachable', reason: 'no answer within 8000 ms' });
  });

  it('reports a server error on a valid request', () => {
    const sia = byId(report, 'getSiaCodes');
    expect(sia).toMatchObject({ outcome: 'undocumented-status', status: 500 });
  });

  it('counts the correct answers as conforming, the file store labelled', () => {
    for (const id of ['login', 'getOrders', 'createDealerRequest', 'downloadResource']) {
      expect(byId(report, id), id).toMatchObject({ outcome: 'conforms', violations: [], requestViolations: [] });
    }
    expect(byId(report, 'downloadResource').server).toBe('/files');
    expect(report.ok).toBe(false);
  });

  it('sent the contract examples with the console headers', () => {
    const orders = server.received.find((r) => r.operationId === 'getOrders');
    expect(orders?.url).toBe('/orders?limit=10&offset=0&is_billing=false&is_canceled=false');
    expect(orders?.headers).toMatchObject({ language: 'tr', agent: 'browser', country: 'TRY' });
    expect(orders?.headers.authorization).toMatch(/^Bearer eyJ/);
    const login = server.received.find((r) => r.operationId === 'login');
    expect(JSON.parse(login?.body ?? '{}')).toEqual({ username: 'admin', password: 'Gizli.Sifre1' });
    const dealer = server.received.find((r) => r.operationId === 'createDealerRequest');
    expect(dealer?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(dealer?.body).toContain('name="dealer_name"');
    expect(dealer?.body).toContain('filename="vergi-levhasi.jpg"');
  });

  it('fails the run at once, saying why, when the target gives no answer at all', async () => {
    const closed = await freePort();
    await expect(runConformance({ target: `http://127.0.0.1:${closed}/api`, checks: ['negative'] })).rejects.toThrow(
      new RegExp(
        `^no answer from http://127\\.0\\.0\\.1:${closed}/api: the request failed: fetch failed: connect ECONNREFUSED`,
      ),
    );
  });
});
