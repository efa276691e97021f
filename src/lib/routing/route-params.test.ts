import { describe, expect, it } from 'vitest';
import { devIdParams, idParams, panelIdParams, payParams, routeId } from './route-params.ts';

describe('a whole-number id of an address', () => {
  it('takes a whole number from 1', () => {
    expect(routeId('2')).toBe(2);
    expect(routeId('401')).toBe(401);
    expect(routeId('1500')).toBe(1500);
  });

  it('refuses anything else', () => {
    for (const raw of ['0', '-1', '-3', '1.5', '2.5', 'abc', '', ' 2', ' 7', '2x', '1e3', '0x10', '9999999999999999']) {
      expect(routeId(raw), raw).toBeUndefined();
    }
  });
});

describe('the route parameters', () => {
  it('read the id of the user edit and the panel test pages, or none', () => {
    expect(idParams.parse({ id: '7' })).toEqual({ id: 7 });
    expect(idParams.parse({ id: 'abc' })).toEqual({ id: undefined });
    expect(idParams.stringify({ id: 7 })).toEqual({ id: '7' });
  });

  it("read a panel's users page's device id as the contract's DevId, or none", () => {
    expect(devIdParams.parse({ devId: '864215040012345' })).toEqual({ devId: 864215040012345 });
    expect(devIdParams.parse({ devId: 'not-a-panel' })).toEqual({ devId: undefined });
    expect(devIdParams.stringify({ devId: 864215040012345 })).toEqual({ devId: '864215040012345' });
  });

  it('open the panel detail only for a device id (anything else is the route error)', () => {
    expect(panelIdParams.parse({ id: '864215040012345' })).toEqual({ id: 864215040012345 });
    for (const raw of ['abc', '0', '1e5', '']) expect(() => panelIdParams.parse({ id: raw }), raw).toThrow();
    expect(panelIdParams.stringify({ id: 864215040012345 })).toEqual({ id: '864215040012345' });
  });

  it("read the pay page's plan, price and what it buys, each unknown on its own", () => {
    expect(payParams.parse({ planId: '2', priceId: '22', type: 'subscription' })).toEqual({
      planId: 2,
      priceId: 22,
      type: 'subscription',
    });
    expect(payParams.parse({ planId: '2', priceId: '22', type: 'gift' })).toEqual({
      planId: 2,
      priceId: 22,
      type: undefined,
    });
    expect(payParams.parse({ planId: 'x', priceId: '0', type: 'coupon' })).toEqual({
      planId: undefined,
      priceId: undefined,
      type: 'coupon',
    });
    expect(payParams.stringify({ planId: 2, priceId: 22, type: 'coupon' })).toEqual({
      planId: '2',
      priceId: '22',
      type: 'coupon',
    });
  });
});
