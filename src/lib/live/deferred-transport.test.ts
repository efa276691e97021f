import { describe, expect, it, vi } from 'vitest';
import { createDeferredTransport } from './deferred-transport.ts';
import type { MqttTransport } from './mqtt-transport.ts';

const recording = () => {
  const calls: string[] = [];
  const transport: MqttTransport = {
    subscribe: (topics) => void calls.push(`subscribe ${topics.join(',')}`),
    unsubscribe: (topics) => void calls.push(`unsubscribe ${topics.join(',')}`),
    onMessage: () => void calls.push('onMessage'),
    reauthenticate: (password) => void calls.push(`reauthenticate ${password}`),
    end: () => void calls.push('end'),
  };
  return { calls, transport };
};

describe('deferred transport', () => {
  it('hands what was asked while loading to the client, in order, then passes calls straight through', async () => {
    const { calls, transport } = recording();
    let resolve!: (value: MqttTransport) => void;
    const deferred = createDeferredTransport(() => new Promise((r) => (resolve = r)), vi.fn());
    deferred.onMessage(() => undefined);
    deferred.subscribe(['panels/1', 'panels/2']);
    deferred.unsubscribe(['panels/2']);
    deferred.reauthenticate('new-token');
    expect(calls).toEqual([]);
    resolve(transport);
    await Promise.resolve();
    await Promise.resolve();
    expect(calls).toEqual([
      'onMessage',
      'subscribe panels/1,panels/2',
      'unsubscribe panels/2',
      'reauthenticate new-token',
    ]);
    deferred.subscribe(['panels/3']);
    expect(calls.at(-1)).toBe('subscribe panels/3');
  });

  it('ends a client that arrives after the end, and reports a client that cannot load', async () => {
    const { calls, transport } = recording();
    const early = createDeferredTransport(() => Promise.resolve(transport), vi.fn());
    early.subscribe(['panels/1']);
    early.end();
    await new Promise((r) => setTimeout(r, 0));
    expect(calls).toEqual(['end']);

    const onLoadError = vi.fn();
    createDeferredTransport(() => Promise.reject(new Error('chunk failed')), onLoadError);
    await new Promise((r) => setTimeout(r, 0));
    expect(onLoadError).toHaveBeenCalledOnce();
  });
});
