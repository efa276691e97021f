/**
 * The order form posted to the payment provider in a popup (the contract's `CardPaymentForm`): the order's fields,
 * the buyer's billing details, the constants of spec 2 §7 (non-3D 0, installments 0, payment type card) and the
 * order's token, signed by the server. No card: the provider's own page in the popup asks for it, so the console
 * never sees one (PCI DSS SAQ A). The console signs nothing and holds no merchant key: an order without a token cannot
 * be paid. The form exists only for the moment it is submitted.
 */
import type { CardPaymentForm, CardPaymentOrder } from '@generated/api/types.gen.ts';
import type { ConsoleConfig } from '../../../lib/config/config.ts';
import { isAllowedPayUrl } from '../../../lib/config/payment-targets.ts';
import type { TranslationKey } from '../../../lib/i18n/translation-key.ts';
import type { PayFormValues } from './buyer.ts';

/** The amount as the provider reads it: two decimals and a dot. */
export const formPrice = (price: number): string => price.toFixed(2);

/** The order's server-signed token; undefined when the server sent none (whatever the generated type says). */
export const orderToken = (order: CardPaymentOrder): string | undefined => {
  const token: unknown = order.token;
  return typeof token === 'string' && token !== '' ? token : undefined;
};

/** Why an order cannot be paid: no server token, or a pay URL that is not the configured provider's. */
export type PaymentBlocker = 'unsigned' | 'provider';

/** What the pay page says for each blocker (through the feedback module); nothing has been sent by then. */
export const BLOCKER_MESSAGES: Record<PaymentBlocker, TranslationKey> = {
  unsigned: 'pay.noToken',
  provider: 'pay.providerNotAllowed',
};

/** Why the console served at `page` may not post the order form for `order`; undefined when it may. */
export function paymentBlocker(
  order: CardPaymentOrder,
  config: Pick<ConsoleConfig, 'paymentProviderOrigin' | 'developmentSameOriginPayments'>,
  page: { origin: string; hostname: string },
): PaymentBlocker | undefined {
  if (orderToken(order) === undefined) return 'unsigned';
  if (!isAllowedPayUrl(order.payment_settings.pay_url, config, page)) return 'provider';
  return undefined;
}

/** The complete order form for a signed order (`token` from `orderToken`). */
export function orderForm(
  order: CardPaymentOrder,
  token: string,
  values: PayFormValues,
  language: string,
): CardPaymentForm {
  return {
    merchant_id: order.payment_settings.merchant_id,
    merchant_no: order.merchant_no,
    email: order.email,
    price: formPrice(order.price),
    currency: order.currency,
    title: order.title,
    ok_url: order.payment_settings.ok_url,
    fail_url: order.payment_settings.fail_url,
    non_3d: '0',
    installment_count: '0',
    payment_type: 'card',
    lang: language.startsWith('tr') ? 'tr' : 'en',
    token,
    buyer_name: values.buyerName.trim(),
    buyer_address: values.buyerAddress.trim(),
    buyer_phone: values.buyerPhone.trim(),
  };
}

/**
 * Posts the form into the window named `target` (the popup), which navigates to the provider's page, and removes
 * the form at once.
 */
export function postToWindow(action: string, target: string, fields: CardPaymentForm): void {
  const form = document.createElement('form');
  form.method = 'post';
  form.action = action;
  form.target = target;
  form.acceptCharset = 'UTF-8';
  form.hidden = true;
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = String(value);
    form.append(input);
  }
  document.body.append(form);
  try {
    form.submit();
  } finally {
    form.remove();
  }
}
