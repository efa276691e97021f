import { describe, expect, it } from 'vitest';
import {
  hasErrors,
  validateCouponCode,
  validateEmail,
  validateName,
  validatePasswordChange,
  validatePasswordRepeat,
  validatePhone,
  validateProfile,
  validateRequiredPassword,
} from './validation.ts';

describe('validateName', () => {
  it.each(['Ali', 'Zeynep Kaya', 'Ayşe Yılmaz', '  Can  '])('accepts %j', (name) => {
    expect(validateName(name)).toBeNull();
  });
  it.each(['', 'Al', '  Al  ', '   '])('refuses %j', (name) => {
    expect(validateName(name)).toBe('nameTooShort');
  });
});

describe('validateEmail', () => {
  it.each(['user@example.com', 'a.b+c@mail.example.com.tr', ' user@example.com '])('accepts %j', (email) => {
    expect(validateEmail(email)).toBeNull();
  });
  it.each(['', '   '])('requires a value (%j)', (email) => {
    expect(validateEmail(email)).toBe('emailRequired');
  });
  it.each(['user', 'user@', '@example.com', 'user@example', 'user@@example.com', 'us er@example.com', 'user@.com'])(
    'refuses %j',
    (email) => {
      expect(validateEmail(email)).toBe('emailInvalid');
    },
  );
});

describe('validatePhone', () => {
  it('accepts a stored phone', () => {
    expect(validatePhone('905321110003')).toBeNull();
  });
  it.each(['', '  '])('refuses %j', (phone) => {
    expect(validatePhone(phone)).toBe('phoneRequired');
  });
});

describe('password rules', () => {
  it('requires a typed password', () => {
    expect(validateRequiredPassword('')).toBe('passwordRequired');
    expect(validateRequiredPassword(' ')).toBeNull();
  });
  it('accepts an equal repeat', () => {
    expect(validatePasswordRepeat('Yeni.Sifre42', 'Yeni.Sifre42')).toBeNull();
  });
  it.each([
    ['Yeni.Sifre42', ''],
    ['Yeni.Sifre42', 'yeni.sifre42'],
    ['Yeni.Sifre42', 'Yeni.Sifre42 '],
  ])('refuses %j repeated as %j with notEqualPwd', (password, repeat) => {
    expect(validatePasswordRepeat(password, repeat)).toBe('notEqualPwd');
  });
  it('reports an empty new password on the new field, not as a mismatch', () => {
    expect(validatePasswordChange({ old: 'Gizli.Sifre1', new: '', new_retry: '' })).toEqual({
      new: 'passwordRequired',
    });
  });
  it('accepts a complete change', () => {
    const errors = validatePasswordChange({ old: 'Gizli.Sifre1', new: 'Yeni.Sifre42', new_retry: 'Yeni.Sifre42' });
    expect(hasErrors(errors)).toBe(false);
  });
  it('refuses a missing current password and a differing repeat', () => {
    expect(validatePasswordChange({ old: '', new: 'Yeni.Sifre42', new_retry: 'Yeni.Sifre4' })).toEqual({
      old: 'passwordRequired',
      new_retry: 'notEqualPwd',
    });
  });
});

describe('validateProfile', () => {
  it('accepts the loaded profile of the mock user', () => {
    expect(validateProfile({ name: 'Zeynep Kaya', email: 'user@example.com', phone: '905321110003' })).toEqual({});
  });
  it('reports every refused field', () => {
    expect(validateProfile({ name: 'Ze', email: 'user@', phone: '' })).toEqual({
      name: 'nameTooShort',
      email: 'emailInvalid',
      phone: 'phoneRequired',
    });
  });
});

describe('validateCouponCode', () => {
  it('accepts a code', () => {
    expect(validateCouponCode('PRM-3JD8-44LM')).toBeNull();
  });
  it.each(['', '   '])('refuses %j', (code) => {
    expect(validateCouponCode(code)).toBe('couponRequired');
  });
});
