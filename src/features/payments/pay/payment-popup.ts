/**
 * The payment provider's popup (spec 2 §4): opened at the person's click (so no blocker takes it for an ad), the
 * card form posted into it, and watched every 500 ms until it closes. The merchant's result page may say how the
 * payment ended (`postMessage` from the result page's origin); the console listens only to that window and origin.
 */

/** How often the console looks whether the popup is still open (spec 2 §9). */
export const POPUP_POLL_MS = 500;

/** The popup's window name: the card form's `target`. */
export const POPUP_NAME = 'alarm-console-payment';

/** What the merchant's result page posts to the console. */
export const RESULT_MESSAGE_SOURCE = 'alarm-console-payment';

export type PaymentResult = 'ok' | 'fail';

/** Opens the empty popup the form will be posted into; null when the browser blocked it. */
export function openPaymentPopup(): Window | null {
  const popup = window.open('about:blank', POPUP_NAME, 'popup,width=520,height=720');
  if (!popup) return null;
  try {
    popup.focus();
  } catch {
    // a popup that cannot take the focus still works
  }
  return popup;
}

/** The payment's result in a message, when it comes from the popup and one of the result pages' origins. */
export function paymentResultOf(
  event: Pick<MessageEvent, 'data' | 'origin' | 'source'>,
  popup: Window,
  origins: readonly string[],
): PaymentResult | undefined {
  if (event.source !== popup || !origins.includes(event.origin)) return undefined;
  const data = event.data as { source?: unknown; result?: unknown } | null;
  if (typeof data !== 'object' || data === null || data.source !== RESULT_MESSAGE_SOURCE) return undefined;
  return data.result === 'ok' || data.result === 'fail' ? data.result : undefined;
}

/** The origins of the result pages (ok and fail URLs of the payment settings). */
export function resultOrigins(...urls: string[]): string[] {
  const origins = new Set<string>();
  for (const url of urls) {
    try {
      origins.add(new URL(url).origin);
    } catch {
      // not a URL: no message can come from it
    }
  }
  return [...origins];
}

/**
 * Watches the popup: `onResult` when its result page tells the payment's result, `onClosed` (with the last result
 * heard, if any) once it has closed. → a function that stops watching (and leaves the popup as it is).
 */
export function watchPaymentPopup(
  popup: Window,
  origins: readonly string[],
  onClosed: (result: PaymentResult | undefined) => void,
  pollMs = POPUP_POLL_MS,
): () => void {
  let result: PaymentResult | undefined;
  const listen = (event: MessageEvent) => {
    result = paymentResultOf(event, popup, origins) ?? result;
  };
  window.addEventListener('message', listen);
  const timer = window.setInterval(() => {
    if (!popup.closed) return;
    stop();
    onClosed(result);
  }, pollMs);
  function stop() {
    window.clearInterval(timer);
    window.removeEventListener('message', listen);
  }
  return stop;
}
