import { describe, expect, it } from 'vitest';
import { formActionSources, isAllowedPayUrl } from './payment-targets.ts';
import { isLoopbackHost } from './loopback.ts';

const provider = 'https://pay.example.com';
const production = { origin: 'https://console.example.com', hostname: 'console.example.com' };
const local = { origin: 'http://127.0.0.1:5173', hostname: '127.0.0.1' };

describe('where a card form may go', () => {
  it('goes to an https URL of the configured provider only', () => {
    const config = { paymentProviderOrigin: provider };
    expect(isAllowedPayUrl('https://pay.example.com/api/pay', config, production)).toBe(true);
    expect(isAllowedPayUrl('https://evil.example.com/pay', config, production)).toBe(false);
    expect(
      isAllowedPayUrl(
        'http://pay.example.com/api/pay',
        { paymentProviderOrigin: 'http://pay.example.com' },
        production,
      ),
    ).toBe(false);
    expect(isAllowedPayUrl('https://pay.example.com/api/pay', {}, production)).toBe(false);
    expect(isAllowedPayUrl('javascript:alert(1)', config, production)).toBe(false);
    expect(isAllowedPayUrl('not a url', config, production)).toBe(false);
  });

  it('goes to the console’s own origin only with the development setting, on a loopback host', () => {
    const own = 'http://127.0.0.1:5173/provider/pay';
    expect(isAllowedPayUrl(own, {}, local)).toBe(false);
    expect(isAllowedPayUrl(own, { developmentSameOriginPayments: false }, local)).toBe(false);
    expect(isAllowedPayUrl(own, { developmentSameOriginPayments: true }, local)).toBe(true);
    expect(isAllowedPayUrl('http://127.0.0.1:9999/provider/pay', { developmentSameOriginPayments: true }, local)).toBe(
      false,
    );
    // On any other host the setting is not honoured, even if a config.json carried it past the start.
    const ownProduction = 'https://console.example.com/provider/pay';
    expect(isAllowedPayUrl(ownProduction, { developmentSameOriginPayments: true }, production)).toBe(false);
    expect(
      isAllowedPayUrl(
        'http://localhost:4173/x',
        { developmentSameOriginPayments: true },
        {
          origin: 'http://localhost:4173',
          hostname: 'localhost',
        },
      ),
    ).toBe(true);
  });

  it('gives the policy’s form-action from the same settings', () => {
    expect(formActionSources({})).toEqual(["'none'"]);
    expect(formActionSources({ paymentProviderOrigin: provider })).toEqual([provider]);
    expect(formActionSources({ developmentSameOriginPayments: true })).toEqual(["'self'"]);
    expect(formActionSources({ developmentSameOriginPayments: false, paymentProviderOrigin: provider })).toEqual([
      provider,
    ]);
  });

  it('knows the loopback hosts', () => {
    expect(['127.0.0.1', 'localhost', 'LOCALHOST', '[::1]'].map(isLoopbackHost)).toEqual([true, true, true, true]);
    expect(['127.0.0.2', 'console.example.com', 'localhost.example.com', '0.0.0.0', '::1'].map(isLoopbackHost)).toEqual(
      [false, false, false, false, false],
    );
  });
});
