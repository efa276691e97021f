/**
 * Form rules read from the contract. A form names, for each of its fields, the property of a request schema the
 * value is sent as (the `XSchema` consts of @generated/api/schemas.gen.ts); the rule of that field is what the
 * schema says: required, minLength, maxLength, pattern, `format: email` and `format: uri`, following a `$ref`
 * such as AccountPhone. A rule changed in openapi/ therefore reaches every form after `npm run gen`, and no form keeps a
 * copy of a bound. Deliberately small and without a validator library: the sign-in page has a size budget.
 */
import type { TranslationKey } from '../i18n/translation-key.ts';

/** The keywords of a string property that the forms read (the generated consts carry more; they are ignored). */
export interface PropertySchema {
  readonly type?: string | readonly string[];
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly pattern?: string;
  readonly format?: string;
  readonly $ref?: string;
}

/** A request body schema: its properties and which of them are required. */
export interface ObjectSchema {
  readonly required?: readonly string[];
  readonly properties: { readonly [name: string]: PropertySchema };
}

/** Schemas a `$ref` may point to, by component name (`{ AccountPhone: AccountPhoneSchema }`). */
export type SchemaRefs = { readonly [component: string]: PropertySchema };

/** What a form enforces for one field. */
export interface FieldRule {
  readonly required: boolean;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly pattern?: string;
  readonly email: boolean;
  /** `format: uri`: an absolute URI (a scheme, then URI characters only). */
  readonly uri?: true;
}

/** Why a value is refused: the schema keyword it breaks. */
export type RuleViolation = 'required' | 'minLength' | 'maxLength' | 'uri' | 'pattern' | 'email';

/** The rules of one form: the schema, the property each field is sent as, and the rule read for each field. */
export interface FormRules<Field extends string> {
  readonly schema: ObjectSchema;
  readonly refs: SchemaRefs;
  readonly properties: { readonly [F in Field]: string };
  readonly rules: { readonly [F in Field]: FieldRule };
}

/**
 * The one e-mail rule of every form. It is the `email` format of ajv-formats in its full mode, which is what the
 * mock (Prism) checks `format: email` with, so the browser refuses exactly the addresses the contract refuses
 * (a local part, `@`, and a domain with at least one dot). Copied rather than imported: the sign-in page must
 * not bundle ajv-formats.
 */
export const EMAIL_PATTERN =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;

/**
 * The one URI rule of every form (`format: uri`): a scheme, then only the characters RFC 3986 allows (unreserved,
 * reserved, percent escapes), as the `uri` format of ajv-formats that the mock (Prism) checks with; the browser's URL
 * parser must take it too. Spaces, `<>"{}|\^` and unescaped non-ASCII letters are refused.
 */
export const URI_PATTERN = /^[a-z][a-z0-9+.-]*:(?:[a-z0-9\-._~!$&'()*+,;=:@/?#[\]]|%[0-9a-f]{2})+$/i;

const isUri = (value: string): boolean => URI_PATTERN.test(value) && URL.canParse(value);

// Formats that describe a value without restricting it (a password field is masked, not validated).
const ANNOTATION_FORMATS = new Set(['password']);
const REF_PREFIX = '#/components/schemas/';

function resolve(schema: PropertySchema, refs: SchemaRefs, seen: readonly string[] = []): PropertySchema {
  if (schema.$ref === undefined) return schema;
  const name = schema.$ref.startsWith(REF_PREFIX) ? schema.$ref.slice(REF_PREFIX.length) : schema.$ref;
  const target = refs[name];
  if (!target) throw new Error(`The form rules need the schema ${name} (pass it in refs)`);
  if (seen.includes(name)) throw new Error(`The schema ${name} refers to itself`);
  const { $ref: _ref, ...siblings } = schema;
  // Keywords beside a $ref (OpenAPI 3.1) narrow the referenced schema, so they win.
  return { ...resolve(target, refs, [...seen, name]), ...siblings };
}

/** The rule of `property` in `schema`. Throws on a keyword a form cannot enforce, so the contract can't outrun it. */
export function fieldRule<S extends ObjectSchema>(
  schema: S,
  property: keyof S['properties'] & string,
  refs: SchemaRefs = {},
): FieldRule {
  const raw = schema.properties[property];
  if (!raw) throw new Error(`The schema has no property ${property}`);
  const { type, minLength, maxLength, pattern, format } = resolve(raw, refs);
  if (type !== undefined && type !== 'string') throw new Error(`${property} is not a string property`);
  if (format !== undefined && format !== 'email' && format !== 'uri' && !ANNOTATION_FORMATS.has(format)) {
    throw new Error(`${property} has the format ${format}, which no form rule checks`);
  }
  return {
    required: schema.required?.includes(property) ?? false,
    ...(minLength !== undefined && { minLength }),
    ...(maxLength !== undefined && { maxLength }),
    ...(pattern !== undefined && { pattern }),
    email: format === 'email',
    ...(format === 'uri' && { uri: true as const }),
  };
}

/** The rules of a form whose fields are sent as the given properties of `schema`. */
export function formRules<S extends ObjectSchema, Field extends string>(
  schema: S,
  properties: { readonly [F in Field]: keyof S['properties'] & string },
  refs: SchemaRefs = {},
): FormRules<Field> {
  const fields = Object.keys(properties) as Field[];
  const rules = Object.fromEntries(fields.map((field) => [field, fieldRule(schema, properties[field], refs)]));
  return { schema, refs, properties, rules: rules as FormRules<Field>['rules'] };
}

/**
 * The first rule `value` breaks, or null. `value` is what the form sends (trimmed where the form trims). An empty
 * optional field counts as not given; an empty required one is `required` whatever its other bounds.
 */
export function checkValue(rule: FieldRule, value: string): RuleViolation | null {
  if (value === '') return rule.required ? 'required' : null;
  // JSON Schema counts characters (code points), not UTF-16 units.
  const length = [...value].length;
  if (rule.minLength !== undefined && length < rule.minLength) return 'minLength';
  if (rule.maxLength !== undefined && length > rule.maxLength) return 'maxLength';
  // Not a link at all says more than a link of the wrong kind (a pattern such as `^https://`).
  if (rule.uri && !isUri(value)) return 'uri';
  if (rule.pattern !== undefined && !new RegExp(rule.pattern, 'u').test(value)) return 'pattern';
  if (rule.email && !EMAIL_PATTERN.test(value)) return 'email';
  return null;
}

/** Every field's violation; a field that passes is absent, so an empty object means the form is valid. */
export function checkForm<Field extends string>(
  form: FormRules<Field>,
  values: { readonly [F in Field]: string },
): Partial<Record<Field, RuleViolation>> {
  const violations: Partial<Record<Field, RuleViolation>> = {};
  for (const field of Object.keys(form.rules) as Field[]) {
    const violation = checkValue(form.rules[field], values[field]);
    if (violation) violations[field] = violation;
  }
  return violations;
}

/** The message of each violation a form's fields can produce (a test checks that none is missing). */
export type FieldMessages<Field extends string> = {
  readonly [F in Field]: Readonly<Partial<Record<RuleViolation, TranslationKey>>>;
};

/** Every refused field's message key; an empty object means the form is valid. */
export function fieldErrors<Field extends string>(
  form: FormRules<Field>,
  messages: FieldMessages<Field>,
  values: { readonly [F in Field]: string },
): Partial<Record<Field, TranslationKey>> {
  const errors: Partial<Record<Field, TranslationKey>> = {};
  const violations = checkForm(form, values);
  for (const field of Object.keys(violations) as Field[]) {
    const own = messages[field];
    // A rule the form has no message for still refuses the value, with the field's first message.
    errors[field] = own[violations[field]!] ?? Object.values(own)[0];
  }
  return errors;
}

/** The interpolation values of a field's messages: the schema's bounds (`{{min}}`, `{{max}}`). */
export const messageValues = (rule: FieldRule | undefined): { min?: number; max?: number } => ({
  min: rule?.minLength,
  max: rule?.maxLength,
});

/** The violations a rule can produce: a form needs a message for each of them. */
export function possibleViolations(rule: FieldRule): RuleViolation[] {
  const kinds: RuleViolation[] = [];
  if (rule.required) kinds.push('required');
  // A bound of 1 is never reached on its own: an empty value is `required` or not given at all.
  if (rule.minLength !== undefined && rule.minLength > 1) kinds.push('minLength');
  if (rule.maxLength !== undefined) kinds.push('maxLength');
  if (rule.uri) kinds.push('uri');
  if (rule.pattern !== undefined) kinds.push('pattern');
  if (rule.email) kinds.push('email');
  return kinds;
}
