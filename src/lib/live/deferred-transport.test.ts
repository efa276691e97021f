import { describe, expect, it, vi } from 'vitest';
import { createDeferredTransport } from './deferred-transport.ts';
import type { MqttTransport } from './mqtt-transport.ts';

const recording = () => {
  const calls: string[] = [];
  const transport: MqttTransport = {
    subscribe: (topics) => {
      calls.push(`subscribe ${topics.join(',')}`);
      return Promise.resolve(topics.map(() => true));
    },
    unsubscribe: (topics) => void calls.push(`unsubscribe ${topics.join(',')}`),
    onMessage: () => void calls.push('onMessage'),
    onStatus: () => void calls.push('onStatus'),
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
    deferred.onStatus(() => undefined);
    const granted = deferred.subscribe(['panels/1', 'panels/2']);
    deferred.unsubscribe(['panels/2']);
    deferred.reauthenticate('new-token');
    expect(calls).toEqual([]);
    resolve(transport);
    expect(await granted).toEqual([true, true]);
    expect(calls).toEqual([
      'onMessage',
      'onStatus',
      'subscribe panels/1,panels/2',
      'unsubscribe panels/2',
      'reauthenticate new-token',
    ]);
    await deferred.subscribe(['panels/3']);
    expect(calls.at(-1)).toBe('subscribe panels/3');
  });

  it('ends a client that arrives after the end, and reports a client that cannot load as an error status', async () => {
    const { calls, transport } = recording();
    const early = createDeferredTransport(() => Promise.resolve(transport), vi.fn());
    early.unsubscribe(['panels/1']);
    early.end();
    await new Promise((r) => setTimeout(r, 0));
    expect(calls).toEqual(['end']);

    const onLoadError = vi.fn();
    const statuses: unknown[] = [];
    const failed = createDeferredTransport(() => Promise.reject(new Error('chunk failed')), onLoadError);
    failed.onStatus((event) => statuses.push(event));
    await new Promise((r) => setTimeout(r, 0));
    expect(onLoadError).toHaveBeenCalledOnce();
    expect(statuses).toEqual([{ status: 'error', detail: 'chunk failed' }]);
  });
});
