import { describe, expect, it } from 'vitest';
import { DEVELOPMENT_CONFIG } from '../../../mocks/console-config.ts';
import { contentSecurityPolicy } from './content-security-policy.ts';
import { securityHeaders, STATIC_SECURITY_HEADERS, STRICT_TRANSPORT_SECONDS } from './security-headers.ts';

const production = {
  apiBaseUrl: 'https://api.example.com/api',
  fileStoreBaseUrl: 'https://files.example.com/files',
  brokerUrl: 'wss://broker.example.com:8884/mqtt',
  paymentProviderOrigin: 'https://pay.example.com',
};

describe('security headers', () => {
  it('are the policy of the configuration and the four static headers, nothing else', () => {
    expect(Object.keys(securityHeaders(production)).sort()).toEqual([
      'Content-Security-Policy',
      'Cross-Origin-Opener-Policy',
      'Referrer-Policy',
      'Strict-Transport-Security',
      'X-Content-Type-Options',
    ]);
    expect(securityHeaders(production)['Content-Security-Policy']).toBe(contentSecurityPolicy(production));
    expect(securityHeaders(DEVELOPMENT_CONFIG)['Content-Security-Policy']).toBe(
      contentSecurityPolicy(DEVELOPMENT_CONFIG),
    );
    expect(securityHeaders(production)['Content-Security-Policy']).not.toBe(
      securityHeaders(DEVELOPMENT_CONFIG)['Content-Security-Policy'],
    );
  });

  it('never lets a file be sniffed into another type', () => {
    expect(STATIC_SECURITY_HEADERS['X-Content-Type-Options']).toBe('nosniff');
  });

  it('sends another origin at most the console origin, never a path or query', () => {
    expect(['strict-origin-when-cross-origin', 'strict-origin', 'same-origin', 'no-referrer']).toContain(
      STATIC_SECURITY_HEADERS['Referrer-Policy'],
    );
  });

  it('isolates the console from pages of other origins but keeps the pay popup its opener', () => {
    // 'same-origin' would sever the popup the console opens for the card form (it watches popup.closed).
    expect(STATIC_SECURITY_HEADERS['Cross-Origin-Opener-Policy']).toBe('same-origin-allow-popups');
  });

  it('pins https for at least a year, subdomains included', () => {
    const hsts = STATIC_SECURITY_HEADERS['Strict-Transport-Security'];
    const maxAge = Number(/max-age=(\d+)/.exec(hsts)?.[1]);
    expect(maxAge).toBeGreaterThanOrEqual(365 * 24 * 60 * 60);
    expect(maxAge).toBe(STRICT_TRANSPORT_SECONDS);
    expect(hsts.split(/;\s*/)).toContain('includeSubDomains');
  });

  it('are plain header values: one line, no quote a server configuration would break on', () => {
    for (const [name, value] of Object.entries(securityHeaders(production))) {
      expect(value, name).not.toMatch(/["\\$\r\n]/);
      expect(name).toMatch(/^[A-Za-z-]+$/);
    }
  });
});
