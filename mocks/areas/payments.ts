/**
 * Card payments in the mock. The merchant's key and salt exist only in this process (merchant-ledger.ts): the ledger
 * signs each order for card payment (`data.token` of a new order or coupon request) and checks the provider's
 * callbacks with them, and the fake provider (mocks/payment-provider/, which issued them, as a real one does) serves its
 * card form under `/provider/`, verifies forms and sends its hashed callback to the contract's
 * `receivePaymentCallback`. A callback is answered as the ledger finds it (a bad hash, an unknown order, a wrong
 * amount) and credits an order once (a new order is purchased from then on, a subscription order extends its buyer's
 * subscription: subscription-credits.ts). The answers' payment settings point at the fake provider on the origin the
 * console called from.
 */
import { exampleData, type MockArea } from '../area.ts';
import { defineArea } from '../define-area.ts';
import type { Contract } from '../contract.ts';
import { CALLBACK_ANSWERS, MerchantLedger, mockMerchantSecrets } from '../db/merchant-ledger.ts';
import { OrderStore } from '../db/order-store.ts';
import {
  PaymentProvider,
  PROVIDER_PATH,
  providerSettings,
  type ProviderCallback,
} from '../payment-provider/provider.ts';
import { SubscriptionCredits } from '../db/subscription-credits.ts';
import { exampleOrders } from './order-records.ts';
import { idValue } from '../ids.ts';

/** The provider's server-to-server callback (the contract's `receivePaymentCallback`). */
export const PAYMENT_CALLBACK_PATH = '/payments/provider-callback';

/**
 * What the mock's `orders/reset` control puts back: the orders, the provider's record, the merchant's ledger and the
 * subscriptions paying bought.
 */
export interface MockPayments {
  orders: OrderStore;
  ledger: MerchantLedger;
  provider: PaymentProvider;
  subscriptions: SubscriptionCredits;
}

/** The merchant id of the contract's (non-secret) payment settings example. */
export const exampleMerchantId = (contract: Contract): string => {
  const data = (exampleData(contract, '/payment-settings', 'default') ?? {}) as Record<string, unknown>;
  return typeof data.merchant_id === 'string' ? data.merchant_id : '';
};

/** The orders of the examples, a merchant with new secrets and a provider that calls back to `callbackUrl`. */
export function mockPayments(contract: Contract, callbackUrl: string): MockPayments {
  const ledger = new MerchantLedger(mockMerchantSecrets(exampleMerchantId(contract)));
  const provider = new PaymentProvider(
    () => ledger.secrets,
    async (callback: ProviderCallback) => {
      const answer = await fetch(callbackUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(callback).toString(),
      });
      return { status: answer.status, body: await answer.text() };
    },
  );
  return {
    orders: new OrderStore(() => exampleOrders(contract)),
    ledger,
    provider,
    subscriptions: new SubscriptionCredits(contract),
  };
}

/** The order answer with its server-signed token: the ledger records the order and signs it. */
export function signOrder<A extends { data?: unknown }>(answer: A, ledger: MerchantLedger): A {
  const order = answer.data as Record<string, unknown> | undefined;
  if (!order || typeof order !== 'object' || order.merchant_no === undefined) return answer;
  const token = ledger.issue(order as Parameters<MerchantLedger['issue']>[0]);
  return { ...answer, data: { ...order, token } };
}

/**
 * The answer with its payment settings' URLs moved to the fake provider, on the origin the console called from
 * (its servers proxy `/provider` to the mock API), or the mock API's own.
 */
export function withProvider<A extends { data?: unknown }>(answer: A, origin: string): A {
  const data = answer.data as Record<string, unknown> | undefined;
  if (!data || typeof data !== 'object') return answer;
  if (data.payment_settings && typeof data.payment_settings === 'object') {
    const settings = providerSettings(data.payment_settings as Record<string, unknown>, origin);
    return { ...answer, data: { ...data, payment_settings: settings } };
  }
  if (typeof data.pay_url === 'string') return { ...answer, data: providerSettings(data, origin) };
  return answer;
}

/**
 * `currentEnd` is the end of a buyer's subscription before a credit (the account's, as its token would carry it): a
 * credited subscription order extends it.
 */
export const paymentsArea = (
  { ledger, provider, orders, subscriptions }: MockPayments,
  currentEnd: (buyer: number) => string | undefined = () => undefined,
): MockArea => {
  const callbackOf = (raw: Buffer) =>
    Object.fromEntries(new URLSearchParams(raw.toString('utf8'))) as Record<string, string>;
  /** An answer carrying `payment_settings` (at `data.payment_settings`, or as `data`) points at the fake provider. */
  const toProvider = {
    answer: <A extends { data?: unknown }>({ origin }: { origin: string }, answer: A): A =>
      withProvider(answer, origin),
  };
  /** An order for card payment: the merchant signs it (`data.token`). */
  const signed = {
    answer: <A extends { data?: unknown }>({ origin }: { origin: string }, answer: A): A =>
      signOrder(withProvider(answer, origin), ledger),
  };
  return defineArea({
    operations: {
      receivePaymentCallback: {
        choose: ({ raw }) => CALLBACK_ANSWERS[ledger.check(callbackOf(raw))],
        // The callback credits only once the contract accepted it; a repeat credits nothing. A credited order that
        // was created since the examples is purchased from now on (billable), and a subscription order extends its
        // buyer's subscription.
        answer({ raw }, answer) {
          const fields = callbackOf(raw);
          if (ledger.receive(fields) === 'credited') {
            orders.markPurchased(idValue(fields.merchant_no));
            subscriptions.credit(idValue(fields.merchant_no), currentEnd);
          }
          return answer;
        },
      },
      createOrder: signed,
      createCoupons: signed,
      getOrders: toProvider,
      getCoupons: toProvider,
      getPaymentSettings: toProvider,
    },
    async handle(method, pathname, request, res) {
      if (!pathname.startsWith(PROVIDER_PATH)) return false;
      await provider.handle(method, pathname.slice(PROVIDER_PATH.length), request.raw, request.query, res);
      return true;
    },
  });
};
