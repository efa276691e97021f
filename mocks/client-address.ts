/**
 * The caller's address as the attempt limits key a client (`per: client` of the contract's `x-attempt-limits`, and the
 * `client` of a security event in the audit log): the connection's own address. `X-Forwarded-For` is believed only on
 * a loopback connection, where it comes from a proxy of the stack's own (the nginx of `deploy/`, which appends the
 * address it saw, and the console's dev and preview servers); then its last entry is the client, the one that proxy
 * appended (the entries before it are whatever the client claimed). A client that is not on this machine cannot
 * choose its key by sending the header. Addresses are compared as written, an IPv4 address mapped into IPv6
 * (`::ffff:127.0.0.1`) as the IPv4 one.
 */
import type { IncomingMessage } from 'node:http';

const MAPPED = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i;

const plain = (address: string): string => address.trim().replace(MAPPED, '$1');

/** Whether an address is this machine's own (127.0.0.0/8, ::1). */
export const isLoopback = (address: string): boolean => {
  const value = plain(address);
  return value === '::1' || /^127\.\d+\.\d+\.\d+$/.test(value);
};

/** The client key of a connection's address and its `X-Forwarded-For` header. */
export function clientKey(socketAddress: string | undefined, forwardedFor: string | string[] | undefined): string {
  const own = plain(socketAddress ?? '');
  if (!isLoopback(own)) return own || 'unknown';
  const header = Array.isArray(forwardedFor) ? forwardedFor.join(',') : (forwardedFor ?? '');
  const last = header
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .at(-1);
  return last ? plain(last) : own;
}

/** The client key of a request the mock front received. */
export const clientAddress = (req: IncomingMessage): string =>
  clientKey(req.socket.remoteAddress, req.headers['x-forwarded-for']);
