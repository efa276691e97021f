/**
 * One more try for a request whose connection was lost before any answer came: a server closes a kept-alive
 * connection it has not heard from for a while (Node's default: 5 s), and a client that sends on it at that moment
 * gets a reset ("other side closed", ECONNRESET) instead of an answer. That is the connection's fault, not the
 * server's answer, so a check must not report it as one.
 *
 * fetch cannot say whether the lost connection was a kept-alive one, nor whether the server read the request before
 * the connection went: a reset never proves a request was not received. So the request is sent again once only when
 * sending it twice changes nothing more than sending it once (`PlannedRequest.repeatable`: a GET, or a call the
 * contract marks `x-changes-state: false`); a call that may change state is never sent again, and its lost
 * connection is reported. The checks keep connections from going stale in the first place by building each request
 * as they send it (the negative check builds an operation's cases when it reaches it, not all before the first).
 */

/** The codes of a connection lost under a request (undici's, as Node's fetch reports them in `cause`). */
const LOST_CONNECTION = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED']);

/** Whether a failed fetch lost its connection before any answer (not a timeout, an abort or a refused connection). */
export function lostConnection(error: unknown): boolean {
  if (!(error instanceof Error) || error.name === 'AbortError' || error.name === 'TimeoutError') return false;
  const cause: unknown = error.cause;
  if (!(cause instanceof Error)) return false;
  const code = (cause as Error & { code?: unknown }).code;
  return (typeof code === 'string' && LOST_CONNECTION.has(code)) || /other side closed/i.test(cause.message);
}

/** Whether a request may be sent again: its own word, else by its method (GET and HEAD change nothing). */
export const mayRepeat = (request: { method: string; repeatable?: boolean }): boolean =>
  request.repeatable ?? ['GET', 'HEAD'].includes(request.method.toUpperCase());

/**
 * `fetch`, sent once more when the connection was lost before any answer and the request may be repeated
 * (`repeatable`); a second loss, or a loss under a call that may change state, is thrown as it came.
 */
export async function fetchOnceMore(url: string, init: RequestInit, repeatable: boolean): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    if (!repeatable || !lostConnection(error) || init.signal?.aborted) throw error;
    return fetch(url, init);
  }
}
