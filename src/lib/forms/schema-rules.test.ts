import { describe, expect, it } from 'vitest';
import addFormatsModule from 'ajv-formats';
import {
  AccountPhoneSchema,
  CouponCreateRequestSchema,
  FirmwareVersionInputSchema,
  HttpsUrlSchema,
  RegisterRequestSchema,
  TestResultUpdateSchema,
} from '@generated/api/schemas.gen.ts';
import {
  checkForm,
  checkValue,
  fieldErrors,
  fieldRule,
  formRules,
  messageValues,
  possibleViolations,
  thenBranch,
  type ObjectSchema,
} from './schema-rules.ts';
import { URI_PATTERN } from './text-formats.ts';

// ajv-formats is CommonJS: its default import is the plugin or a namespace holding it, depending on the loader.
type FormatsModule = typeof addFormatsModule & { default?: typeof addFormatsModule };
const formats = (addFormatsModule as FormatsModule).default ?? addFormatsModule;
const ajvUri = formats.get('uri', 'full') as (value: string) => boolean;

const refs = { AccountPhone: AccountPhoneSchema };

describe('fieldRule', () => {
  it('reads required, minLength and the email format of RegisterRequest', () => {
    expect(fieldRule(RegisterRequestSchema, 'name')).toEqual({ required: true, minLength: 3, email: false });
    expect(fieldRule(RegisterRequestSchema, 'email')).toEqual({ required: true, email: true });
    expect(fieldRule(RegisterRequestSchema, 'dealercode')).toEqual({ required: false, maxLength: 20, email: false });
  });

  it('follows a $ref to the schema it names', () => {
    expect(fieldRule(RegisterRequestSchema, 'phone_no', refs)).toEqual({
      required: true,
      pattern: '^[0-9]{10,15}$',
      email: false,
    });
  });

  it('lets keywords beside a $ref narrow the referenced schema', () => {
    const schema = { properties: { phone: { $ref: '#/components/schemas/AccountPhone', maxLength: 12 } } };
    expect(fieldRule(schema, 'phone', refs)).toMatchObject({ pattern: '^[0-9]{10,15}$', maxLength: 12 });
  });

  it('refuses what a form cannot enforce, so the contract cannot outrun the forms', () => {
    expect(() => fieldRule(RegisterRequestSchema, 'phone_no')).toThrow(/AccountPhone/);
    expect(() => fieldRule({ properties: { when: { type: 'string', format: 'date-time' } } }, 'when')).toThrow(
      /date-time/,
    );
    expect(() => fieldRule({ properties: { ok: { type: 'boolean' } } }, 'ok')).toThrow(/not a string or number/);
    expect(() => fieldRule({ properties: { n: { type: 'integer', exclusiveMinimum: 0 } } }, 'n')).toThrow(
      /exclusiveMinimum/,
    );
    expect(() => fieldRule({ properties: {} } as ObjectSchema, 'missing')).toThrow(/no property/);
  });

  it('changes when the schema changes', () => {
    const longer = structuredClone(RegisterRequestSchema) as unknown as ObjectSchema & {
      properties: { name: { minLength: number } };
    };
    longer.properties.name.minLength = 5;
    expect(fieldRule(longer, 'name').minLength).toBe(5);
    expect(checkValue(fieldRule(longer, 'name'), 'Deniz')).toBeNull();
    expect(checkValue(fieldRule(longer, 'name'), 'Ali')).toBe('minLength');
  });
});

describe('checkValue', () => {
  const name = fieldRule(RegisterRequestSchema, 'name');
  const phone = fieldRule(RegisterRequestSchema, 'phone_no', refs);
  const dealer = fieldRule(RegisterRequestSchema, 'dealercode');

  it('names the broken keyword', () => {
    expect(checkValue(name, '')).toBe('required');
    expect(checkValue(name, 'Al')).toBe('minLength');
    expect(checkValue(name, 'Ali')).toBeNull();
    expect(checkValue(phone, '90532111000')).toBeNull();
    expect(checkValue(phone, '+905321110003')).toBe('pattern');
    expect(checkValue(dealer, 'X'.repeat(21))).toBe('maxLength');
  });

  it('counts characters as JSON Schema does (code points, not UTF-16 units)', () => {
    expect(checkValue({ required: true, minLength: 3, email: false }, 'a😀')).toBe('minLength');
    expect(checkValue({ required: true, maxLength: 2, email: false }, 'a😀')).toBeNull();
  });

  it('treats an empty optional field as not given', () => {
    expect(checkValue(dealer, '')).toBeNull();
    expect(checkValue({ required: false, minLength: 3, email: false }, '')).toBeNull();
  });
});

describe('the link rule (format: uri)', () => {
  const accepted = [
    'https://files.example.com/Firmware/mx16g-3.4.3.bin',
    'https://files.example.com/Kullanim%20Kilavuzlari/a.pdf?v=2#page=3',
    'http://127.0.0.1:8080/a',
    'https://[::1]/firmware.bin',
  ];
  const refused = [
    'mx16g-3.4.3.bin',
    '/Firmware/mx16g.bin',
    'https://files.example.com/a b.bin',
    'https://files.example.com/<script>',
    'https://files.example.com/a"b',
    'https://files.example.com/dosya-ş.bin',
    'https://files.example.com/%zz',
  ];

  it.each(accepted)('accepts %j, as the contract checker does', (value) => {
    expect(checkValue({ required: true, email: false, uri: true }, value)).toBeNull();
    expect(ajvUri(value)).toBe(true);
  });
  it.each(refused)('refuses %j, as the contract checker does', (value) => {
    expect(checkValue({ required: true, email: false, uri: true }, value)).toBe('uri');
    expect(ajvUri(value)).toBe(false);
  });

  it('reads format and pattern of HttpsUrl through a $ref: a link, and an https one', () => {
    const rule = fieldRule(FirmwareVersionInputSchema, 'url', { HttpsUrl: HttpsUrlSchema });
    expect(rule).toEqual({ required: true, pattern: '^https://', email: false, uri: true });
    expect(possibleViolations(rule)).toEqual(['required', 'uri', 'pattern']);
    expect(checkValue(rule, 'files/mx16g.bin')).toBe('uri');
    expect(checkValue(rule, 'http://files.example.com/Firmware/mx16g.bin')).toBe('pattern');
    expect(checkValue(rule, 'ftp://files.example.com/Firmware/mx16g.bin')).toBe('pattern');
    expect(checkValue(rule, 'https://files.example.com/Firmware/mx16g.bin')).toBeNull();
    expect(URI_PATTERN.flags).toBe('i');
  });
});

describe('a number typed as text (type integer or number, minimum, maximum)', () => {
  const count = { required: true, email: false, type: 'integer', minimum: 1, maximum: 500 } as const;

  it('reads the type and the bounds of CouponCreateRequest.Amount', () => {
    expect(fieldRule(CouponCreateRequestSchema, 'Amount')).toEqual({
      required: true,
      email: false,
      type: 'integer',
      minimum: 1,
    });
    const price = { properties: { price: { type: 'number', minimum: 0, maximum: 9.5, minLength: 3 } } };
    // Text keywords do not apply to a number (JSON Schema), so none is read.
    expect(fieldRule(price, 'price')).toEqual({
      required: false,
      email: false,
      type: 'number',
      minimum: 0,
      maximum: 9.5,
    });
  });

  it('refuses what is no number, then a bound, then a fraction of an integer', () => {
    for (const text of ['abc', '+5', '0x10', 'Infinity', '5 5', '1e999'])
      expect(checkValue(count, text)).toBe('integer');
    expect(checkValue(count, '0')).toBe('minimum');
    expect(checkValue(count, '-3')).toBe('minimum');
    expect(checkValue(count, '0.5')).toBe('minimum');
    expect(checkValue(count, '501')).toBe('maximum');
    expect(checkValue(count, '2.5')).toBe('integer');
    expect(checkValue(count, '1e2')).toBe('integer');
    expect(checkValue(count, '99999999999999999999')).toBe('maximum');
    expect(checkValue({ ...count, maximum: undefined }, '99999999999999999999')).toBe('integer');
    expect(checkValue(count, '')).toBe('required');
    expect(checkValue(count, '500')).toBeNull();
  });

  it('takes fractions and exponents for type number', () => {
    const price = { required: false, email: false, type: 'number', minimum: 0 } as const;
    expect(checkValue(price, '9.5')).toBeNull();
    expect(checkValue(price, '.5')).toBeNull();
    expect(checkValue(price, '1e2')).toBeNull();
    expect(checkValue(price, '-1')).toBe('minimum');
    expect(checkValue(price, 'nine')).toBe('number');
    expect(checkValue(price, '')).toBeNull();
  });

  it('lists its violations and gives messages its bounds', () => {
    expect(possibleViolations(count)).toEqual(['required', 'integer', 'minimum', 'maximum']);
    expect(messageValues(count)).toEqual({ min: 1, max: 500 });
  });
});

describe('thenBranch', () => {
  it('narrows the properties by the `then` of TestResultUpdate (a false result needs a description)', () => {
    const branch = thenBranch(TestResultUpdateSchema);
    expect(fieldRule(TestResultUpdateSchema, 'result_description')).toEqual({ required: true, email: false });
    expect(fieldRule(branch, 'result_description')).toEqual({ required: true, minLength: 1, email: false });
    expect(branch.properties.description).toBe(TestResultUpdateSchema.properties.description);
  });

  it("adds the branch's required properties and leaves a schema without `then` as it is", () => {
    const schema = {
      required: ['a'],
      properties: { a: { type: 'string' }, b: { type: 'string', maxLength: 9 } },
      then: { required: ['a', 'b'], properties: { b: { minLength: 2 } } },
    };
    expect(thenBranch(schema)).toEqual({
      required: ['a', 'b'],
      properties: { a: { type: 'string' }, b: { type: 'string', maxLength: 9, minLength: 2 } },
    });
    expect(thenBranch({ properties: { a: { type: 'string' } } })).toEqual({
      required: [],
      properties: { a: { type: 'string' } },
    });
  });
});

describe('forms', () => {
  const register = formRules(
    RegisterRequestSchema,
    { name: 'name', email: 'email', phone: 'phone_no', dealercode: 'dealercode' },
    refs,
  );
  const valid = { name: 'Deniz Çelik', email: 'deniz@example.com', phone: '905321110003', dealercode: '' };

  it('checks every field and reports only the refused ones', () => {
    expect(checkForm(register, valid)).toEqual({});
    expect(checkForm(register, { ...valid, name: 'De', email: 'deniz@' })).toEqual({
      name: 'minLength',
      email: 'email',
    });
  });

  it("turns violations into the field's message keys, falling back to its first message", () => {
    const messages = {
      name: { minLength: 'auth.register.nameTooShort' },
      email: { required: 'auth.register.required', email: 'auth.register.invalidEmail' },
      phone: { pattern: 'auth.register.noValidPhone' },
      dealercode: { maxLength: 'auth.register.dealerCodeTooLong' },
    } as const;
    expect(fieldErrors(register, messages, { ...valid, name: '', email: '', phone: '12' })).toEqual({
      name: 'auth.register.nameTooShort',
      email: 'auth.register.required',
      phone: 'auth.register.noValidPhone',
    });
  });

  it('lists the violations each rule can produce, and gives messages the bounds', () => {
    expect(possibleViolations(register.rules.name)).toEqual(['required', 'minLength']);
    expect(possibleViolations(register.rules.email)).toEqual(['required', 'email']);
    expect(possibleViolations(register.rules.dealercode)).toEqual(['maxLength']);
    expect(possibleViolations({ required: true, minLength: 1, email: false })).toEqual(['required']);
    expect(messageValues(register.rules.dealercode)).toEqual({ min: undefined, max: 20 });
  });
});
