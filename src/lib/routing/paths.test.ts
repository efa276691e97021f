import { describe, expect, it } from 'vitest';
import { isPublicPage, isSubscriptionExempt, matchesRoute, pageLevels, paths, routes } from './paths.ts';

describe('paths', () => {
  it('lists every route of the console', () => {
    expect(Object.values(routes)).toEqual([
      '/login',
      '/Dealer/Create',
      '/',
      '/Panels',
      '/PanelDetail/$id',
      '/Panels/$devId/Users',
      '/PanelManage',
      '/Payment/List',
      '/Payment/$planId/$priceId/$type',
      '/Payment/Coupons',
      '/Payment/Subscriptions',
      '/Payment/History',
      '/Payment/Billing',
      '/Payment/Report',
      '/Audit',
      '/User/Edit',
      '/User/ChangePassword',
      '/User/FirstPassword',
      '/User/TwoStepRequired',
      '/Users',
      '/User/List',
      '/User/$id/Edit',
      '/User/Add',
      '/Dealer/Requests',
      '/Help/List',
      '/Help/Updates',
      '/PanelTest/List',
      '/PanelTest/Add',
      '/PanelTest/Models',
      '/PanelTest/$id/Stages',
      '/PanelTest/$id/Versions',
      '/PanelTest/$id/test',
      '/PanelTest/Rollouts',
      '/PanelTest/$id/Rollout',
      '/PanelTest/Rollouts/$id',
      '/Error/Forbidden',
    ]);
  });

  it('builds every parameterised path so that it matches its own route', () => {
    const built: [string, string][] = [
      [paths.panelDetail(864215040034567), routes.panelDetail],
      [paths.panelUsers(864215040034567), routes.panelUsers],
      [paths.pay(2, 22, 'subscription'), routes.pay],
      [paths.userEdit(7), routes.userEdit],
      [paths.panelTestStages(3), routes.panelTestStages],
      [paths.panelTestVersions(3), routes.panelTestVersions],
      [paths.panelTestRun(3), routes.panelTestRun],
      [paths.panelTestRollout(601), routes.panelTestRollout],
      [paths.panelTestRolloutNew(400), routes.panelTestRolloutNew],
    ];
    for (const [path, route] of built) expect(matchesRoute(path, route), path).toBe(true);
    expect(paths.pay(2, 22, 'subscription')).toBe('/Payment/2/22/subscription');
    expect(paths.pay(2, 22, 'coupon', 5)).toBe('/Payment/2/22/coupon?amount=5');
    expect(paths.panelDetail('a/b')).toBe('/PanelDetail/a%2Fb');
    expect(paths.panelTestRolloutNew(400)).toBe('/PanelTest/400/Rollout');
  });

  it('matches whole segments only', () => {
    expect(matchesRoute('/Payment/List/', routes.priceList)).toBe(true);
    expect(matchesRoute('/Payment/Lists', routes.priceList)).toBe(false);
    expect(matchesRoute('/Payment/2/22', routes.pay)).toBe(false);
    expect(matchesRoute('/', routes.home)).toBe(true);
  });

  it('exempts only the price list and the pay page from the subscription guard', () => {
    expect(isSubscriptionExempt('/Payment/List')).toBe(true);
    expect(isSubscriptionExempt('/Payment/2/22/1')).toBe(true);
    expect(isSubscriptionExempt('/Payment/History')).toBe(false);
    expect(isSubscriptionExempt('/Panels')).toBe(false);
  });

  it('declares the access level of every page beside its path: public, or the lowest user type that opens it', () => {
    expect(Object.keys(pageLevels)).toEqual(Object.keys(routes));
    expect(Object.entries(pageLevels).filter(([, level]) => level === 'public')).toEqual([
      ['login', 'public'],
      ['dealerCreate', 'public'],
    ]);
    expect([pageLevels.panels, pageLevels.users, pageLevels.panelTests]).toEqual([0, 1, 2]);
  });

  it('knows the public pages by their level', () => {
    expect(isPublicPage('/login')).toBe(true);
    expect(isPublicPage('/Dealer/Create/')).toBe(true);
    expect(isPublicPage('/Panels')).toBe(false);
    expect(isPublicPage('/Dealer/Requests')).toBe(false);
  });
});
