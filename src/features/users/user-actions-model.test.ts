import { describe, expect, it } from 'vitest';
import type { UserSubscription } from '@generated/api/types.gen.ts';
import { isChange, userActions, viewerOf, type ActionTarget, type Viewer } from './user-actions-model.ts';

const admin: Viewer = { UserType: 2, OldUserId: 0, user_id: 1 };
const dealer: Viewer = { UserType: 1, OldUserId: 0, user_id: 2 };
const migratedDealer: Viewer = { UserType: 1, OldUserId: 9041, user_id: 4 };
const premium: UserSubscription = { id: 703, plan_id: 2, plan_title: 'Premium', end_date: '2027-03-31T23:59:59Z' };
const active: ActionTarget = { id: 3, active: true, subscribes: [premium] };
const passive: ActionTarget = { id: 5, active: false, subscribes: [] };

const blocks = (user: ActionTarget, viewer: Viewer) =>
  Object.fromEntries(userActions(user, viewer).map(({ action, blocked }) => [action, blocked ?? 'enabled']));

describe('the user list row actions', () => {
  it('offers every action to an administrator, the state toggle only the way it can go', () => {
    expect(blocks(active, admin)).toEqual({
      edit: 'enabled',
      activate: 'alreadyActive',
      deactivate: 'enabled',
      mobileReset: 'enabled',
      passwordReset: 'enabled',
      moveSubscriptions: 'enabled',
      delete: 'enabled',
    });
    expect(blocks(passive, admin)).toMatchObject({ activate: 'enabled', deactivate: 'alreadyPassive' });
  });

  it('disables the admin-only actions below user type 2, with their reason', () => {
    expect(blocks(active, dealer)).toEqual({
      edit: 'enabled',
      activate: 'alreadyActive',
      deactivate: 'enabled',
      mobileReset: 'enabled',
      passwordReset: 'adminOnly',
      moveSubscriptions: 'adminOnly',
      delete: 'adminOnly',
    });
  });

  it('removes mobile reset when the token carries an OldUserId above 0', () => {
    expect(userActions(active, migratedDealer).map(({ action }) => action)).toEqual([
      'edit',
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
    expect(blocks({ ...active, id: 1 }, admin)).toMatchObject({
      deactivate: 'ownAccount',
      delete: 'ownAccount',
      mobileReset: 'enabled',
      passwordReset: 'enabled',
      moveSubscriptions: 'enabled',
    });
  });

  it('moves subscriptions only from a user who has some, and asks for the receiver instead of a confirmation', () => {
    expect(blocks(passive, admin).moveSubscriptions).toBe('noSubscriptions');
    // Below type 2 the role is the reason, whatever the user holds.
    expect(blocks(passive, dealer).moveSubscriptions).toBe('adminOnly');
    expect(isChange('moveSubscriptions')).toBe(false);
    expect(isChange('delete')).toBe(true);
    expect(isChange('edit')).toBe(false);
  });

  it('gives a missing session the least rights', () => {
    expect(viewerOf(null)).toEqual({ UserType: 0, OldUserId: 0, user_id: 0 });
    expect(blocks(active, viewerOf(undefined)).delete).toBe('adminOnly');
  });
});
