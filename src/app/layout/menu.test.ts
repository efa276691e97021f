import { describe, expect, it } from 'vitest';
import { menuFor } from './menu.ts';

const links = (userType: number) => menuFor(userType).map((item) => item.to);

describe('side menu by role', () => {
  it('gives everyone home, panels, subscriptions, subscription history and help', () => {
    expect(links(0)).toEqual(['/', '/Panels', '/Payment/List', '/Payment/Coupons', '/Help/List']);
  });

  it('adds users, panel management and order history above role 0', () => {
    expect(links(1)).toEqual([...links(0), '/Users', '/PanelManage', '/Payment/History']);
  });

  it('adds dealer requests, panel tests, billing, coupons and firmware files above role 1', () => {
    expect(links(2)).toEqual([
      ...links(1),
      '/Dealer/Requests',
      '/PanelTest/List',
      '/Payment/Billing',
      '/Payment/Coupons',
      '/Help/Updates',
    ]);
  });
});
