import { describe, expect, it } from 'vitest';
import { canResetPanel, offersMobileReset, panelActions, viewerOf, type Viewer } from './manage-access.ts';

const admin: Viewer = { UserType: 2, OldUserId: 0 };
const dealer: Viewer = { UserType: 1, OldUserId: 0 };
const migratedDealer: Viewer = { UserType: 1, OldUserId: 9041 };

const blocks = (state: 0 | 1 | undefined, viewer: Viewer) =>
  Object.fromEntries(panelActions({ state }, viewer).map(({ action, blocked }) => [action, blocked ?? 'enabled']));

describe('the panel management actions', () => {
  it('offers an administrator every action, the state dialogs only the way the state can go', () => {
    expect(blocks(1, admin)).toEqual({
      users: 'enabled',
      move: 'enabled',
      activate: 'alreadyActive',
      deactivate: 'enabled',
    });
    expect(blocks(0, admin)).toMatchObject({ activate: 'enabled', deactivate: 'alreadyPassive' });
    expect(blocks(undefined, admin)).toMatchObject({ activate: 'enabled', deactivate: 'enabled' });
    expect(panelActions({ state: 1 }, admin).map(({ action }) => action)).toEqual([
      'users',
      'move',
      'activate',
      'deactivate',
    ]);
  });

  it('disables copying a panel below user type 2, with its reason, and keeps the rest', () => {
    expect(blocks(1, dealer)).toEqual({
      users: 'enabled',
      move: 'adminOnly',
      activate: 'alreadyActive',
      deactivate: 'enabled',
    });
  });

  it('lets only an administrator reset a panel', () => {
    expect(canResetPanel(admin)).toBe(true);
    expect(canResetPanel(dealer)).toBe(false);
    expect(canResetPanel(viewerOf(null))).toBe(false);
  });

  it('removes the mobile reset when the token’s OldUserId is above 0', () => {
    expect(offersMobileReset(admin)).toBe(true);
    expect(offersMobileReset(dealer)).toBe(true);
    expect(offersMobileReset(migratedDealer)).toBe(false);
  });

  it('gives a missing token the least rights', () => {
    expect(viewerOf(undefined)).toEqual({ UserType: 0, OldUserId: 0 });
    expect(viewerOf({ UserType: 2, OldUserId: 7 })).toEqual({ UserType: 2, OldUserId: 7 });
  });
});
