/** The side menu (spec 1 §2 "Sidebar links by role"), in order; each link is seen from its page's access level. */
import { pageLevels, paths, type RouteName } from '../../lib/routing/paths.ts';
import type { TranslationKey } from '../../lib/i18n/translation-key.ts';
import type { MenuLevel } from '../access.ts';

export interface MenuItem {
  to: string;
  /** A translation key of the locale files (checked by the type checker). */
  labelKey: TranslationKey;
  level: MenuLevel;
  icon: string;
}

/** A signed-in page without parameters: the pages a menu link can open. */
type MenuPage = {
  [Name in RouteName]: (typeof paths)[Name] extends string
    ? (typeof pageLevels)[Name] extends MenuLevel
      ? Name
      : never
    : never;
}[RouteName];

/** A link to a page, seen by whoever may open it; `shownFrom` shows it only from a higher level than the page's. */
const link = (page: MenuPage, labelKey: TranslationKey, icon: string, shownFrom?: MenuLevel): MenuItem => ({
  to: paths[page],
  labelKey,
  level: Math.max(pageLevels[page], shownFrom ?? 0) as MenuLevel,
  icon,
});

export const MENU: MenuItem[] = [
  link('home', 'menu.home', 'home'),
  link('panels', 'menu.panels', 'panels'),
  link('priceList', 'menu.subscriptions', 'subscriptions'),
  link('subscriptionHistory', 'menu.subscriptionHistory', 'history'),
  link('help', 'menu.help', 'help'),
  link('users', 'menu.users', 'users'),
  link('panelManage', 'menu.panelManagement', 'panelManagement'),
  link('orderHistory', 'menu.orderHistory', 'orders'),
  // Who did what: administrators all, dealers their users' panels.
  link('audit', 'menu.audit', 'audit'),
  link('dealerRequests', 'menu.dealerRequests', 'dealers'),
  link('panelTests', 'menu.panelTests', 'tests'),
  // Firmware roll-outs (proposed), for administrators.
  link('panelTestRollouts', 'menu.rollouts', 'firmware'),
  link('billing', 'menu.billing', 'billing'),
  // The coupon requests, for administrators (spec 1 §2: "Role above 1: ... /Payment/Coupons").
  link('coupons', 'menu.coupons', 'coupons', 2),
  link('firmware', 'menu.firmware', 'firmware'),
];

/** The links a user type sees. */
export const menuFor = (userType: number): MenuItem[] => MENU.filter((item) => item.level <= userType);
