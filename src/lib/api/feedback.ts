/**
 * The one place that turns what happened to a call into a message: every failed call (ApiError), every answer
 * that refuses (a status without `Success`, a panel `Err` other than 0), every confirmation. Nothing else raises a
 * toast. A failure is shown once: the same message raised again while shown counts up ("×3") instead of piling
 * up, and a call that was cancelled because its page was left, or that failed because the session ended, shows
 * nothing (the sign-out says why, once). Error toasts are not hidden on their own (spec 1 §8); the one dismissal
 * made here is a query's failure when that same query (its hash, the query key) succeeds later: another query
 * succeeding never closes it, and a toast a mutation or a refusal also raised stays until the user closes it.
 */
import i18next from 'i18next';
import { isCancelledError, MutationCache, QueryCache } from '@tanstack/react-query';
import { repeatToast, showToast, toastStore, type ToastSeverity } from '../../shared/toast/toast-store.ts';
import { ApiError, isAbort, toApiError } from './api-error.ts';
import { LockoutError, lockoutMessage } from './lockout-error.ts';
import { StatusFailure } from './status-result.ts';
import { isReauthRequired } from './reauth-required.ts';
import { askReauth } from '../session/reauth-request.ts';

export interface Feedback {
  severity: ToastSeverity;
  title?: string;
  message: string;
}

interface Shown {
  id: number;
  /** The queries whose failure this toast tells of; it goes when the last of them succeeds. */
  sources: Set<string>;
  /** Raised by something that never succeeds later (a mutation, a refusal): stays until closed. */
  pinned: boolean;
}

const shown = new Map<string, Shown>();
const keyOf = ({ severity, title, message }: Feedback) => JSON.stringify([severity, title ?? '', message]);

function raise(feedback: Feedback, options: { source?: string; persistent?: boolean; count?: boolean } = {}): void {
  const key = keyOf(feedback);
  const current = shown.get(key);
  if (current && toastStore.has(current.id)) {
    if (options.count !== false) repeatToast(current.id);
    if (options.source) current.sources.add(options.source);
    else current.pinned = true;
    return;
  }
  const id = showToast({ ...feedback, persistent: options.persistent ?? true });
  shown.set(key, { id, sources: new Set(options.source ? [options.source] : []), pinned: !options.source });
}

/** What a failure says, or null when there is nothing to tell (cancelled, or the session ended). */
export function describeFailure(error: unknown, answerMessage?: string): Feedback | null {
  if (isAbort(error) || isCancelledError(error)) return null;
  const title = i18next.t('errors.title');
  if (error instanceof StatusFailure) return { severity: 'error', title, message: error.message };
  if (!(error instanceof ApiError) && !(error instanceof Error && error.name === 'TimeoutError')) {
    return { severity: 'error', title, message: i18next.t('errors.unexpected') };
  }
  const apiError = toApiError(error, undefined);
  if (apiError.sessionEnded) return null;
  if (apiError.isNetworkFailure) return { severity: 'error', message: i18next.t('errors.network') };
  if (apiError.isTimeout) return { severity: 'error', title, message: i18next.t('errors.timeout') };
  // A lockout says so, and how long is left, whatever the call's own failure text.
  if (apiError instanceof LockoutError) return { severity: 'error', ...lockoutMessage(apiError.lockout) };
  return { severity: 'error', title, message: answerMessage ?? apiError.message };
}

export interface FailureOptions {
  /** The query whose failure this is (its hash): the message goes when that query succeeds. */
  source?: string;
  /** Said instead of the server's message when the server answered (a feature's own failure text). */
  answerMessage?: string;
  /** The caller shows a lockout in its own place (a panel password dialog's countdown): no toast for it. */
  lockoutShown?: boolean;
  /** The answers' HTTP statuses the caller shows at a form's field (a taken e-mail address, 409): no toast for them. */
  shownAtField?: readonly number[];
}

/** Reports a failed call, or anything that went wrong outside a query (a guard, a handler): one message. */
export function reportFailure(error: unknown, options: FailureOptions = {}): void {
  if (options.lockoutShown && error instanceof LockoutError) return;
  if (options.shownAtField && failedWith(error, options.shownAtField)) return;
  const feedback = describeFailure(error, options.answerMessage);
  if (feedback) raise(feedback, { source: options.source });
}

/** The query `source` succeeded: its failure is over, and a toast no other failure holds goes away. */
export function resolveFailures(source: string): void {
  for (const [key, entry] of shown) {
    if (!entry.sources.delete(source)) continue;
    if (entry.sources.size === 0 && !entry.pinned) {
      toastStore.dismiss(entry.id);
      shown.delete(key);
    }
  }
}

/** A confirmation (auto-hidden). */
export const notifySuccess = (message: string, title?: string): void =>
  raise({ severity: 'success', title, message }, { persistent: false });

/** An answer that refused what was asked (status or panel `Err`): danger, stays until closed. */
export const notifyRefusal = (message: string, title = i18next.t('errors.title')): void =>
  raise({ severity: 'error', title, message });

/** A failed validation on save: a warning that stays until closed. */
export const notifyValidation = (message: string, title?: string): void =>
  raise({ severity: 'warning', title, message });

/** A persistent warning shown once however often it is raised (for example the subscription warning). */
export const notifyWarningOnce = (message: string, title?: string): void =>
  raise({ severity: 'warning', title, message }, { count: false });

/**
 * What became of a queued write this tab followed (the shell's queue watch): applied is a confirmation
 * (auto-hidden); failed (with the panel's answer) and conflicted (a person must choose) stay until closed.
 */
export function notifyQueueOutcome(outcome: 'applied' | 'failed' | 'conflicted', message: string): void {
  if (outcome === 'applied') notifySuccess(message);
  else raise({ severity: outcome === 'failed' ? 'error' : 'warning', message });
}

/** The session ended without the user asking (refused or expired token): said once, on the login page. */
export const notifySessionEnded = (): void =>
  raise({ severity: 'warning', message: i18next.t('session.ended') }, { count: false });

/** The idle timeout signed the person out (in this tab or another one): said on the login page. */
export const notifyIdleSignOut = (): void =>
  raise({ severity: 'warning', message: i18next.t('session.idleSignedOut') }, { count: false });

/**
 * Set on a mutation or a query (`meta: { failureMessage }`) to say its own text when the server refuses it (an
 * unreachable or slow server keeps its own message).
 */
const failureMessageOf = (meta: Record<string, unknown> | undefined): string | undefined =>
  typeof meta?.failureMessage === 'string' ? meta.failureMessage : undefined;

/** Set on a query or mutation (`meta: { lockoutShown: true }`) whose caller shows a lockout itself (`LOCKOUT_SHOWN`). */
export const LOCKOUT_SHOWN = { lockoutShown: true } as const;
const lockoutShownOf = (meta: Record<string, unknown> | undefined): boolean => meta?.lockoutShown === true;

/** Whether a call failed with an answer of one of these HTTP statuses (the server refused it, saying why). */
export const failedWith = (error: unknown, statuses: readonly number[]): boolean =>
  error instanceof ApiError && error.kind === 'answer' && statuses.includes(error.httpStatus);

/**
 * Set on a mutation (`meta: shownAtField(409)`) whose form marks the field a refusal of these statuses is about (the
 * e-mail address another account has): the field says it, no toast.
 */
export const shownAtField = (...statuses: number[]) => ({ shownAtField: statuses });
const shownAtFieldOf = (meta: Record<string, unknown> | undefined): readonly number[] | undefined =>
  Array.isArray(meta?.shownAtField) ? (meta.shownAtField as number[]) : undefined;

/**
 * The caches of the console's QueryClient: a query reports its failure once, after its retries, with its hash
 * as the source, and clears it when it succeeds; a mutation reports its failure once.
 */
export const feedbackCaches = () => ({
  queryCache: new QueryCache({
    onError: (error, query) =>
      reportFailure(error, {
        source: query.queryHash,
        answerMessage: failureMessageOf(query.meta),
        lockoutShown: lockoutShownOf(query.meta),
      }),
    onSuccess: (_data, query) => resolveFailures(query.queryHash),
  }),
  mutationCache: new MutationCache({
    onError: (error, variables, _context, mutation) =>
      // A stale authentication (`reauth-required`): the dialog asks for the password, and only its confirmation
      // sends the same call once more.
      isReauthRequired(error)
        ? askReauth({ retry: () => mutation.execute(variables) })
        : reportFailure(error, {
            answerMessage: failureMessageOf(mutation.meta),
            lockoutShown: lockoutShownOf(mutation.meta),
            shownAtField: shownAtFieldOf(mutation.meta),
          }),
  }),
});
