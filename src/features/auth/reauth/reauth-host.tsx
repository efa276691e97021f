import { useSyncExternalStore } from 'react';
import { pendingReauth, subscribeReauth } from '../../../lib/session/reauth-request.ts';
import { ReauthDialog } from './reauth-dialog.tsx';

/**
 * The re-authentication dialog whenever an action waits for it (src/lib/session/reauth-request.ts): mounted by the
 * root layout for a session, loaded with the first signed-in page, so the sign-in page never carries it.
 */
export function ReauthHost() {
  const request = useSyncExternalStore(subscribeReauth, pendingReauth);
  return request ? <ReauthDialog key={request.id} request={request} /> : null;
}
