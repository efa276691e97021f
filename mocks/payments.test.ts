import { describe, expect, it } from 'vitest';
import type { ServerResponse } from 'node:http';
import { Contract } from './contract.ts';
import { exampleMerchant, exampleOrders, withProvider } from './front.ts';
import { OrderStore } from './order-store.ts';
import { DECLINED_CARD, PaymentProvider, providerToken } from './payment-provider.ts';

const contract = Contract.load();

/** A ServerResponse that keeps what was written. */
function response() {
  const written: { status?: number; headers?: Record<string, string>; body: string } = { body: '' };
  const res = {
    writeHead(status: number, headers: Record<string, string>) {
      written.status = status;
      written.headers = headers;
      return res;
    },
    end(body?: string) {
      written.body = body ?? '';
      return res;
    },
  };
  return { res: res as unknown as ServerResponse, written };
}

describe('the order store', () => {
  const list = () =>
    Buffer.from(JSON.stringify({ data: exampleOrders(contract), list_info: { total_count: 4, limit: 10, offset: 0 } }));
  const ids = (payload: Buffer) => (JSON.parse(payload.toString()) as { data: { id: number }[] }).data.map((o) => o.id);

  it('bills only a purchased order that is not billed, once', () => {
    const store = new OrderStore(() => exampleOrders(contract));
    expect(store.billing(5001)).toBe('already-billed');
    expect(store.billing(5003)).toBe('not-purchased');
    expect(store.billing(9999)).toBe('not-found');
    expect(store.billing(5004)).toBe('success');
    store.bill(5004);
    expect(store.billing(5004)).toBe('already-billed');
    expect(store.cancel(5004)).toBe('already-billed');
  });

  it('filters and pages the billing list with what was done since', () => {
    const store = new OrderStore(() => exampleOrders(contract));
    const query = (search: string) => new URLSearchParams(search);
    expect(ids(store.page(list(), query('is_billing=false'), true))).toEqual([5004, 5003, 5002]);
    store.bill(5004);
    store.markCanceled(5002, 'refunded');
    expect(ids(store.page(list(), query('is_billing=false'), true))).toEqual([5003, 5002]);
    expect(ids(store.page(list(), query('is_billing=false&is_canceled=false'), true))).toEqual([5003]);
    expect(ids(store.page(list(), query('is_canceled=true'), true))).toEqual([5002]);
    const page = JSON.parse(store.page(list(), query('limit=2&offset=2'), true).toString()) as {
      data: unknown[];
      list_info: unknown;
    };
    expect(page.list_info).toEqual({ total_count: 4, limit: 2, offset: 2 });
    expect(page.data).toHaveLength(2);
    store.clear();
    expect(ids(store.page(list(), query('is_billing=false'), true))).toEqual([5004, 5003, 5002]);
  });
});

describe('the fake payment provider', () => {
  const secrets = exampleMerchant(contract);
  const form = (card: string, overrides: Record<string, string> = {}) => {
    const fields: Record<string, string> = {
      merchant_id: secrets.merchant_id,
      merchant_no: '5001',
      email: 'user@example.com',
      price: '1266.50',
      currency: 'TRY',
      title: 'Premium - 12 Ay',
      ok_url: 'http://console.test/provider/ok',
      fail_url: 'http://console.test/provider/fail',
      non_3d: '0',
      installment_count: '0',
      payment_type: 'card',
      buyer_name: 'Zeynep Kaya',
      buyer_address: 'Moda Cad. 12/3 Kadıköy',
      buyer_phone: '+90 532 000 00 00',
      cc_owner: 'ZEYNEP KAYA',
      card_number: card,
      expiry_month: '12',
      expiry_year: '29',
      cvv: '123',
    };
    fields.token = providerToken(fields, secrets);
    return Buffer.from(new URLSearchParams({ ...fields, ...overrides }).toString());
  };

  it('signs with the contract’s test vector', () => {
    expect(secrets.merchant_key).toBe('mock-only-key-Xk93');
    const fields = Object.fromEntries(new URLSearchParams(form('4111111111111111').toString()));
    expect(fields.token).toBe('r7RNV6gwvzUfPADDKIg71ADYdVhv8uazd9knnuv6L7c=');
  });

  it('shows the 3-D Secure step for a good form, then sends the popup to ok_url', () => {
    const provider = new PaymentProvider(() => secrets);
    const pay = response();
    provider.handle('POST', 'pay', form('4111111111111111'), new URLSearchParams(), pay.res);
    expect(pay.written.status).toBe(200);
    expect(pay.written.body).toContain('3-D Secure');
    expect(pay.written.body).not.toContain('4111111111111111');
    const confirm = response();
    const answer = new URLSearchParams({
      merchant_no: '5001',
      ok_url: 'http://console.test/provider/ok',
      fail_url: 'http://console.test/provider/fail',
      declined: '0',
      last4: '1111',
      answer: 'confirm',
    });
    provider.handle('POST', 'confirm', Buffer.from(answer.toString()), new URLSearchParams(), confirm.res);
    expect(confirm.written.status).toBe(303);
    expect(confirm.written.headers?.location).toMatch(/^http:\/\/console\.test\/provider\/ok\?merchant_no=5001/);
    expect(provider.payments.at(-1)).toMatchObject({ merchant_no: '5001', result: 'ok', last4: '1111' });
  });

  it('refuses a wrong token, and a declined card fails at 3-D Secure', () => {
    const provider = new PaymentProvider(() => secrets);
    const forged = response();
    provider.handle('POST', 'pay', form('4111111111111111', { price: '1.00' }), new URLSearchParams(), forged.res);
    expect(forged.written.status).toBe(303);
    expect(forged.written.headers?.location).toContain('/provider/fail?');
    expect(provider.payments.at(-1)).toMatchObject({ result: 'fail', reason: 'Invalid token' });
    const declined = response();
    provider.handle('POST', 'pay', form(DECLINED_CARD), new URLSearchParams(), declined.res);
    expect(declined.written.body).toContain('name="declined" value="1"');
  });

  it('moves the payment settings of an answer to the provider on the caller’s origin', () => {
    const payload = Buffer.from(JSON.stringify({ data: { merchant_no: '1', payment_settings: { pay_url: 'x' } } }));
    const moved = JSON.parse(withProvider(payload, 'http://127.0.0.1:5173').toString()) as {
      data: { payment_settings: Record<string, string> };
    };
    expect(moved.data.payment_settings).toEqual({
      pay_url: 'http://127.0.0.1:5173/provider/pay',
      ok_url: 'http://127.0.0.1:5173/provider/ok',
      fail_url: 'http://127.0.0.1:5173/provider/fail',
    });
  });
});
