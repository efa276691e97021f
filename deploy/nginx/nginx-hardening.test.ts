/**
 * What nginx itself enforces in front of the API and the file store, under the real nginx: its attempt limits (the
 * contract's numbers, answered in the contract's Lockout shape), the https upstreams' certificates checked, the
 * client's address replaced, no caching of API answers, no upstream CORS, the file store read-only and its own
 * sandbox policy kept.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NGINX, runNginx, upstream, type RunningNginx, type Seen } from './nginx-harness.ts';

const contract = JSON.parse(readFileSync('generated/openapi.json', 'utf8')) as {
  'x-attempt-limits': { policies: Record<string, { limits: { per: string; attempts: number }[] }> };
};
const clientAttempts = (policy: string) =>
  contract['x-attempt-limits'].policies[policy]!.limits.find((limit) => limit.per === 'client')!.attempts;

const CORS = { 'access-control-allow-origin': '*', 'access-control-allow-credentials': 'true' };
const SANDBOX = "default-src 'none'; sandbox";

/** The API: the file check admits `Bearer admin`, refuses the rest; every other call answers 401 with CORS. */
const api = ({ url, headers }: Seen): [number, Record<string, string>, string] => {
  if (url.startsWith('/api/file-access')) {
    return headers.authorization === 'Bearer admin'
      ? [204, {}, '']
      : [401, { 'content-type': 'application/json' }, '{"description":"Sign in."}'];
  }
  return [401, { 'content-type': 'application/json', 'cache-control': 'max-age=3600', ...CORS }, '{"status":"Error"}'];
};

const OPENSSL = '/usr/bin/openssl';

describe.skipIf(!existsSync(NGINX) || !existsSync(OPENSSL))('nginx in front of the API, hardened', () => {
  const work = mkdtempSync(path.join(tmpdir(), 'console-nginx-tls-'));
  const servers: Server[] = [];
  const running: RunningNginx[] = [];
  let plain: RunningNginx;
  let apiSeen: Seen[];
  let filesSeen: Seen[];
  let tls: { key: string; cert: string; certFile: string };

  beforeAll(async () => {
    const recorded = await upstream(api);
    const files = await upstream(() => [
      200,
      { 'content-type': 'application/pdf', 'content-security-policy': SANDBOX, ...CORS },
      '%PDF-1.4',
    ]);
    servers.push(recorded.server, files.server);
    apiSeen = recorded.seen;
    filesSeen = files.seen;
    plain = await runNginx({ CONSOLE_API_UPSTREAM: recorded.origin, CONSOLE_FILES_UPSTREAM: files.origin });
    running.push(plain);

    const keyFile = path.join(work, 'key.pem');
    const certFile = path.join(work, 'cert.pem');
    const made = spawnSync(OPENSSL, [
      'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=api.test',
      '-addext', 'subjectAltName=DNS:api.test', '-keyout', keyFile, '-out', certFile,
    ]); // prettier-ignore
    expect(made.status, made.stderr.toString()).toBe(0);
    tls = { key: readFileSync(keyFile, 'utf8'), cert: readFileSync(certFile, 'utf8'), certFile };
  });

  afterAll(async () => {
    for (const nginx of running) await nginx.stop();
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
    rmSync(work, { recursive: true, force: true });
  });

  it("locks sign-in after the contract's per-client attempts, with Retry-After and the Lockout body", async () => {
    const attempts = clientAttempts('sign-in');
    apiSeen.length = 0;
    const signIn = (language = 'en') =>
      fetch(`${plain.base}/api/logins`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept-language': language },
        body: '{"username":"u","password":"p"}',
      });
    for (let attempt = 0; attempt < attempts; attempt++) expect((await signIn()).status).toBe(401);
    expect(apiSeen.filter((seen) => seen.url === '/api/logins')).toHaveLength(attempts);
    const before = Date.now();
    const locked = await signIn('tr-TR,tr;q=0.9');
    expect(locked.status).toBe(429);
    expect(locked.headers.get('retry-after')).toBe('60');
    expect(locked.headers.get('cache-control')).toBe('no-store');
    expect(locked.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const body = (await locked.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ lockout: true, policy: 'sign-in', retry_after: 60, status: 'Error' });
    expect(body.message).toMatch(/^Çok fazla deneme/);
    const until = Date.parse(String(body.locked_until));
    expect(until).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 + 59_000);
    expect(until).toBeLessThanOrEqual(Date.now() + 61_000);
    // The locked call never reached the API; other calls are not limited by sign-in's zone.
    expect(apiSeen.filter((seen) => seen.url === '/api/logins')).toHaveLength(attempts);
    expect((await fetch(`${plain.base}/api/me`)).status).toBe(401);
  });

  it('limits the code and message calls per client by their own policies', async () => {
    const codes = clientAttempts('account-code');
    const answers = [];
    for (let attempt = 0; attempt <= codes; attempt++) {
      answers.push((await fetch(`${plain.base}/api/verify-reset-uid`, { method: 'POST' })).status);
    }
    expect(answers).toEqual([...Array<number>(codes).fill(401), 429]);
    // The two code calls share one zone: the other is locked too.
    expect((await fetch(`${plain.base}/api/accept-verification`, { method: 'POST' })).status).toBe(429);
  });

  it("hands on the peer's address, never the client's X-Forwarded-For; no caching, no upstream CORS", async () => {
    apiSeen.length = 0;
    const response = await fetch(`${plain.base}/api/me`, { headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(apiSeen.at(-1)!.headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    expect(response.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('reads the file store with GET and HEAD only, keeps its sandbox policy and drops its CORS', async () => {
    apiSeen.length = 0;
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      const refused = await fetch(`${plain.base}/files/resources?path=%2FManuals`, {
        method,
        headers: { authorization: 'Bearer admin' },
      });
      expect(refused.status, method).toBe(405);
      expect(refused.headers.get('allow')).toBe('GET, HEAD');
    }
    expect(apiSeen).toEqual([]);
    expect(filesSeen).toEqual([]);
    const head = await fetch(`${plain.base}/files/resources?path=%2FManuals`, {
      method: 'HEAD',
      headers: { authorization: 'Bearer admin' },
    });
    expect(head.status).toBe(200);
    expect(apiSeen.at(-1)!.headers['x-original-method']).toBe('HEAD');
    const served = await fetch(`${plain.base}/files/resources?path=%2FManuals`, {
      headers: { authorization: 'Bearer admin' },
    });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-security-policy')).toContain(SANDBOX);
    expect(served.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('refuses a self-signed https upstream unless its certificate and name are configured', async () => {
    const secure = await upstream(() => [200, { 'content-type': 'application/json' }, '{"data":[]}'], tls);
    servers.push(secure.server);
    const unconfigured = await runNginx({ CONSOLE_API_UPSTREAM: secure.origin, CONSOLE_FILES_UPSTREAM: secure.origin });
    running.push(unconfigured);
    expect((await fetch(`${unconfigured.base}/api/me`)).status).toBe(502);
    expect(secure.seen).toEqual([]);

    const wrongName = await runNginx({
      CONSOLE_API_UPSTREAM: secure.origin,
      CONSOLE_FILES_UPSTREAM: secure.origin,
      CONSOLE_UPSTREAM_CA_FILE: tls.certFile,
    });
    running.push(wrongName);
    expect((await fetch(`${wrongName.base}/api/me`)).status).toBe(502);
    expect(secure.seen).toEqual([]);

    const configured = await runNginx({
      CONSOLE_API_UPSTREAM: secure.origin,
      CONSOLE_FILES_UPSTREAM: secure.origin,
      CONSOLE_UPSTREAM_CA_FILE: tls.certFile,
      CONSOLE_UPSTREAM_TLS_NAME: 'api.test',
      CONSOLE_TRUSTED_PROXIES: '127.0.0.1',
    });
    running.push(configured);
    const response = await fetch(`${configured.base}/api/me`, { headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(response.status).toBe(200);
    // From a trusted proxy, the client it names is the client.
    expect(secure.seen.at(-1)!.headers['x-forwarded-for']).toBe('203.0.113.9');
  });
});
