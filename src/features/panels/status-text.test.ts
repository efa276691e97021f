/**
 * The panel status codes the contract names (`x-status-texts`) are shown in the person's language: the generated
 * list follows the contract, every code's key has a text in every locale file, and any other code shows the panel's
 * own `status_desc`.
 */
import { readFileSync, readdirSync } from 'node:fs';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { panelStatusKeys } from '@generated/api/panel-status.ts';
import { panelStatusTexts } from '../../../codegen/panel-status.ts';
import { panelStatusText } from './status-text.ts';

type Tree = { [key: string]: string | Tree };
const contract = JSON.parse(readFileSync('generated/openapi.json', 'utf8')) as Record<string, unknown>;
const locales = readdirSync('locales')
  .filter((name) => name.endsWith('.json') && name !== 'languages.json')
  .map((name) => [name.replace('.json', ''), JSON.parse(readFileSync(`locales/${name}`, 'utf8')) as Tree] as const);
const textAt = (tree: Tree, key: string): unknown =>
  key
    .split('.')
    .reduce<unknown>((node, step) => (node && typeof node === 'object' ? (node as Tree)[step] : undefined), tree);

describe('panel status texts', () => {
  const texts = panelStatusTexts(contract);

  it('lists every code of the contract, with its key', () => {
    expect(texts.map(({ code }) => code)).toEqual(expect.arrayContaining([0, 1, 2, 4, 9, 10, 14, 15]));
    expect(Object.fromEntries(texts.map(({ code, key }) => [code, key]))).toEqual(panelStatusKeys);
  });

  it.each(locales)('has a text for every code in %s', (_code, tree) => {
    const missing = texts.filter(({ key }) => typeof textAt(tree, key) !== 'string' || textAt(tree, key) === '');
    expect(missing).toEqual([]);
  });

  it('shows a known code in the person language and any other code as the panel sent it', async () => {
    const t = i18next.createInstance();
    await t.init({
      lng: 'en',
      resources: Object.fromEntries(locales.map(([code, tree]) => [code, { translation: tree }])),
    });
    expect(panelStatusText(t.t, { status: 1, status_desc: 'Sistem Hazır' })).toBe('System ready');
    expect(panelStatusText(t.t, { status: 9, status_desc: 'Çıkış gecikmesi' })).toBe('Entry/exit delay');
    await t.changeLanguage('tr');
    expect(panelStatusText(t.t, { status: 1, status_desc: 'System ready' })).toBe('Sistem Hazır');
    expect(panelStatusText(t.t, { status: 77, status_desc: 'Servis modu' })).toBe('Servis modu');
    expect(panelStatusText(t.t, { status: 77 })).toBeUndefined();
  });
});
