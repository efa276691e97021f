import { useSyncExternalStore } from 'react';
import { pendingReauth, subscribeReauth, type ReauthRequest } from './reauth-request.ts';

/** The action waiting for the person to prove their account again (reauth-request.ts), if any. */
export const useReauthPending = (): ReauthRequest | null => useSyncExternalStore(subscribeReauth, pendingReauth);
