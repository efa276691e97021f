import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { DEVELOPMENT_CONFIG } from '../../../mocks/console-config.ts';
import { brokerWebSocketUrl, ConfigError, loadConfig, parseConfig, sessionMode } from './config.ts';

const valid = { ...DEVELOPMENT_CONFIG } as Record<string, unknown>;
/** A hosted console's configuration: the mock stack's without its development-only setting. */
const hosted = Object.fromEntries(Object.entries(valid).filter(([key]) => key !== 'developmentSameOriginPayments'));

describe('runtime configuration', () => {
  it('accepts the configuration of the local mock stack', () => {
    expect(parseConfig(valid)).toEqual(valid);
  });

  it('accepts public/config.example.json, which asks for no password', () => {
    const example = readFileSync('public/config.example.json', 'utf8');
    const page = { protocol: 'https:', hostname: 'console.example.com' };
    expect(parseConfig(JSON.parse(example), page)).toEqual(JSON.parse(example));
    expect(example).not.toMatch(/password|\$\{/i);
  });

  it.each([
    ['not an object', [], 'must hold a JSON object'],
    ['a missing field', { ...valid, brokerUrl: undefined }, '"brokerUrl" must be a string'],
    ['a wrong type', { ...valid, apiBaseUrl: 42 }, '"apiBaseUrl" must be a string'],
    ['an unknown setting', { ...valid, apiKey: 'x' }, 'unknown settings: apiKey'],
    ['a broker password', { ...valid, brokerPassword: 'x' }, '"brokerPassword" must be removed'],
    ['a topic without {dev_id}', { ...valid, liveTopicTemplate: 'panels/all' }, 'must contain {dev_id}'],
    ['a broker URL that is not a websocket', { ...valid, brokerUrl: 'mqtt://host' }, 'must start with ws://'],
  ])('refuses %s with a clear message', (_what, raw, message) => {
    expect(() => parseConfig(raw)).toThrow(ConfigError);
    expect(() => parseConfig(raw)).toThrow(message);
  });

  describe('on a console served over https', () => {
    const page = { protocol: 'https:', hostname: 'console.example.com' };
    const secure = {
      ...hosted,
      apiBaseUrl: 'https://api.example.com/api',
      fileStoreBaseUrl: 'https://files.example.com',
      brokerUrl: 'wss://broker.example.com/mqtt',
    };

    it('accepts https and wss addresses, and paths on the console host', () => {
      expect(parseConfig(secure, page)).toEqual(secure);
      expect(parseConfig(hosted, page)).toEqual(hosted);
      expect(parseConfig({ ...secure, apiBaseUrl: '//api.example.com/api' }, page).apiBaseUrl).toBe(
        '//api.example.com/api',
      );
    });

    it.each([
      ['an http API', { apiBaseUrl: 'http://api.example.com/api' }, '"apiBaseUrl" must start with https://'],
      [
        'an http file store',
        { fileStoreBaseUrl: 'HTTP://files.example.com' },
        '"fileStoreBaseUrl" must start with https://',
      ],
      ['a ws broker', { brokerUrl: 'ws://broker.example.com/mqtt' }, '"brokerUrl" must start with wss://'],
      ['an http payment provider', { paymentProviderOrigin: 'http://pay.example.com' }, '"paymentProviderOrigin"'],
    ])('refuses %s, naming the setting', (_what, change, message) => {
      expect(() => parseConfig({ ...secure, ...change }, page)).toThrow(ConfigError);
      expect(() => parseConfig({ ...secure, ...change }, page)).toThrow(message);
    });

    it('names every insecure setting at once', () => {
      const raw = { ...secure, apiBaseUrl: 'http://a.example.com', brokerUrl: 'ws://b.example.com' };
      expect(() => parseConfig(raw, page)).toThrow(/"apiBaseUrl".*; "brokerUrl"/);
    });

    it('is checked against the page when the console loads config.json', async () => {
      const served = (body: unknown) => vi.fn(async () => new Response(JSON.stringify(body)));
      vi.stubGlobal('fetch', served({ ...secure, brokerUrl: 'ws://broker.example.com/mqtt' }));
      try {
        await expect(loadConfig('/config.json', page)).rejects.toThrow('"brokerUrl" must start with wss://');
        vi.stubGlobal('fetch', served(secure));
        await expect(loadConfig('/config.json', page)).resolves.toEqual(secure);
      } finally {
        vi.unstubAllGlobals();
      }
    });

    it('leaves plain http and ws to a console served over http (local use)', () => {
      const plain = { ...valid, apiBaseUrl: 'http://127.0.0.1:4010', brokerUrl: 'ws://127.0.0.1:9001' };
      expect(parseConfig(plain, { protocol: 'http:', hostname: '127.0.0.1' })).toEqual(plain);
      expect(parseConfig(plain)).toEqual(plain);
    });
  });

  describe('photoBaseUrl', () => {
    it('takes an http(s) URL or a path on the console host, or nothing', () => {
      for (const photoBaseUrl of [
        'https://photos.example.com/dealers/',
        'https://photos.example.com',
        'http://127.0.0.1:4010/api/__mock-files/',
        '/api/__mock-files/',
        '/',
      ]) {
        expect(parseConfig({ ...valid, photoBaseUrl }).photoBaseUrl).toBe(photoBaseUrl);
      }
      expect(parseConfig({ ...hosted, photoBaseUrl: undefined })).not.toHaveProperty('photoBaseUrl');
    });

    it.each([
      ['a protocol-relative host', '//photos.example.com/'],
      ['another scheme', 'ftp://photos.example.com/'],
      ['a script', 'javascript:alert(1)'],
      ['credentials', 'https://user:secret@photos.example.com/'],
      ['a query', 'https://photos.example.com/?a=1'],
      ['a fragment', '/photos/#x'],
      ['a parent folder', '/files/../api/'],
      ['a relative path', 'photos/'],
      ['a backslash', '/\\photos.example.com/'],
      ['a number', 42],
    ])('refuses %s', (_what, photoBaseUrl) => {
      expect(() => parseConfig({ ...valid, photoBaseUrl })).toThrow(
        '"photoBaseUrl" must be an http(s) URL or a path such as /photos/',
      );
    });

    it('must be https, or a path, on a console served over https', () => {
      const page = { protocol: 'https:', hostname: 'console.example.com' };
      expect(parseConfig({ ...hosted, photoBaseUrl: 'https://photos.example.com/' }, page)).toHaveProperty(
        'photoBaseUrl',
      );
      expect(parseConfig({ ...hosted, photoBaseUrl: '/files/photos/' }, page)).toHaveProperty('photoBaseUrl');
      expect(() => parseConfig({ ...hosted, photoBaseUrl: 'http://photos.example.com/' }, page)).toThrow(
        '"photoBaseUrl" must start with https://',
      );
    });
  });

  describe('developmentSameOriginPayments', () => {
    const at = (hostname: string) => ({ protocol: 'http:', hostname });

    it('is honoured on a loopback host, and the local tools serve it unchecked', () => {
      for (const host of ['127.0.0.1', 'localhost', '[::1]']) {
        expect(parseConfig(valid, at(host)).developmentSameOriginPayments).toBe(true);
      }
      expect(parseConfig(valid).developmentSameOriginPayments).toBe(true);
      expect(parseConfig(hosted, at('127.0.0.1'))).not.toHaveProperty('developmentSameOriginPayments');
    });

    it('is refused at start on any other host, with a message naming the setting and the host', () => {
      for (const page of [at('console.example.com'), { protocol: 'https:', hostname: 'console.example.com' }]) {
        expect(() => parseConfig(valid, page)).toThrow(ConfigError);
        expect(() => parseConfig(valid, page)).toThrow(
          '"developmentSameOriginPayments" is for local development only and must be removed: the console is ' +
            'served from console.example.com',
        );
      }
      expect(() => parseConfig(valid, at('192.168.1.20'))).toThrow('served from 192.168.1.20');
    });

    it('may be false anywhere, and must be a boolean', () => {
      expect(
        parseConfig({ ...hosted, developmentSameOriginPayments: false }, at('console.example.com'))
          .developmentSameOriginPayments,
      ).toBe(false);
      expect(() => parseConfig({ ...valid, developmentSameOriginPayments: 'true' }, at('127.0.0.1'))).toThrow(
        '"developmentSameOriginPayments" must be true or false',
      );
    });
  });

  it('keeps sessions with the refresh cookie unless "session" says bearer, and refuses any other value', () => {
    expect(sessionMode(parseConfig(hosted))).toBe('cookie');
    expect(sessionMode(parseConfig({ ...hosted, session: 'cookie' }))).toBe('cookie');
    expect(sessionMode(parseConfig({ ...hosted, session: 'bearer' }))).toBe('bearer');
    expect(() => parseConfig({ ...hosted, session: 'local' })).toThrow('"session" must be "cookie"');
  });

  it('resolves a broker path on the console host, with wss on https', () => {
    const config = parseConfig(valid);
    expect(brokerWebSocketUrl(config, { protocol: 'http:', host: 'localhost:5173' })).toBe('ws://localhost:5173/mqtt');
    expect(brokerWebSocketUrl(config, { protocol: 'https:', host: 'console.example.com' })).toBe(
      'wss://console.example.com/mqtt',
    );
    expect(
      brokerWebSocketUrl({ ...config, brokerUrl: 'wss://broker.example.com:8884' }, { protocol: 'http:', host: 'x' }),
    ).toBe('wss://broker.example.com:8884');
  });
});
