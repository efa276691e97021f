import { createContext } from 'react';
import type { LiveStore } from './live-store.ts';

/** The live store of the pages below a LiveProvider (null outside one: no live state, nothing subscribed). */
export const LiveStoreContext = createContext<LiveStore | null>(null);
