/**
 * The fake payment provider's own pages (mocks/payment-provider/provider.ts): the card form, the 3-D Secure step and the
 * merchant's result pages, each with the provider's own strict Content-Security-Policy. The card is typed here, on
 * the provider's page, never on the console's: no script of the console can read it (PCI DSS SAQ A). The card form
 * needs no script at all (the browser checks the fields' patterns; the provider checks them again); only the result
 * page runs one, from the provider's own origin.
 */
import type { ServerResponse } from 'node:http';

/** Path under which the front answers the provider's pages. */
export const PROVIDER_PATH = '/provider/';

/**
 * The provider's policy: nothing but its own stylesheet and result script, forms only to itself (the 3-D Secure
 * answer's redirect goes on to the merchant's result page on the same origin in the mock), and no framing.
 */
export const PROVIDER_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');

export const PROVIDER_STYLE = `body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem;color:#1b1b1f}
h1{font-size:1.3rem}dl{display:grid;grid-template-columns:auto 1fr;gap:.3rem 1rem}dt{font-weight:600}
label{display:block;margin:.7rem 0 .2rem;font-weight:600}input{font-size:1rem;padding:.4rem;width:100%;box-sizing:border-box}
.row{display:grid;grid-template-columns:1fr 1fr;gap:0 1rem}.error{color:#b3261e}
button{font-size:1rem;padding:.6rem 1.2rem;margin:.8rem .5rem 0 0;cursor:pointer}.note{color:#555;font-size:.9rem}`;

/** The merchant's result page's script: tell the console, then close the popup. */
export const RESULT_SCRIPT = `(() => {
  const main = document.querySelector('main');
  const message = { source: 'alarm-console-payment', result: main.dataset.result, merchant_no: main.dataset.order };
  if (window.opener) window.opener.postMessage(message, location.origin);
  document.getElementById('close').addEventListener('click', () => window.close());
  setTimeout(() => window.close(), 1500);
})();`;

export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export const page = (title: string, body: string, script = false, mainAttributes = ''): string => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${PROVIDER_PATH}style.css">
${script ? `<script src="${PROVIDER_PATH}result.js" defer></script>` : ''}</head>
<body><main${mainAttributes}>${body}</main></body></html>`;

/** What the order says, shown above the card form and the 3-D Secure step. */
export const orderSummary = (fields: Record<string, string>, card?: string): string =>
  `<dl><dt>Order</dt><dd>${escapeHtml(fields.merchant_no ?? '')}</dd><dt>Item</dt><dd>${escapeHtml(fields.title ?? '')}</dd>
<dt>Amount</dt><dd>${escapeHtml(`${fields.price} ${fields.currency}`)}</dd><dt>Buyer</dt><dd>${escapeHtml(fields.buyer_name ?? '')}</dd>${
    card ? `<dt>Card</dt><dd>•••• ${escapeHtml(card)}</dd>` : ''
  }</dl>`;

/** The provider's card form for a checkout it keeps (`id`); `errors` from a refused attempt (nothing typed is echoed). */
export const cardFormPage = (id: string, fields: Record<string, string>, errors: string[] = []): string =>
  page(
    'Card payment',
    `<h1>Mock payment provider: card payment</h1>
${orderSummary(fields)}
${errors.length ? `<ul class="error" role="alert">${errors.map((error) => `<li>${escapeHtml(error)}</li>`).join('')}</ul>` : ''}
<form method="post" action="${PROVIDER_PATH}card">
<input type="hidden" name="checkout" value="${id}">
<label for="cc_owner">Name on card</label>
<input id="cc_owner" name="cc_owner" autocomplete="cc-name" required minlength="3" maxlength="50">
<label for="card_number">Card number</label>
<input id="card_number" name="card_number" autocomplete="cc-number" inputmode="numeric" required pattern="[0-9 ]{12,23}">
<div class="row"><div><label for="expiry">Expiry (MM/YY)</label>
<input id="expiry" name="expiry" autocomplete="cc-exp" inputmode="numeric" required pattern="(0[1-9]|1[0-2])/?[0-9]{2}" placeholder="MM/YY"></div>
<div><label for="cvv">CVC</label>
<input id="cvv" name="cvv" autocomplete="cc-csc" inputmode="numeric" required pattern="[0-9]{3,4}"></div></div>
<button type="submit">Pay ${escapeHtml(`${fields.price} ${fields.currency}`)}</button>
</form>
<p class="note">A test page: nothing is charged. Test cards: 4111 1111 1111 1111 and 5555 5555 5555 4444 are approved,
4000 0000 0000 0002 is declined; any holder, any future expiry, any CVC of the right length.</p>`,
  );

export const send = (res: ServerResponse, status: number, type: string, body: string): void =>
  void res
    .writeHead(status, {
      'content-type': type,
      'cache-control': 'no-store',
      'content-security-policy': PROVIDER_CSP,
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
    })
    .end(body);

export const sendRedirect = (res: ServerResponse, location: string): void =>
  void res.writeHead(303, { location, 'cache-control': 'no-store' }).end();
