import { useState, type ReactNode } from 'react';
import { liveStore } from '../../lib/live/live-connection.ts';
import { LiveStoreContext } from '../../lib/live/use-live.ts';

/** Gives the pages below it the live store (the live-feed connection opens on first use). */
export function LiveProvider({ children }: { children: ReactNode }) {
  const [store] = useState(liveStore);
  return <LiveStoreContext.Provider value={store}>{children}</LiveStoreContext.Provider>;
}
