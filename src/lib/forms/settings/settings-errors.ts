/**
 * The message of each failed rule, in the person's language. A rule of the contract may name its own message
 * (`x-i18n-error` on the schema node that holds it, for example the panel character set of names); any other
 * failure says what its JSON Schema keyword means (`settings.errors.<keyword>`, with the limit). The inner
 * failures of an `anyOf`/`oneOf` branch and of an `if` are folded into the one message of the rule.
 */
import type { RJSFValidationError } from '@rjsf/utils';
import type { JsonObject } from '@generated/settings/types.ts';
import { isObject, propertiesOf } from './schema-walk.ts';

import type { Translate } from './settings-texts.ts';

const BRANCH = /\/(anyOf|oneOf)\/\d+\//;

/** The node at a JSON pointer (`#/...`) of `root`. */
function pointer(root: JsonObject, path: string): JsonObject | undefined {
  let node: unknown = root;
  for (const raw of path.replace(/^#\/?/, '').split('/')) {
    if (!raw) continue;
    const step = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    node = Array.isArray(node) ? node[Number(step)] : isObject(node) ? node[step] : undefined;
  }
  return isObject(node) ? node : undefined;
}

/** The message key a rule names itself, looking from the failed keyword up to the field it belongs to. */
export function namedError(root: JsonObject, schemaPath: string): string | undefined {
  const steps = schemaPath.split('/');
  for (let end = steps.length - 1; end > 0; end -= 1) {
    if (steps[end - 1] === 'properties') break;
    const node = pointer(root, steps.slice(0, end).join('/'));
    if (typeof node?.['x-i18n-error'] === 'string') return node['x-i18n-error'];
  }
  return undefined;
}

/**
 * The message the failing field's own rule names, for a failure ajv reports inside a shared def (its path is then
 * relative to the def): the field's schema, with its `$ref`/`allOf` resolved, may carry `x-i18n-error`.
 */
function fieldError(root: JsonObject, property: string | undefined): string | undefined {
  let node: JsonObject | undefined = root;
  for (const step of (property ?? '').split('.').filter(Boolean)) {
    node = node ? propertiesOf(node, root).find(([name]) => name === step)?.[1] : undefined;
  }
  const named = node && node !== root ? node['x-i18n-error'] : undefined;
  return typeof named === 'string' ? named : undefined;
}

/** The key and values of one failure's message. */
export function errorMessage(root: JsonObject, error: RJSFValidationError): [string, Record<string, unknown>] {
  const named =
    (error.schemaPath ? namedError(root, error.schemaPath) : undefined) ??
    (error.name === 'required' ? undefined : fieldError(root, error.property));
  const params = (error.params ?? {}) as Record<string, unknown>;
  if (named) return [named, params];
  if (error.name === 'type' && params.type === 'integer') return ['settings.errors.integer', params];
  return [`settings.errors.${error.name ?? 'invalid'}`, params];
}

/** RJSF's `transformErrors` for a settings form. */
export const settingsErrorTransformer =
  (root: JsonObject, t: Translate) =>
  (errors: RJSFValidationError[]): RJSFValidationError[] =>
    errors
      .filter((error) => error.name !== 'if' && !(error.schemaPath && BRANCH.test(error.schemaPath)))
      .map((error) => {
        const [key, params] = errorMessage(root, error);
        const message = t(key, { limit: params.limit, defaultValue: t('settings.errors.invalid') });
        return { ...error, message, stack: message };
      });
