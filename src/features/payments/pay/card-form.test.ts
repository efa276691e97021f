import { describe, expect, it } from 'vitest';
import type { CardPaymentOrder } from '@generated/api/types.gen.ts';
import { CardPaymentFormSchema } from '@generated/api/schemas.gen.ts';
import {
  formPrice,
  formToken,
  hmacBase64,
  isAllowedPayUrl,
  PaymentSetupError,
  signedString,
  SIGNED_FIELDS,
  unsignedForm,
} from './card-form.ts';

const order: CardPaymentOrder = {
  merchant_no: '5001',
  email: 'user@example.com',
  price: 1266.5,
  currency: 'TRY',
  title: 'Premium - 12 Ay',
  payment_settings: {
    merchant_id: '318204',
    merchant_salt: 'mock-only-salt-7Hq2',
    merchant_key: 'mock-only-key-Xk93',
    ok_url: 'https://console.example.com/payment/ok',
    fail_url: 'https://console.example.com/payment/fail',
    pay_url: 'https://pay.example-provider.com/api/pay',
  },
};

const values = {
  buyerName: ' Zeynep Kaya ',
  buyerAddress: 'Moda Cad. 12/3 Kadıköy İstanbul',
  buyerPhone: '+90 532 000 00 00',
  holder: 'ZEYNEP KAYA',
  number: '4111 1111 1111 1111',
  expiry: '12/29',
  cvv: '123',
};

/** The contract's test vector (openapi/components/payments.yaml, CardPaymentForm.token). */
const VECTOR = 'r7RNV6gwvzUfPADDKIg71ADYdVhv8uazd9knnuv6L7c=';

describe('the card form', () => {
  it('fills the order, buyer and card fields and the constants of spec 2 §7', () => {
    const form = unsignedForm(order, values, 'tr');
    expect(form).toMatchObject({
      merchant_id: '318204',
      merchant_no: '5001',
      price: '1266.50',
      non_3d: '0',
      installment_count: '0',
      payment_type: 'card',
      lang: 'tr',
      buyer_name: 'Zeynep Kaya',
      card_number: '4111111111111111',
      expiry_month: '12',
      expiry_year: '29',
    });
    // Every field the contract requires is there (but the token, added when signed), and nothing else.
    const required = CardPaymentFormSchema.required.filter((field) => field !== 'token');
    expect(Object.keys(form).sort()).toEqual([...required, 'lang'].sort());
  });

  it('writes the price with two decimals and a dot', () => {
    expect(formPrice(1266.5)).toBe('1266.50');
    expect(formPrice(99)).toBe('99.00');
    expect(formPrice(0.1 + 0.2)).toBe('0.30');
  });

  it('signs the contract’s fields in order, then the salt', () => {
    const form = unsignedForm(order, values, 'en');
    expect(SIGNED_FIELDS).toHaveLength(8);
    expect(signedString(form, 'SALT')).toBe('3182045001user@example.com1266.50TRYcard00SALT');
  });

  it('computes HMAC-SHA256 in Base64 (RFC 4231 test case 2)', async () => {
    // key "Jefe", data "what do ya want for nothing?" → 5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843
    expect(await hmacBase64('Jefe', 'what do ya want for nothing?')).toBe(
      'W9zBRr9gdU5qBCQmCJV1x1oAPwidJzmDnexYuWTsOEM=',
    );
  });

  it('gives the contract’s test vector for the example order', async () => {
    expect(await formToken(order, unsignedForm(order, values, 'en'))).toBe(VECTOR);
  });

  it('uses a server-signed token as it is, without a key', async () => {
    const signed = { ...order, token: 'server-token', payment_settings: { ...order.payment_settings } };
    delete signed.payment_settings.merchant_key;
    delete signed.payment_settings.merchant_salt;
    expect(await formToken(signed, unsignedForm(signed, values, 'en'))).toBe('server-token');
  });

  it('refuses to pay an order with neither token nor key', async () => {
    const bare = { ...order, payment_settings: { ...order.payment_settings } };
    delete bare.payment_settings.merchant_key;
    await expect(formToken(bare, unsignedForm(bare, values, 'en'))).rejects.toBeInstanceOf(PaymentSetupError);
  });
});

describe('isAllowedPayUrl', () => {
  const own = 'http://127.0.0.1:5173';
  it('allows the console’s own origin and the configured https provider only', () => {
    expect(isAllowedPayUrl('http://127.0.0.1:5173/provider/pay', own, undefined)).toBe(true);
    expect(isAllowedPayUrl('https://pay.example.com/api/pay', own, 'https://pay.example.com')).toBe(true);
    expect(isAllowedPayUrl('https://pay.example.com/api/pay', own, undefined)).toBe(false);
    expect(isAllowedPayUrl('https://evil.example.com/pay', own, 'https://pay.example.com')).toBe(false);
    expect(isAllowedPayUrl('http://pay.example.com/api/pay', own, 'http://pay.example.com')).toBe(false);
    expect(isAllowedPayUrl('javascript:alert(1)', own, 'https://pay.example.com')).toBe(false);
    expect(isAllowedPayUrl('not a url', own, 'https://pay.example.com')).toBe(false);
  });
});
