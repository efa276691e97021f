/**
 * The update prompt's rules, with a stand-in for workbox-window: a new version waits for the person, the page reloads
 * only after they chose "Reload" and the new version controls it, never because another tab chose it.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createUpdates, UPDATE_CHECK_MS, whenNetworkQuiet, type ServiceWorkerHost } from './service-worker.ts';

function standIn(registration: Partial<ServiceWorkerRegistration> | Error = { waiting: null }) {
  const listeners: Record<string, ((event: { isUpdate?: boolean }) => void)[]> = {};
  const host = {
    addEventListener: (type: string, listener: (event: { isUpdate?: boolean }) => void) => {
      (listeners[type] ??= []).push(listener);
    },
    register: vi.fn(async () => {
      if (registration instanceof Error) throw registration;
      return registration as ServiceWorkerRegistration;
    }),
    update: vi.fn(async () => undefined),
    messageSkipWaiting: vi.fn(),
  };
  const emit = (type: string, event: { isUpdate?: boolean } = {}) => listeners[type]?.forEach((run) => run(event));
  return { host: host as ServiceWorkerHost & typeof host, emit };
}

afterEach(() => vi.useRealTimers());

describe('the service worker updates', () => {
  it('shows nothing until a new version waits, then waits for the person', async () => {
    const reload = vi.fn();
    const updates = createUpdates(reload);
    const seen: string[] = [];
    updates.subscribe(() => seen.push(updates.state()));
    const { host, emit } = standIn();
    await updates.start(() => host);
    expect(updates.state()).toBe('none');
    emit('waiting');
    expect(updates.state()).toBe('waiting');
    expect(seen).toEqual(['waiting']);
    expect(host.messageSkipWaiting).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
  });

  it('on "Reload" tells the waiting version to take over and reloads once it controls the page', async () => {
    const reload = vi.fn();
    const updates = createUpdates(reload);
    const { host, emit } = standIn({ waiting: {} as ServiceWorker });
    await updates.start(() => host);
    emit('waiting');
    updates.reload();
    expect(updates.state()).toBe('reloading');
    expect(host.messageSkipWaiting).toHaveBeenCalledTimes(1);
    expect(reload).not.toHaveBeenCalled();
    emit('controlling', { isUpdate: true });
    expect(reload).toHaveBeenCalledTimes(1);
    // A second press while it reloads sends nothing more.
    updates.reload();
    expect(host.messageSkipWaiting).toHaveBeenCalledTimes(1);
  });

  it('never reloads because another tab chose the new version; its own "Reload" then only loads again', async () => {
    const reload = vi.fn();
    const updates = createUpdates(reload);
    const registration: { waiting: ServiceWorker | null } = { waiting: {} as ServiceWorker };
    const { host, emit } = standIn(registration);
    await updates.start(() => host);
    emit('waiting');
    // Another tab pressed "Reload": the new version takes over this tab too.
    registration.waiting = null;
    emit('controlling', { isUpdate: true });
    expect(reload).not.toHaveBeenCalled();
    expect(updates.state()).toBe('waiting');
    updates.reload();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(host.messageSkipWaiting).not.toHaveBeenCalled();
  });

  it('registers once, and checks for a new version every hour', async () => {
    vi.useFakeTimers();
    const updates = createUpdates(vi.fn());
    const { host } = standIn();
    await updates.start(() => host);
    await updates.start(() => host);
    expect(host.register).toHaveBeenCalledTimes(1);
    expect(host.update).not.toHaveBeenCalled();
    vi.advanceTimersByTime(UPDATE_CHECK_MS);
    expect(host.update).toHaveBeenCalledTimes(1);
  });

  it('leaves the console as it is when the browser refuses the registration', async () => {
    vi.useFakeTimers();
    const updates = createUpdates(vi.fn());
    const { host } = standIn(new Error('blocked'));
    await expect(updates.start(() => host)).resolves.toBeUndefined();
    vi.advanceTimersByTime(UPDATE_CHECK_MS);
    expect(host.update).not.toHaveBeenCalled();
    updates.reload();
    expect(updates.state()).toBe('none');
  });
});

describe('installing waits for a quiet network', () => {
  /** The page as whenNetworkQuiet sees it: loaded, an idle browser, and resource timing that the test drives. */
  function page() {
    const observers: (() => void)[] = [];
    vi.stubGlobal('document', { readyState: 'complete' });
    vi.stubGlobal('window', { requestIdleCallback: (run: () => void) => run(), addEventListener: vi.fn() });
    vi.stubGlobal(
      'PerformanceObserver',
      class {
        constructor(callback: () => void) {
          observers.push(callback);
        }
        observe() {}
        disconnect() {
          observers.length = 0;
        }
      },
    );
    return { fetched: () => observers.forEach((callback) => callback()) };
  }
  afterEach(() => vi.unstubAllGlobals());

  it('runs once the page has asked for nothing for the quiet time, each request starting the wait again', () => {
    vi.useFakeTimers();
    const { fetched } = page();
    const run = vi.fn();
    whenNetworkQuiet(run, 3_000, 60_000);
    vi.advanceTimersByTime(2_000);
    fetched();
    vi.advanceTimersByTime(2_000);
    fetched();
    vi.advanceTimersByTime(2_999);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
    fetched();
    vi.advanceTimersByTime(60_000);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('runs at the latest after the longest wait, however busy the page stays', () => {
    vi.useFakeTimers();
    const { fetched } = page();
    const run = vi.fn();
    whenNetworkQuiet(run, 3_000, 10_000);
    for (let elapsed = 0; elapsed < 9_000; elapsed += 1_000) {
      vi.advanceTimersByTime(1_000);
      fetched();
    }
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1_000);
    expect(run).toHaveBeenCalledTimes(1);
  });
});
