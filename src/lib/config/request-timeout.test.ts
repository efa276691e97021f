import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_REQUEST_TIMEOUT_MS, parseConfig, requestTimeoutMs } from './config.ts';

/** Every required setting, valid; the request time-out is the optional one under test. */
const base = {
  apiBaseUrl: '/api',
  fileStoreBaseUrl: '/files',
  brokerUrl: '/mqtt',
  brokerUsername: 'console',
  liveTopicTemplate: 'panels/{dev_id}',
};

describe('the request time-out setting', () => {
  it('is optional: without it every call may take 15 s', () => {
    const config = parseConfig(base);
    expect(config).not.toHaveProperty('requestTimeoutMs');
    expect(requestTimeoutMs(config)).toBe(DEFAULT_REQUEST_TIMEOUT_MS);
    expect(DEFAULT_REQUEST_TIMEOUT_MS).toBe(15_000);
  });

  it('is taken when given', () => {
    const config = parseConfig({ ...base, requestTimeoutMs: 30_000 });
    expect(config.requestTimeoutMs).toBe(30_000);
    expect(requestTimeoutMs(config)).toBe(30_000);
  });

  it.each([
    ['text', '15000'],
    ['a fraction', 1500.5],
    ['too short to wait for any answer', 10],
    ['longer than five minutes', 600_000],
    ['negative', -1],
  ])('refuses %s with a clear message', (_what, value) => {
    const attempt = () => parseConfig({ ...base, requestTimeoutMs: value });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow('"requestTimeoutMs" must be a whole number of milliseconds from 1000 to 300000');
  });
});

describe('paymentProviderOrigin', () => {
  it('is optional and must be an https origin', () => {
    expect(parseConfig(base)).not.toHaveProperty('paymentProviderOrigin');
    expect(parseConfig({ ...base, paymentProviderOrigin: 'https://pay.example.com' }).paymentProviderOrigin).toBe(
      'https://pay.example.com',
    );
    for (const value of ['http://pay.example.com', 'https://pay.example.com/api', 'pay.example.com', 3]) {
      expect(() => parseConfig({ ...base, paymentProviderOrigin: value })).toThrow(ConfigError);
    }
  });
});
