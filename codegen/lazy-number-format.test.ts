/** The lazily built number formatter answers as MUI's own, and makes no formatter before its first use. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readFileSync } from 'node:fs';
import { LAZY_BUILD_FORMAT_NUMBER, lazyNumberFormatPlugin } from './lazy-number-format.ts';

type Build = (locale: string) => (value: number) => string;
const moduleOf = async (code: string): Promise<Build> =>
  (await import(`data:text/javascript,${encodeURIComponent(code)}`)).default;
const lazyBuild = () => moduleOf(LAZY_BUILD_FORMAT_NUMBER);
/** MUI's own function, as installed (the package does not export the module). */
const muiBuild = () =>
  moduleOf(
    readFileSync(new URL('../node_modules/@mui/material/locale/utils/buildFormatNumber.mjs', import.meta.url), 'utf8'),
  );

afterEach(() => vi.unstubAllGlobals());

describe('the lazily built number formatter', () => {
  it('formats as MUI formats, in Turkish and English, and gives non-finite values as text', async () => {
    const [build, mui] = [await lazyBuild(), await muiBuild()];
    for (const locale of ['tr-TR', 'en-US']) {
      for (const value of [0, 7, 1234567.891, -42.5, Infinity, NaN])
        expect(build(locale)(value)).toBe(mui(locale)(value));
    }
  });

  it('makes its Intl.NumberFormat on the first number, once, and none for a pack never used', async () => {
    const build = await lazyBuild();
    let made = 0;
    const Real = Intl.NumberFormat;
    vi.stubGlobal('Intl', {
      ...Intl,
      NumberFormat: function NumberFormat(...args: ConstructorParameters<typeof Intl.NumberFormat>) {
        made += 1;
        return new Real(...args);
      },
    });
    const format = build('tr-TR');
    build('de-DE');
    expect(made).toBe(0);
    expect(format(1000)).toBe('1.000');
    expect(format(2000)).toBe('2.000');
    expect(made).toBe(1);
  });

  it('answers only for MUI locale utility module', () => {
    const plugin = lazyNumberFormatPlugin();
    const load = plugin.load as (id: string) => string | null;
    expect(load('/x/node_modules/@mui/material/locale/utils/buildFormatNumber.mjs')).toBe(LAZY_BUILD_FORMAT_NUMBER);
    expect(load('/x/node_modules/@mui/material/locale/trTR.mjs')).toBeNull();
  });
});
