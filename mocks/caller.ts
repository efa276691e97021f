/**
 * The caller of a request, worked out once by the front (mocks/front.ts) from the bearer token the access rules
 * accept (mocks/access.ts: the mock's signature, unexpired, its session not revoked): who they are, their level and
 * what the access rules let them reach. An area reads it from `request.caller` instead of reading the claims itself;
 * a request without such a token has no caller.
 */
import type { MockAccess, MockClaims } from './access.ts';
import type { PurchaseKind } from './purchase-owners.ts';

export interface Caller {
  /** The token's claims as signed (`Username`, `UserType`, `user_id`, the session's `sid` …). */
  readonly claims: MockClaims;
  /** The account's id (`user_id`). */
  readonly id: number;
  /** The user name the token carries. */
  readonly name: string;
  /** The account's level (`UserType`: 0 a user, 1 a dealer, 2 an administrator). */
  readonly level: number;
  /** The `Authorization` header the call came with (`Bearer <token>`), which names its session. */
  readonly authorization: string;
  /** Whether a panel (dev_id) is within reach; `relaxedFrom` is the level from which a rule reaches further. */
  reachesPanel(devId: number, relaxedFrom?: number): boolean;
  /** Whether a user is within reach. */
  reachesUser(userId: number, relaxedFrom?: number): boolean;
  /** Whether an order or a coupon request is within reach. */
  reachesPurchase(kind: PurchaseKind, id: number, relaxedFrom?: number): boolean;
}

/** The caller of a request with `authorization`, when the access rules accept its token; undefined otherwise. */
export function callerOf(access: MockAccess, authorization: string | undefined): Caller | undefined {
  const checked = access.verify(authorization);
  if (!('claims' in checked)) return undefined;
  const { claims } = checked;
  return {
    claims,
    id: claims.user_id,
    name: claims.Username,
    level: claims.UserType,
    authorization: authorization ?? '',
    reachesPanel: (devId, relaxedFrom) => access.reachesPanel(claims, devId, relaxedFrom),
    reachesUser: (userId, relaxedFrom) => access.reachesUser(claims, userId, relaxedFrom),
    reachesPurchase: (kind, id, relaxedFrom) => access.reachesPurchase(claims, kind, id, relaxedFrom),
  };
}
