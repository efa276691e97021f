import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/lib/config/config.ts';
import { securityHeaders } from '../../src/lib/config/security-headers.ts';
import { DeployError, fillTemplate, nginxHeaderLines, renderDeployment } from './render.ts';
import type { Environment } from './settings.ts';

const NGINX = process.env.NGINX_BINARY ?? '/usr/sbin/nginx';
const work = mkdtempSync(path.join(tmpdir(), 'console-nginx-render-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** What an operator sets (docs/production.md). */
const OPERATOR: Environment = {
  CONSOLE_API_UPSTREAM: 'https://api.internal:8443',
  CONSOLE_FILES_UPSTREAM: 'http://files.internal:8081',
  CONSOLE_BROKER_UPSTREAM: 'ws://broker.internal:9001/mqtt',
  CONSOLE_BROKER_USERNAME: 'console',
  CONSOLE_LIVE_TOPIC_TEMPLATE: 'panels/{dev_id}',
  CONSOLE_PAYMENT_PROVIDER_ORIGIN: 'https://pay.example.com',
  CONSOLE_PHOTO_BASE_URL: 'https://photos.example.com/dealers/',
  CONSOLE_ROOT: '/srv/console/dist',
  CONSOLE_NGINX_RUNTIME: '/srv/console/dist-nginx/run',
};

const noFile = (file: string): string => {
  throw new Error(`unexpected read of ${file}`);
};

const problemsOf = (env: Environment): string => {
  try {
    renderDeployment(env, noFile);
  } catch (error) {
    expect(error).toBeInstanceOf(DeployError);
    return (error as Error).message;
  }
  throw new Error('the environment was accepted');
};

describe('the nginx deployment rendered from the environment', () => {
  it('writes the config.json the console accepts, with the same-origin paths and the operator settings', () => {
    const { files } = renderDeployment(OPERATOR, noFile);
    const config = JSON.parse(files['config.json']);
    expect(config).toEqual({
      apiBaseUrl: '/api',
      fileStoreBaseUrl: '/files',
      brokerUrl: '/mqtt',
      brokerUsername: 'console',
      liveTopicTemplate: 'panels/{dev_id}',
      paymentProviderOrigin: 'https://pay.example.com',
      photoBaseUrl: 'https://photos.example.com/dealers/',
    });
    expect(parseConfig(config, { protocol: 'https:', hostname: 'console.example.com' })).toEqual(config);
    // public/config.example.json is what this deployment writes, so the example shows every setting as it is used.
    expect(JSON.parse(readFileSync('public/config.example.json', 'utf8'))).toEqual(config);
  });

  it('names a photo host the console would refuse', () => {
    expect(problemsOf({ ...OPERATOR, CONSOLE_PHOTO_BASE_URL: '//photos.example.com/' })).toContain('"photoBaseUrl"');
    expect(problemsOf({ ...OPERATOR, CONSOLE_PHOTO_BASE_URL: 'https://photos.example.com/?a=1' })).toContain(
      '"photoBaseUrl"',
    );
    const { files } = renderDeployment({ ...OPERATOR, CONSOLE_PHOTO_BASE_URL: '/files/photos/' }, noFile);
    expect(JSON.parse(files['config.json'])).toMatchObject({ photoBaseUrl: '/files/photos/' });
  });

  it('sets the idle sign-out from the environment, refusing a value the console would not use', () => {
    const { files } = renderDeployment({ ...OPERATOR, CONSOLE_IDLE_TIMEOUT_MINUTES: '10' }, noFile);
    expect(JSON.parse(files['config.json'])).toMatchObject({ idleTimeoutMinutes: 10 });
    expect(JSON.parse(renderDeployment(OPERATOR, noFile).files['config.json'])).not.toHaveProperty(
      'idleTimeoutMinutes',
    );
    for (const value of ['1', '721', '15m', '-5']) {
      expect(problemsOf({ ...OPERATOR, CONSOLE_IDLE_TIMEOUT_MINUTES: value })).toContain(
        'CONSOLE_IDLE_TIMEOUT_MINUTES must be a whole number of minutes from 2 to 720',
      );
    }
  });

  it('sends every security header of the one module, for that config, on every answer', () => {
    const { files } = renderDeployment(OPERATOR, noFile);
    const headers = securityHeaders(JSON.parse(files['config.json']));
    expect(files['security-headers.conf'].trim().split('\n')).toEqual(
      Object.entries(headers).map(([name, value]) => `add_header ${name} "${value}" always;`),
    );
    expect(files['security-headers.conf']).toContain('form-action');
    expect(files['security-headers.conf']).toContain('https://pay.example.com');
  });

  it('fills every placeholder of the template with the upstreams, folders and port', () => {
    const conf = renderDeployment(OPERATOR, noFile).files['nginx.conf'];
    expect(conf).not.toMatch(/@[A-Z][A-Z_]*@/);
    expect(conf).toContain('listen 8080;');
    expect(conf).toContain('root /srv/console/dist;');
    expect(conf).toContain('proxy_pass https://api.internal:8443;');
    expect(conf).toContain('proxy_pass https://api.internal:8443/api/file-access;');
    expect(conf).toContain('proxy_pass http://files.internal:8081;');
    // The broker's ws:// address becomes nginx's http:// (the Upgrade headers make it a websocket).
    expect(conf).toContain('proxy_pass http://broker.internal:9001/mqtt;');
    expect(conf).toContain('include /srv/console/dist-nginx/run/security-headers.conf;');
    expect(conf).toContain('alias /srv/console/dist-nginx/run/config.json;');
    expect(conf).not.toContain('/provider/');
  });

  it('renders the site include with the same values, and only when asked', () => {
    const template = readFileSync('deploy/nginx/mock-provider.conf.template', 'utf8');
    const { files } = renderDeployment(
      { ...OPERATOR, CONSOLE_NGINX_INCLUDE: '/etc/console/site.conf.template' },
      (file) => (file === '/etc/console/site.conf.template' ? template : noFile(file)),
    );
    expect(files['site.conf']).toContain('location /provider/');
    expect(files['site.conf']).toContain('proxy_pass https://api.internal:8443;');
    expect(renderDeployment(OPERATOR, noFile).files['site.conf']).not.toContain('location');
  });

  it('names every missing or wrong setting at once', () => {
    const message = problemsOf({
      CONSOLE_API_UPSTREAM: 'ftp://api.internal',
      CONSOLE_FILES_UPSTREAM: 'http://files.internal/store',
      CONSOLE_BROKER_UPSTREAM: 'ws://user:secret@broker.internal',
      CONSOLE_BROKER_USERNAME: 'console',
      CONSOLE_LIVE_TOPIC_TEMPLATE: 'panels/all',
      CONSOLE_LISTEN: '70000',
      CONSOLE_ROOT: 'dist',
      CONSOLE_NGINX_ACCESS_LOG: 'logs/access.log',
    });
    for (const expected of [
      'CONSOLE_API_UPSTREAM must start with http:// or https://',
      'CONSOLE_FILES_UPSTREAM must be an origin without a path',
      'CONSOLE_BROKER_UPSTREAM must not carry credentials',
      'CONSOLE_LISTEN must be a port',
      'CONSOLE_ROOT must be an absolute path',
      'CONSOLE_NGINX_RUNTIME is required',
      'CONSOLE_NGINX_ACCESS_LOG must be off or an absolute path',
      '"liveTopicTemplate" must contain {dev_id}',
    ]) {
      expect(message).toContain(expected);
    }
    expect(problemsOf({ ...OPERATOR, CONSOLE_BROKER_USERNAME: undefined })).toContain(
      'CONSOLE_BROKER_USERNAME is required',
    );
  });

  it('refuses what config.json refuses: a provider that is not https, a bad time-out', () => {
    expect(problemsOf({ ...OPERATOR, CONSOLE_PAYMENT_PROVIDER_ORIGIN: 'http://pay.example.com' })).toContain(
      '"paymentProviderOrigin" must be an https origin',
    );
    expect(problemsOf({ ...OPERATOR, CONSOLE_REQUEST_TIMEOUT_MS: '15s' })).toContain(
      'CONSOLE_REQUEST_TIMEOUT_MS must be a whole number',
    );
    expect(problemsOf({ ...OPERATOR, CONSOLE_REQUEST_TIMEOUT_MS: '10' })).toContain('"requestTimeoutMs"');
    expect(problemsOf({ ...OPERATOR, CONSOLE_DEVELOPMENT_SAME_ORIGIN_PAYMENTS: 'yes' })).toContain(
      'CONSOLE_DEVELOPMENT_SAME_ORIGIN_PAYMENTS must be true or false',
    );
  });

  it('writes the session mode when one is chosen (the refresh cookie by default), and refuses another', () => {
    const config = (env: Record<string, string | undefined>) =>
      JSON.parse(renderDeployment(env, noFile).files['config.json']) as Record<string, unknown>;
    expect(config(OPERATOR).session).toBeUndefined();
    expect(config({ ...OPERATOR, CONSOLE_SESSION: 'bearer' }).session).toBe('bearer');
    expect(problemsOf({ ...OPERATOR, CONSOLE_SESSION: 'local' })).toContain('"session" must be "cookie"');
  });

  it('writes the development setting only when it is switched on', () => {
    const on = renderDeployment({ ...OPERATOR, CONSOLE_DEVELOPMENT_SAME_ORIGIN_PAYMENTS: 'true' }, noFile);
    expect(JSON.parse(on.files['config.json']).developmentSameOriginPayments).toBe(true);
    const off = renderDeployment({ ...OPERATOR, CONSOLE_DEVELOPMENT_SAME_ORIGIN_PAYMENTS: 'false' }, noFile);
    expect(JSON.parse(off.files['config.json'])).not.toHaveProperty('developmentSameOriginPayments');
  });

  it('keeps nginx syntax out of the values: no value can add a directive', () => {
    expect(problemsOf({ ...OPERATOR, CONSOLE_ROOT: '/srv/dist; include /etc/passwd' })).toContain('CONSOLE_ROOT');
    expect(problemsOf({ ...OPERATOR, CONSOLE_NGINX_USER: 'www-data; daemon on' })).toContain('CONSOLE_NGINX_USER');
    expect(() => nginxHeaderLines({ 'X-Test': 'a" always; add_header X "b' })).toThrow(DeployError);
    expect(() => nginxHeaderLines({ 'X-Test': '$request_uri' })).toThrow(DeployError);
    expect(() => fillTemplate('root @NOPE@;', {}, 'test')).toThrow('test names @NOPE@, which has no value');
    expect(problemsOf({ ...OPERATOR, CONSOLE_TRUSTED_PROXIES: '10.0.0.0/8; allow all' })).toContain(
      'CONSOLE_TRUSTED_PROXIES',
    );
    expect(problemsOf({ ...OPERATOR, CONSOLE_UPSTREAM_TLS_NAME: 'api; proxy_ssl_verify off' })).toContain(
      'CONSOLE_UPSTREAM_TLS_NAME',
    );
    expect(problemsOf({ ...OPERATOR, CONSOLE_UPSTREAM_CA_FILE: 'ca.pem' })).toContain('CONSOLE_UPSTREAM_CA_FILE');
  });

  it('trusts a forwarded address only from the configured proxies, and verifies https upstreams', () => {
    const plain = renderDeployment(OPERATOR, noFile).files['nginx.conf'];
    expect(plain).not.toContain('set_real_ip_from');
    expect(plain).toContain('proxy_ssl_verify on;');
    expect(plain).toContain('proxy_ssl_trusted_certificate /etc/ssl/certs/ca-certificates.crt;');
    const behind = renderDeployment({ ...OPERATOR, CONSOLE_TRUSTED_PROXIES: '10.0.0.0/8, 192.168.1.2' }, noFile);
    expect(behind.files['nginx.conf']).toContain('set_real_ip_from 10.0.0.0/8;\n    set_real_ip_from 192.168.1.2;');
  });

  it('warns about CONSOLE_ names that are no setting (a typo would keep a default)', () => {
    const { warnings } = renderDeployment({ ...OPERATOR, CONSOLE_PAYMENT_PROVIDER: 'https://pay.example.com' }, noFile);
    expect(warnings).toEqual(['CONSOLE_PAYMENT_PROVIDER is not a setting of the nginx deployment: ignored']);
  });

  it('is the security-headers.conf docs/production.md shows', () => {
    const readme = readFileSync('docs/production.md', 'utf8');
    const shown = /```nginx\n# security-headers\.conf[^\n]*\n([\s\S]*?)```/.exec(readme)?.[1];
    expect(shown).toBe(renderDeployment(OPERATOR, noFile).files['security-headers.conf']);
  });

  it.skipIf(!existsSync(NGINX))('is a configuration nginx accepts', () => {
    const runtime = path.join(work, 'run');
    const root = path.join(work, 'dist');
    mkdirSync(path.join(runtime, 'temp'), { recursive: true });
    mkdirSync(root, { recursive: true });
    const { files } = renderDeployment(
      {
        ...OPERATOR,
        // Resolvable upstream hosts: nginx -t resolves them.
        CONSOLE_API_UPSTREAM: 'https://127.0.0.1:8443',
        CONSOLE_FILES_UPSTREAM: 'http://localhost:8081',
        CONSOLE_BROKER_UPSTREAM: 'wss://127.0.0.1:9001/mqtt',
        CONSOLE_LISTEN: '127.0.0.1:8080',
        CONSOLE_ROOT: root,
        CONSOLE_NGINX_RUNTIME: runtime,
        CONSOLE_NGINX_ACCESS_LOG: 'off',
        CONSOLE_NGINX_INCLUDE: 'deploy/nginx/mock-provider.conf.template',
      },
      (file) => readFileSync(file, 'utf8'),
    );
    for (const [name, content] of Object.entries(files)) writeFileSync(path.join(runtime, name), content);
    const test = spawnSync(NGINX, ['-t', '-p', `${runtime}/`, '-c', path.join(runtime, 'nginx.conf')], {
      encoding: 'utf8',
    });
    expect(test.stderr).toContain('test is successful');
    expect(test.status).toBe(0);
  });
});
