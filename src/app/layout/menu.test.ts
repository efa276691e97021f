import { describe, expect, it } from 'vitest';
import { menuFor } from './menu.ts';

const links = (userType: number) => menuFor(userType).map((item) => item.to);

describe('side menu by role', () => {
  it('gives everyone home, panels, subscriptions, subscription history and help', () => {
    expect(links(0)).toEqual(['/', '/Panels', '/Payment/List', '/Payment/Subscriptions', '/Help/List']);
  });

  it('adds users, panel management, order history and the audit log above role 0', () => {
    expect(links(1)).toEqual([...links(0), '/Users', '/PanelManage', '/Payment/History', '/Audit']);
  });

  it('adds dealer requests, panel tests, firmware roll-outs, billing, coupons and firmware files above role 1', () => {
    // The coupon requests are an administration entry of their own; the subscription history stays in everyone's.
    expect(links(2)).toEqual([
      ...links(1),
      '/Dealer/Requests',
      '/PanelTest/List',
      '/PanelTest/Rollouts',
      '/Payment/Billing',
      '/Payment/Coupons',
      '/Help/Updates',
    ]);
    for (const userType of [0, 1, 2]) expect(new Set(links(userType)).size).toBe(links(userType).length);
  });
});
