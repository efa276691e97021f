import { describe, expect, it } from 'vitest';
import type { User } from '@generated/api/types.gen.ts';
import { accountErrors } from '../../lib/users/account-fields.tsx';
import * as form from './user-form-rules.ts';

// Emre Aydın of the example installation.
const emre: User = {
  id: 4,
  name: 'Emre Aydın',
  email: 'olduser@example.com',
  Phonenumber: '905321110004',
  Dealercode: 'IST034',
  user_type: 0,
  active: true,
  subscribes: [],
  state: 1,
};
const deniz = { name: ' Deniz Çelik ', email: ' deniz@example.com', phone: '905321110006', dealercode: 'IST034 ' };

describe('the user types a signed-in user may give', () => {
  it('are the contract’s types up to their own', () => {
    expect(form.assignableTypes(2)).toEqual([0, 1, 2]);
    expect(form.assignableTypes(1)).toEqual([0, 1]);
    expect(form.assignableTypes(0)).toEqual([0]);
  });
});

describe('the add and edit form', () => {
  it('sends the values trimmed as the proposed calls take them', () => {
    expect(form.addUserBody(deniz, 1)).toEqual({
      name: 'Deniz Çelik',
      email: 'deniz@example.com',
      phone: '905321110006',
      dealercode: 'IST034',
      user_type: 1,
    });
    expect(form.updateUserBody(4, form.accountValuesOf(emre), 0)).toEqual({
      user_id: 4,
      name: 'Emre Aydın',
      email: 'olduser@example.com',
      phone: '905321110004',
      dealercode: 'IST034',
      user_type: 0,
    });
  });

  it('has nothing to save while the values are the stored ones (spaces aside)', () => {
    expect(form.isUnchanged(emre, form.accountValuesOf(emre), 0)).toBe(true);
    expect(form.isUnchanged(emre, { ...form.accountValuesOf(emre), name: 'Emre Aydın ' }, 0)).toBe(true);
    expect(form.isUnchanged(emre, form.accountValuesOf(emre), 1)).toBe(false);
    expect(form.isUnchanged(emre, { ...form.accountValuesOf(emre), phone: '905321110044' }, 0)).toBe(false);
  });

  it('refuses each field by its contract rule, with the message of every account form', () => {
    expect(accountErrors(form.addUserRules, deniz)).toEqual({});
    expect(
      accountErrors(form.updateUserRules, { name: 'Al', email: 'deniz@', phone: '+90532', dealercode: 'X'.repeat(21) }),
    ).toEqual({
      name: 'account.validation.nameTooShort',
      email: 'account.validation.emailInvalid',
      phone: 'account.validation.phoneInvalid',
      dealercode: 'account.validation.dealerCodeTooLong',
    });
    // No dealer code is fine; name, e-mail and phone are required.
    expect(accountErrors(form.addUserRules, { name: '', email: '', phone: '', dealercode: '' })).toEqual({
      name: 'account.validation.nameTooShort',
      email: 'account.validation.emailRequired',
      phone: 'account.validation.phoneRequired',
    });
  });

  it('shows the own account and one of a higher type without letting them be changed', () => {
    const admin = { user_id: 1, UserType: 2 } as const;
    const dealer = { user_id: 2, UserType: 1 } as const;
    expect(form.editLock(admin, emre)).toBeUndefined();
    expect(form.editLock(dealer, emre)).toBeUndefined();
    expect(form.editLock(dealer, { ...emre, id: 2, user_type: 1 })).toBe('own');
    expect(form.editLock(dealer, { ...emre, user_type: 2 })).toBe('typeAbove');
    expect(form.editLock(admin, { ...emre, user_type: 2 })).toBeUndefined();
  });
});
