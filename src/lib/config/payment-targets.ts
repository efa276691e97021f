/**
 * Where the pay page may post a card form, from one runtime configuration: the https `paymentProviderOrigin`, and
 * the console's own origin only with `developmentSameOriginPayments` on a loopback host (the mock stack's fake
 * provider). The Content-Security-Policy's `form-action` is built from the same rule, so a changed order answer can
 * never send card data anywhere else.
 */
import type { ConsoleConfig } from './config.ts';
import { isLoopbackHost } from './loopback.ts';

type PaymentSettings = Pick<ConsoleConfig, 'paymentProviderOrigin' | 'developmentSameOriginPayments'>;

/** The `form-action` sources of the policy: the provider's origin, and 'self' with the development setting. */
export function formActionSources(config: PaymentSettings): string[] {
  const sources = [
    ...(config.developmentSameOriginPayments === true ? ["'self'"] : []),
    ...(config.paymentProviderOrigin ? [config.paymentProviderOrigin] : []),
  ];
  return sources.length ? sources : ["'none'"];
}

/** Whether the console served at `page` may post card data to `payUrl`. */
export function isAllowedPayUrl(
  payUrl: string,
  config: PaymentSettings,
  page: { origin: string; hostname: string },
): boolean {
  let url: URL;
  try {
    url = new URL(payUrl);
  } catch {
    return false;
  }
  if (url.protocol === 'https:' && config.paymentProviderOrigin !== undefined) {
    if (url.origin === config.paymentProviderOrigin) return true;
  }
  return (
    config.developmentSameOriginPayments === true &&
    isLoopbackHost(page.hostname) &&
    url.origin === page.origin &&
    (url.protocol === 'http:' || url.protocol === 'https:')
  );
}
