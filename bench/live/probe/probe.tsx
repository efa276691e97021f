/**
 * The live benchmark's probe page: the console's own live store (the same provider, hooks, transport and config the
 * panel list uses), watching a whole fleet at once. The list subscribes only the panels on screen; this page is the
 * worst case behind it: every panel of the fleet watched by a mounted row (`usePanelLive`, as a list row does), so
 * the store subscribes all of them and takes every message of the feed, and each message re-renders its row's text
 * (`data-testid="panel-status-desc"`), on screen or not. Rows are plain elements, not the list's cards: what is
 * measured here is the live path (socket, parse, validate, merge, coalesce, React, the row's DOM), not the list's
 * styling.
 *
 * Driven by the benchmark through `window.__probe` (see bench/live.ts).
 */
import { useEffect, useLayoutEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { loadConfig } from '../../../src/lib/config/config.ts';
import { setRuntimeConfig } from '../../../src/lib/config/runtime.ts';
import { LiveProvider } from '../../../src/features/panels/live-provider.tsx';
import { useLiveDiagnostics, useLiveStatus, usePanelLive } from '../../../src/lib/live/use-live.ts';
import type { LiveDiagnostics, LiveStatus } from '../../../src/lib/live/use-live.ts';

export interface WatchResult {
  /** From asking to watch the fleet to React's commit of every row (each row's effect has asked its panel). */
  mountedMs: number;
  /** From asking to watch the fleet to the first moment the store counts all of them acknowledged by the broker. */
  subscribedMs: number;
  diagnostics: LiveDiagnostics;
}

interface Probe {
  status: LiveStatus;
  diagnostics?: LiveDiagnostics;
  watch(devIds: number[], timeoutMs: number): Promise<WatchResult>;
}

declare global {
  interface Window {
    __probe?: Probe;
    /** The benchmark's page instrumentation (bench/live/measure.ts), present when the benchmark runs. */
    __bench?: { received(text: string, at: number): void };
  }
}

let showFleet: (devIds: number[]) => void = () => undefined;
let watching: { startedAt: number; mountedAt?: number; count: number; done(result: WatchResult): void } | undefined;

/**
 * A row sized and contained on its own, so a changed text costs the layout of that row only, as in the list, whose
 * rows are positioned one by one, and not the reflow of every row below it.
 */
const ROW_STYLE = { height: 20, contain: 'strict', overflow: 'hidden' } as const;

function Row({ devId }: { devId: number }) {
  const live = usePanelLive(devId);
  const text = live?.state.status_desc;
  const receivedAt = live?.receivedAt;
  // When the store took the message shown: splits message-to-screen into its feed part and its page part.
  useLayoutEffect(() => {
    if (text !== undefined && receivedAt !== undefined) window.__bench?.received(text, receivedAt);
  }, [text, receivedAt]);
  return (
    <div data-testid={`panel-${devId}`} style={ROW_STYLE}>
      {devId} <span data-testid="panel-status-desc">{live?.state.status_desc ?? ''}</span>
    </div>
  );
}

function Fleet({ devIds }: { devIds: number[] }) {
  useLayoutEffect(() => {
    if (watching && devIds.length) watching.mountedAt = performance.now();
  }, [devIds]);
  return devIds.map((devId) => <Row key={devId} devId={devId} />);
}

function Diagnostics() {
  const status = useLiveStatus();
  const diagnostics = useLiveDiagnostics();
  useEffect(() => {
    const probe = window.__probe!;
    probe.status = status;
    probe.diagnostics = diagnostics;
    if (watching && watching.mountedAt !== undefined && diagnostics.subscribed >= watching.count) {
      const { startedAt, mountedAt, done } = watching;
      watching = undefined;
      done({ mountedMs: mountedAt - startedAt, subscribedMs: performance.now() - startedAt, diagnostics });
    }
  }, [status, diagnostics]);
  return null;
}

function ProbeApp() {
  const [devIds, setDevIds] = useState<number[]>([]);
  useEffect(() => {
    showFleet = setDevIds;
  }, []);
  return (
    <LiveProvider>
      <Diagnostics />
      <Fleet devIds={devIds} />
    </LiveProvider>
  );
}

window.__probe = {
  status: 'connecting',
  watch: (devIds, timeoutMs) =>
    new Promise<WatchResult>((resolve, reject) => {
      const timer = setTimeout(() => {
        watching = undefined;
        reject(new Error(`not all ${devIds.length} panels subscribed within ${timeoutMs} ms`));
      }, timeoutMs);
      watching = {
        startedAt: performance.now(),
        count: devIds.length,
        done: (result) => {
          clearTimeout(timer);
          resolve(result);
        },
      };
      showFleet(devIds);
    }),
};

void loadConfig().then((config) => {
  setRuntimeConfig(config);
  createRoot(document.getElementById('root')!).render(<ProbeApp />);
});
