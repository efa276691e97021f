import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEVELOPMENT_CONFIG } from '../../../mocks/console-config.ts';
import { brokerWebSocketUrl, ConfigError, parseConfig } from './config.ts';

const valid = { ...DEVELOPMENT_CONFIG } as Record<string, unknown>;

/** public/config.example.json with its ${VARIABLES} filled in, as `envsubst` does at deploy time. */
const fillExample = (values: Record<string, string>): unknown =>
  JSON.parse(
    readFileSync('public/config.example.json', 'utf8').replace(/\$\{(\w+)\}/g, (_all, name: string) => {
      const value = values[name];
      if (value === undefined) throw new Error(`config.example.json uses an undocumented variable ${name}`);
      return value;
    }),
  );

describe('runtime configuration', () => {
  it('accepts the configuration of the local mock stack', () => {
    expect(parseConfig(valid)).toEqual(valid);
  });

  it('accepts config.example.json filled from the environment, and it asks for no password', () => {
    const values = {
      CONSOLE_API_BASE_URL: 'https://api.example.com/api',
      CONSOLE_FILE_STORE_BASE_URL: 'https://files.example.com',
      CONSOLE_BROKER_URL: 'wss://broker.example.com/mqtt',
      CONSOLE_BROKER_USERNAME: 'console',
      CONSOLE_LIVE_TOPIC_TEMPLATE: 'panels/{dev_id}',
    };
    expect(parseConfig(fillExample(values))).toEqual({
      apiBaseUrl: 'https://api.example.com/api',
      fileStoreBaseUrl: 'https://files.example.com',
      brokerUrl: 'wss://broker.example.com/mqtt',
      brokerUsername: 'console',
      liveTopicTemplate: 'panels/{dev_id}',
    });
    expect(readFileSync('public/config.example.json', 'utf8')).not.toMatch(/password/i);
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
