/** The side menu (spec 1 §2 "Sidebar links by role"), in order, with the lowest user type that sees each link. */
import { paths } from '../../lib/routing/paths.ts';
import type { TranslationKey } from '../../lib/i18n/translation-key.ts';
import type { MenuLevel } from '../access.ts';

export interface MenuItem {
  to: string;
  /** A translation key of the locale files (checked by the type checker). */
  labelKey: TranslationKey;
  level: MenuLevel;
  icon: string;
}

export const MENU: MenuItem[] = [
  // Everyone.
  { to: paths.home, labelKey: 'menu.home', level: 0, icon: 'home' },
  { to: paths.panels, labelKey: 'menu.panels', level: 0, icon: 'panels' },
  { to: paths.priceList, labelKey: 'menu.subscriptions', level: 0, icon: 'subscriptions' },
  { to: paths.coupons, labelKey: 'menu.subscriptionHistory', level: 0, icon: 'history' },
  { to: paths.help, labelKey: 'menu.help', level: 0, icon: 'help' },
  // Role above 0.
  { to: paths.users, labelKey: 'menu.users', level: 1, icon: 'users' },
  { to: paths.panelManage, labelKey: 'menu.panelManagement', level: 1, icon: 'panelManagement' },
  { to: paths.orderHistory, labelKey: 'menu.orderHistory', level: 1, icon: 'orders' },
  // Role above 1.
  { to: paths.dealerRequests, labelKey: 'menu.dealerRequests', level: 2, icon: 'dealers' },
  { to: paths.panelTests, labelKey: 'menu.panelTests', level: 2, icon: 'tests' },
  { to: paths.billing, labelKey: 'menu.billing', level: 2, icon: 'billing' },
  { to: paths.coupons, labelKey: 'menu.coupons', level: 2, icon: 'coupons' },
  { to: paths.firmware, labelKey: 'menu.firmware', level: 2, icon: 'firmware' },
];

/** The links a user type sees. */
export const menuFor = (userType: number): MenuItem[] => MENU.filter((item) => item.level <= userType);
