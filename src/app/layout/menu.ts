/** The side menu (spec 1 §2 "Sidebar links by role"), in order, with the lowest user type that sees each link. */
import type { MenuLevel } from '../access.ts';

export interface MenuItem {
  to: string;
  labelKey: string;
  level: MenuLevel;
  icon: string;
}

export const MENU: MenuItem[] = [
  // Everyone.
  { to: '/', labelKey: 'menu.home', level: 0, icon: 'home' },
  { to: '/Panels', labelKey: 'menu.panels', level: 0, icon: 'panels' },
  { to: '/Payment/List', labelKey: 'menu.subscriptions', level: 0, icon: 'subscriptions' },
  { to: '/Payment/Coupons', labelKey: 'menu.subscriptionHistory', level: 0, icon: 'history' },
  { to: '/Help/List', labelKey: 'menu.help', level: 0, icon: 'help' },
  // Role above 0.
  { to: '/Users', labelKey: 'menu.users', level: 1, icon: 'users' },
  { to: '/PanelManage', labelKey: 'menu.panelManagement', level: 1, icon: 'panelManagement' },
  { to: '/Payment/History', labelKey: 'menu.orderHistory', level: 1, icon: 'orders' },
  // Role above 1.
  { to: '/Dealer/Requests', labelKey: 'menu.dealerRequests', level: 2, icon: 'dealers' },
  { to: '/PanelTest/List', labelKey: 'menu.panelTests', level: 2, icon: 'tests' },
  { to: '/Payment/Billing', labelKey: 'menu.billing', level: 2, icon: 'billing' },
  { to: '/Payment/Coupons', labelKey: 'menu.coupons', level: 2, icon: 'coupons' },
  { to: '/Help/Updates', labelKey: 'menu.firmware', level: 2, icon: 'firmware' },
];

/** The links a user type sees. */
export const menuFor = (userType: number): MenuItem[] => MENU.filter((item) => item.level <= userType);
