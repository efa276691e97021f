/**
 * The signatures between the merchant's server (the mock API) and the fake card payment provider: the order's token
 * the merchant signs and the provider checks, and the callback's hash the provider signs and the merchant checks,
 * both with the merchant key and salt only the mock process holds (mocks/db/merchant-ledger.ts).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** The fields of the server-to-server callback (the contract's `PaymentProviderCallback`). */
export type ProviderCallback = Record<'merchant_no' | 'status' | 'total_amount' | 'currency' | 'hash', string> & {
  failed_reason?: string;
};

export interface MerchantSecrets {
  merchant_id: string;
  merchant_key: string;
  merchant_salt: string;
}

/** The fields the token signs, in order (openapi/components/payments.yaml, CardPaymentOrder.token). */
export const SIGNED_FIELDS = [
  'merchant_id',
  'merchant_no',
  'email',
  'price',
  'currency',
  'payment_type',
  'installment_count',
  'non_3d',
];

const hmacBase64 = (key: string, message: string): string =>
  createHmac('sha256', key).update(message, 'utf8').digest('base64');

/** The order's token (the contract's `CardPaymentOrder.token`): what the merchant's server signs per order. */
export const orderToken = (fields: Record<string, string>, secrets: MerchantSecrets): string =>
  hmacBase64(secrets.merchant_key, SIGNED_FIELDS.map((field) => fields[field] ?? '').join('') + secrets.merchant_salt);

/** The callback's hash (the contract's `PaymentProviderCallback.hash`). */
export const callbackHash = (
  callback: Pick<ProviderCallback, 'merchant_no' | 'status' | 'total_amount'>,
  secrets: MerchantSecrets,
): string =>
  hmacBase64(
    secrets.merchant_key,
    `${callback.merchant_no}${secrets.merchant_salt}${callback.status}${callback.total_amount}`,
  );

/** Compares two signatures in constant time. */
export const sameSignature = (expected: string, given: string): boolean => {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
};
