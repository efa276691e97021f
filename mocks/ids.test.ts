/**
 * The mock's one id parser (mocks/ids.ts): an id is read by its schema in the contract, exactly, and every other form
 * (a decimal point, a sign, spaces, leading zeros, an exponent, hex, empty) is refused, never read leniently; the
 * access check refuses such a value instead of skipping its ownership rule.
 */
import { describe, expect, it } from 'vitest';
import { MockAccess } from './access.ts';
import { Contract } from './contract.ts';
import { integerValue, parseInteger, parseJsonValue, parseText } from './ids.ts';
import { oddForms } from './odd-ids.ts';
import { PanelOwners } from './db/panel-owners.ts';

const contract = Contract.load();
const PANEL_1 = 864215040012345;

describe('the id parser', () => {
  it('reads an integer written exactly, and refuses every other form', () => {
    expect(parseInteger(String(PANEL_1))).toBe(PANEL_1);
    expect(parseInteger('0')).toBe(0);
    for (const form of oddForms(PANEL_1)) expect(parseInteger(form), JSON.stringify(form)).toBeUndefined();
    for (const form of ['', '-0', '00', '1e3', '9007199254740993', '١٢', 'Infinity', 'NaN', '1_000'])
      expect(parseInteger(form), form).toBeUndefined();
  });

  it('reads a parameter by its schema: bounds, booleans, enumerations, patterns and dates', () => {
    const id = { type: 'integer', minimum: 1 };
    expect(parseText(id, '5')).toBe(5);
    expect(parseText(id, '0')).toBeUndefined();
    expect(parseText({ type: 'integer', minimum: 1, maximum: 500 }, '501')).toBeUndefined();
    expect(parseText({ type: 'integer', enum: [0, 1, 2] }, '3')).toBeUndefined();
    expect(parseText({ type: 'boolean' }, 'true')).toBe(true);
    expect(parseText({ type: 'boolean' }, '1')).toBeUndefined();
    expect(parseText({ type: 'string', pattern: '^[0-9]{4}$' }, '0123')).toBe('0123');
    expect(parseText({ type: 'string', pattern: '^[1-9][0-9]*$' }, '0123')).toBeUndefined();
    expect(parseText({ type: 'string', format: 'date' }, '2026-02-30')).toBeUndefined();
    expect(parseText({ type: 'string', format: 'date' }, '2026-02-28')).toBe('2026-02-28');
    expect(parseText({ type: 'string', format: 'date-time' }, '2026-02-28T10:00:00Z')).toBe('2026-02-28T10:00:00Z');
    expect(parseText({ type: 'string', minLength: 1 }, '')).toBeUndefined();
  });

  it('reads a JSON body id without coercion', () => {
    const id = { type: 'integer', minimum: 1 };
    expect(parseJsonValue(id, PANEL_1)).toBe(PANEL_1);
    for (const value of [String(PANEL_1), PANEL_1 + 0.5, -1, 0, null, true, [PANEL_1], { id: PANEL_1 }])
      expect(parseJsonValue(id, value), JSON.stringify(value)).toBeUndefined();
    expect(integerValue(PANEL_1)).toBe(PANEL_1);
    expect(integerValue(`${PANEL_1}.0`)).toBeUndefined();
  });

  it('makes the access check refuse an ownership value that is not an id, never skip its rule', () => {
    const access = new MockAccess(contract, new PanelOwners(contract));
    const authorization = `Bearer ${contract.exampleToken('olduser')}`;
    const check = (id: string) =>
      access.check(contract.byId('getPanelZones'), {
        authorization,
        params: { id },
        query: new URLSearchParams(),
        body: {},
      })?.status;
    expect(check(String(PANEL_1))).toBe(404);
    for (const form of oddForms(PANEL_1)) expect(check(form), JSON.stringify(form)).toBe(400);
  });
});

describe('the reach of the objects behind an id', () => {
  it('reaches a queued write as its panel, and an unknown write nowhere', () => {
    const access = new MockAccess(contract, new PanelOwners(contract));
    access.queuedPanel = (id) => (id === 8 ? PANEL_1 : undefined);
    const status = (username: string, id: string) =>
      access.check(contract.byId('cancelQueuedWrite'), {
        authorization: `Bearer ${contract.exampleToken(username)}`,
        params: { id },
        query: new URLSearchParams(),
        body: {},
      })?.status;
    expect(status('user', '8')).toBeUndefined();
    expect(status('dealer', '8')).toBeUndefined();
    expect(status('olduser', '8')).toBe(404);
    expect(status('admin', '9')).toBe(404);
    expect(status('user', '8.0')).toBe(400);
  });
});
