/**
 * The form posted to the payment provider in a popup (the contract's `CardPaymentForm`): the order's fields, the
 * buyer's, the card's, the constants of spec 2 §7 (non-3D 0, installments 0, payment type card) and the token.
 * The token is the order's own when the server signed it; otherwise it is signed here with Web Crypto
 * (HMAC-SHA256, Base64) over the fields the contract lists, then the salt. The form exists only for the moment it
 * is submitted.
 */
import type { CardPaymentForm, CardPaymentOrder } from '@generated/api/types.gen.ts';
import { cardDigits, parseExpiry, type PayFormValues } from './card.ts';

/** The fields of the form that the token signs, in the order they are joined (then the merchant salt). */
export const SIGNED_FIELDS = [
  'merchant_id',
  'merchant_no',
  'email',
  'price',
  'currency',
  'payment_type',
  'installment_count',
  'non_3d',
] as const satisfies readonly (keyof CardPaymentForm)[];

type Unsigned = Omit<CardPaymentForm, 'token'>;

/** The amount as the provider reads it: two decimals and a dot. */
export const formPrice = (price: number): string => price.toFixed(2);

export class PaymentSetupError extends Error {
  override name = 'PaymentSetupError';
  constructor(readonly reason: 'unsigned' | 'provider') {
    super(reason === 'unsigned' ? 'The order carries neither a token nor a merchant key' : 'Unexpected provider');
  }
}

/** The form without its token. */
export function unsignedForm(order: CardPaymentOrder, values: PayFormValues, language: string): Unsigned {
  const expiry = parseExpiry(values.expiry);
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
    buyer_name: values.buyerName.trim(),
    buyer_address: values.buyerAddress.trim(),
    buyer_phone: values.buyerPhone.trim(),
    cc_owner: values.holder.trim(),
    card_number: cardDigits(values.number),
    expiry_month: expiry?.month ?? '',
    expiry_year: expiry?.year ?? '',
    cvv: values.cvv.trim(),
  };
}

/** The string the token signs: the signed fields joined without separators, then the salt. */
export const signedString = (form: Unsigned, salt: string): string =>
  SIGNED_FIELDS.map((field) => form[field]).join('') + salt;

/** Base64 of HMAC-SHA256 of `message` keyed with `key` (both UTF-8), with Web Crypto. */
export async function hmacBase64(key: string, message: string): Promise<string> {
  const encoder = new TextEncoder();
  const cryptoKey = await crypto.subtle.importKey(
    'raw',
    encoder.encode(key),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const signature = new Uint8Array(await crypto.subtle.sign('HMAC', cryptoKey, encoder.encode(message)));
  let binary = '';
  for (const byte of signature) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The token of the form: the order's server-signed one, else signed here with the merchant key and salt. */
export async function formToken(order: CardPaymentOrder, form: Unsigned): Promise<string> {
  if (order.token) return order.token;
  const { merchant_key: key, merchant_salt: salt } = order.payment_settings;
  if (!key || salt === undefined) throw new PaymentSetupError('unsigned');
  return hmacBase64(key, signedString(form, salt));
}

/**
 * Whether the console may post card data to `payUrl`: only over https (or to the console's own origin) and only to
 * the console's own origin or the provider origin its configuration names, so a changed answer can never send a
 * card elsewhere.
 */
export function isAllowedPayUrl(payUrl: string, ownOrigin: string, providerOrigin: string | undefined): boolean {
  let url: URL;
  try {
    url = new URL(payUrl);
  } catch {
    return false;
  }
  if (url.origin === ownOrigin) return true;
  return url.protocol === 'https:' && providerOrigin !== undefined && url.origin === providerOrigin;
}

/**
 * Posts the form into the window named `target` (the popup) and removes it at once: the card data is in the
 * document only for the moment of the submit.
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
