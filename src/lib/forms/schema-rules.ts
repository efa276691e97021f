// Over 200 lines: the forms' one rule API (read from the schema, check a value, name its message), which every form imports.
/**
 * Form rules read from the contract. A form names, for each of its fields, the property of a request schema the
 * value is sent as (the `XSchema` consts of @generated/api/schemas.gen.ts); the rule of that field is what the
 * schema says: required, minLength, maxLength, pattern, `format: email` and `format: uri` of a text, the type,
 * minimum and maximum of a number typed as text, following a `$ref` such as AccountPhone, and the narrower rules of
 * an `if`/`then` branch (`thenBranch`). A rule changed in openapi/ therefore reaches every form after `npm run gen`,
 * and no form keeps a copy of a bound. Deliberately small and without a validator library: the sign-in page has a
 * size budget.
 */
import type { TranslationKey } from '../i18n/translation-key.ts';
import { EMAIL_PATTERN, INTEGER_TEXT, NUMBER_TEXT, isUri } from './text-formats.ts';

/** The keywords of a property that the forms read (the generated consts carry more; they are ignored). */
export interface PropertySchema {
  readonly type?: string | readonly string[];
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly pattern?: string;
  readonly format?: string;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly exclusiveMinimum?: number;
  readonly exclusiveMaximum?: number;
  readonly multipleOf?: number;
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
  /** A number typed as text: `integer` takes whole numbers only. Absent for a text. */
  readonly type?: NumberType;
  readonly minimum?: number;
  readonly maximum?: number;
}

type NumberType = 'integer' | 'number';

/** Why a value is refused: the schema keyword it breaks (`integer`, `number`: the text is no value of that type). */
export type RuleViolation =
  'required' | 'minLength' | 'maxLength' | 'uri' | 'pattern' | 'email' | 'integer' | 'number' | 'minimum' | 'maximum';

/** The rules of one form: the schema, the property each field is sent as, and the rule read for each field. */
export interface FormRules<Field extends string> {
  readonly schema: ObjectSchema;
  readonly refs: SchemaRefs;
  readonly properties: { readonly [F in Field]: string };
  readonly rules: { readonly [F in Field]: FieldRule };
}

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

const NUMBER_KEYWORDS_UNREAD = ['exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'] as const;

/** The rule of a number property (JSON Schema's text keywords do not apply to a number, so none is read). */
function numberRule(required: boolean, property: string, schema: PropertySchema, type: NumberType): FieldRule {
  const unread = NUMBER_KEYWORDS_UNREAD.find((keyword) => schema[keyword] !== undefined);
  if (unread) throw new Error(`${property} has ${unread}, which no form rule checks`);
  const { minimum, maximum } = schema;
  return {
    required,
    email: false,
    type,
    ...(minimum !== undefined && { minimum }),
    ...(maximum !== undefined && { maximum }),
  };
}

/** The rule of `property` in `schema`. Throws on a keyword a form cannot enforce, so the contract can't outrun it. */
export function fieldRule<S extends ObjectSchema>(
  schema: S,
  property: keyof S['properties'] & string,
  refs: SchemaRefs = {},
): FieldRule {
  const raw = schema.properties[property];
  if (!raw) throw new Error(`The schema has no property ${property}`);
  const resolved = resolve(raw, refs);
  const { type, minLength, maxLength, pattern, format } = resolved;
  const required = schema.required?.includes(property) ?? false;
  if (type === 'integer' || type === 'number') return numberRule(required, property, resolved, type);
  if (type !== undefined && type !== 'string') throw new Error(`${property} is not a string or number property`);
  if (format !== undefined && format !== 'email' && format !== 'uri' && !ANNOTATION_FORMATS.has(format)) {
    throw new Error(`${property} has the format ${format}, which no form rule checks`);
  }
  return {
    required,
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

/** A condition of an object schema (JSON Schema `if`/`then`): `then` narrows properties and may require more. */
export interface ConditionalSchema extends ObjectSchema {
  readonly then?: {
    readonly required?: readonly string[];
    readonly properties?: { readonly [name: string]: PropertySchema };
  };
}

/**
 * The schema as it stands when its `if` holds: each property of `then` narrows the property of the same name (its
 * keywords win), and `then`'s required properties are added. For a form that always sends what makes `if` hold.
 */
export function thenBranch(schema: ConditionalSchema): ObjectSchema {
  const narrower = schema.then?.properties ?? {};
  const properties = { ...schema.properties };
  for (const [name, keywords] of Object.entries(narrower)) properties[name] = { ...properties[name], ...keywords };
  const required = [...new Set([...(schema.required ?? []), ...(schema.then?.required ?? [])])];
  return { required, properties };
}

/** The first rule a number typed as `value` breaks; a bound comes before the whole-number check (`2.5` of min 3). */
function checkNumber(rule: FieldRule & { type: NumberType }, value: string): RuleViolation | null {
  if (!NUMBER_TEXT.test(value)) return rule.type;
  const number = Number(value);
  if (!Number.isFinite(number)) return rule.type;
  if (rule.minimum !== undefined && number < rule.minimum) return 'minimum';
  if (rule.maximum !== undefined && number > rule.maximum) return 'maximum';
  if (rule.type === 'integer' && !(INTEGER_TEXT.test(value) && Number.isSafeInteger(number))) return 'integer';
  return null;
}

const isNumberRule = (rule: FieldRule): rule is FieldRule & { type: NumberType } => rule.type !== undefined;

/**
 * The first rule `value` breaks, or null. `value` is what the form sends (trimmed where the form trims). An empty
 * optional field counts as not given; an empty required one is `required` whatever its other bounds.
 */
export function checkValue(rule: FieldRule, value: string): RuleViolation | null {
  if (value === '') return rule.required ? 'required' : null;
  if (isNumberRule(rule)) return checkNumber(rule, value);
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

/** The message of a violation; a rule the form has no message for still refuses, with the field's first message. */
export const violationMessage = (
  own: Readonly<Partial<Record<RuleViolation, TranslationKey>>>,
  violation: RuleViolation,
): TranslationKey | undefined => own[violation] ?? Object.values(own)[0];

/** Every refused field's message key; an empty object means the form is valid. */
export function fieldErrors<Field extends string>(
  form: FormRules<Field>,
  messages: FieldMessages<Field>,
  values: { readonly [F in Field]: string },
): Partial<Record<Field, TranslationKey>> {
  const errors: Partial<Record<Field, TranslationKey>> = {};
  const violations = checkForm(form, values);
  for (const field of Object.keys(violations) as Field[]) {
    errors[field] = violationMessage(messages[field], violations[field]!);
  }
  return errors;
}

/** The interpolation values of a field's messages: the schema's bounds (`{{min}}`, `{{max}}`). */
export const messageValues = (rule: FieldRule | undefined): { min?: number; max?: number } => ({
  min: rule?.minLength ?? rule?.minimum,
  max: rule?.maxLength ?? rule?.maximum,
});

/** The violations a rule can produce: a form needs a message for each of them. */
export function possibleViolations(rule: FieldRule): RuleViolation[] {
  const kinds: RuleViolation[] = [];
  if (rule.required) kinds.push('required');
  if (rule.type !== undefined) kinds.push(rule.type);
  if (rule.minimum !== undefined) kinds.push('minimum');
  if (rule.maximum !== undefined) kinds.push('maximum');
  // A bound of 1 is never reached on its own: an empty value is `required` or not given at all.
  if (rule.minLength !== undefined && rule.minLength > 1) kinds.push('minLength');
  if (rule.maxLength !== undefined) kinds.push('maxLength');
  if (rule.uri) kinds.push('uri');
  if (rule.pattern !== undefined) kinds.push('pattern');
  if (rule.email) kinds.push('email');
  return kinds;
}
