/** Kept for the modules that import the live store's context and panel hook from here; see use-live.ts. */
export { LiveStoreContext } from './live-context.ts';
export { usePanelLive } from './use-live.ts';
