/**
 * The session a page starts with, before its first screen. In cookie mode the token lives in memory only
 * (token-store.ts), so a page that opens (a reload, a new tab) has none: it asks the open tabs for theirs
 * (tab-handover.ts, a short bounded wait), else renews from the `HttpOnly` refresh cookie with `GET /changed-jwt`
 * sent without a bearer token (the cookie goes along: same origin). No answer, a 401 (no cookie: a closed browser, a
 * sign-out; a session too old or revoked) or a failure leaves the page signed out, at the login page, saying nothing.
 * A tab whose session ended renews nothing by itself until its next sign-in (token-store.ts `sessionLeftHere`). In
 * bearer mode this tab's own sessionStorage already gave the token back (token-store.ts), and nothing is asked.
 */
import { getChangedJwt } from '@generated/api/sdk.gen.ts';
import { getAccessToken, storeAccessToken } from './session.ts';
import { askOtherTabs } from './tab-handover.ts';
import { sessionLeftHere, tokenStoreMode } from './token-store.ts';

/** Renews from the refresh cookie alone: the new token, or null when the server gives none. */
export async function renewFromCookie(): Promise<string | null> {
  try {
    const { data } = await getChangedJwt({ credentials: 'same-origin', throwOnError: true });
    return data.data.data.token;
  } catch {
    return null;
  }
}

export interface RestoreSteps {
  askTabs?: () => Promise<string | null>;
  renew?: () => Promise<string | null>;
}

/** Gets this page its session, when it can; resolves once it has one or knows it has none. */
export async function restoreSession({ askTabs = askOtherTabs, renew = renewFromCookie }: RestoreSteps = {}) {
  if (tokenStoreMode() !== 'cookie' || getAccessToken() !== null) return;
  const handed = await askTabs();
  // A token handed over while asking (a sign-in in another tab) is already kept.
  if (getAccessToken() !== null) return;
  const token = handed ?? (sessionLeftHere() ? null : await renew());
  if (token !== null && getAccessToken() === null) storeAccessToken(token);
}
