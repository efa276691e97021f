/**
 * The mock's access tokens: signed HS256 with the mock-only secret (openapi/README.md "Example tokens": realistic, not
 * a security boundary), each with an `exp`. The access rules (mocks/access.ts) and the broker (mocks/broker.ts) verify
 * them; the sessions' revocation is the access rules' (mocks/db/sessions.ts).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** The mock's token secret. */
export const MOCK_TOKEN_SECRET = 'mock-only-secret';

export interface MockClaims {
  Username: string;
  UserType: number;
  user_id: number;
  SubExpireDate?: string;
  OldUserId?: number;
  exp?: number;
  [claim: string]: unknown;
}

const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const signature = (unsigned: string) => createHmac('sha256', MOCK_TOKEN_SECRET).update(unsigned).digest('base64url');

/** A token signed as the mock signs its tokens (HS256 with the mock-only secret). */
export function signMockToken(claims: Record<string, unknown>): string {
  const unsigned = `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}`;
  return `${unsigned}.${signature(unsigned)}`;
}

export type TokenCheck =
  { claims: MockClaims } | { refused: 'missing' | 'malformed' | 'signature' | 'expired' | 'revoked' };

/**
 * The claims of a token the mock signed, with an `exp` that has not passed, or why not (`Bearer ` is optional). A
 * token without `exp` is refused as malformed: every token must expire (openapi/README.md "Sessions").
 */
export function verifyMockToken(token: string | undefined, now = Date.now()): TokenCheck {
  const raw = token?.replace(/^Bearer\s+/i, '').trim() ?? '';
  if (!raw) return { refused: 'missing' };
  const [header, payload, given, ...rest] = raw.split('.');
  if (!header || !payload || given === undefined || rest.length) return { refused: 'malformed' };
  const expected = Buffer.from(signature(`${header}.${payload}`));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return { refused: 'signature' };
  let claims: Partial<MockClaims>;
  try {
    const alg = (JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { alg?: unknown }).alg;
    if (alg !== 'HS256') return { refused: 'malformed' };
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Partial<MockClaims>;
  } catch {
    return { refused: 'malformed' };
  }
  if (typeof claims !== 'object' || claims === null || typeof claims.Username !== 'string')
    return { refused: 'malformed' };
  if (!Number.isInteger(claims.UserType) || !Number.isInteger(claims.user_id)) return { refused: 'malformed' };
  if (typeof claims.exp !== 'number' || !Number.isFinite(claims.exp)) return { refused: 'malformed' };
  if (claims.exp * 1000 <= now) return { refused: 'expired' };
  return { claims: claims as MockClaims };
}
