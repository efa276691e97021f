import { describe, expect, it } from 'vitest';
import { routeId } from './route-id.ts';

describe('the id of a /PanelTest route', () => {
  it('takes a whole number from 1', () => {
    expect(routeId('2')).toBe(2);
    expect(routeId('401')).toBe(401);
  });

  it('refuses anything else', () => {
    for (const raw of ['0', '-1', '1.5', 'abc', '', ' 2', '2x', '9999999999999999', undefined]) {
      expect(routeId(raw)).toBeNaN();
    }
  });
});
