/**
 * Who the broker lets in (the AsyncAPI document's `brokerCredentials`, openapi/README.md "Sessions"): a CONNECT with
 * the console's username and a token the REST API would refuse must be refused too. Each probe uses a connection of
 * its own:
 *  - an expired token (`--expired-token`: a token of this server whose `exp` has passed; a checker cannot sign one);
 *  - a wrong token: the caller's own token with its signature altered;
 *  - no token: the console's username without a password;
 *  - a revoked token (`--revoked-token`, optional: a token of a session the caller signed out).
 * Refused: a CONNACK with a return code (4 bad user name or password, 5 not authorized, any non-zero), or the
 * connection closed before a CONNACK. Accepted (failed): CONNACK 0. No answer within the time-out fails too (no refusal
 * was seen).
 */
import mqtt from 'mqtt';
import type { CheckResult } from './checks.ts';

export const CONNECT_CHECKS = {
  expired: 'live: CONNECT with an expired token refused',
  wrong: 'live: CONNECT with a wrong token refused',
  none: 'live: CONNECT without a token refused',
  revoked: 'live: CONNECT with a revoked token refused',
} as const;

export interface ConnectProbeOptions {
  url: string;
  username: string;
  /** The caller's own (valid) token: the wrong token is made from it. */
  token: string;
  expiredToken?: string;
  revokedToken?: string;
  timeoutMs: number;
}

type Verdict = { kind: 'accepted' } | { kind: 'refused'; how: string } | { kind: 'no-answer'; reason: string };

const RETURN_CODES: Record<number, string> = {
  1: 'unacceptable protocol version',
  2: 'identifier rejected',
  3: 'server unavailable',
  4: 'bad user name or password',
  5: 'not authorized',
};

/** The token with its signature altered (its last characters changed): a token this server never signed. */
export const alteredToken = (token: string): string => {
  const last = token.at(-1) === 'A' ? 'B' : 'A';
  return `${token.slice(0, -4)}${last.repeat(4)}`;
};

/** One CONNECT as the console makes it (MQTT 3.1.1, clean session, no reconnect), and what the broker did with it. */
function tryConnect(url: string, username: string, password: string | undefined, timeoutMs: number): Promise<Verdict> {
  return new Promise((settle) => {
    const client = mqtt.connect(url, {
      username,
      ...(password === undefined ? {} : { password }),
      reconnectPeriod: 0,
      connectTimeout: timeoutMs,
      clean: true,
    });
    let settled = false;
    const finish = (verdict: Verdict) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      client.end(true);
      settle(verdict);
    };
    const timer = setTimeout(
      () => finish({ kind: 'no-answer', reason: `no CONNACK within ${timeoutMs} ms` }),
      timeoutMs,
    );
    client.on('packetreceive', (packet) => {
      if (packet.cmd !== 'connack') return;
      const code = packet.returnCode ?? packet.reasonCode ?? 0;
      if (code === 0) finish({ kind: 'accepted' });
      else finish({ kind: 'refused', how: `CONNACK ${code} (${RETURN_CODES[code] ?? 'refused'})` });
    });
    client.on('error', () => undefined);
    client.once('close', () => finish({ kind: 'refused', how: 'the broker closed the connection before a CONNACK' }));
  });
}

function resultOf(name: string, what: string, verdict: Verdict, durationMs: number): CheckResult {
  const base = { kind: 'live' as const, area: 'live', name, durationMs };
  if (verdict.kind === 'refused') return { ...base, status: 'passed', message: `refused ${what}: ${verdict.how}` };
  if (verdict.kind === 'accepted') {
    return {
      ...base,
      status: 'failed',
      message: `accepted ${what}: CONNACK 0 (expected a refusal, CONNACK 4 or 5, or a closed connection)`,
    };
  }
  return { ...base, status: 'failed', message: `no verdict on ${what}: ${verdict.reason} (expected a refusal)` };
}

/** The CONNECT refusals, in the order of CONNECT_CHECKS (a probe without its token is skipped, saying why). */
export async function connectRefusals(options: ConnectProbeOptions): Promise<CheckResult[]> {
  const probes: { name: string; what: string; password?: string; skipped?: string }[] = [
    {
      name: CONNECT_CHECKS.expired,
      what: 'a CONNECT with an expired token',
      ...(options.expiredToken !== undefined
        ? { password: options.expiredToken }
        : { skipped: 'give --expired-token <jwt>: a token of this server whose exp has passed' }),
    },
    {
      name: CONNECT_CHECKS.wrong,
      what: 'a CONNECT with a token whose signature was altered',
      password: alteredToken(options.token),
    },
    { name: CONNECT_CHECKS.none, what: 'a CONNECT with the console username and no password' },
    {
      name: CONNECT_CHECKS.revoked,
      what: 'a CONNECT with the token of a signed-out session',
      ...(options.revokedToken !== undefined
        ? { password: options.revokedToken }
        : { skipped: 'give --revoked-token <jwt>: a token of a session signed out (POST /logout)' }),
    },
  ];
  return Promise.all(
    probes.map(async (probe): Promise<CheckResult> => {
      if (probe.skipped) {
        return {
          kind: 'live',
          area: 'live',
          name: probe.name,
          status: 'skipped',
          message: probe.skipped,
          durationMs: 0,
        };
      }
      const started = Date.now();
      const verdict = await tryConnect(options.url, options.username, probe.password, options.timeoutMs);
      return resultOf(probe.name, probe.what, verdict, Date.now() - started);
    }),
  );
}
