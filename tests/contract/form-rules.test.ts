/**
 * The console's forms follow the contract: every module of src/ that reads the contract's schema consts is a form
 * module (found here, not listed), and every rule set it exports is walked field by field against the bundled
 * contract (generated/openapi.json, read here on its own, not through the rules module), so a rule changed in
 * openapi/ cannot leave a form behind, no form keeps a bound of its own, and a new form is walked as it lands.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as schemaConsts from '@generated/api/schemas.gen.ts';
import {
  checkValue,
  formRules,
  possibleViolations,
  type FieldMessages,
  type FormRules,
  type ObjectSchema,
} from '../../src/lib/forms/schema-rules.ts';

type Json = { [key: string]: unknown };
interface ContractSchema {
  type?: string;
  required?: string[];
  properties?: Record<string, ContractSchema>;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  examples?: unknown[];
  $ref?: string;
}

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? sourceFiles(full) : /\.tsx?$/.test(name) ? [full] : [];
  });

/** Every module of src/ (tests aside) that reads the contract's schema consts, as a path below src/. */
const schemaReaders = sourceFiles('src')
  .filter((file) => !/\.test\.tsx?$/.test(file))
  .filter((file) => /from '@generated\/api\/schemas\.gen/.test(readFileSync(file, 'utf8')))
  .map((file) => path.relative('src', file).split(path.sep).join('/'))
  .sort();

/** Readers that check a value no person types as text, each with its own unit test; they export no rule set. */
const OWN_CHECKS: Record<string, string> = {
  // A device id is read from a route or a pasted IMEI: its own check reads DevId's minimum (its unit test).
  'lib/forms/device-id.ts': 'DevId',
  // The password policy's common list: the list NewPassword's x-password-policy names (account/validation.test.ts).
  'lib/forms/common-passwords.ts': 'NewPassword x-password-policy',
  // The application's files: their type and size rule is read from DealerApplication's file parts (its unit test).
  'features/dealers/dealer-files.ts': 'DealerApplication file parts',
  // A photo link the server answers: shown only when it matches PhotoLink's patterns (photo-link.test.ts).
  'features/dealers/photo-link.ts': 'PhotoLink, PhotoPath',
  // The audit log's action filter offers exactly AuditAction's values (the page's browser test chooses one).
  'features/audit/api/audit-log.ts': 'AuditAction',
  // A second factor's code or recovery code: TotpCode's and RecoveryCode's patterns (second-factor-proof.test.ts).
  'lib/users/second-factor-proof.ts': 'TotpCode, RecoveryCode',
};

const contract = JSON.parse(readFileSync('generated/openapi.json', 'utf8')) as {
  components: { schemas: Record<string, ContractSchema> };
};
const component = (name: string): ContractSchema => {
  const schema = contract.components.schemas[name];
  if (!schema) throw new Error(`The contract has no schema ${name}`);
  return schema;
};
const deref = (schema: ContractSchema): ContractSchema => {
  if (!schema.$ref) return schema;
  const { $ref, ...siblings } = schema;
  return { ...deref(component($ref.replace('#/components/schemas/', ''))), ...siblings };
};

/**
 * Request bodies the console's forms send (and the card form it posts to the payment provider): each must keep a
 * rule set, so a form that stops reading the contract fails here. A new form is walked without being added.
 */
const FORM_SCHEMAS = [
  'LoginRequest',
  'RegisterRequest',
  'VerificationCodeRequest',
  'SendVerificationRequest',
  'AccountInfoRequest',
  'UpdateRegisterRequest',
  'ChangePasswordRequest',
  'RedeemCouponRequest',
  'GenerateCodeRequest',
  'AddPanelRequest',
  'ChangePanelDescRequest',
  'ControlPanelRequest',
  'SettingsEnvelope',
  'ZoneUpdateRequest',
  'OutputUpdateRequest',
  'ChangePanelUserPass',
  'CardPaymentForm',
  'OrderCancelRequest',
  'DealerApplication',
  'DealerRequestApproval',
  'FirmwareVersionInput',
  'FirmwareVersion',
  'TestStageInput',
  'TestStage',
  'CouponCreateRequest',
];

const modules: Record<string, Json> = Object.fromEntries(
  await Promise.all(
    schemaReaders.map(async (file) => [file, (await import(pathToFileURL(path.resolve('src', file)).href)) as Json]),
  ),
);

const isFormRules = (value: unknown): value is FormRules<string> =>
  typeof value === 'object' && value !== null && 'schema' in value && 'properties' in value && 'rules' in value;

const forms = Object.entries(modules).flatMap(([file, exports]) =>
  Object.entries(exports)
    .filter((entry): entry is [string, FormRules<string>] => isFormRules(entry[1]))
    .map(([name, form]) => {
      const constName = Object.entries(schemaConsts).find(([, value]) => value === form.schema)?.[0];
      const messages = exports[name.replace(/Rules$/, 'Messages')] as FieldMessages<string> | undefined;
      // Required properties the console fills in itself (the panel, the command), listed beside the rules.
      const given = (exports[name.replace(/Rules$/, 'Given')] as readonly string[] | undefined) ?? [];
      return { label: `${file} ${name}`, form, schemaName: constName?.replace(/Schema$/, ''), messages, given };
    }),
);

/** What the contract says of one property, in the shape of a form rule. */
function expectedRule(schemaName: string, property: string) {
  const schema = component(schemaName);
  const raw = schema.properties?.[property];
  if (!raw) throw new Error(`${schemaName} has no property ${property}`);
  const { type, minLength, maxLength, pattern, format, minimum, maximum } = deref(raw);
  const required = schema.required?.includes(property) ?? false;
  if (type === 'integer' || type === 'number') {
    // A number's rule: its type and the bounds the contract gives (absent ones left out).
    const number = { required, email: false, type, minimum, maximum };
    return Object.fromEntries(Object.entries(number).filter(([, value]) => value !== undefined));
  }
  return {
    required,
    ...(minLength !== undefined && { minLength }),
    ...(maxLength !== undefined && { maxLength }),
    ...(pattern !== undefined && { pattern }),
    email: format === 'email',
    ...(format === 'uri' && { uri: true }),
  };
}

describe('form rules come from the contract', () => {
  it('every form schema has a rule set', () => {
    expect([...new Set(forms.map((entry) => entry.schemaName))]).toEqual(expect.arrayContaining(FORM_SCHEMAS));
  });

  describe.each(forms)('$label', ({ form, schemaName, messages, given }) => {
    it('reads a generated schema const of the contract', () => {
      expect(schemaName).toBeDefined();
    });

    it.each(Object.keys(form.rules))('%s has exactly the rule of its schema property', (field) => {
      expect(form.rules[field]).toEqual(expectedRule(schemaName!, form.properties[field]!));
    });

    it('has a field for every property the contract requires', () => {
      const sent = new Set(Object.values(form.properties));
      const schema = component(schemaName!);
      for (const property of schema.required ?? []) {
        // A number no one types (a device id, a chosen plan) is no text field: it is checked where it is chosen.
        if (deref(schema.properties![property]!).type === 'integer') continue;
        if (given.includes(property)) continue;
        expect(sent).toContain(property);
      }
    });

    it("accepts the contract's own example values", () => {
      for (const [field, property] of Object.entries(form.properties)) {
        const examples = deref(component(schemaName!).properties![property]!).examples ?? [];
        for (const example of examples) expect(checkValue(form.rules[field]!, String(example))).toBeNull();
      }
    });

    // Forms without messages only keep their submit button disabled until the rules pass.
    if (messages) {
      it('has a message for every violation its rules can produce', () => {
        for (const [field, rule] of Object.entries(form.rules)) {
          for (const violation of possibleViolations(rule)) {
            expect(messages[field]?.[violation], `${field}: ${violation}`).toBeDefined();
          }
        }
      });
    }

    it('changes when the schema changes', () => {
      const changed = structuredClone(form.schema) as { required?: string[]; properties: Record<string, Json> };
      for (const property of Object.values(form.properties)) {
        Object.assign(changed.properties[property]!, { minLength: 7, maxLength: 70, pattern: '^changed$' });
      }
      changed.required = [];
      for (const [field, property] of Object.entries(form.properties)) {
        if (form.rules[field]!.type) Object.assign(changed.properties[property]!, { minimum: 7, maximum: 70 });
      }
      const rebuilt = formRules(changed as ObjectSchema, form.properties, form.refs);
      for (const field of Object.keys(form.rules)) {
        if (form.rules[field]!.type) {
          expect(rebuilt.rules[field]).toMatchObject({ required: false, minimum: 7, maximum: 70 });
          continue;
        }
        expect(rebuilt.rules[field]).toMatchObject({
          required: false,
          minLength: 7,
          maxLength: 70,
          pattern: '^changed$',
        });
      }
    });
  });

  it('every module of src/ that reads the contract schemas exports a rule set, or is a check of its own', () => {
    const withRules = new Set(forms.map((entry) => entry.label.split(' ')[0]));
    const withoutRules = schemaReaders.filter((file) => !withRules.has(file));
    expect(withoutRules).toEqual(Object.keys(OWN_CHECKS).sort());
  });
});
