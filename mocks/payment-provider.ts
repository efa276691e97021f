/**
 * A fake card payment provider for the mock stack, so a subscription can be bought end to end on `npm start`
 * (nothing is charged; no card data leaves the machine). The console posts its card form (the contract's
 * `CardPaymentForm`) to `/provider/pay` in a popup; the provider checks the form and its token (the order's token,
 * signed by the mock API with the merchant key and salt that only the mock process holds: `orderToken`), keeps the
 * payment on its side and shows a 3-D Secure step. When the payment ends it first tells the merchant's server, server
 * to server (`POST /payments/provider-callback` of the mock API, hashed with the same key: `callbackHash`), then sends
 * the popup to the merchant's result page, `/provider/ok` or `/provider/fail`, which tells the console
 * (`postMessage` to the opener) and closes the popup. Only the callback credits an order (mocks/merchant-ledger.ts).
 *
 * Test cards (any holder, any future expiry, any CVC of the right length): 4111 1111 1111 1111 and
 * 5555 5555 5555 4444 are approved, 4000 0000 0000 0002 is declined. The front rewrites the `payment_settings` URLs
 * of its answers to these pages (`providerSettings`), on the origin the console called from, and the console's
 * servers proxy `/provider` to the front.
 */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { ServerResponse } from 'node:http';

/** Path under which the front answers the provider's pages. */
export const PROVIDER_PATH = '/provider/';

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

/** The fields of the server-to-server callback (the contract's `PaymentProviderCallback`). */
export type ProviderCallback = Record<'merchant_no' | 'status' | 'total_amount' | 'currency' | 'hash', string> & {
  failed_reason?: string;
};

/** Sends a callback to the merchant's server → what it answered. */
export type CallbackSender = (callback: ProviderCallback) => Promise<{ status: number; body: string }>;

/** A payment between the card form and the 3-D Secure answer, kept on the provider's side. */
interface PendingPayment {
  fields: Record<string, string>;
  declined: boolean;
}

export interface MerchantSecrets {
  merchant_id: string;
  merchant_key: string;
  merchant_salt: string;
}

/** The fields the token signs, in order (openapi/components/payments.yaml, CardPaymentForm.token). */
const SIGNED_FIELDS = [
  'merchant_id',
  'merchant_no',
  'email',
  'price',
  'currency',
  'payment_type',
  'installment_count',
  'non_3d',
];

const REQUIRED_FIELDS = [
  ...SIGNED_FIELDS,
  'title',
  'ok_url',
  'fail_url',
  'token',
  'buyer_name',
  'buyer_address',
  'buyer_phone',
  'cc_owner',
  'card_number',
  'expiry_month',
  'expiry_year',
  'cvv',
];

const hmacBase64 = (key: string, message: string): string =>
  createHmac('sha256', key).update(message, 'utf8').digest('base64');

/** The card form's token (the contract's `CardPaymentOrder.token`): what the merchant's server signs per order. */
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

const passesLuhn = (digits: string): boolean => {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return /^\d{12,19}$/.test(digits) && sum % 10 === 0;
};

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const page = (title: string, body: string, script = false, mainAttributes = ''): string => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem;color:#1b1b1f}
h1{font-size:1.3rem}dl{display:grid;grid-template-columns:auto 1fr;gap:.3rem 1rem}dt{font-weight:600}
button{font-size:1rem;padding:.6rem 1.2rem;margin:.3rem .5rem 0 0;cursor:pointer}.note{color:#555;font-size:.9rem}</style>
${script ? `<script src="${PROVIDER_PATH}result.js" defer></script>` : ''}</head>
<body><main${mainAttributes}>${body}</main></body></html>`;

/** The merchant's result page's script: tell the console, then close the popup. */
const RESULT_SCRIPT = `(() => {
  const main = document.querySelector('main');
  const message = { source: 'alarm-console-payment', result: main.dataset.result, merchant_no: main.dataset.order };
  if (window.opener) window.opener.postMessage(message, location.origin);
  document.getElementById('close').addEventListener('click', () => window.close());
  setTimeout(() => window.close(), 1500);
})();`;

const send = (res: ServerResponse, status: number, type: string, body: string): void =>
  void res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' }).end(body);

const sendRedirect = (res: ServerResponse, location: string): void =>
  void res.writeHead(303, { location, 'cache-control': 'no-store' }).end();

export class PaymentProvider {
  readonly payments: ProviderPayment[] = [];
  /** Every callback sent to the merchant's server, oldest first (no secret: the hash is derived). */
  readonly callbacks: ProviderCallback[] = [];
  private readonly pending = new Map<string, PendingPayment>();

  /**
   * `secrets` are the merchant's as the provider knows them (it issued them); `sendCallback` reaches the merchant's
   * server. Without it the provider reports to the browser only.
   */
  constructor(
    private readonly secrets: () => MerchantSecrets,
    private readonly sendCallback?: CallbackSender,
  ) {}

  clear(): void {
    this.payments.length = 0;
    this.callbacks.length = 0;
    this.pending.clear();
  }

  /** Answers a request under PROVIDER_PATH; `route` is the rest of the path. */
  async handle(method: string, route: string, raw: Buffer, search: URLSearchParams, res: ServerResponse) {
    if (method === 'GET' && route === 'result.js') return send(res, 200, 'text/javascript', RESULT_SCRIPT);
    if (method === 'POST' && route === 'pay') return this.pay(new URLSearchParams(raw.toString('utf8')), res);
    if (method === 'POST' && route === 'confirm') return this.confirm(new URLSearchParams(raw.toString('utf8')), res);
    if (method === 'GET' && (route === 'ok' || route === 'fail')) return this.result(route, search, res);
    return send(res, 404, 'text/plain', 'Not a page of the mock payment provider');
  }

  /** The card form arrives: checked, then the 3-D Secure step (nothing is decided before it). */
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
    if (missing.length) return refuse(`Missing fields: ${missing.join(', ')}`);
    const constants = fields.non_3d === '0' && fields.installment_count === '0' && fields.payment_type === 'card';
    if (!constants) return refuse('non_3d, installment_count and payment_type must be 0, 0 and card');
    const secrets = this.secrets();
    if (fields.merchant_id !== secrets.merchant_id) return refuse('Unknown merchant');
    if (!sameSignature(orderToken(fields, secrets), fields.token ?? '')) return refuse('Invalid token');
    if (!passesLuhn(fields.card_number ?? '')) return refuse('Invalid card number');
    const last4 = (fields.card_number ?? '').slice(-4);
    // The provider keeps the payment: the 3-D Secure page carries only its id, so nothing the browser sends back
    // can change the amount or the order paid.
    const id = randomUUID();
    const kept: Record<string, string> = { ...fields, last4 };
    for (const card of ['card_number', 'cvv', 'expiry_month', 'expiry_year', 'cc_owner']) delete kept[card];
    this.pending.set(id, { fields: kept, declined: fields.card_number === DECLINED_CARD });
    send(
      res,
      200,
      'text/html',
      page(
        '3-D Secure',
        `<h1>Mock payment provider: 3-D Secure</h1>
<dl><dt>Order</dt><dd>${escapeHtml(fields.merchant_no ?? '')}</dd><dt>Item</dt><dd>${escapeHtml(fields.title ?? '')}</dd>
<dt>Amount</dt><dd>${escapeHtml(`${fields.price} ${fields.currency}`)}</dd><dt>Card</dt><dd>•••• ${escapeHtml(last4)}</dd></dl>
<p class="note">A test page: nothing is charged. Confirm to complete the payment.</p>
<form method="post" action="${PROVIDER_PATH}confirm">
<input type="hidden" name="payment" value="${id}">
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
      last4: fields.last4 ?? (fields.card_number ?? '').slice(-4),
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
