import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../../../tests/support/memory-storage.ts';
import { markNewOrderNoticeShown, newOrderNoticeShown } from './new-order-notice.ts';

describe("'Yeni Sipariş Var' once a session", () => {
  it('is not shown again to the same user in the same session', () => {
    const session = memoryStorage();
    expect(newOrderNoticeShown('admin', session)).toBe(false);
    markNewOrderNoticeShown('admin', session);
    expect(newOrderNoticeShown('admin', session)).toBe(true);
    markNewOrderNoticeShown('admin', session);
    expect(JSON.parse(session.getItem('new_order_notice')!)).toEqual(['admin']);
  });

  it('is shown to another user of the same browser session, and in a new session', () => {
    const session = memoryStorage();
    markNewOrderNoticeShown('admin', session);
    expect(newOrderNoticeShown('admin2', session)).toBe(false);
    expect(newOrderNoticeShown('admin', memoryStorage())).toBe(false);
  });

  it('reads a damaged entry as nothing shown, and keeps no token', () => {
    const session = memoryStorage();
    session.setItem('new_order_notice', '{not json');
    expect(newOrderNoticeShown('admin', session)).toBe(false);
    markNewOrderNoticeShown('admin', session);
    expect(session.getItem('new_order_notice')).toBe('["admin"]');
  });
});
