/**
 * A quiet terminal for the console's local servers (`npm start`, `npm run dev`, `vite preview`): their proxy (/api,
 * /files, /provider, /mqtt) reports every connection that ends badly with a stack trace, and most of them are nothing
 * wrong: a page reloaded or closed drops its live-feed websocket and its calls in flight (ECONNRESET, EPIPE). Those
 * say nothing now; what may be wrong (the mock API or the broker not answering, ECONNREFUSED, or anything else) is one
 * line, said once while it keeps happening (not at each of the live feed's reconnect attempts). Every other error of
 * the server is printed as before.
 */
import type { Logger, LogErrorOptions, Plugin } from 'vite';

/** A client (the browser) that went away, or a connection reset on the way: nothing for a developer to do. */
const GONE = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED']);
/** A repeated line (the same failure, say each reconnect attempt to a stopped broker) is said again after this. */
export const REPEAT_AFTER_MS = 60_000;

// eslint-disable-next-line no-control-regex -- the colour codes of the server's log
const plain = (text: string) => text.replace(/\x1b\[[0-9;]*m/g, '');

/**
 * What to print for an error the server logs: `undefined` for one that is not the proxy's (printed as it is), `null`
 * for nothing, else the one line.
 */
export function proxyErrorLine(
  message: string,
  error?: { message?: string; code?: string } | null,
): string | null | undefined {
  const head = /^(http|ws) proxy (socket )?error:\s*(\S*)/.exec(plain(message).trim());
  if (!head) return undefined;
  const [, kind, socket, url] = head;
  const code = error?.code;
  if (code && GONE.has(code)) return null;
  const where = kind === 'ws' ? 'live feed (websocket)' : url || 'a request';
  const what = code ?? error?.message ?? 'failed';
  const hint =
    code === 'ECONNREFUSED' ? (kind === 'ws' ? ': is the broker running?' : ': is the mock API running?') : '';
  return `proxy: ${where}${socket ? ' (browser side)' : ''}: ${what}${hint}`;
}

/** Makes `logger` say proxy errors as proxyErrorLine says (`now` for tests). */
export function quietProxyErrors(logger: Logger, now: () => number = Date.now): Logger {
  const error = logger.error.bind(logger);
  const said = new Map<string, number>();
  logger.error = (message: string, options?: LogErrorOptions) => {
    const line = proxyErrorLine(message, options?.error);
    if (line === undefined) return error(message, options);
    if (line === null) return;
    // One line per failure, not one per attempt: said again only after a quiet minute.
    const key = line.replace(/^proxy: \/[^:]*/, 'proxy: http');
    const last = said.get(key);
    said.set(key, now());
    if (last !== undefined && now() - last < REPEAT_AFTER_MS) return;
    logger.warn(line, { timestamp: true });
  };
  return logger;
}

/** The plugin: the dev and preview servers' logger, quiet about proxy connections as above. */
export const quietProxyLogPlugin = (): Plugin => ({
  name: 'quiet-proxy-log',
  configResolved: (config) => void quietProxyErrors(config.logger),
});
