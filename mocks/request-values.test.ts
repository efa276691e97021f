/** A request's named values read by their schemas (mocks/request-values.ts), failing closed. */
import { describe, expect, it } from 'vitest';
import { Contract } from './contract.ts';
import { oddForms } from './odd-ids.ts';
import { RequestParser } from './request-values.ts';

const contract = Contract.load();
const PANEL_1 = 864215040012345;

describe('the request values parser', () => {
  it('parses each parameter of the matched operation, and refuses an odd or repeated one', () => {
    const parser = new RequestParser(contract);
    const parse = (method: string, path: string, body: Record<string, unknown> = {}) => {
      const url = new URL(path, 'http://mock');
      const matched = contract.match(method, url.pathname)!;
      return parser.parse(matched.operation, { params: matched.params, query: url.searchParams, body });
    };
    expect(parse('GET', `/command/devices/${PANEL_1}/zones`)).toEqual({
      values: { path: { id: PANEL_1 }, query: {}, body: {} },
    });
    for (const form of oddForms(PANEL_1)) {
      expect(parse('GET', `/command/devices/${encodeURIComponent(form)}/zones`), JSON.stringify(form)).toHaveProperty(
        'refused',
      );
    }
    expect(parse('GET', '/command/devices/%ZZ/zones')).toHaveProperty('refused');
    // A negative id is an integer, refused by the parameter's minimum.
    expect(parse('GET', `/command/devices/-${PANEL_1}/zones`)).toHaveProperty('refused');
    expect(parse('GET', `/audit-log?dev_id=`)).toHaveProperty('refused');
    expect(parse('GET', `/audit-log?dev_id=${PANEL_1}`)).toMatchObject({ values: { query: { dev_id: PANEL_1 } } });
    expect(parse('GET', `/audit-log?dev_id=${PANEL_1}&dev_id=1`)).toEqual({ refused: 'query dev_id is given 2 times' });
    expect(parse('GET', `/audit-log?dev_id=${PANEL_1}%20`)).toHaveProperty('refused');
    expect(parse('GET', '/orders?is_billing=yes')).toHaveProperty('refused');
    expect(parse('GET', '/coupons/301/codes')).toMatchObject({ values: { path: { id: 301 } } });
    expect(parse('GET', '/coupons/0301/codes')).toHaveProperty('refused');
    // A body value `x-ownership` names: a JSON integer, never its digits as a string.
    const rename = '/command/devices/userdevices/changepaneldesc';
    expect(parse('PUT', rename, { device_id: PANEL_1, Description: 'x' })).toMatchObject({
      values: { body: { device_id: PANEL_1 } },
    });
    expect(parse('PUT', rename, { device_id: `${PANEL_1}`, Description: 'x' })).toHaveProperty('refused');
    expect(parse('PUT', rename, { device_id: PANEL_1 + 0.5, Description: 'x' })).toHaveProperty('refused');
  });
});
