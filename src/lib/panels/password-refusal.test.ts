import { describe, expect, it } from 'vitest';
import { isPasswordRefusal } from './password-refusal.ts';

describe('a refused panel password', () => {
  it('recognises a refused password in either spelling of the code', () => {
    expect(isPasswordRefusal({ err: 2, user_no: 0 })).toBe(true);
    expect(isPasswordRefusal({ Err: 2 })).toBe(true);
    expect(isPasswordRefusal({ Err: 3 })).toBe(false);
    expect(isPasswordRefusal(null)).toBe(false);
  });
});
