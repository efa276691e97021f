import { contentSecurityPolicy } from './content-security-policy.ts';

/** One year, the HSTS lifetime browsers' preload lists expect at least. */
export const STRICT_TRANSPORT_SECONDS = 31_536_000;

/**
 * The headers every answer of the console carries whatever its configuration:
 * - `X-Content-Type-Options: nosniff`: a file is only ever what its type says (no script guessed from a text file);
 * - `Referrer-Policy: strict-origin-when-cross-origin`: another origin learns at most the console's origin, never a
 *   path with a panel id or a query;
 * - `Cross-Origin-Opener-Policy: same-origin-allow-popups`: no page of another origin that opens the console keeps a
 *   handle on it, while the pay page's own popup keeps its opener (the console watches `popup.closed`, and the
 *   provider's result page reports back to it);
 * - `Strict-Transport-Security`: once a browser has seen the console over https it never uses http for it again
 *   (browsers ignore the header on a plain-http answer, so sending it locally is harmless).
 */
export const STATIC_SECURITY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
  'Strict-Transport-Security': `max-age=${STRICT_TRANSPORT_SECONDS}; includeSubDomains`,
} as const;

export type SecurityHeaderName = 'Content-Security-Policy' | keyof typeof STATIC_SECURITY_HEADERS;

/** The hosts of one runtime configuration that the policy names. */
export type PolicyConfig = Parameters<typeof contentSecurityPolicy>[0];

/**
 * Every security header of the console, for the hosts of one runtime configuration: the Content-Security-Policy
 * (content-security-policy.ts) and the static ones above. The production preview (vite.config.ts) and the nginx
 * configuration (deploy/nginx/) send exactly these; nothing else builds a security header.
 */
export function securityHeaders(config: PolicyConfig): Record<SecurityHeaderName, string> {
  return { 'Content-Security-Policy': contentSecurityPolicy(config), ...STATIC_SECURITY_HEADERS };
}
