import { describe, expect, it } from 'vitest';
import { CardPaymentFormSchema } from '@generated/api/schemas.gen.ts';
import { EMPTY_PAY_FORM, payFormGiven, payFormRules, validatePayForm, type PayFormValues } from './buyer.ts';

const valid: PayFormValues = {
  buyerName: 'Zeynep Kaya',
  buyerAddress: 'Moda Cad. 12/3 Kadıköy İstanbul',
  buyerPhone: '+90 532 000 00 00',
};

describe('validatePayForm', () => {
  it('accepts a complete form', () => {
    expect(validatePayForm(valid)).toEqual({});
  });

  it('names every empty field', () => {
    expect(Object.keys(validatePayForm(EMPTY_PAY_FORM)).sort()).toEqual(
      ['buyerAddress', 'buyerName', 'buyerPhone'].sort(),
    );
  });

  it('applies the contract’s lengths and patterns to the buyer', () => {
    expect(validatePayForm({ ...valid, buyerName: 'Al' }).buyerName).toBe('pay.validation.nameLength');
    expect(validatePayForm({ ...valid, buyerAddress: 'Kadıköy' }).buyerAddress).toBe('pay.validation.addressLength');
    expect(validatePayForm({ ...valid, buyerPhone: '0532-000' }).buyerPhone).toBe('pay.validation.phoneInvalid');
  });
});

describe('no card on the console’s page', () => {
  it('the order form asks the person for the buyer only; everything else comes from the signed order', () => {
    const asked = Object.values(payFormRules.properties);
    expect([...asked, ...payFormGiven].sort()).toEqual([...CardPaymentFormSchema.required].sort());
  });

  it('the contract’s order form has no card field', () => {
    const properties = Object.keys(CardPaymentFormSchema.properties);
    for (const card of ['card_number', 'cvv', 'cc_owner', 'expiry_month', 'expiry_year'])
      expect(properties).not.toContain(card);
  });
});
