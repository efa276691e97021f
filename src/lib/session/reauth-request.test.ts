/**
 * A mutation refused with 403 `reauth-required` (the contract's `x-reauth`) opens the re-authentication request
 * instead of an error toast, and nothing is sent again until the dialog's confirmation retries it, once; any other
 * refusal is a toast as before, and the re-authentication's wrong password is no refused token.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { MutationObserver, QueryClient } from '@tanstack/react-query';
import { toastStore } from '../../shared/toast/toast-store.ts';
import { ApiError } from '../api/api-error.ts';
import { feedbackCaches } from '../api/feedback.ts';
import { isReauthFailure, isReauthRequired } from '../api/reauth-required.ts';
import { pendingReauth, settleReauth } from './reauth-request.ts';

const stale = () => new ApiError(403, 'reauth', 'Error', { message: 'reauth', status: 'Error', reauth_required: true });
const errorToasts = () => toastStore.list().filter((toast) => toast.severity === 'error');

beforeEach(() => {
  settleReauth();
  for (const toast of toastStore.list()) toastStore.dismiss(toast.id);
});

describe('re-authentication requests', () => {
  it('asks instead of telling, and sends the refused call again only when retried, once', async () => {
    const client = new QueryClient(feedbackCaches());
    const sent: number[] = [];
    const observer = new MutationObserver(client, {
      mutationFn: async (userId: number) => {
        sent.push(userId);
        if (sent.length === 1) throw stale();
        return 'deleted';
      },
    });
    await expect(observer.mutate(5)).rejects.toBeInstanceOf(ApiError);
    expect(sent).toEqual([5]);
    expect(errorToasts()).toEqual([]);
    const request = pendingReauth();
    expect(request).not.toBeNull();
    expect(await request!.retry()).toBe('deleted');
    expect(sent).toEqual([5, 5]);
    expect(observer.getCurrentResult().isSuccess).toBe(true);
  });

  it('tells any other refusal as before, and asks nothing', async () => {
    const client = new QueryClient(feedbackCaches());
    const observer = new MutationObserver(client, {
      mutationFn: async () => {
        throw new ApiError(403, 'Bu işlem için yetkiniz yok', 'Error', { message: 'Bu işlem için yetkiniz yok' });
      },
    });
    await expect(observer.mutate(undefined)).rejects.toBeInstanceOf(ApiError);
    expect(pendingReauth()).toBeNull();
    expect(errorToasts().map((toast) => toast.message)).toEqual(['Bu işlem için yetkiniz yok']);
  });

  it('tells the two answers of the contract apart from others', () => {
    expect(isReauthRequired(stale())).toBe(true);
    expect(isReauthRequired(new ApiError(403, 'x', 'Error', { message: 'x' }))).toBe(false);
    expect(isReauthFailure(401, { message: 'x', reauth_failed: true })).toBe(true);
    expect(isReauthFailure(401, { message: 'x' })).toBe(false);
  });
});
