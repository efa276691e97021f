import { describe, expect, it } from 'vitest';
import type { ServerResponse } from 'node:http';
import { readFileSync } from 'node:fs';
import { Contract } from './contract.ts';
import { createdOrder, exampleOrders } from './areas/order-records.ts';
import { pricedChoice } from './price-list.ts';
import { exampleMerchantId, signOrder, withProvider } from './areas/payments.ts';
import { MerchantLedger, mockMerchantSecrets } from './db/merchant-ledger.ts';
import { OrderStore } from './db/order-store.ts';
import { DECLINED_CARD, PaymentProvider, type ProviderCallback } from './payment-provider/provider.ts';
import { callbackHash, orderToken } from './payment-provider/signatures.ts';

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
  const list = () => ({ data: exampleOrders(contract), list_info: { total_count: 4, limit: 10, offset: 0 } });
  const ids = (answer: { data: { id: number }[] }) => answer.data.map((o) => o.id);

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
    const page = store.page(list(), query('limit=2&offset=2'), true);
    expect(page.list_info).toEqual({ total_count: 4, limit: 2, offset: 2 });
    expect(page.data).toHaveLength(2);
    store.clear();
    expect(ids(store.page(list(), query('is_billing=false'), true))).toEqual([5004, 5003, 5002]);
  });

  it('records a new order (first on the billing list, not purchased) and bills it only once it is paid', () => {
    const store = new OrderStore(() => exampleOrders(contract));
    const id = store.nextId();
    expect(id).toBe(5005);
    const choice = pricedChoice(contract, { payment_plan_id: 2, payment_plan_price_id: 22 })!;
    const order = createdOrder(id, choice, { name: 'Zeynep Kaya', email: 'user@example.com', Dealercode: '' });
    expect(order).toMatchObject({
      id: 5005,
      sub_month: 12,
      payment_plan: { title: 'Premium' },
      price: 1490,
      total_price: 1266.5,
      user_info: { email: 'user@example.com' },
      order_state: 0,
    });
    store.create(order);
    const query = new URLSearchParams('is_billing=false');
    expect(ids(store.page(list(), query, true))).toEqual([5005, 5004, 5003, 5002]);
    // The buyer's history is the example's (the billing list has every order).
    expect(ids(store.page(list(), new URLSearchParams(), false))).not.toContain(5005);
    expect(store.billing(5005)).toBe('not-purchased');
    expect(store.markPurchased(5004)).toBe(false);
    expect(store.markPurchased(5005)).toBe(true);
    expect(store.billing(5005)).toBe('success');
    store.clear();
    expect(store.nextId()).toBe(5005);
    expect(store.billing(5005)).toBe('not-found');
  });
});

describe('the fake payment provider', () => {
  const secrets = mockMerchantSecrets(exampleMerchantId(contract), '', '');
  /** A fake provider whose merchant answers every callback `OK`, with the callbacks it sent. */
  const recordingProvider = () => {
    const sent: ProviderCallback[] = [];
    const provider = new PaymentProvider(
      () => secrets,
      async (callback) => {
        sent.push(callback);
        return { status: 200, body: 'OK' };
      },
    );
    return { provider, sent };
  };
  const fields = (): Record<string, string> => ({
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
  });
  /** The order form as the console posts it (no card), with the token the merchant's server signed for the order. */
  const form = (overrides: Record<string, string> = {}) => {
    const token = new MerchantLedger(secrets).issue({
      merchant_no: '5001',
      email: 'user@example.com',
      price: 1266.5,
      currency: 'TRY',
    });
    return Buffer.from(new URLSearchParams({ ...fields(), token, ...overrides }).toString());
  };
  /** The id of the checkout the provider's card form carries. */
  const checkoutId = (html: string) => /name="checkout" value="([^"]+)"/.exec(html)?.[1] ?? '';
  /** The card as a person types it on the provider's page. */
  const cardForm = (checkout: string, card: string, overrides: Record<string, string> = {}) =>
    Buffer.from(
      new URLSearchParams({
        checkout,
        cc_owner: 'ZEYNEP KAYA',
        card_number: card,
        expiry: '12/29',
        cvv: '123',
        ...overrides,
      }).toString(),
    );
  /** Posts the order, then the card on the provider's card form → the answer to the card. */
  const payWith = async (provider: PaymentProvider, card: string, overrides: Record<string, string> = {}) => {
    const order = response();
    await provider.handle('POST', 'pay', form(), new URLSearchParams(), order.res);
    expect(order.written.status).toBe(200);
    const answer = response();
    await provider.handle(
      'POST',
      'card',
      cardForm(checkoutId(order.written.body), card, overrides),
      new URLSearchParams(),
      answer.res,
    );
    return answer.written;
  };
  /** The id of the payment the 3-D Secure page carries. */
  const paymentId = (html: string) => /name="payment" value="([^"]+)"/.exec(html)?.[1] ?? '';
  const answer = (payment: string, choice: 'confirm' | 'cancel') =>
    Buffer.from(new URLSearchParams({ payment, answer: choice }).toString());

  it('signs with the contract’s test vectors', () => {
    const vector = { ...secrets, merchant_key: 'test-vector-key', merchant_salt: 'test-vector-salt' };
    expect(orderToken(fields(), vector)).toBe('mRBist9m22TtZNWSjw8+lVocnTB10XQu4fdQ8BS4kB4=');
    const callback = { merchant_no: '5001', status: 'success', total_amount: '1266.50' };
    expect(callbackHash(callback, vector)).toBe('pCvY0hdZoQcntb7bSBAXyfysAlji0Iwl5vn5PwKYf1E=');
    // Both vectors are the ones the contract documents for a backend.
    const contractText = readFileSync('openapi/components/payments.yaml', 'utf8');
    expect(contractText).toContain('`mRBist9m22TtZNWSjw8+lVocnTB10XQu4fdQ8BS4kB4=`');
    expect(contractText).toContain('`pCvY0hdZoQcntb7bSBAXyfysAlji0Iwl5vn5PwKYf1E=`');
  });

  it('makes a new merchant key and salt per process, or takes the key it is given', () => {
    const other = mockMerchantSecrets('318204', '', '');
    expect(other.merchant_key).not.toBe(secrets.merchant_key);
    expect(other.merchant_salt).not.toBe(secrets.merchant_salt);
    expect(other.merchant_key.length).toBeGreaterThanOrEqual(40);
    expect(mockMerchantSecrets('318204', 'given-key').merchant_key).toBe('given-key');
  });

  it('serves its own card form for a signed order, under its own strict policy, with no card field in the order', async () => {
    const { provider } = recordingProvider();
    const order = response();
    await provider.handle('POST', 'pay', form(), new URLSearchParams(), order.res);
    expect(order.written.status).toBe(200);
    for (const name of ['cc_owner', 'card_number', 'expiry', 'cvv'])
      expect(order.written.body).toContain(`name="${name}"`);
    // The form carries only the checkout's id: the amount cannot be changed on the way back.
    expect(order.written.body).not.toContain('name="price"');
    const policy = String(order.written.headers?.['content-security-policy']);
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("form-action 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toContain('unsafe-inline');
    // An order form that carries a card (a merchant page that asked for one) is refused: the card is typed here only.
    const carrying = response();
    await provider.handle(
      'POST',
      'pay',
      form({ card_number: '4111111111111111' }),
      new URLSearchParams(),
      carrying.res,
    );
    expect(carrying.written.status).toBe(303);
    expect(provider.payments.at(-1)).toMatchObject({ result: 'fail', reason: expect.stringContaining('card_number') });
  });

  it('refuses a bad card on its own form and asks again, keeping the order', async () => {
    const { provider } = recordingProvider();
    const refused = await payWith(provider, '4111111111111112', { expiry: '01/20', cvv: '12' });
    expect(refused.status).toBe(422);
    expect(refused.body).toContain('The card number is not valid.');
    expect(refused.body).toContain('The card has expired.');
    expect(refused.body).toContain('The CVC must be 3 digits.');
    expect(refused.body).not.toContain('4111111111111112');
    const again = response();
    await provider.handle(
      'POST',
      'card',
      cardForm(checkoutId(refused.body), '3782 822463 10005', { cvv: '1234' }),
      new URLSearchParams(),
      again.res,
    );
    expect(again.written.body).toContain('3-D Secure');
  });

  it('shows the 3-D Secure step for a good card, then calls back the merchant and sends the popup to ok_url', async () => {
    const { provider, sent } = recordingProvider();
    const pay = await payWith(provider, '4111 1111 1111 1111');
    expect(pay.status).toBe(200);
    expect(pay.body).toContain('3-D Secure');
    expect(pay.body).not.toContain('4111111111111111');
    // The page carries only the payment's id: the amount cannot be changed on the way back.
    expect(pay.body).not.toContain('name="price"');
    const confirm = response();
    const id = paymentId(pay.body);
    await provider.handle('POST', 'confirm', answer(id, 'confirm'), new URLSearchParams(), confirm.res);
    expect(confirm.written.status).toBe(303);
    expect(confirm.written.headers?.location).toMatch(/^http:\/\/console\.test\/provider\/ok\?merchant_no=5001/);
    expect(provider.payments.at(-1)).toMatchObject({
      merchant_no: '5001',
      result: 'ok',
      last4: '1111',
      callback: 'OK',
    });
    expect(sent).toEqual([
      {
        merchant_no: '5001',
        status: 'success',
        total_amount: '1266.50',
        currency: 'TRY',
        hash: callbackHash({ merchant_no: '5001', status: 'success', total_amount: '1266.50' }, secrets),
      },
    ]);
    // A payment is answered once.
    const again = response();
    await provider.handle('POST', 'confirm', answer(id, 'confirm'), new URLSearchParams(), again.res);
    expect(again.written.status).toBe(400);
    expect(sent).toHaveLength(1);
  });

  it('refuses a wrong token, and a declined card fails at 3-D Secure with a failed callback', async () => {
    const { provider, sent } = recordingProvider();
    const forged = response();
    await provider.handle('POST', 'pay', form({ price: '1.00' }), new URLSearchParams(), forged.res);
    expect(forged.written.status).toBe(303);
    expect(forged.written.headers?.location).toContain('/provider/fail?');
    expect(provider.payments.at(-1)).toMatchObject({ result: 'fail', reason: 'Invalid token' });
    const unsigned = response();
    await provider.handle('POST', 'pay', form({ token: '' }), new URLSearchParams(), unsigned.res);
    expect(provider.payments.at(-1)).toMatchObject({ result: 'fail', reason: 'Missing fields: token' });
    expect(sent).toEqual([]);
    const declined = await payWith(provider, DECLINED_CARD);
    const confirm = response();
    await provider.handle(
      'POST',
      'confirm',
      answer(paymentId(declined.body), 'confirm'),
      new URLSearchParams(),
      confirm.res,
    );
    expect(confirm.written.headers?.location).toContain('/provider/fail?');
    expect(sent.at(-1)).toMatchObject({ merchant_no: '5001', status: 'failed', failed_reason: 'Card declined' });
  });

  it('moves the payment settings of an answer to the provider on the caller’s origin', () => {
    const answer = { data: { merchant_no: '1', payment_settings: { pay_url: 'x' } } };
    const moved = withProvider(answer, 'http://127.0.0.1:5173');
    expect(moved.data.payment_settings).toEqual({
      pay_url: 'http://127.0.0.1:5173/provider/pay',
      ok_url: 'http://127.0.0.1:5173/provider/ok',
      fail_url: 'http://127.0.0.1:5173/provider/fail',
    });
  });
});

describe('the merchant’s ledger (what a backend must do with the provider’s callback)', () => {
  const secrets = mockMerchantSecrets('318204', '', '');
  const order = { merchant_no: '5001', email: 'user@example.com', price: 1266.5, currency: 'TRY' };
  const callback = (overrides: Record<string, string> = {}): Record<string, string> => {
    const unsigned = { merchant_no: '5001', status: 'success', total_amount: '1266.50', currency: 'TRY', ...overrides };
    return { ...unsigned, hash: callbackHash(unsigned, secrets) };
  };

  it('signs the order it answers, with a token the provider accepts and no secret in the answer', () => {
    const ledger = new MerchantLedger(secrets);
    const answer = { data: { ...order, title: 'Premium - 12 Ay', payment_settings: { merchant_id: '318204' } } };
    const signed = JSON.stringify(signOrder(answer, ledger));
    const token = (JSON.parse(signed) as { data: { token: string } }).data.token;
    const form = {
      merchant_id: '318204',
      merchant_no: '5001',
      email: 'user@example.com',
      price: '1266.50',
      currency: 'TRY',
      payment_type: 'card',
      installment_count: '0',
      non_3d: '0',
    };
    expect(token).toBe(orderToken(form, secrets));
    expect(signed).not.toContain(secrets.merchant_key);
    expect(signed).not.toContain(secrets.merchant_salt);
    expect(signed).not.toMatch(/merchant_key|merchant_salt/);
  });

  it('credits a good callback once, however often it comes', () => {
    const ledger = new MerchantLedger(secrets);
    ledger.issue(order);
    expect(ledger.check(callback())).toBe('credited');
    expect(ledger.receive(callback())).toBe('credited');
    expect(ledger.receive(callback())).toBe('already-credited');
    expect(ledger.credits).toEqual([{ merchant_no: '5001', amount: '1266.50', currency: 'TRY' }]);
    // The same order issued again (the examples reuse numbers) is not credited twice by a replay.
    ledger.issue(order);
    expect(ledger.receive(callback())).toBe('already-credited');
    expect(ledger.credits).toHaveLength(1);
  });

  it('refuses a wrong hash, an order it did not issue and another amount or currency, crediting nothing', () => {
    const ledger = new MerchantLedger(secrets);
    ledger.issue(order);
    expect(ledger.receive({ ...callback(), hash: callback({ total_amount: '1.00' }).hash ?? '' })).toBe('bad-hash');
    expect(ledger.receive({ ...callback(), total_amount: '1.00' })).toBe('bad-hash');
    const foreign = mockMerchantSecrets('318204', '', '');
    const unsigned = { merchant_no: '5001', status: 'success', total_amount: '1266.50' };
    expect(ledger.receive({ ...callback(), hash: callbackHash(unsigned, foreign) })).toBe('bad-hash');
    expect(ledger.receive(callback({ merchant_no: '9999' }))).toBe('unknown-order');
    expect(ledger.receive(callback({ total_amount: '1.00' }))).toBe('amount-mismatch');
    expect(ledger.receive(callback({ currency: 'USD' }))).toBe('amount-mismatch');
    expect(ledger.receive(callback({ status: 'failed' }))).toBe('failed-payment');
    expect(ledger.credits).toEqual([]);
    ledger.clear();
    expect(ledger.receive(callback())).toBe('unknown-order');
  });
});
