/**
 * The sign-in and account forms follow the contract: every rule set a form module exports is walked field by
 * field against the bundled contract (generated/openapi.json, read here on its own, not through the rules
 * module), so a rule changed in openapi/ cannot leave a form behind, and no form keeps a bound of its own.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as schemaConsts from '@generated/api/schemas.gen.ts';
import * as accountValidation from '../../src/features/account/validation.ts';
import * as authValidation from '../../src/features/auth/validation.ts';
import * as signInValidation from '../../src/features/auth/validation-sign-in.ts';
import * as panelListValidation from '../../src/features/panels/list/validation.ts';
import * as panelCommandValidation from '../../src/features/panels/commands/validation.ts';
import * as panelDetailValidation from '../../src/features/panels/detail/validation.ts';
import * as deviceId from '../../src/lib/forms/device-id.ts';
import * as payForm from '../../src/features/payments/pay/card.ts';
import * as dealerFiles from '../../src/features/dealers/dealer-files.ts';
import * as cancelOrder from '../../src/features/payments/orders/validation.ts';
import * as couponRules from '../../src/features/payments/coupons/coupon-rules.ts';
import * as firmwareTestForms from '../../src/features/firmware-tests/validation.ts';
import * as dealerValidation from '../../src/features/dealers/validation.ts';
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
  examples?: unknown[];
  $ref?: string;
}

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

/** The request bodies the console's forms send (and the card form it posts to the payment provider). */
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
];
const modules: Record<string, Json> = {
  'features/auth/validation.ts': authValidation,
  'features/auth/validation-sign-in.ts': signInValidation,
  'features/account/validation.ts': accountValidation,
  'features/panels/list/validation.ts': panelListValidation,
  'features/panels/commands/validation.ts': panelCommandValidation,
  'features/panels/detail/validation.ts': panelDetailValidation,
  // A device id is a number, not a text field: its own check reads DevId's minimum (its unit test).
  'lib/forms/device-id.ts': deviceId,
  'features/payments/pay/card.ts': payForm,
  'features/payments/orders/validation.ts': cancelOrder,
  // The coupon count is a number: its rule reads CouponCreateRequest.Amount's type and minimum (its unit test).
  'features/payments/coupons/coupon-rules.ts': couponRules,
  'features/dealers/validation.ts': dealerValidation,
  // The application's files: their type and size rule is read from DealerApplication's file parts (its unit test).
  'features/dealers/dealer-files.ts': dealerFiles,
  'features/firmware-tests/validation.ts': firmwareTestForms,
};

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
  const { minLength, maxLength, pattern, format } = deref(raw);
  return {
    required: schema.required?.includes(property) ?? false,
    ...(minLength !== undefined && { minLength }),
    ...(maxLength !== undefined && { maxLength }),
    ...(pattern !== undefined && { pattern }),
    email: format === 'email',
    ...(format === 'uri' && { uri: true }),
  };
}

describe('form rules come from the contract', () => {
  it('every form schema of the sign-in and account pages has a rule set', () => {
    expect(new Set(forms.map((entry) => entry.schemaName))).toEqual(new Set(FORM_SCHEMAS));
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
        // A number (a device id) is no text field: its form checks it from the same schema (see that module).
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
      const rebuilt = formRules(changed as ObjectSchema, form.properties, form.refs);
      for (const field of Object.keys(form.rules)) {
        expect(rebuilt.rules[field]).toMatchObject({
          required: false,
          minLength: 7,
          maxLength: 70,
          pattern: '^changed$',
        });
      }
    });
  });

  it('no other module of src/ reads the contract schemas (the rules live once)', () => {
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const full = path.join(dir, name);
        return statSync(full).isDirectory() ? files(full) : /\.tsx?$/.test(name) ? [full] : [];
      });
    const readers = files('src')
      .filter((file) => !/\.test\.tsx?$/.test(file))
      .filter((file) => /from '@generated\/api\/schemas\.gen/.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative('src', file).split(path.sep).join('/'));
    expect(readers.sort()).toEqual(Object.keys(modules).sort());
  });
});
