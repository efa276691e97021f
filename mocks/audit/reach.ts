/**
 * Which entries of the audit log a caller may see (mocks/access.ts): an administrator everything, a dealer the entries
 * on the panels in reach and, for the others, the entries by or about the users in reach.
 */
import type { AuditEntry } from '@generated/api/types.gen.ts';
import type { MockAccess, MockClaims } from '../access.ts';

/** Whether the caller may see an entry: an admin all; a dealer what is on, by or about what it reaches. */
export const visibleTo =
  (access: MockAccess, claims: MockClaims) =>
  (entry: AuditEntry): boolean => {
    if (claims.UserType >= 2) return true;
    if (entry.panel) return access.reachesPanel(claims, entry.panel.dev_id);
    if (entry.user && access.reachesUser(claims, entry.user.id)) return true;
    return entry.object?.type === 'user' && access.reachesUser(claims, entry.object.id);
  };
