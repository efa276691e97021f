/**
 * Paying buys what was asked for, on the mock front: the order is the request's (plan, the price list's price, the
 * signed-in buyer), and the provider's approved callback extends the buyer's subscription, which the token refresh,
 * a new sign-in, the authority plan, the profile and the access rules then all say.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Contract } from './contract.ts';
import { callFront } from './front-call.ts';
import { callbackHash } from './payment-provider/signatures.ts';
import { exampleMerchantId } from './areas/payments.ts';
import type { RunningFront } from './front.ts';
import { startTestFront } from './test-front.ts';

const contract = Contract.load();
const secrets = {
  merchant_id: exampleMerchantId(contract),
  merchant_key: 'k'.repeat(32),
  merchant_salt: 's'.repeat(16),
};
let front: RunningFront;

const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;

async function signIn(username: string): Promise<string> {
  const response = await fetch(`${front.url}/api/logins`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', agent: 'browser' },
    body: JSON.stringify({ username, password: 'anything' }),
  });
  return ((await response.json()) as { data: { token: string } }).data.token;
}

/** The provider's approved callback for an order, hashed with the merchant's secrets. */
async function approve(merchantNo: string, amount: string, currency = 'TRY') {
  const fields = { merchant_no: merchantNo, status: 'success', total_amount: amount, currency };
  const hash = callbackHash(fields, secrets);
  const response = await fetch(`${front.url}/api/payments/provider-callback`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', agent: 'browser' },
    body: new URLSearchParams({ ...fields, hash }).toString(),
  });
  return { status: response.status, text: await response.text() };
}

beforeAll(async () => {
  process.env.MOCK_MERCHANT_KEY = secrets.merchant_key;
  process.env.MOCK_MERCHANT_SALT = secrets.merchant_salt;
  front = await startTestFront(contract);
}, 60_000);

afterAll(async () => {
  await front?.stop();
  delete process.env.MOCK_MERCHANT_KEY;
  delete process.env.MOCK_MERCHANT_SALT;
});

describe('buying a subscription on the mock', () => {
  it('makes the order asked for and credits its buyer once the provider approves it', async () => {
    const token = await signIn('nosub');
    expect(claimsOf(token).SubExpireDate).toBe('0001-01-01T00:00:00Z');
    // Without a subscription with the web console, the panels are refused.
    expect((await callFront(front.url, token, 'GET', '/command/devices/userdevices/0?limit=10')).status).toBe(403);

    const order = await callFront(front.url, token, 'POST', '/orders', {
      payment_plan_id: 2,
      payment_plan_price_id: 21,
    });
    expect(order.status).toBe(200);
    const data = order.body.data as Record<string, unknown>;
    // Premium 1 Ay at the price list's 149 (no discount), for nosub: not the example's Premium 12 Ay for user.
    expect(data).toMatchObject({ email: 'nosub@example.com', price: 149, currency: 'TRY', title: 'Premium - 1 Ay' });
    const merchantNo = String(data.merchant_no);
    expect(merchantNo).not.toBe('5001');

    // The refresh before the payment: still none.
    const before = await callFront(front.url, token, 'GET', '/changed-jwt');
    expect(claimsOf((before.body.data as { data: { token: string } }).data.token).SubExpireDate).toBe(
      '0001-01-01T00:00:00Z',
    );
    // Another amount is refused and credits nothing; the right one credits once.
    expect((await approve(merchantNo, '1266.50')).status).toBe(400);
    expect(await approve(merchantNo, '149.00')).toEqual({ status: 200, text: 'OK' });
    expect(await approve(merchantNo, '149.00')).toEqual({ status: 200, text: 'OK' });

    const renewed = await callFront(front.url, token, 'GET', '/changed-jwt');
    const fresh = (renewed.body.data as { data: { token: string } }).data.token;
    const end = Date.parse(String(claimsOf(fresh).SubExpireDate));
    const month = 31 * 24 * 3600 * 1000;
    // One month from now (a replayed callback did not add a second).
    expect(end).toBeGreaterThan(Date.now() + month - 4 * 24 * 3600 * 1000);
    expect(end).toBeLessThanOrEqual(Date.now() + month);
    expect(claimsOf(fresh).sid).toBe(claimsOf(token).sid);
    // A new sign-in says the same; the authority is the bought plan's, and the panels open.
    expect(claimsOf(await signIn('nosub')).SubExpireDate).toBe(claimsOf(fresh).SubExpireDate);
    const authority = await callFront(front.url, fresh, 'GET', '/user-authority');
    expect(authority.body.data).toMatchObject({ NO_ADS: true, plan_title: 'Premium' });
    expect((await callFront(front.url, fresh, 'GET', '/command/devices/userdevices/0?limit=10')).status).toBe(200);
    const detail = await callFront(front.url, fresh, 'GET', '/user/getuserdetail');
    expect((detail.body.data as { subscribes: unknown[] }).subscribes).toEqual([
      expect.objectContaining({ plan_id: 2, plan_title: 'Premium', end_date: claimsOf(fresh).SubExpireDate }),
    ]);
    const history = await callFront(front.url, fresh, 'GET', '/user/subscriptions');
    expect(history.body.data).toEqual([
      expect.objectContaining({ plan_id: 2, source: 'order', order_id: Number(merchantNo) }),
    ]);
    // Another buyer's token knows nothing of it.
    expect(claimsOf(await signIn('user')).SubExpireDate).toBe('2027-03-31T23:59:59Z');
  });

  it("answers the price list in the caller's language", async () => {
    const token = await signIn('nosub');
    const english = await callFront(front.url, token, 'GET', '/payment-plans', undefined, { language: 'en' });
    expect((english.body.data as { title: string }[]).map((plan) => plan.title)).toEqual(['Standard', 'Premium']);
    const turkish = await callFront(front.url, token, 'GET', '/payment-plans', undefined, { language: 'tr' });
    expect((turkish.body.data as { title: string }[]).map((plan) => plan.title)).toEqual(['Standart', 'Premium']);
    const plan = await callFront(front.url, token, 'GET', '/payment-plans/1', undefined, { language: 'en' });
    expect(plan.body.data).toMatchObject({ title: 'Standard', prices: [{ title: '1 month', months: 1 }, {}] });
  });

  it('extends a current subscription from its end, not from today', async () => {
    const token = await signIn('user');
    const order = await callFront(front.url, token, 'POST', '/orders', {
      payment_plan_id: 1,
      payment_plan_price_id: 12,
    });
    const data = order.body.data as Record<string, unknown>;
    // Standart 12 Ay: 990 less 10 percent.
    expect(data).toMatchObject({ email: 'user@example.com', price: 891, title: 'Standart - 12 Ay' });
    expect((await approve(String(data.merchant_no), '891.00')).status).toBe(200);
    expect(claimsOf(await signIn('user')).SubExpireDate).toBe('2028-03-31T23:59:59Z');
  });
});
