import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CardPaymentOrder } from '@generated/api/types.gen.ts';
import { CardPaymentFormSchema, PaymentSettingsSchema } from '@generated/api/schemas.gen.ts';
import { formPrice, orderForm, orderToken, paymentBlocker } from './order-form.ts';

const order: CardPaymentOrder = {
  merchant_no: '5001',
  email: 'user@example.com',
  price: 1266.5,
  currency: 'TRY',
  title: 'Premium - 12 Ay',
  payment_settings: {
    merchant_id: '318204',
    ok_url: 'https://console.example.com/payment/ok',
    fail_url: 'https://console.example.com/payment/fail',
    pay_url: 'https://pay.example-provider.com/api/pay',
  },
  token: 'server-signed-token',
};

const values = {
  buyerName: ' Zeynep Kaya ',
  buyerAddress: 'Moda Cad. 12/3 Kadıköy İstanbul',
  buyerPhone: '+90 532 000 00 00',
};

const production = { paymentProviderOrigin: 'https://pay.example-provider.com' };
const page = { origin: 'https://console.example.com', hostname: 'console.example.com' };

describe('the order form', () => {
  it('fills the order and buyer fields, the constants of spec 2 §7 and the server’s token as it is, and no card', () => {
    const form = orderForm(order, 'server-signed-token', values, 'tr');
    expect(form).toMatchObject({
      merchant_id: '318204',
      merchant_no: '5001',
      price: '1266.50',
      non_3d: '0',
      installment_count: '0',
      payment_type: 'card',
      lang: 'tr',
      token: 'server-signed-token',
      buyer_name: 'Zeynep Kaya',
    });
    // Every field the contract requires is there, and nothing else.
    expect(Object.keys(form).sort()).toEqual([...CardPaymentFormSchema.required, 'lang'].sort());
  });

  it('writes the price with two decimals and a dot', () => {
    expect(formPrice(1266.5)).toBe('1266.50');
    expect(formPrice(99)).toBe('99.00');
    expect(formPrice(0.1 + 0.2)).toBe('0.30');
  });
});

describe('paying an order', () => {
  it('pays a server-signed order on the configured provider', () => {
    expect(orderToken(order)).toBe('server-signed-token');
    expect(paymentBlocker(order, production, page)).toBeUndefined();
  });

  it('refuses an order without a token, whatever the type says the server sends', () => {
    const unsigned = { ...order } as Partial<CardPaymentOrder>;
    delete unsigned.token;
    expect(orderToken(unsigned as CardPaymentOrder)).toBeUndefined();
    expect(paymentBlocker(unsigned as CardPaymentOrder, production, page)).toBe('unsigned');
    expect(paymentBlocker({ ...order, token: '' }, production, page)).toBe('unsigned');
    expect(paymentBlocker({ ...order, token: null as unknown as string }, production, page)).toBe('unsigned');
  });

  it('refuses a pay URL that is not the configured provider’s', () => {
    const elsewhere = {
      ...order,
      payment_settings: { ...order.payment_settings, pay_url: 'https://evil.example/pay' },
    };
    expect(paymentBlocker(elsewhere, production, page)).toBe('provider');
    expect(paymentBlocker(order, {}, page)).toBe('provider');
  });
});

describe('no signing secret in the console', () => {
  it('the contract’s payment settings carry no merchant key or salt, and allow no other field', () => {
    expect(Object.keys(PaymentSettingsSchema.properties).sort()).toEqual(
      ['fail_url', 'merchant_id', 'ok_url', 'pay_url'].sort(),
    );
    expect(PaymentSettingsSchema.additionalProperties).toBe(false);
  });

  it('no source file of the console signs with Web Crypto or reads a merchant key', () => {
    const sources = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const file = path.join(dir, name);
        if (statSync(file).isDirectory()) return sources(file);
        return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
      });
    const files = sources('src');
    expect(files.length).toBeGreaterThan(50);
    const offending = files.filter((file) =>
      /crypto\.subtle\.(sign|importKey)|merchant_key|merchant_salt/.test(readFileSync(file, 'utf8')),
    );
    expect(offending).toEqual([]);
  });
});
