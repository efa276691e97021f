import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { brokerWebSocketUrl, ConfigError, parseConfig } from './config.ts';

const shipped = JSON.parse(readFileSync('public/config.json', 'utf8')) as Record<string, unknown>;

describe('runtime configuration', () => {
  it('accepts the shipped config.json', () => {
    expect(parseConfig(shipped)).toEqual(shipped);
  });

  it.each([
    ['not an object', [], 'must hold a JSON object'],
    ['a missing field', { ...shipped, brokerUrl: undefined }, '"brokerUrl" must be a string'],
    ['a wrong type', { ...shipped, apiBaseUrl: 42 }, '"apiBaseUrl" must be a string'],
    ['an unknown setting', { ...shipped, apiKey: 'x' }, 'unknown settings: apiKey'],
    ['a topic without {dev_id}', { ...shipped, liveTopicTemplate: 'panels/all' }, 'must contain {dev_id}'],
    ['a broker URL that is not a websocket', { ...shipped, brokerUrl: 'mqtt://host' }, 'must start with ws://'],
  ])('refuses %s with a clear message', (_what, raw, message) => {
    expect(() => parseConfig(raw)).toThrow(ConfigError);
    expect(() => parseConfig(raw)).toThrow(message);
  });

  it('resolves a broker path on the console host, with wss on https', () => {
    const config = parseConfig(shipped);
    expect(brokerWebSocketUrl(config, { protocol: 'http:', host: 'localhost:5173' })).toBe('ws://localhost:5173/mqtt');
    expect(brokerWebSocketUrl(config, { protocol: 'https:', host: 'console.example.com' })).toBe(
      'wss://console.example.com/mqtt',
    );
    expect(
      brokerWebSocketUrl({ ...config, brokerUrl: 'wss://broker.example.com:8884' }, { protocol: 'http:', host: 'x' }),
    ).toBe('wss://broker.example.com:8884');
  });
});
