/**
 * Splits each locale file into three chunks at build time, so a page downloads only the texts it can show:
 *  - `locales/<lang>.json?part=shell`: what the sign-in page and the other public pages need (with toasts and errors)
 *    — every top-level section not listed below;
 *  - `locales/<lang>.json?part=pages`: the sections of the signed-in pages and of their frame (header, menu), loaded
 *    before the first of them renders (the frame is the signed-in route's component, so it never renders sooner);
 *  - `locales/<lang>.json?part=settings`: the texts of the panel programming forms (labels, help, options and
 *    validation messages of every settings group, looked up from the schemas' `x-i18n-*` annotations), the largest
 *    section by far, loaded only when programming opens (`loadSettingsTexts`), so no route's first paint pays for it.
 * One file per language stays the source (and the source of the typed keys); a new section lands in the shell
 * unless it is listed here, so a forgotten entry costs bytes on the sign-in page (the size budget says so), never
 * a missing text.
 */
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

export const PAGE_SECTIONS: readonly string[] = [
  // The frame of the signed-in pages.
  'layout',
  'menu',
  'sound',
  'alarms',
  // The signed-in pages.
  'panels',
  'commands',
  'payments',
  'subscription',
  'account',
  // The programming queue's counts and notifications (the panel list, the shell's queue watch).
  'queue',
  // The installable console's notices (new version, no connection) and its offline view.
  'pwa',
  // The re-authentication dialog before a dangerous action (signed in only).
  'reauth',
];

/**
 * The sections of the administration (the dashboard, the lists of menu level 1 and above, with the generic table's
 * texts, and the payment pages but the price list), loaded by those routes only, so the pages everybody uses (the panel list first) never carry them.
 */
export const ADMIN_SECTIONS: readonly string[] = [
  'home',
  'dashboard',
  'table',
  'users',
  'panelManage',
  // Payments beyond the price list: the pay page, coupons, orders and billing, the billing report.
  'pay',
  'coupons',
  'subscriptionHistory',
  'orders',
  'billingReport',
  // Dealer requests, the document browsers and the firmware tests.
  'dealerRequests',
  'documents',
  'firmwareTests',
  // Firmware roll-outs (proposed).
  'firmwareRollouts',
  // The audit log (who did what).
  'audit',
];

/** The sections of the public pages but the sign-in page (the dealership application), loaded by those routes. */
export const PUBLIC_SECTIONS: readonly string[] = ['dealer'];

/** The panel detail's texts (its tabs, dialogs and footer), loaded by its route, so the panel list does not carry them. */
export const DETAIL_SECTIONS: readonly string[] = ['panelDetail'];

/**
 * The sections of the panel programming, loaded with its chunk only: the forms' texts (openapi/settings/*.json name
 * their keys `settings.…`) and the texts around them (record pickers, the review of changes, templates).
 */
export const SETTINGS_SECTIONS: readonly string[] = ['settings', 'programming'];

export const LOCALE_PARTS = ['shell', 'public', 'pages', 'detail', 'admin', 'settings'] as const;
export type LocalePart = (typeof LOCALE_PARTS)[number];

/** The part a top-level section of a locale file belongs to. */
export const sectionPart = (section: string): LocalePart =>
  SETTINGS_SECTIONS.includes(section)
    ? 'settings'
    : PUBLIC_SECTIONS.includes(section)
      ? 'public'
      : DETAIL_SECTIONS.includes(section)
        ? 'detail'
        : ADMIN_SECTIONS.includes(section)
          ? 'admin'
          : PAGE_SECTIONS.includes(section)
            ? 'pages'
            : 'shell';

/** The sections of a locale file that belong to `part`. */
export function localePart(translation: Record<string, unknown>, part: LocalePart): Record<string, unknown> {
  return Object.fromEntries(Object.entries(translation).filter(([section]) => sectionPart(section) === part));
}

const PART_QUERY = /\.json\?part=(shell|public|pages|detail|admin|settings)$/;

/** Answers `*.json?part=…` imports with a module of the part's sections (a query keeps Vite's JSON plugin out). */
export function localePartsPlugin(): Plugin {
  let base = '/';
  return {
    name: 'locale-parts',
    enforce: 'pre',
    configResolved(config) {
      base = config.base;
    },
    // Every first screen waits for the shell's texts of its language, which the entry asks for only once its code has
    // arrived and run: the built page preloads the shell part of each language (about 2 kB each) beside the code.
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        if (!context.bundle) return;
        return Object.values(context.bundle)
          .filter((output) => output.type === 'chunk' && /\.json\?part=shell$/.test(output.facadeModuleId ?? ''))
          .map((chunk) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${chunk.fileName}` },
            injectTo: 'head' as const,
          }));
      },
    },
    load(id) {
      const match = PART_QUERY.exec(id);
      if (!match) return null;
      const file = id.slice(0, id.indexOf('?'));
      this.addWatchFile(file);
      const translation = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      return `export default ${JSON.stringify(localePart(translation, match[1] as LocalePart))};`;
    },
  };
}
