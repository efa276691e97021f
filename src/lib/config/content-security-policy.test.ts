import { describe, expect, it } from 'vitest';
import { DEVELOPMENT_CONFIG } from '../../../mocks/console-config.ts';
import { contentSecurityPolicy } from './content-security-policy.ts';

const directives = (policy: string): Map<string, string[]> =>
  new Map(
    policy.split(';').map((part) => {
      const [name, ...sources] = part.trim().split(/\s+/);
      return [name!, sources];
    }),
  );

const production = {
  apiBaseUrl: 'https://api.example.com/api',
  fileStoreBaseUrl: 'https://files.example.com/files',
  brokerUrl: 'wss://broker.example.com:8884/mqtt',
  paymentProviderOrigin: 'https://pay.example.com',
  photoBaseUrl: 'https://photos.example.com/dealers/',
};

describe('content security policy', () => {
  it('keeps scripts to the console itself and forbids framing', () => {
    const policy = directives(contentSecurityPolicy(DEVELOPMENT_CONFIG));
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('worker-src')).toEqual(["'self'", 'blob:']);
  });

  it('posts forms only to the configured payment provider, and to the console itself only in development', () => {
    // The mock stack's fake provider lives on the console's own origin (developmentSameOriginPayments).
    expect(directives(contentSecurityPolicy(DEVELOPMENT_CONFIG)).get('form-action')).toEqual(["'self'"]);
    expect(directives(contentSecurityPolicy(production)).get('form-action')).toEqual(['https://pay.example.com']);
    const withoutPayments = { ...production, paymentProviderOrigin: undefined };
    expect(directives(contentSecurityPolicy(withoutPayments)).get('form-action')).toEqual(["'none'"]);
  });

  it('allows relative API and broker paths through self only', () => {
    expect(directives(contentSecurityPolicy(DEVELOPMENT_CONFIG)).get('connect-src')).toEqual(["'self'"]);
  });

  it('allows the API, file store and broker hosts of the runtime configuration, and no other', () => {
    const policy = directives(contentSecurityPolicy(production));
    expect(policy.get('connect-src')).toEqual([
      "'self'",
      'https://api.example.com',
      'https://files.example.com',
      'wss://broker.example.com:8884',
    ]);
    expect(policy.get('img-src')).toEqual([
      "'self'",
      'data:',
      'https://files.example.com',
      'https://photos.example.com',
    ]);
  });

  it('loads images from the photo host: its origin, or self for a path on the console host', () => {
    const img = (photoBaseUrl?: string) =>
      directives(contentSecurityPolicy({ ...DEVELOPMENT_CONFIG, photoBaseUrl })).get('img-src');
    expect(img('https://cdn.example.com:8443/photos/')).toEqual(["'self'", 'data:', 'https://cdn.example.com:8443']);
    expect(img('/api/__mock-files/')).toEqual(["'self'", 'data:']);
    expect(img(undefined)).toEqual(["'self'", 'data:']);
    // The photo host is for images only: no call goes there.
    expect(directives(contentSecurityPolicy(production)).get('connect-src')).not.toContain(
      'https://photos.example.com',
    );
  });
});
