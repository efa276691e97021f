/** The conformance check's CLI: exit codes and the printed report. */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../mocks/contract.ts';
import type { Report } from './types.ts';
import { startWrongServer, type WrongServer } from './wrong-server.ts';
import { contract } from './test-support.ts';

const runCli = (args: string[]) =>
  new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(path.join(ROOT, 'node_modules', '.bin', 'tsx'), ['conformance/cli.ts', ...args], {
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
    const run = await runCli([
      '--target',
      server.url,
      '--checks',
      'example',
      '--allow-writes',
      '--only',
      'getPanelZones,login',
      '--json',
      json,
    ]);
    expect(run.code, run.stderr).toBe(1);
    expect(run.stdout).toContain('2 operations: 1 conforms, 1 response violation');
    expect(run.stdout).toContain('GET /command/devices/{id}/zones (getPanelZones)');
    expect(run.stdout).toMatch(/response\.body\.data\.0\.id: Response body property data\.0\.id must be integer/);
    const written = JSON.parse(readFileSync(json, 'utf8')) as Report;
    expect(written.counts).toMatchObject({ conforms: 1, 'response-violation': 1 });
  }, 60_000);

  it('exits 0 when every replayed operation conforms', async () => {
    const run = await runCli(['--target', `${server.url}/`, '--checks', 'example', '--only', 'login,getOrders']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('2 operations: 2 conform');
  }, 60_000);

  it('writes the JUnit and HTML reports of the checks it made', async () => {
    // The plain wrong server has no sign-in: its zones answer without a token; its coupons always answer 401. Without
    // the accounts, A on B's panel is skipped, plain and in its 7 odd forms.
    const junit = path.join(dir, 'report.xml');
    const html = path.join(dir, 'report.html');
    const run = await runCli([
      '--target',
      server.url,
      '--checks',
      'authz',
      '--only',
      'getPanelZones,getCoupons',
      '--junit',
      junit,
      '--html',
      html,
    ]);
    expect(run.code, run.stderr).toBe(1);
    expect(run.stdout).toMatch(/Who may do what \(authz\): 12 cases \([\d.]+ s\): 2 passed, 2 failed, 8 skipped/);
    expect(run.stdout).toContain('[authz] getPanelZones: no token: ');
    expect(run.stdout).toContain('Calls that change state were not sent');
    const xml = readFileSync(junit, 'utf8');
    expect(xml).toMatch(/<testsuites [^>]*tests="12" failures="2" errors="0" skipped="8"/);
    expect(xml).toContain('<testcase classname="conformance.authz.panels" name="getPanelZones: no token"');
    const page = readFileSync(html, 'utf8');
    expect(page).toContain('<h2 id="area-panels">panels</h2>');
    expect(page).toContain('2 checks failed.');
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
    const kind = await runCli(['--target', server.url, '--checks', 'fuzz']);
    expect(kind.code).toBe(2);
    expect(kind.stderr).toContain('not fuzz');
    const half = await runCli(['--target', server.url, '--token-a', 'x']);
    expect(half.code).toBe(2);
    expect(half.stderr).toContain('--token-a and --token-b go together');
  }, 30_000);
});
