/**
 * The conformance check against real servers through the real Prism proxy: the project's own Prism mock (everything
 * conforms), a deliberately wrong node:http server (exactly the broken operations are reported, with locations), a
 * contract whose examples were broken on purpose (request violations), and the CLI (exit codes, printed report).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRACT_FILE, Contract, ROOT } from '../../mocks/contract.ts';
import { freePort } from '../../mocks/ports.ts';
import { startPrism, type RunningPrism } from '../../mocks/prism.ts';
import { runConformance } from './runner.ts';
import type { OperationResult, Report } from './types.ts';
import { startWrongServer, type WrongServer } from './wrong-server.ts';

const contract = Contract.load(CONTRACT_FILE);
const byId = (report: Report, id: string): OperationResult => {
  const result = report.results.find((r) => r.operationId === id);
  if (!result) throw new Error(`no result for ${id}`);
  return result;
};
const locations = (result: OperationResult) => result.violations.map((v) => v.location);

describe('against the Prism mock of the contract', () => {
  let mock: RunningPrism;
  beforeAll(async () => {
    mock = await startPrism({ mode: 'mock', contract: CONTRACT_FILE, port: await freePort() });
  });
  afterAll(() => mock?.stop());

  it('every operation conforms or is skipped with a reason, and no contract example is an invalid request', async () => {
    const started = performance.now();
    const report = await runConformance({ target: mock.url });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.info(`full-contract run against the mock: ${report.results.length} operations in ${seconds} s`);
    const bad = report.results.filter((r) => r.outcome !== 'conforms' && !(r.outcome === 'skipped' && r.reason));
    expect(
      bad.map((r) => ({ id: r.operationId, outcome: r.outcome, v: r.violations, rv: r.requestViolations })),
    ).toEqual([]);
    expect(report.counts['request-violation']).toBe(0);
    expect(report.results).toHaveLength(contract.operations.length);
    expect(report.ok).toBe(true);
    // The file store operations (own `servers`) are replayed too, and labelled.
    expect(byId(report, 'getResources')).toMatchObject({ outcome: 'conforms', server: '/files' });
  }, 90_000);
});

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
    'login',
    'getOrders',
    'createDealerRequest',
    'downloadResource',
  ];
  beforeAll(async () => {
    server = await startWrongServer(contract);
    report = await runConformance({ target: server.url, only, timeoutMs: 2_000 });
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
    expect(byId(report, 'getModelList')).toMatchObject({ outcome: 'unreachable', reason: 'no answer within 2000 ms' });
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
});

describe('with a contract whose examples break it', () => {
  let server: WrongServer;
  let dir: string;
  beforeAll(async () => {
    server = await startWrongServer(contract);
    dir = mkdtempSync(path.join(tmpdir(), 'conformance-'));
  });
  afterAll(async () => {
    await server?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('reports the replayed examples as request violations, not forwarded', async () => {
    const document = JSON.parse(readFileSync(CONTRACT_FILE, 'utf8')) as {
      components: { parameters: { Limit: { example: unknown } } };
      paths: Record<
        string,
        Record<string, { requestBody: { content: Record<string, { examples: Record<string, { value: unknown }> }> } }>
      >;
    };
    document.components.parameters.Limit.example = 'ten';
    const change = document.paths['/user/changepass']?.post?.requestBody.content['application/json']?.examples.change;
    if (!change) throw new Error('changePassword example not found');
    change.value = { old: 1 };
    const file = path.join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(document));

    const report = await runConformance({
      target: server.url,
      contractFile: file,
      only: ['getOrders', 'changePassword'],
    });
    const orders = byId(report, 'getOrders');
    expect(orders.outcome).toBe('request-violation');
    expect(orders.requestViolations).toEqual([
      expect.objectContaining({ location: 'query.limit', message: expect.stringMatching(/must be integer/) }),
    ]);
    const change2 = byId(report, 'changePassword');
    expect(change2.outcome).toBe('request-violation');
    expect(change2.requestViolations.map((v) => v.location).sort()).toEqual(['body', 'body', 'body.old']);
    expect(server.received).toEqual([]);
  }, 60_000);
});

const runCli = (args: string[]) =>
  new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(path.join(ROOT, 'node_modules', '.bin', 'tsx'), ['tests/conformance/cli.ts', ...args], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 50_000);
    child.once('error', reject);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });

describe('the CLI', () => {
  let server: WrongServer;
  let dir: string;
  beforeAll(async () => {
    server = await startWrongServer(contract);
    dir = mkdtempSync(path.join(tmpdir(), 'conformance-cli-'));
  });
  afterAll(async () => {
    await server?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('exits 1 and names the violating operation, with the field path', async () => {
    const json = path.join(dir, 'report.json');
    const run = await runCli(['--target', server.url, '--only', 'getPanelZones,login', '--json', json]);
    expect(run.code, run.stderr).toBe(1);
    expect(run.stdout).toContain('2 operations: 1 conforms, 1 response violation');
    expect(run.stdout).toContain('GET /command/devices/{id}/zones (getPanelZones)');
    expect(run.stdout).toMatch(/response\.body\.data\.0\.id: Response body property data\.0\.id must be integer/);
    const written = JSON.parse(readFileSync(json, 'utf8')) as Report;
    expect(written.counts).toMatchObject({ conforms: 1, 'response-violation': 1 });
  }, 60_000);

  it('exits 0 when every replayed operation conforms', async () => {
    const run = await runCli(['--target', `${server.url}/`, '--only', 'login,getOrders']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('2 operations: 2 conform');
  }, 60_000);

  it('exits 2 with the usage text on usage errors', async () => {
    const missing = await runCli([]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--target is required');
    expect(missing.stderr).toContain('Usage: npm run conformance -- --target <base URL>');
    const invalid = await runCli(['--target', 'ftp://example.com']);
    expect(invalid.code).toBe(2);
    expect(invalid.stderr).toContain('--target must use http or https');
    const unknown = await runCli(['--target', server.url, '--only', 'noSuchOperation']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('noSuchOperation');
  }, 30_000);
});
