import { lazy, type ComponentType } from 'react';

/** A chart's drawing module loads within the spec's chunk time-out of 120 s (spec 1 §9), or fails. */
export const CHART_CHUNK_TIMEOUT_MS = 120_000;

/**
 * A maker of fresh lazy components for a chart drawing loaded by `load` (the charts library is large, so the drawing
 * is its own chunk). A failed chunk load is remembered by its lazy component, so a retry makes a new one: keep the
 * component in state and replace it on retry (`useState(make)`, `setGraphic(make)`).
 */
export function lazyGraphic<Props>(
  load: () => Promise<ComponentType<Props>>,
  timeoutMs = CHART_CHUNK_TIMEOUT_MS,
): () => ReturnType<typeof lazy<ComponentType<Props>>> {
  const loadWithTimeout = (): Promise<{ default: ComponentType<Props> }> => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('The chart did not load in time')), timeoutMs);
    });
    return Promise.race([load(), timeout])
      .then((component) => ({ default: component }))
      .finally(() => clearTimeout(timer));
  };
  return () => lazy(loadWithTimeout);
}
