// Over 200 lines: the provider's one class, a step of a payment per method (order, card form, 3-D Secure, result).
/**
 * A fake card payment provider for the mock stack, so a subscription can be bought end to end on `npm start`
 * (nothing is charged; no card data leaves the machine). The console posts the server-signed order (the contract's
 * `CardPaymentForm`: the order's fields, its token and the buyer's billing details, no card) to `/provider/pay` in a
 * popup; the provider checks the order and its token (signed by the mock API with the merchant key and salt that only
 * the mock process holds: `orderToken`), keeps it and serves its own card form page (mocks/payment-provider/pages.ts), so the
 * card is typed on the provider's page, never the console's (PCI DSS SAQ A). The card form posts to `/provider/card`,
 * which checks the card and shows a 3-D Secure step. When the payment ends the provider first tells the merchant's
 * server, server to server (`POST /payments/provider-callback` of the mock API, hashed with the same key:
 * `callbackHash`), then sends the popup to the merchant's result page, `/provider/ok` or `/provider/fail`, which tells
 * the console (`postMessage` to the opener) and closes the popup. Only the callback credits an order
 * (mocks/db/merchant-ledger.ts).
 *
 * Test cards (any holder, any future expiry, any CVC of the right length): 4111 1111 1111 1111 and
 * 5555 5555 5555 4444 are approved, 4000 0000 0000 0002 is declined. The front rewrites the `payment_settings` URLs
 * of its answers to these pages (`providerSettings`), on the origin the console called from, and the console's
 * servers proxy `/provider` to the front.
 */
import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { checkCard } from './card.ts';
import {
  callbackHash,
  orderToken,
  sameSignature,
  SIGNED_FIELDS,
  type MerchantSecrets,
  type ProviderCallback,
} from './signatures.ts';
import {
  cardFormPage,
  escapeHtml,
  orderSummary,
  page,
  PROVIDER_PATH,
  PROVIDER_STYLE,
  RESULT_SCRIPT,
  send,
  sendRedirect,
} from './pages.ts';

export { PROVIDER_PATH } from './pages.ts';
export type { MerchantSecrets, ProviderCallback } from './signatures.ts';

export const DECLINED_CARD = '4000000000000002';

/** What the provider saw of one payment (no card data but the last four digits), for tests and developers. */
export interface ProviderPayment {
  merchant_no: string;
  price: string;
  currency: string;
  email: string;
  last4: string;
  result: 'ok' | 'fail';
  reason: string;
  /** What the merchant's server answered the callback (`OK`, or the status and message of a refusal). */
  callback?: string;
}

/** Sends a callback to the merchant's server → what it answered. */
export type CallbackSender = (callback: ProviderCallback) => Promise<{ status: number; body: string }>;

/** A payment between the card form and the 3-D Secure answer, kept on the provider's side. */
interface PendingPayment {
  fields: Record<string, string>;
  declined: boolean;
}

const REQUIRED_FIELDS = [
  ...SIGNED_FIELDS,
  'title',
  'ok_url',
  'fail_url',
  'token',
  'buyer_name',
  'buyer_address',
  'buyer_phone',
];

/** Card fields: typed on the provider's own page only. An order form from the merchant's page carrying one is refused. */
export const CARD_FIELDS = ['card_number', 'cvv', 'expiry', 'expiry_month', 'expiry_year', 'cc_owner'];

export class PaymentProvider {
  readonly payments: ProviderPayment[] = [];
  /** Every callback sent to the merchant's server, oldest first (no secret: the hash is derived). */
  readonly callbacks: ProviderCallback[] = [];
  /** Signed orders waiting for their card on the provider's card form, by checkout id. */
  private readonly checkouts = new Map<string, Record<string, string>>();
  private readonly pending = new Map<string, PendingPayment>();

  /**
   * `secrets` are the merchant's as the provider knows them (it issued them); `sendCallback` reaches the merchant's
   * server. Without it the provider reports to the browser only. `now` dates the card's expiry check.
   */
  constructor(
    private readonly secrets: () => MerchantSecrets,
    private readonly sendCallback?: CallbackSender,
    private readonly now: () => Date = () => new Date(),
  ) {}

  clear(): void {
    this.payments.length = 0;
    this.callbacks.length = 0;
    this.checkouts.clear();
    this.pending.clear();
  }

  /** Answers a request under PROVIDER_PATH; `route` is the rest of the path. */
  async handle(method: string, route: string, raw: Buffer, search: URLSearchParams, res: ServerResponse) {
    if (method === 'GET' && route === 'result.js') return send(res, 200, 'text/javascript', RESULT_SCRIPT);
    if (method === 'GET' && route === 'style.css') return send(res, 200, 'text/css', PROVIDER_STYLE);
    const form = () => new URLSearchParams(raw.toString('utf8'));
    if (method === 'POST' && route === 'pay') return this.pay(form(), res);
    if (method === 'POST' && route === 'card') return this.card(form(), res);
    if (method === 'POST' && route === 'confirm') return this.confirm(form(), res);
    if (method === 'GET' && (route === 'ok' || route === 'fail')) return this.result(route, search, res);
    return send(res, 404, 'text/plain', 'Not a page of the mock payment provider');
  }

  /** The signed order arrives from the merchant's page: checked, kept, and the provider's card form shown. */
  private pay(form: URLSearchParams, res: ServerResponse): void {
    const fields = Object.fromEntries(form) as Record<string, string>;
    const missing = REQUIRED_FIELDS.filter((field) => !fields[field]);
    const failUrl = fields.fail_url;
    const refuse = (reason: string) => {
      this.record(fields, 'fail', reason);
      if (!failUrl)
        return send(
          res,
          400,
          'text/html',
          page('Payment refused', `<h1>Payment refused</h1><p>${escapeHtml(reason)}</p>`),
        );
      return sendRedirect(res, `${failUrl}?${new URLSearchParams({ merchant_no: fields.merchant_no ?? '', reason })}`);
    };
    const carried = CARD_FIELDS.filter((field) => form.has(field));
    if (carried.length) return refuse(`Card data is typed on the provider's page only: ${carried.join(', ')}`);
    if (missing.length) return refuse(`Missing fields: ${missing.join(', ')}`);
    const constants = fields.non_3d === '0' && fields.installment_count === '0' && fields.payment_type === 'card';
    if (!constants) return refuse('non_3d, installment_count and payment_type must be 0, 0 and card');
    const secrets = this.secrets();
    if (fields.merchant_id !== secrets.merchant_id) return refuse('Unknown merchant');
    if (!sameSignature(orderToken(fields, secrets), fields.token ?? '')) return refuse('Invalid token');
    // The provider keeps the order: its card form carries only the checkout's id, so nothing the browser sends back
    // can change the amount or the order paid.
    const id = randomUUID();
    this.checkouts.set(id, fields);
    send(res, 200, 'text/html', cardFormPage(id, fields));
  }

  /** The card, typed on the provider's page: checked, then the 3-D Secure step (nothing is decided before it). */
  private card(form: URLSearchParams, res: ServerResponse): void {
    const id = form.get('checkout') ?? '';
    const fields = this.checkouts.get(id);
    if (!fields) return send(res, 400, 'text/plain', 'Unknown or finished checkout');
    const card = checkCard(form, this.now());
    if ('errors' in card) return send(res, 422, 'text/html', cardFormPage(id, fields, card.errors));
    this.checkouts.delete(id);
    const payment = randomUUID();
    this.pending.set(payment, { fields: { ...fields, last4: card.last4 }, declined: card.digits === DECLINED_CARD });
    send(
      res,
      200,
      'text/html',
      page(
        '3-D Secure',
        `<h1>Mock payment provider: 3-D Secure</h1>
${orderSummary(fields, card.last4)}
<p class="note">A test page: nothing is charged. Confirm to complete the payment.</p>
<form method="post" action="${PROVIDER_PATH}confirm">
<input type="hidden" name="payment" value="${payment}">
<button type="submit" name="answer" value="confirm">Confirm</button>
<button type="submit" name="answer" value="cancel">Cancel</button>
</form>`,
      ),
    );
  }

  /** The 3-D Secure answer: the payment ends, the merchant's server is told, then the popup goes to its result page. */
  private async confirm(form: URLSearchParams, res: ServerResponse): Promise<void> {
    const id = form.get('payment') ?? '';
    const payment = this.pending.get(id);
    if (!payment) return send(res, 400, 'text/plain', 'Unknown or finished payment');
    this.pending.delete(id);
    const { fields } = payment;
    const answer = form.get('answer');
    const approved = answer === 'confirm' && !payment.declined;
    const reason = approved ? '' : answer === 'confirm' ? 'Card declined' : 'Cancelled at 3-D Secure';
    const record = this.record(fields, approved ? 'ok' : 'fail', reason);
    record.callback = await this.notify(fields, approved, reason);
    const target = approved ? fields.ok_url : fields.fail_url;
    if (!target) return send(res, 400, 'text/plain', 'The payment has no result address');
    sendRedirect(res, `${target}?${new URLSearchParams({ merchant_no: fields.merchant_no ?? '', reason })}`);
  }

  /** The server-to-server callback of a finished payment → what the merchant's server answered. */
  private async notify(fields: Record<string, string>, approved: boolean, reason: string): Promise<string> {
    if (!this.sendCallback) return 'not sent';
    const unsigned = {
      merchant_no: fields.merchant_no ?? '',
      status: approved ? 'success' : 'failed',
      total_amount: fields.price ?? '',
      currency: fields.currency ?? '',
    };
    const callback: ProviderCallback = {
      ...unsigned,
      ...(approved ? {} : { failed_reason: reason }),
      hash: callbackHash(unsigned, this.secrets()),
    };
    this.callbacks.push(callback);
    try {
      const answer = await this.sendCallback(callback);
      return answer.status === 200 && answer.body.trim() === 'OK' ? 'OK' : `${answer.status} ${answer.body}`.trim();
    } catch (error) {
      return `not delivered: ${(error as Error).message}`;
    }
  }

  /** The merchant's result pages (in a real installation the console operator's server answers these). */
  private result(kind: 'ok' | 'fail', search: URLSearchParams, res: ServerResponse): void {
    const order = search.get('merchant_no') ?? '';
    const reason = search.get('reason') ?? '';
    const title = kind === 'ok' ? 'Payment completed' : 'Payment failed';
    send(
      res,
      200,
      'text/html',
      page(
        title,
        `<h1>${title}</h1>
${reason ? `<p>${escapeHtml(reason)}</p>` : ''}<p class="note">This window closes by itself.</p>
<button id="close" type="button">Close</button>`,
        true,
        ` data-result="${kind}" data-order="${escapeHtml(order)}"`,
      ),
    );
  }

  private record(fields: Record<string, string>, result: 'ok' | 'fail', reason: string): ProviderPayment {
    const payment: ProviderPayment = {
      merchant_no: fields.merchant_no ?? '',
      price: fields.price ?? '',
      currency: fields.currency ?? '',
      email: fields.email ?? '',
      last4: fields.last4 ?? '',
      result,
      reason,
    };
    this.payments.push(payment);
    return payment;
  }
}

/** The `payment_settings` of an answer, its URLs moved to the fake provider on `origin`. */
export function providerSettings(settings: Record<string, unknown>, origin: string): Record<string, unknown> {
  return {
    ...settings,
    pay_url: `${origin}${PROVIDER_PATH}pay`,
    ok_url: `${origin}${PROVIDER_PATH}ok`,
    fail_url: `${origin}${PROVIDER_PATH}fail`,
  };
}
