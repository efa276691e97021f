import { redirect } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { getUserAuthorityOptions } from '@generated/api/@tanstack/react-query.gen.ts';
import { currentClaims } from '../lib/session/session.ts';
import { decideAccess, type Authority, type MenuLevel } from './access.ts';

export interface RouterContext {
  queryClient: QueryClient;
}

/** The signed-in user's authority plan (cached); unknown when it cannot be loaded (the gateway said why). */
async function loadAuthority(queryClient: QueryClient): Promise<Authority | null> {
  try {
    const result = await queryClient.ensureQueryData({ ...getUserAuthorityOptions(), staleTime: 5 * 60_000 });
    return result.data;
  } catch {
    return null;
  }
}

/** The `beforeLoad` of a route of the given menu level: applies the access rules, or redirects. */
export const guard =
  (level: MenuLevel | 'public') =>
  async ({ location, context }: { location: { pathname: string }; context: RouterContext }) => {
    const claims = currentClaims();
    const authority = claims && level !== 'public' ? await loadAuthority(context.queryClient) : null;
    const decision = decideAccess({ path: location.pathname, level, claims, authority });
    if (decision.kind === 'redirect') {
      const search = decision.search ? `?${new URLSearchParams(decision.search).toString()}` : '';
      throw redirect({ href: `${decision.to}${search}`, replace: true });
    }
  };
