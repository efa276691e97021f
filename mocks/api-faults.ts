/**
 * A slow or failing API on purpose, so a developer (or a browser test) sees the console's loading and error states
 * against the mock instead of faking them in the browser: every call of the mock API (not its `/__mock/` controls)
 * answers after `delay_ms`, and with `fail_status` it answers that status (`{ status: 'Error', message }`, the
 * server's error form) instead of doing anything; `path` limits both to the calls whose path starts with it.
 * Set at start (`npm start -- --api-delay 2000 --api-fail 503 --api-fault-path /api/command`) or at any time through
 * the control `POST /api/__mock/api-faults` (mocks/controls.ts); `{}` turns them off.
 */
import { STATUS_CODES, type ServerResponse } from 'node:http';
import { sendJson } from './area.ts';

export interface ApiFaultSettings {
  /** Every call waits this long before it is handled (0: none). */
  delay_ms: number;
  /** Every call answers this status (400–599) instead; null: answered as usual. */
  fail_status: number | null;
  /** Only calls whose URL path starts with this (`/api/command/devices`); null: every call. */
  path: string | null;
}

/** The longest delay: a minute, longer than any time-out the console waits. */
export const MAX_API_DELAY_MS = 60_000;

export const NO_FAULTS: ApiFaultSettings = { delay_ms: 0, fail_status: null, path: null };

/** Reads settings from a control's body or the start's options; a message says what is wrong. */
export function parseApiFaults(input: unknown): ApiFaultSettings | { message: string } {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return { message: 'The body must be a JSON object: { delay_ms?, fail_status?, path? }' };
  }
  const { delay_ms: delay = 0, fail_status: status = null, path = null, ...rest } = input as Record<string, unknown>;
  const unknown = Object.keys(rest);
  if (unknown.length) return { message: `Unknown field(s): ${unknown.join(', ')} (delay_ms, fail_status, path)` };
  if (typeof delay !== 'number' || !Number.isInteger(delay) || delay < 0 || delay > MAX_API_DELAY_MS) {
    return { message: `delay_ms must be a whole number of milliseconds from 0 to ${MAX_API_DELAY_MS}` };
  }
  if (status !== null && (typeof status !== 'number' || !Number.isInteger(status) || status < 400 || status > 599)) {
    return { message: 'fail_status must be an HTTP error status from 400 to 599, or null' };
  }
  if (path !== null && (typeof path !== 'string' || !path.startsWith('/'))) {
    return { message: 'path must be a URL path starting with "/" (for example /api/command), or null' };
  }
  return { delay_ms: delay, fail_status: status, path };
}

export class ApiFaults {
  private settings: ApiFaultSettings;

  constructor(
    initial: ApiFaultSettings = NO_FAULTS,
    private readonly wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
  ) {
    this.settings = { ...initial };
  }

  get(): ApiFaultSettings {
    return { ...this.settings };
  }

  set(settings: ApiFaultSettings): void {
    this.settings = { ...settings };
  }

  /**
   * Before a call of `pathname` (the whole URL path, `/api/...`) is handled: waits the delay, and answers the failure
   * when one is set (→ true: the call is answered).
   */
  async intercept(pathname: string, res: ServerResponse): Promise<boolean> {
    const { delay_ms: delay, fail_status: status, path } = this.settings;
    if (path !== null && !pathname.startsWith(path)) return false;
    if (delay > 0) await this.wait(delay);
    if (status === null) return false;
    sendJson(res, status, { status: 'Error', message: `${STATUS_CODES[status] ?? 'Error'} (mock API fault)` });
    return true;
  }

  /** `GET` → the settings; `POST { delay_ms?, fail_status?, path? }` → set (omitted: off), the settings. */
  control(method: string, raw: Buffer, res: ServerResponse): void {
    if (method === 'GET') return sendJson(res, 200, this.get());
    if (method !== 'POST') return sendJson(res, 405, { message: 'GET or POST' });
    let body: unknown;
    try {
      body = raw.length ? JSON.parse(raw.toString('utf8')) : {};
    } catch {
      return sendJson(res, 400, { message: 'The body must be JSON: { delay_ms?, fail_status?, path? }' });
    }
    const parsed = parseApiFaults(body);
    if ('message' in parsed) return sendJson(res, 400, parsed);
    this.set(parsed);
    return sendJson(res, 200, this.get());
  }
}

/** One line for the start's banner, or none when the API answers as usual. */
export function describeApiFaults({ delay_ms: delay, fail_status: status, path }: ApiFaultSettings): string | null {
  if (delay === 0 && status === null) return null;
  const parts = [delay > 0 && `answers after ${delay} ms`, status !== null && `fails with ${status}`].filter(Boolean);
  return `Mock API faults: ${path ? `calls under ${path}` : 'every call'} ${parts.join(' and ')} (POST /api/__mock/api-faults {} ends it)`;
}
