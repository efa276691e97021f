/**
 * The alarm watch's fleet read refused because the person's plan lacks the web console (no current subscription, or
 * a plan without the no-advertising flag: the subscription guard's own rule, app/access.ts): the bar says that, and
 * which plans give web access, instead of "your panels could not be read". On the price list and the pay page the
 * page itself says it (and is where the person buys), so the bar keeps quiet there.
 */
import { useQuery } from '@tanstack/react-query';
import { useRouterState } from '@tanstack/react-router';
import Box from '@mui/material/Box';
import { getUserAuthorityOptions } from '@generated/api/@tanstack/react-query.gen.ts';
import { WebAccessNotice } from '../../features/payments/web-access-notice.tsx';
import { isSubscriptionExempt } from '../../lib/routing/paths.ts';
import { hasSubscription } from '../../lib/session/session.ts';
import { useClaims } from '../../lib/session/use-claims.ts';
import { needsSubscriptionGuard } from '../access.ts';
import { useFleetRefused } from './fleet-watch.ts';

/** Whether the fleet read was refused for the subscription (the session lacks web access). */
export function useSubscriptionRefusal(): boolean {
  const refused = useFleetRefused();
  const claims = useClaims();
  // The plan matters only for a subscription by date (the guard's cache of the same call).
  const authority = useQuery({
    ...getUserAuthorityOptions(),
    enabled: refused && hasSubscription(claims),
    retry: false,
  });
  return refused && !!claims && needsSubscriptionGuard(claims, authority.data?.data);
}

export function FleetRefusalNotice() {
  const path = useRouterState({ select: (state) => state.location.pathname });
  if (isSubscriptionExempt(path)) return null;
  return (
    <Box sx={{ px: { xs: 1, sm: 2 }, pt: 1 }}>
      <WebAccessNotice cause="alarms" showPlansLink />
    </Box>
  );
}
