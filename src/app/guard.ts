import { redirect } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { getUserAuthorityOptions } from '@generated/api/@tanstack/react-query.gen.ts';
import { requestTimeoutMs } from '../lib/config/config.ts';
import { runtimeConfig } from '../lib/config/runtime.ts';
import { currentClaims, type TokenClaims } from '../lib/session/session.ts';
import {
  decideAccess,
  decideSession,
  needsAuthority,
  type AccessDecision,
  type Authority,
  type MenuLevel,
} from './access.ts';

export interface RouterContext {
  queryClient: QueryClient;
}

/**
 * The access check could not be made: the authority plan did not load, or not in time. The route shows its error
 * state with a retry; the page behind the guard is never drawn, because an unknown plan may lack access.
 */
export class AccessCheckError extends Error {
  override name = 'AccessCheckError';

  constructor(
    readonly reason: 'failed' | 'timeout',
    options?: ErrorOptions,
  ) {
    super(reason === 'timeout' ? 'The access check did not finish in time' : 'The access check failed', options);
  }
}

/** How much longer than the request time-out the guard waits, so that the gateway's time-out is the usual end. */
const DEADLINE_MARGIN_MS = 2_000;

/**
 * The guard's own deadline for the authority plan. The gateway already ends every call after the request time-out;
 * this is the last line, so that a check which never ends (whatever the transport does) still becomes an error.
 */
export const accessCheckDeadlineMs = (): number => requestTimeoutMs(runtimeConfig()) + DEADLINE_MARGIN_MS;

/** The plan is asked again at most every five minutes; a failed load is never kept (the next check asks again). */
const AUTHORITY_FRESH_MS = 5 * 60_000;

async function loadAuthority(queryClient: QueryClient, deadlineMs: number): Promise<Authority> {
  // No automatic retry: the error state offers one, and the deadline stays predictable.
  const options = { ...getUserAuthorityOptions(), staleTime: AUTHORITY_FRESH_MS, retry: false };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      // Abort the call that hangs, so that a retry starts a fresh one instead of joining it.
      void queryClient.cancelQueries({ queryKey: options.queryKey });
      reject(new AccessCheckError('timeout'));
    }, deadlineMs);
  });
  try {
    const result = await Promise.race([queryClient.fetchQuery(options), deadline]);
    return result.data;
  } catch (error) {
    throw error instanceof AccessCheckError ? error : new AccessCheckError('failed', { cause: error });
  } finally {
    clearTimeout(timer);
  }
}

export interface AccessCheck {
  path: string;
  level: MenuLevel | 'public';
  claims: TokenClaims | null;
  queryClient: QueryClient;
  deadlineMs?: number;
}

/**
 * The access decision for a route, loading the authority plan first when the decision depends on it. Rejects with
 * an AccessCheckError when the plan cannot be loaded: an unknown plan never lets the user through.
 */
export async function checkAccess({
  deadlineMs = accessCheckDeadlineMs(),
  queryClient,
  ...request
}: AccessCheck): Promise<AccessDecision> {
  const authority = needsAuthority(request) ? await loadAuthority(queryClient, deadlineMs) : undefined;
  return decideAccess({ ...request, authority });
}

function follow(decision: AccessDecision): void {
  if (decision.kind === 'redirect') {
    const search = decision.search ? `?${new URLSearchParams(decision.search).toString()}` : '';
    throw redirect({ href: `${decision.to}${search}`, replace: true });
  }
}

/** The `beforeLoad` of a route of the given menu level: applies the access rules, or redirects. */
export const guard =
  (level: MenuLevel | 'public') =>
  async ({ location, context }: { location: { pathname: string }; context: RouterContext }) =>
    follow(
      await checkAccess({ path: location.pathname, level, claims: currentClaims(), queryClient: context.queryClient }),
    );

/**
 * The signed-in layout's check, before any page below it reads its address: without a session, to sign in (the
 * page's own guard applies the rest).
 */
export const requireSession = (): void => follow(decideSession(currentClaims()));
