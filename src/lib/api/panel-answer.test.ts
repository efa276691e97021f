import { describe, expect, it } from 'vitest';
import { PANEL_ANSWER, panelAccepted, panelAnswerCode } from './panel-answer.ts';

describe('a panel answer', () => {
  it('has the codes of the contract', () => {
    expect(PANEL_ANSWER).toEqual({ accepted: 0, refused: 2, disconnected: 5 });
  });

  it('is read from Err (commands, settings reads) or err (the password check)', () => {
    expect(panelAnswerCode({ Err: 5 })).toBe(5);
    expect(panelAnswerCode({ err: 2, user_no: 0 })).toBe(2);
    expect(panelAnswerCode({ Err: 0, err: 2 })).toBe(0);
  });

  it('has no code when it carries none or is no object', () => {
    expect(panelAnswerCode({ status: 'Success' })).toBeUndefined();
    expect(panelAnswerCode({ Err: '0' })).toBeUndefined();
    expect(panelAnswerCode(null)).toBeUndefined();
    expect(panelAnswerCode('0')).toBeUndefined();
  });

  it('is accepted only on code 0', () => {
    expect(panelAccepted({ Err: 0 })).toBe(true);
    expect(panelAccepted({ err: 0 })).toBe(true);
    expect(panelAccepted({ Err: 2 })).toBe(false);
    expect(panelAccepted({})).toBe(false);
  });
});
