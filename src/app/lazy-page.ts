import { lazyRouteComponent } from '@tanstack/react-router';

/** Chunk load time-out of the specification: a page that has not loaded in 120 s fails (and can be retried). */
export const CHUNK_TIMEOUT_MS = 120_000;

export function withTimeout<T>(load: () => Promise<T>, ms = CHUNK_TIMEOUT_MS): () => Promise<T> {
  return () =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`The page did not load within ${ms / 1000} s`)), ms);
      load().then(
        (value) => {
          clearTimeout(timer);
          resolve(value);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    });
}

/** A lazily loaded page of a route (heavy parts load with the routes that use them). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the router's own signature
export const lazyPage = <M extends Record<string, any>, K extends keyof M & string>(
  importer: () => Promise<M>,
  name: K,
) => lazyRouteComponent(withTimeout(importer), name);
