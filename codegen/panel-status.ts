/**
 * The panel status codes the console knows (`x-status-texts` of `PanelState.status` in openapi/components/panels.yaml):
 * each code with the locale key of its text. `npm run gen` writes them to generated/api/panel-status.ts; the console
 * shows a known code in the person's language and any other code's `status_desc` as sent, and a unit test fails
 * while a key is missing from a locale file, so a code added to the contract cannot go untranslated.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const isObject = (value: unknown): value is { [key: string]: Json } =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export interface StatusText {
  code: number;
  /** The English text (the contract's documentation). */
  title: string;
  /** The locale key of the text. */
  key: string;
}

/** The status texts of a bundled contract; throws when they are missing or malformed. */
export function panelStatusTexts(contract: { [key: string]: unknown }): StatusText[] {
  const components = isObject(contract.components) ? contract.components : {};
  const schemas = isObject(components.schemas) ? components.schemas : {};
  const state = schemas.PanelState;
  const properties = isObject(state) && isObject(state.properties) ? state.properties : {};
  const status = properties.status;
  const texts = isObject(status) ? status['x-status-texts'] : undefined;
  const codes = isObject(texts) && Array.isArray(texts.codes) ? texts.codes : undefined;
  if (!codes?.length) throw new Error('PanelState.status needs x-status-texts.codes');
  const seen = new Set<number>();
  return codes.map((entry) => {
    if (!isObject(entry)) throw new Error('x-status-texts: every code is an object');
    const { code, title } = entry;
    const key = entry['x-i18n-key'];
    if (typeof code !== 'number' || !Number.isInteger(code) || code < 0 || seen.has(code)) {
      throw new Error(`x-status-texts: code ${String(code)} must be a whole number, once`);
    }
    if (typeof title !== 'string' || typeof key !== 'string' || !/^[a-z][\w.]*$/i.test(key)) {
      throw new Error(`x-status-texts: code ${code} needs a title and an x-i18n-key`);
    }
    seen.add(code);
    return { code, title, key };
  });
}

/** The module generated/api/panel-status.ts. */
export const panelStatusModule = (header: string, texts: readonly StatusText[]): string =>
  [
    header,
    '/**',
    " * The panel status codes the console knows, each with the locale key of its text (the contract's",
    ' * `x-status-texts` of `PanelState.status`). Any other code shows the `status_desc` the panel sent.',
    ' */',
    'export const panelStatusKeys = {',
    ...texts.map(({ code, title, key }) => `  ${code}: ${JSON.stringify(key)}, // ${title}`),
    '} as const;',
    '',
  ].join('\n');
