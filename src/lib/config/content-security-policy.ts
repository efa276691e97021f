import type { ConsoleConfig } from './config.ts';
import { formActionSources } from './payment-targets.ts';

/** The origin of an absolute URL (`https://api.example.com/api` → `https://api.example.com`); none for a path. */
const originOf = (url: string): string | undefined =>
  /^[a-z][a-z0-9+.-]*:\/\//i.test(url) ? new URL(url).origin : undefined;

const unique = (values: (string | undefined)[]): string[] => [
  ...new Set(values.filter((value): value is string => Boolean(value))),
];

/**
 * The Content-Security-Policy the built console runs under, for the hosts of one runtime configuration.
 * Scripts come only from the console's own origin (no inline script, no eval). Styles allow 'unsafe-inline':
 * emotion (MUI) writes <style> elements at run time and React writes `style` attributes, and a nonce would need a
 * per-response rewrite of index.html that static hosting cannot do; styles cannot run code. The live feed runs
 * its keep-alive tick in a Worker made from a `blob:` URL (src/lib/live/worker-ticker.ts). `frame-ancestors` only works as an HTTP header, so this is
 * sent by the server (never a <meta> tag). Relative URLs (`/api`, `/mqtt`) are covered by 'self', which includes
 * ws:/wss: on the console's own host.
 */
export function contentSecurityPolicy(
  config: Pick<
    ConsoleConfig,
    | 'apiBaseUrl'
    | 'fileStoreBaseUrl'
    | 'brokerUrl'
    | 'paymentProviderOrigin'
    | 'developmentSameOriginPayments'
    | 'photoBaseUrl'
  >,
): string {
  const fileStore = originOf(config.fileStoreBaseUrl);
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'"]],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    // Images: the console's own, the file store's and the photo host's (the dealership requests' photos).
    ['img-src', unique(["'self'", 'data:', fileStore, config.photoBaseUrl && originOf(config.photoBaseUrl)])],
    ['font-src', ["'self'", 'data:']],
    ['connect-src', unique(["'self'", originOf(config.apiBaseUrl), fileStore, originOf(config.brokerUrl)])],
    ['worker-src', ["'self'", 'blob:']],
    ['object-src', ["'none'"]],
    ['base-uri', ["'none'"]],
    // The pay page posts the card form to the payment provider (a popup's navigation), and nowhere else.
    ['form-action', formActionSources(config)],
    ['frame-ancestors', ["'none'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}
