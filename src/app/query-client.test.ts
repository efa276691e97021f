import { describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { refetchOnLanguageChange } from './query-client.ts';

describe('query client and the interface language', () => {
  it('marks every cached query stale on a language change and fetches the shown ones again, never a mutation', async () => {
    const listeners = new Map<string, () => void>();
    const i18n = {
      on: (event: string, listener: () => void) => void listeners.set(event, listener),
      off: (event: string) => void listeners.delete(event),
    };
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
    const fetchShown = vi.fn(async () => ['Hırsız alarmı']);
    const fetchKept = vi.fn(async () => ['Yangın alarmı']);
    // One list is on screen (watched), the other only cached.
    const shown = new QueryObserver(client, { queryKey: ['shown'], queryFn: fetchShown });
    const stopWatching = shown.subscribe(() => undefined);
    await vi.waitFor(() => expect(fetchShown).toHaveBeenCalledTimes(1));
    await client.fetchQuery({ queryKey: ['kept'], queryFn: fetchKept });
    const write = vi.fn(async () => 'done');
    await client.getMutationCache().build(client, { mutationFn: write }).execute(undefined);

    const stop = refetchOnLanguageChange(client, i18n);
    listeners.get('languageChanged')!();
    await vi.waitFor(() => expect(fetchShown).toHaveBeenCalledTimes(2));
    expect(fetchKept).toHaveBeenCalledTimes(1);
    expect(client.getQueryState(['kept'])?.isInvalidated).toBe(true);
    expect(write).toHaveBeenCalledTimes(1);

    stop();
    expect(listeners.has('languageChanged')).toBe(false);
    stopWatching();
    client.clear();
  });
});
