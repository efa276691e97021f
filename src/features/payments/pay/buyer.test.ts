import { describe, expect, it } from 'vitest';
import {
  cardBrand,
  EMPTY_PAY_FORM,
  expiryIsCurrent,
  formatExpiryInput,
  groupCardNumber,
  parseExpiry,
  passesLuhn,
  validatePayForm,
  type PayFormValues,
} from './card.ts';

const NOW = new Date(2026, 10, 23); // 23 November 2026

const valid: PayFormValues = {
  buyerName: 'Zeynep Kaya',
  buyerAddress: 'Moda Cad. 12/3 Kadıköy İstanbul',
  buyerPhone: '+90 532 000 00 00',
  holder: 'ZEYNEP KAYA',
  number: '4111 1111 1111 1111',
  expiry: '12/29',
  cvv: '123',
};

describe('card number', () => {
  it('passes the Luhn check for the networks’ test numbers and fails a changed digit', () => {
    expect(passesLuhn('4111111111111111')).toBe(true);
    expect(passesLuhn('5555555555554444')).toBe(true);
    expect(passesLuhn('378282246310005')).toBe(true);
    expect(passesLuhn('4111111111111112')).toBe(false);
    expect(passesLuhn('41111a1111111111')).toBe(false);
    expect(passesLuhn('')).toBe(false);
  });

  it('names the brand from the first digits', () => {
    expect(cardBrand('4111 1111')).toBe('visa');
    expect(cardBrand('5555 5555 5555 4444')).toBe('mastercard');
    expect(cardBrand('2221 0000')).toBe('mastercard');
    expect(cardBrand('2720 9900')).toBe('mastercard');
    expect(cardBrand('2721 0000')).toBe('unknown');
    expect(cardBrand('3782 822463 10005')).toBe('amex');
    expect(cardBrand('9792 0300')).toBe('troy');
    expect(cardBrand('6011')).toBe('unknown');
    expect(cardBrand('')).toBe('unknown');
  });

  it('groups the number as printed on the card', () => {
    expect(groupCardNumber('4111111111111111')).toBe('4111 1111 1111 1111');
    expect(groupCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(groupCardNumber('4111-1111 11')).toBe('4111 1111 11');
    expect(groupCardNumber('4111abc')).toBe('4111');
  });
});

describe('expiry', () => {
  it('reads MM/YY, MMYY and M/YY', () => {
    expect(parseExpiry('12/29')).toEqual({ month: '12', year: '29' });
    expect(parseExpiry('1229')).toEqual({ month: '12', year: '29' });
    expect(parseExpiry('3/27')).toEqual({ month: '03', year: '27' });
    expect(parseExpiry('12/2029')).toBeNull();
    expect(parseExpiry('ab/cd')).toBeNull();
  });

  it('writes the slash after the month while typing', () => {
    expect(formatExpiryInput('1')).toBe('1');
    expect(formatExpiryInput('12')).toBe('12');
    expect(formatExpiryInput('122')).toBe('12/2');
    expect(formatExpiryInput('12/29')).toBe('12/29');
    expect(formatExpiryInput('122999')).toBe('12/29');
  });

  it('accepts the current month and refuses the month before', () => {
    expect(expiryIsCurrent('11', '26', NOW)).toBe(true);
    expect(expiryIsCurrent('10', '26', NOW)).toBe(false);
    expect(expiryIsCurrent('01', '27', NOW)).toBe(true);
    expect(expiryIsCurrent('12', '25', NOW)).toBe(false);
  });
});

describe('validatePayForm', () => {
  it('accepts a complete form', () => {
    expect(validatePayForm(valid, NOW)).toEqual({});
  });

  it('names every empty field', () => {
    expect(Object.keys(validatePayForm(EMPTY_PAY_FORM, NOW)).sort()).toEqual(
      ['buyerAddress', 'buyerName', 'buyerPhone', 'cvv', 'expiry', 'holder', 'number'].sort(),
    );
  });

  it('refuses a number failing Luhn, an expired card and a wrong CVC length', () => {
    expect(validatePayForm({ ...valid, number: '4111 1111 1111 1112' }, NOW).number).toBe(
      'pay.validation.numberInvalid',
    );
    expect(validatePayForm({ ...valid, number: '4111 1111' }, NOW).number).toBe('pay.validation.numberInvalid');
    expect(validatePayForm({ ...valid, expiry: '10/26' }, NOW).expiry).toBe('pay.validation.expired');
    expect(validatePayForm({ ...valid, expiry: '13/29' }, NOW).expiry).toBe('pay.validation.expiryInvalid');
    expect(validatePayForm({ ...valid, cvv: '1234' }, NOW).cvv).toBe('pay.validation.cvvInvalid');
    expect(validatePayForm({ ...valid, number: '3782 822463 10005', cvv: '123' }, NOW).cvv).toBe(
      'pay.validation.cvvInvalid',
    );
    expect(validatePayForm({ ...valid, number: '3782 822463 10005', cvv: '1234' }, NOW)).toEqual({});
  });

  it('applies the contract’s lengths and patterns to the buyer', () => {
    expect(validatePayForm({ ...valid, buyerName: 'Al' }, NOW).buyerName).toBe('pay.validation.nameLength');
    expect(validatePayForm({ ...valid, buyerAddress: 'Kadıköy' }, NOW).buyerAddress).toBe(
      'pay.validation.addressLength',
    );
    expect(validatePayForm({ ...valid, buyerPhone: '0532-000' }, NOW).buyerPhone).toBe('pay.validation.phoneInvalid');
  });
});
