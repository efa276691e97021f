import { describe, expect, it } from 'vitest';
import { paymentResultOf, RESULT_MESSAGE_SOURCE, resultOrigins } from './payment-popup.ts';

const popup = {} as Window;
const other = {} as Window;
const origins = ['https://console.example.com'];
const message = (data: unknown, origin = origins[0]!, source: Window = popup) => ({ data, origin, source });

describe('paymentResultOf', () => {
  it('reads the result page’s message from the popup and its origin', () => {
    expect(paymentResultOf(message({ source: RESULT_MESSAGE_SOURCE, result: 'ok' }), popup, origins)).toBe('ok');
    expect(paymentResultOf(message({ source: RESULT_MESSAGE_SOURCE, result: 'fail' }), popup, origins)).toBe('fail');
  });

  it('ignores other windows, other origins and other messages', () => {
    const data = { source: RESULT_MESSAGE_SOURCE, result: 'ok' };
    expect(paymentResultOf(message(data, origins[0], other), popup, origins)).toBeUndefined();
    expect(paymentResultOf(message(data, 'https://evil.example.com'), popup, origins)).toBeUndefined();
    expect(paymentResultOf(message({ source: 'x', result: 'ok' }), popup, origins)).toBeUndefined();
    expect(
      paymentResultOf(message({ source: RESULT_MESSAGE_SOURCE, result: 'maybe' }), popup, origins),
    ).toBeUndefined();
    expect(paymentResultOf(message('ok'), popup, origins)).toBeUndefined();
    expect(paymentResultOf(message(null), popup, origins)).toBeUndefined();
  });
});

describe('resultOrigins', () => {
  it('gives the distinct origins of the result pages', () => {
    expect(resultOrigins('https://a.example.com/ok', 'https://a.example.com/fail', 'nonsense')).toEqual([
      'https://a.example.com',
    ]);
  });
});
