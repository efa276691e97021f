import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { pageLoad } from './page-loader.ts';

/** A query whose call hangs until its signal aborts, recording the abort. */
function hangingQuery(key: string) {
  const seen: { aborted: boolean } = { aborted: false };
  const options = {
    queryKey: [key],
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      new Promise<string>((_, reject) => {
        signal.addEventListener('abort', () => {
          seen.aborted = true;
          reject(new Error('aborted'));
        });
      }),
    retry: false,
  };
  return { options, seen };
}

describe("a page's loader", () => {
  it('aborts the call it waits for when the page is left before the answer', async () => {
    const queryClient = new QueryClient();
    const leave = new AbortController();
    const { options, seen } = hangingQuery('list');
    const waiting = pageLoad(queryClient, leave.signal, {}, {}).wait(options);
    leave.abort();
    await expect(waiting).rejects.toThrow();
    expect(seen.aborted).toBe(true);
  });

  it('leaves a call alone once it has answered, and one that something on screen still observes', async () => {
    const queryClient = new QueryClient();
    const leave = new AbortController();
    const load = pageLoad(queryClient, leave.signal, {}, {});
    await expect(load.wait({ queryKey: ['done'], queryFn: () => Promise.resolve('rows') })).resolves.toBe('rows');
    const { options, seen } = hangingQuery('watched');
    const waiting = load.wait(options);
    const stop = queryClient.getQueryCache().find({ queryKey: ['watched'] })!;
    const observer = { onQueryUpdate: () => undefined } as unknown as Parameters<typeof stop.addObserver>[0];
    stop.addObserver(observer);
    leave.abort();
    expect(seen.aborted).toBe(false);
    expect(queryClient.getQueryData(['done'])).toBe('rows');
    stop.removeObserver(observer);
    void waiting.catch(() => undefined);
  });

  it('waits for every page of a paged list the same way', async () => {
    const queryClient = new QueryClient();
    const leave = new AbortController();
    let aborted = false;
    const waiting = pageLoad(queryClient, leave.signal, {}, {}).waitPages({
      queryKey: ['pages'],
      queryFn: ({ signal }) =>
        new Promise<number[]>((_, reject) =>
          signal.addEventListener('abort', () => {
            aborted = true;
            reject(new Error('aborted'));
          }),
        ),
      initialPageParam: 0,
      getNextPageParam: () => undefined,
    });
    leave.abort();
    await expect(waiting).rejects.toThrow();
    expect(aborted).toBe(true);
  });
});
