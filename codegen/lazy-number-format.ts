/**
 * MUI's locale packs build their number formatter when the pack's module is evaluated (`buildFormatNumber('tr-TR')`
 * at the top of `@mui/material/locale/trTR.mjs`): an `Intl.NumberFormat`, whose locale data the browser loads then.
 * The theme imports the packs, so every first screen paid for it before it could draw (about 70 ms on a phone's
 * CPU, the largest single function of the sign-in page's start) though only a table's pager ever formats a number.
 * This plugin gives the build the same function with the formatter made on its first use: same answers, same
 * fallback to `String` where `Intl` is missing or refuses the locale.
 */
import type { Plugin } from 'vite';

const TARGET = /[\\/]@mui[\\/]material[\\/]locale[\\/]utils[\\/]buildFormatNumber\.m?js$/;

export const LAZY_BUILD_FORMAT_NUMBER = `const buildFormatNumber = (locale) => {
  let formatter;
  return (value) => {
    if (!Number.isFinite(value)) return String(value);
    if (formatter === undefined) {
      formatter = null;
      if (typeof Intl !== 'undefined' && Intl.NumberFormat) {
        try {
          formatter = new Intl.NumberFormat(locale);
        } catch {
          // fallback to String()
        }
      }
    }
    return formatter ? formatter.format(value) : String(value);
  };
};
export default buildFormatNumber;
`;

export function lazyNumberFormatPlugin(): Plugin {
  return {
    name: 'lazy-number-format',
    enforce: 'pre',
    load(id) {
      return TARGET.test(id.split('?')[0]!) ? LAZY_BUILD_FORMAT_NUMBER : null;
    },
  };
}
