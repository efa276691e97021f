import { describe, expect, it } from 'vitest';
import { NewPasswordSchema } from '@generated/api/schemas.gen.ts';
import { loadCommonPasswords } from '../../lib/forms/common-passwords.ts';
import {
  canResendCode,
  emptyRegisterForm,
  isRegisterComplete,
  isValidAccountInfo,
  isValidCode,
  passwordsEqual,
  registerRules,
  toRegisterPayload,
  validateRegister,
  type RegisterForm,
} from './validation.ts';
import { canSignIn } from './validation-sign-in.ts';

const validForm: RegisterForm = {
  name: 'Deniz Çelik',
  email: 'deniz@example.com',
  password: 'Yeni.Sifre42',
  repeat: 'Yeni.Sifre42',
  phone: '+90 532 111 00 03',
  country: 'TR',
  dealercode: ' IST034 ',
};

describe('register name (RegisterRequest.name: minLength 3)', () => {
  it.each(['Ali', 'Deniz Çelik', '  Ayşe  '])('accepts %j', (name) =>
    expect(validateRegister({ ...validForm, name }).name).toBeUndefined(),
  );
  it.each(['', 'Al', '  Al  ', '   '])('rejects %j', (name) =>
    expect(validateRegister({ ...validForm, name }).name).toBe('auth.register.nameTooShort'),
  );
});

describe('register e-mail (RegisterRequest.email: format email)', () => {
  it.each(['deniz@example.com', 'a.b+c@alt.example.com.tr', ' user@example.org '])('accepts %j', (email) =>
    expect(validateRegister({ ...validForm, email }).email).toBeUndefined(),
  );
  it.each(['deniz', 'deniz@', '@example.com', 'deniz@example', 'de niz@example.com', 'a@@b.com'])(
    'rejects %j',
    (email) => expect(validateRegister({ ...validForm, email }).email).toBe('auth.register.invalidEmail'),
  );
  it.each(['', '   '])('requires a value (%j)', (email) =>
    expect(validateRegister({ ...validForm, email }).email).toBe('auth.register.required'),
  );
});

describe('sign-in and resend forms (LoginRequest, SendVerificationRequest: both fields required)', () => {
  it('can be sent with a user name and a password', () => {
    expect(canSignIn(' user ', 'Gizli.Sifre1')).toBe(true);
    expect(canResendCode('nosub', 'Gizli.Sifre1')).toBe(true);
  });
  it.each([
    ['', 'Gizli.Sifre1'],
    ['   ', 'Gizli.Sifre1'],
    ['user', ''],
  ])('cannot be sent with %j / %j', (username, password) => {
    expect(canSignIn(username, password)).toBe(false);
    expect(canResendCode(username, password)).toBe(false);
  });
});

describe('account info (AccountInfoRequest.info: required)', () => {
  it.each(['user', 'user@example.com', '905321110003'])('accepts %j', (info) =>
    expect(isValidAccountInfo(info)).toBe(true),
  );
  it.each(['', '  '])('rejects %j', (info) => expect(isValidAccountInfo(info)).toBe(false));
});

describe('passwordsEqual', () => {
  it('accepts an identical repeat', () => expect(passwordsEqual('Gizli.Sifre1', 'Gizli.Sifre1')).toBe(true));
  it.each([
    ['Gizli.Sifre1', 'gizli.sifre1'],
    ['Gizli.Sifre1', 'Gizli.Sifre1 '],
    ['Gizli.Sifre1', ''],
    ['', ''],
  ])('rejects %j / %j', (password, repeat) => expect(passwordsEqual(password, repeat)).toBe(false));
});

describe('isValidCode', () => {
  it.each(['482913', 'AB12', '0123456789', ' 730215 '])('accepts %j', (code) => expect(isValidCode(code)).toBe(true));
  it.each(['', '123', '12345678901', '48-913', '48 913'])('rejects %j', (code) =>
    expect(isValidCode(code)).toBe(false),
  );
});

describe('register form', () => {
  it('a valid form has no errors and gives the contract payload', () => {
    expect(validateRegister(validForm)).toEqual({});
    expect(toRegisterPayload(validForm)).toEqual({
      name: 'Deniz Çelik',
      email: 'deniz@example.com',
      password: 'Yeni.Sifre42',
      phone_no: '905321110003',
      dealercode: 'IST034',
    });
  });

  it('names each broken rule with its message key', () => {
    expect(validateRegister({ ...validForm, name: 'Al', email: 'deniz@', repeat: 'other', phone: '12345' })).toEqual({
      name: 'auth.register.nameTooShort',
      email: 'auth.register.invalidEmail',
      repeat: 'auth.register.notEqualPwd',
      phone: 'auth.register.noValidPhone',
    });
  });

  it('an empty form is incomplete and every required field is flagged', () => {
    const empty = emptyRegisterForm();
    expect(empty.country).toBe('TR');
    expect(isRegisterComplete(empty)).toBe(false);
    expect(validateRegister(empty)).toEqual({
      name: 'auth.register.nameTooShort',
      email: 'auth.register.required',
      password: 'auth.register.required',
      repeat: 'auth.register.required',
      phone: 'auth.register.noValidPhone',
    });
  });

  it('is complete once every required field has a value (the dealer code is optional)', () => {
    expect(isRegisterComplete({ ...validForm, dealercode: '' })).toBe(true);
    expect(isRegisterComplete({ ...validForm, phone: ' ' })).toBe(false);
  });

  it('rejects a dealer code longer than the contract allows', () => {
    expect(validateRegister({ ...validForm, dealercode: 'X'.repeat(21) })).toEqual({
      dealercode: 'auth.register.dealerCodeTooLong',
    });
  });

  it('holds the password to the contract policy: its minimum, and the common list once loaded', async () => {
    expect(registerRules.rules.password.minLength).toBe(NewPasswordSchema.minLength);
    expect(validateRegister({ ...validForm, password: 'Kapi.12', repeat: 'Kapi.12' })).toEqual({
      password: 'auth.register.passwordTooShort',
    });
    const common = await loadCommonPasswords();
    const usual = { ...validForm, password: 'Password123', repeat: 'Password123' };
    expect(validateRegister(usual)).toEqual({});
    expect(validateRegister(usual, common)).toEqual({ password: 'auth.register.passwordTooCommon' });
  });

  it('refuses to build a payload from an invalid phone', () => {
    expect(() => toRegisterPayload({ ...validForm, phone: '12345' })).toThrow();
  });
});
