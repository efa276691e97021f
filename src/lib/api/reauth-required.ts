/**
 * Re-authentication before a dangerous action (the contract's proposed `POST /logins/reauth`, operations marked
 * `x-reauth`): how the console tells the server's two answers about it apart from other refusals.
 */
import { ApiError } from './api-error.ts';

const flagged = (body: unknown, flag: 'reauth_required' | 'reauth_failed'): boolean =>
  typeof body === 'object' && body !== null && (body as Record<string, unknown>)[flag] === true;

/** A 403 `reauth-required`: the session authenticated too long ago for this action; nothing was done. */
export const isReauthRequired = (error: unknown): boolean =>
  error instanceof ApiError && error.httpStatus === 403 && flagged(error.body, 'reauth_required');

/** The 401 of a wrong password or code at `POST /logins/reauth`: the token was accepted, the session goes on. */
export const isReauthFailure = (status: number | undefined, body: unknown): boolean =>
  status === 401 && flagged(body, 'reauth_failed');
