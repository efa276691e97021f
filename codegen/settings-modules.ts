/**
 * generated/settings/: the settings form registry. Per form, its entry (schema + uiSchema), its write call and its
 * precompiled validator; the index of loaders by group; the panel side of each group (panel-side.ts, what a read
 * can report; for the round-trip test); the lookup lists the forms name; the registry's types.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { compileSchemaValidatorsCode } from '@rjsf/validator-ajv8/lib/compileSchemaValidatorsCode.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { lookupNames, panelSides, settingsForms } from './settings-forms.ts';
import { AUDIT_ACTION_PARAMETER, settingsTypesModule } from './settings-types.ts';
import { operationsTaking } from './spec-gaps.ts';

/**
 * The precompiled AJV validator module of one settings form (the console's CSP has no 'unsafe-eval', so AJV
 * cannot compile schemas in the browser). Same AJV as the old runtime validator: 2020-12, `strict: false`. AJV's
 * ESM output cannot export RJSF's numeric schema ids, so its CommonJS output is rewritten into an ES module whose
 * default export maps each schema id to its validate function (what `createPrecompiledValidator` takes).
 */
export function settingsValidatorModule(header: string, schema: object): string {
  const cjs = compileSchemaValidatorsCode(schema as never, {
    AjvClass: Ajv2020 as never,
    ajvOptionsOverrides: { strict: false, code: { source: true, lines: true } },
  });
  const imports = new Map<string, string>();
  let body = cjs.replace(/^"use strict";\n?/, '').replace(/require\("([^"]+)"\)\.default/g, (_match, spec: string) => {
    if (!imports.has(spec)) imports.set(spec, `runtime${imports.size}`);
    return imports.get(spec)!;
  });
  body = body.replace(/^exports(?=[[.])/gm, 'validateFns');
  const leftover = /\brequire\(.{0,60}|\bexports\..{0,40}/.exec(body);
  if (leftover) throw new Error(`Unexpected CommonJS left in a precompiled validator: ${leftover[0]}`);
  return [
    `${header}// @ts-nocheck`,
    ...[...imports].map(([spec, name]) => `import ${name}Module from '${spec}.js';`),
    // A CommonJS default import is `module.exports` (Node) or its `default` (bundlers): either way, the helper.
    ...[...imports].map(([, name]) => `const ${name} = ${name}Module.default ?? ${name}Module;`),
    'const validateFns = {};',
    body.trimEnd(),
    'export default validateFns;',
    '',
  ].join('\n');
}

/** Writes generated/settings/ into `dir` from the bundled contract; returns how many forms it wrote. */
export function writeSettingsModules(header: string, dir: string, contract: Record<string, unknown>): number {
  const components = (contract.components as { schemas: Record<string, never> }).schemas;
  const forms = settingsForms(components);
  const auditWrites = new Set(operationsTaking(contract as never, AUDIT_ACTION_PARAMETER));
  mkdirSync(dir, { recursive: true });
  const lines = [
    header,
    "import type { SettingsForm } from './types';",
    '',
    '/** Loaders of every settings form with its write call, by group number (-1 is the panel message form). */',
    'export const settingsFormLoaders: Record<number, () => Promise<SettingsForm>> = {',
  ];
  for (const form of forms) {
    const file = form.group >= 0 ? `group-${String(form.group).padStart(2, '0')}` : 'panel-message';
    if (!form.setOperation) throw new Error(`Settings form ${form.component} has no x-set-operation`);
    const op = form.setOperation;
    // The proposed `audit-action` header, on the writes that take it (the settings groups', not the message's).
    const headers = auditWrites.has(op)
      ? "    headers: action ? { 'audit-action': action } : undefined,"
      : '    // This call takes no `audit-action` header.';
    writeFileSync(
      path.join(dir, `${file}.ts`),
      [
        `${header}import { createPrecompiledValidator } from '@rjsf/validator-ajv8';`,
        "import type { ValidatorFunctions } from '@rjsf/validator-ajv8';",
        `import { ${op} } from '../api/sdk.gen';`,
        "import type { SettingsFormEntry, SettingsValidator, SettingsWrite } from './types';",
        `import validateFns from './${file}.validator';`,
        '',
        `export const form: SettingsFormEntry = ${JSON.stringify(form, null, 2)};`,
        '',
        "/** This form's validator, precompiled by `npm run gen` (no runtime schema compilation: CSP-safe). */",
        'export const validator: SettingsValidator = createPrecompiledValidator(',
        '  validateFns as ValidatorFunctions,',
        '  form.schema as never,',
        ') as SettingsValidator;',
        '',
        `/** Writes this form's settings with the contract's \`${op}\` (the body is the whole request body). */`,
        'export const write: SettingsWrite = (body, signal, action) =>',
        `  ${op}({`,
        `    body: body as unknown as Parameters<typeof ${op}>[0]['body'],`,
        headers,
        '    signal,',
        '    throwOnError: true,',
        '  }).then((result) => result.data);',
        '',
      ].join('\n'),
    );
    writeFileSync(path.join(dir, `${file}.validator.ts`), settingsValidatorModule(header, form.schema));
    lines.push(
      `  ${JSON.stringify(String(form.group))}: () => import('./${file}').then((module) => ({ ...module.form, write: module.write, validator: module.validator })),`,
    );
  }
  lines.push('};', '');
  lines.push('/** Summary of every settings form, without the schemas. */');
  lines.push(
    `export const settingsFormIndex = ${JSON.stringify(
      forms.map(({ group, slug, component, setOperation, i18nPrefix, tab, records }) => ({
        group,
        slug,
        component,
        setOperation,
        i18nPrefix,
        tab,
        records,
      })),
      null,
      2,
    )} as const;`,
    '',
  );
  writeFileSync(path.join(dir, 'index.ts'), lines.join('\n'));
  writeFileSync(
    path.join(dir, 'panel-side.ts'),
    [
      `${header}import type { JsonObject } from './types';`,
      '',
      '/**',
      " * What a panel can report for each settings group, apart from the form's rules: the panel side of the",
      ' * contract (types and `x-panel-holds`; codegen/settings-panel-side.ts). Tests only: the round-trip test generates',
      ' * panel values from it and saves them through the form.',
      ' */',
      `export const panelSideSchemas: Readonly<Record<number, JsonObject>> = ${JSON.stringify(
        Object.fromEntries(panelSides(components).map(({ group, schema }) => [group, schema])),
        null,
        2,
      )};`,
      '',
    ].join('\n'),
  );
  const lookups = lookupNames(forms);
  writeFileSync(
    path.join(dir, 'lookups.ts'),
    [
      `${header}import { ${lookups.map((name) => `${name}Options`).join(', ')} } from '../api/@tanstack/react-query.gen';`,
      '',
      '/** The query options of every lookup list a settings form names (`x-ui-lookup`), by operation id. */',
      'export const lookupOptions = {',
      ...lookups.map((name) => `  ${name}: ${name}Options,`),
      '} as const;',
      '',
      'export type LookupName = keyof typeof lookupOptions;',
      '',
    ].join('\n'),
  );
  writeFileSync(path.join(dir, 'types.ts'), settingsTypesModule(header, contract));
  return forms.length;
}
