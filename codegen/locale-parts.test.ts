import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  ADMIN_SECTIONS,
  LOCALE_PARTS,
  localePart,
  localePartsPlugin,
  PAGE_SECTIONS,
  SETTINGS_SECTIONS,
} from './locale-parts.ts';

// The locale file of every language of the list (tests/structure/locales.test.ts: every file is listed).
const locales = (JSON.parse(readFileSync('locales/languages.json', 'utf8')) as { code: string }[])
  .map((language) => `${language.code}.json`)
  .map((name) => [name, JSON.parse(readFileSync(`locales/${name}`, 'utf8')) as Record<string, unknown>] as const);

describe('locale parts', () => {
  it.each(locales)('puts every section of %s in exactly one part', (_name, translation) => {
    const parts = LOCALE_PARTS.map((part) => localePart(translation, part));
    const sections = parts.flatMap((part) => Object.keys(part));
    expect([...sections].sort()).toEqual(Object.keys(translation).sort());
    expect(Object.keys(localePart(translation, 'settings')).sort()).toEqual(['programming', 'settings']);
    expect(Object.keys(localePart(translation, 'admin')).sort()).toEqual(
      ADMIN_SECTIONS.filter((section) => section in translation).sort(),
    );
    expect(Object.keys(localePart(translation, 'pages')).sort()).toEqual(
      PAGE_SECTIONS.filter((section) => section in translation).sort(),
    );
    // The programming forms' texts never reach the sign-in page or the signed-in pages' first paint.
    expect(Object.keys(localePart(translation, 'shell'))).not.toContain('settings');
    expect(Object.keys(localePart(translation, 'shell'))).not.toContain('programming');
    expect(SETTINGS_SECTIONS.some((section) => PAGE_SECTIONS.includes(section))).toBe(false);
    expect(
      ADMIN_SECTIONS.some((section) => PAGE_SECTIONS.includes(section) || SETTINGS_SECTIONS.includes(section)),
    ).toBe(false);
  });

  it('answers the ?part= import of each part, and nothing else', () => {
    const plugin = localePartsPlugin();
    const load = plugin.load as (this: { addWatchFile(file: string): void }, id: string) => string | null;
    const context = { addWatchFile: () => undefined };
    const file = `${process.cwd()}/locales/en.json`;
    const settings = load.call(context, `${file}?part=settings`);
    expect(settings).toMatch(/^export default \{"settings":\{/);
    expect(load.call(context, `${file}?part=shell`)).not.toContain('"settings":');
    expect(load.call(context, `${file}?part=other`)).toBeNull();
    expect(load.call(context, file)).toBeNull();
  });
});
