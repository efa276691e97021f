/**
 * The merchant's side of card payments in the mock API, doing what the contract asks of a backend: it signs every
 * order it issues (`CardPaymentOrder.token`) with a merchant key and salt that live only in this process, remembers
 * the order, and accepts the provider's server-to-server callback (`POST /payments/provider-callback`) only when its
 * hash is right, its order was issued, and its amount and currency are the order's; a callback for an order already
 * credited changes nothing (a callback twice credits once). The browser never sees the key, the salt or anything it
 * could sign with.
 */
import { randomBytes } from 'node:crypto';
import { callbackHash, orderToken, sameSignature, type MerchantSecrets } from '../payment-provider/signatures.ts';

/** What the merchant issued: the fields the token signed. */
interface IssuedOrder {
  merchant_no: string;
  email: string;
  price: string;
  currency: string;
}

/** One credited order, for tests and developers (`GET /__mock/payments`). */
export interface Credit {
  merchant_no: string;
  amount: string;
  currency: string;
}

export type CallbackOutcome =
  'credited' | 'already-credited' | 'failed-payment' | 'bad-hash' | 'unknown-order' | 'amount-mismatch';

/** The example of the callback's answer for each outcome (the contract's `receivePaymentCallback`). */
export const CALLBACK_ANSWERS: Record<CallbackOutcome, { code: string; example: string }> = {
  credited: { code: '200', example: 'ok' },
  'already-credited': { code: '200', example: 'ok' },
  'failed-payment': { code: '200', example: 'ok' },
  'bad-hash': { code: '400', example: 'bad-hash' },
  'unknown-order': { code: '400', example: 'unknown-order' },
  'amount-mismatch': { code: '400', example: 'amount-mismatch' },
};

/**
 * The mock's merchant secrets: the merchant id of the contract's (public) payment settings, and a key and salt made
 * for this process. MOCK_MERCHANT_KEY and MOCK_MERCHANT_SALT set them (the browser tests, to check the tokens and to
 * look for both in every answer the browser sees).
 */
export function mockMerchantSecrets(
  merchantId: string,
  key = process.env.MOCK_MERCHANT_KEY,
  salt = process.env.MOCK_MERCHANT_SALT,
): MerchantSecrets {
  return {
    merchant_id: merchantId,
    merchant_key: key || randomBytes(32).toString('base64'),
    merchant_salt: salt || randomBytes(12).toString('base64url'),
  };
}

/** The amount as the card form and the callback write it: two decimals and a dot. */
export const formAmount = (price: unknown): string => Number(price).toFixed(2);

export class MerchantLedger {
  private readonly issued = new Map<string, IssuedOrder>();
  private readonly credited = new Map<string, Credit>();

  constructor(readonly secrets: MerchantSecrets) {}

  clear(): void {
    this.issued.clear();
    this.credited.clear();
  }

  get credits(): Credit[] {
    return [...this.credited.values()];
  }

  /** Records an order the API answers and → its token (the card form's fields are the order's, as sent). */
  issue(order: { merchant_no: unknown; email: unknown; price: unknown; currency: unknown }): string {
    const issued: IssuedOrder = {
      merchant_no: String(order.merchant_no),
      email: String(order.email),
      price: formAmount(order.price),
      currency: String(order.currency),
    };
    // The mock's examples reuse their order numbers; a credit stays (a replayed callback never credits twice).
    this.issued.set(issued.merchant_no, issued);
    return orderToken(
      {
        ...issued,
        merchant_id: this.secrets.merchant_id,
        payment_type: 'card',
        installment_count: '0',
        non_3d: '0',
      },
      this.secrets,
    );
  }

  /** What a callback would do, without doing it (the front credits once the contract accepted the request). */
  check(fields: Record<string, string>): CallbackOutcome {
    const { merchant_no = '', status = '', total_amount = '', currency = '', hash = '' } = fields;
    if (!sameSignature(callbackHash({ merchant_no, status, total_amount }, this.secrets), hash)) return 'bad-hash';
    const order = this.issued.get(merchant_no);
    if (!order) return 'unknown-order';
    if (total_amount !== order.price || currency !== order.currency) return 'amount-mismatch';
    if (status !== 'success') return 'failed-payment';
    return this.credited.has(merchant_no) ? 'already-credited' : 'credited';
  }

  /** Credits the callback's order if `check` says so; → the outcome (a second call credits nothing). */
  receive(fields: Record<string, string>): CallbackOutcome {
    const outcome = this.check(fields);
    if (outcome === 'credited') {
      this.credited.set(fields.merchant_no!, {
        merchant_no: fields.merchant_no!,
        amount: fields.total_amount!,
        currency: fields.currency!,
      });
    }
    return outcome;
  }
}
