/**
 * The panel password part of the access table (openapi/README.md "What the backend must enforce"): where each
 * operation carries a panel password (`x-panel-password`: in, name, the least rights, the settings group that may
 * raise them) and the settings records that hold a secret (a settings group's `x-panel-rights`, `x-secret-fields`),
 * with the rights each needs and the calls that read or write it. Written by `npm run gen` from the bundled contract.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const isObject = (value: unknown): value is { [key: string]: Json } =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Where an operation's panel password is and the least rights it needs (`body \`user_pass\`, any`). */
export function panelPasswordText(annotation: Json | undefined): string {
  if (!isObject(annotation)) return '';
  const group = annotation.group ? `, raised by the group in \`${String(annotation.group)}\`` : '';
  return `password in ${String(annotation.in)} \`${String(annotation.name)}\`, rights ${String(annotation.rights)}${group}`;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

/** The table of settings records holding a secret: one row per group with `x-panel-rights`. */
export function renderPanelSecrets(contract: { [key: string]: Json }): string[] {
  const schemas =
    isObject(contract.components) && isObject(contract.components.schemas) ? contract.components.schemas : {};
  const paths = isObject(contract.paths) ? contract.paths : {};
  const operations = Object.values(paths).flatMap((item) =>
    isObject(item) ? METHODS.map((method) => item[method]).filter(isObject) : [],
  );
  // Reads name the group in the body (`x-panel-password.group`); each write is its group's (`x-settings-group`).
  const readers = operations
    .filter((op) => isObject(op['x-panel-password']) && op['x-panel-password'].group)
    .map((op) => `\`${String(op.operationId)}\``);
  const rows = Object.values(schemas)
    .filter((schema) => isObject(schema) && typeof schema['x-panel-rights'] === 'string')
    .map((schema) => schema as { [key: string]: Json })
    .sort((a, b) => Number(a['x-settings-group']) - Number(b['x-settings-group']))
    .map((schema) => {
      const group = Number(schema['x-settings-group']);
      const writer = operations.find((op) => op['x-settings-group'] === group);
      const fields = Array.isArray(schema['x-secret-fields']) ? schema['x-secret-fields'] : [];
      const calls = [...readers, ...(writer ? [`\`${String(writer.operationId)}\``] : [])].join(', ');
      return `| ${group} ${String(schema.title ?? '')} | ${fields.map((f) => `\`${String(f)}\``).join(', ')} | ${String(schema['x-panel-rights'])} | ${calls} |`;
    });
  return rows.length
    ? [
        '',
        "Settings records holding a secret (a group schema's `x-panel-rights`, `x-secret-fields`): every call that reads or",
        'writes them needs a panel password whose panel user has these rights (403 `panel-rights` otherwise).',
        '',
        '| Group | Secret fields | Panel rights | Calls |',
        '|---|---|---|---|',
        ...rows,
      ]
    : [];
}
