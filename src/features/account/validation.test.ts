import { describe, expect, it } from 'vitest';
import { NewPasswordSchema } from '@generated/api/schemas.gen.ts';
import type { UpdateRegisterRequest } from '@generated/api/types.gen.ts';
import { COMMON_PASSWORD_LIST, loadCommonPasswords } from '../../lib/forms/common-passwords.ts';
import { hasErrors, passwordRules, validateCouponCode, validatePasswordChange, validateProfile } from './validation.ts';

// The loaded profile of the mock user.
const profile: UpdateRegisterRequest = { name: 'Zeynep Kaya', email: 'user@example.com', phone: '905321110003' };

describe('profile name (UpdateRegisterRequest.name: minLength 3)', () => {
  it.each(['Ali', 'Zeynep Kaya', 'Ayşe Yılmaz'])('accepts %j', (name) => {
    expect(validateProfile({ ...profile, name }).name).toBeUndefined();
  });
  it.each(['', 'Al'])('refuses %j', (name) => {
    expect(validateProfile({ ...profile, name }).name).toBe('account.validation.nameTooShort');
  });
});

describe('profile e-mail (UpdateRegisterRequest.email: format email)', () => {
  it.each(['user@example.com', 'a.b+c@mail.example.com.tr'])('accepts %j', (email) => {
    expect(validateProfile({ ...profile, email }).email).toBeUndefined();
  });
  it('requires a value', () => {
    expect(validateProfile({ ...profile, email: '' }).email).toBe('account.validation.emailRequired');
  });
  it.each(['user', 'user@', '@example.com', 'user@example', 'user@@example.com', 'us er@example.com', 'user@.com'])(
    'refuses %j',
    (email) => {
      expect(validateProfile({ ...profile, email }).email).toBe('account.validation.emailInvalid');
    },
  );
});

describe('profile phone (UpdateRegisterRequest.phone: AccountPhone)', () => {
  it('accepts a stored phone', () => {
    expect(validateProfile(profile).phone).toBeUndefined();
  });
  it('requires one', () => {
    expect(validateProfile({ ...profile, phone: '' }).phone).toBe('account.validation.phoneRequired');
  });
  it.each(['+905321110003', '0532 111 00 03', '53211'])('refuses the wire form %j', (phone) => {
    expect(validateProfile({ ...profile, phone }).phone).toBe('account.validation.phoneInvalid');
  });
});

describe('validateProfile', () => {
  it('accepts the loaded profile of the mock user', () => {
    expect(validateProfile(profile)).toEqual({});
  });
  it('reports every refused field', () => {
    expect(validateProfile({ name: 'Ze', email: 'user@', phone: '' })).toEqual({
      name: 'account.validation.nameTooShort',
      email: 'account.validation.emailInvalid',
      phone: 'account.validation.phoneRequired',
    });
  });
});

describe('password change (ChangePasswordRequest: all three required; the repeat equal to the new one)', () => {
  it('accepts a complete change', () => {
    const errors = validatePasswordChange({ old: 'Gizli.Sifre1', new: 'Yeni.Sifre42', new_retry: 'Yeni.Sifre42' });
    expect(hasErrors(errors)).toBe(false);
  });
  it('takes a password of spaces as typed', () => {
    expect(validatePasswordChange({ old: ' ', new: 'Yeni.Sifre42', new_retry: 'Yeni.Sifre42' })).toEqual({});
  });
  it.each([
    ['Yeni.Sifre42', ''],
    ['Yeni.Sifre42', 'yeni.sifre42'],
    ['Yeni.Sifre42', 'Yeni.Sifre42 '],
  ])('refuses %j repeated as %j with notEqualPwd', (next, repeat) => {
    expect(validatePasswordChange({ old: 'Gizli.Sifre1', new: next, new_retry: repeat })).toEqual({
      new_retry: 'account.validation.notEqualPwd',
    });
  });
  it('reports an empty new password on the new field, not as a mismatch', () => {
    expect(validatePasswordChange({ old: 'Gizli.Sifre1', new: '', new_retry: '' })).toEqual({
      new: 'account.validation.passwordRequired',
    });
  });
  it('refuses a missing current password and a differing repeat', () => {
    expect(validatePasswordChange({ old: '', new: 'Yeni.Sifre42', new_retry: 'Yeni.Sifre4' })).toEqual({
      old: 'account.validation.passwordRequired',
      new_retry: 'account.validation.notEqualPwd',
    });
  });
  it('reports every field of an empty form', () => {
    expect(validatePasswordChange({ old: '', new: '', new_retry: '' })).toEqual({
      old: 'account.validation.passwordRequired',
      new: 'account.validation.passwordRequired',
    });
  });
});

describe('the password policy (NewPassword: minLength 8, not a common password)', () => {
  it('takes the minimum from the contract', () => {
    expect(NewPasswordSchema.minLength).toBe(8);
    expect(passwordRules.rules.new.minLength).toBe(NewPasswordSchema.minLength);
    expect(passwordRules.rules.new_retry.minLength).toBe(NewPasswordSchema.minLength);
  });
  it('refuses a new password one character short, on the new field only', () => {
    const short = 'Kapi.12';
    expect(short).toHaveLength(NewPasswordSchema.minLength - 1);
    expect(validatePasswordChange({ old: 'x', new: short, new_retry: short })).toEqual({
      new: 'account.validation.passwordTooShort',
    });
    expect(validatePasswordChange({ old: 'x', new: `${short}3`, new_retry: `${short}3` })).toEqual({});
  });
  it('checks the list the contract names, once it has loaded', async () => {
    expect(COMMON_PASSWORD_LIST).toBe('@zxcvbn-ts/language-common passwords');
    const common = await loadCommonPasswords();
    expect(common.has('iloveyou1')).toBe(true);
    const values = { old: 'x', new: 'ILoveYou1', new_retry: 'ILoveYou1' };
    expect(validatePasswordChange(values)).toEqual({});
    expect(validatePasswordChange(values, common)).toEqual({ new: 'account.validation.passwordTooCommon' });
    expect(validatePasswordChange({ old: 'x', new: 'Kapi.Zili.2026', new_retry: 'Kapi.Zili.2026' }, common)).toEqual(
      {},
    );
  });
});

describe('validateCouponCode (RedeemCouponRequest.coupon_code: required)', () => {
  it('accepts a code', () => {
    expect(validateCouponCode('PRM-3JD8-44LM')).toBeUndefined();
  });
  it.each(['', '   '])('refuses %j', (code) => {
    expect(validateCouponCode(code)).toBe('account.validation.couponRequired');
  });
});
