import { describe, expect, it } from 'vitest';
import { isChange, userActions, viewerOf, type Viewer } from './user-actions-model.ts';

const admin: Viewer = { UserType: 2, OldUserId: 0, user_id: 1 };
const dealer: Viewer = { UserType: 1, OldUserId: 0, user_id: 2 };
const migratedDealer: Viewer = { UserType: 1, OldUserId: 9041, user_id: 4 };
const active = { id: 3, active: true };
const passive = { id: 5, active: false };

const blocks = (user: { id: number; active: boolean }, viewer: Viewer) =>
  Object.fromEntries(userActions(user, viewer).map(({ action, blocked }) => [action, blocked ?? 'enabled']));

describe('the user list row actions', () => {
  it('offers every action to an administrator, the state toggle only the way it can go', () => {
    expect(blocks(active, admin)).toEqual({
      activate: 'alreadyActive',
      deactivate: 'enabled',
      mobileReset: 'enabled',
      passwordReset: 'enabled',
      moveSubscriptions: 'noCall',
      delete: 'enabled',
    });
    expect(blocks(passive, admin)).toMatchObject({ activate: 'enabled', deactivate: 'alreadyPassive' });
  });

  it('disables the admin-only actions below user type 2, with their reason', () => {
    expect(blocks(active, dealer)).toEqual({
      activate: 'alreadyActive',
      deactivate: 'enabled',
      mobileReset: 'enabled',
      passwordReset: 'adminOnly',
      moveSubscriptions: 'noCall',
      delete: 'adminOnly',
    });
  });

  it('removes mobile reset when the token carries an OldUserId above 0', () => {
    expect(userActions(active, migratedDealer).map(({ action }) => action)).toEqual([
      'activate',
      'deactivate',
      'passwordReset',
      'moveSubscriptions',
      'delete',
    ]);
    expect(userActions(active, { ...admin, OldUserId: 1 }).some(({ action }) => action === 'mobileReset')).toBe(false);
    expect(userActions(active, admin).some(({ action }) => action === 'mobileReset')).toBe(true);
  });

  it('keeps the signed-in user from deactivating or deleting their own account', () => {
    expect(blocks({ id: 1, active: true }, admin)).toMatchObject({
      deactivate: 'ownAccount',
      delete: 'ownAccount',
      mobileReset: 'enabled',
      passwordReset: 'enabled',
    });
  });

  it('says move subscriptions has no call, before anything else', () => {
    expect(blocks(active, dealer).moveSubscriptions).toBe('noCall');
    expect(isChange('moveSubscriptions')).toBe(false);
    expect(isChange('delete')).toBe(true);
  });

  it('gives a missing session the least rights', () => {
    expect(viewerOf(null)).toEqual({ UserType: 0, OldUserId: 0, user_id: 0 });
    expect(blocks(active, viewerOf(undefined)).delete).toBe('adminOnly');
  });
});
