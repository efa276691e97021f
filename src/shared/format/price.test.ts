import { describe, expect, it } from 'vitest';
import { formatPrice } from './price.ts';

// The unit and the amount are joined by a non-breaking space.
const nbsp = '\u00a0';

describe('prices', () => {
  it('writes TL after a Turkish amount, with Turkish separators', () => {
    expect(formatPrice(1250, 'tr')).toBe(`1.250,00${nbsp}TL`);
    expect(formatPrice(1266.5, 'tr', 'TRY')).toBe(`1.266,50${nbsp}TL`);
    expect(formatPrice(1234567.891, 'tr')).toBe(`1.234.567,89${nbsp}TL`);
  });

  it('writes TL before an English amount, with English separators', () => {
    expect(formatPrice(1250, 'en')).toBe(`TL${nbsp}1,250.00`);
    expect(formatPrice(0, 'en', 'TRY')).toBe(`TL${nbsp}0.00`);
    expect(formatPrice(99.999, 'en')).toBe(`TL${nbsp}100.00`);
  });

  it('places the unit where the language places a currency code', () => {
    expect(formatPrice(1250, 'de')).toBe(`1.250,00${nbsp}TL`);
    expect(formatPrice(1250, 'tr-TR')).toBe(`1.250,00${nbsp}TL`);
    expect(formatPrice(1250, 'en-GB')).toBe(`TL${nbsp}1,250.00`);
  });

  it('keeps the code of a price given in another currency', () => {
    expect(formatPrice(12, 'en', 'USD')).toBe(`USD${nbsp}12.00`);
    expect(formatPrice(12, 'tr', 'usd')).toBe(`12,00${nbsp}USD`);
  });

  it('writes nothing for a missing amount', () => {
    expect(formatPrice(undefined, 'en')).toBe('');
    expect(formatPrice(null, 'tr')).toBe('');
    expect(formatPrice(Number.NaN, 'tr')).toBe('');
  });
});
