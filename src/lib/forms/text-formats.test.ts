import { describe, expect, it } from 'vitest';
import addFormatsModule from 'ajv-formats';
import { EMAIL_PATTERN } from './text-formats.ts';

// ajv-formats is CommonJS: its default import is the plugin or a namespace holding it, depending on the loader.
type FormatsModule = typeof addFormatsModule & { default?: typeof addFormatsModule };
const formats = (addFormatsModule as FormatsModule).default ?? addFormatsModule;
const ajvEmail = formats.get('email', 'full') as RegExp;

describe('the e-mail rule', () => {
  const accepted = ['deniz@example.com', 'a.b+c@alt.example.com.tr', 'user@mail.example.org', 'a@b.co'];
  const refused = ['deniz', 'deniz@', '@example.com', 'deniz@example', 'de niz@example.com', 'a@@b.com', 'a@.com'];

  it.each(accepted)('accepts %j', (email) => expect(EMAIL_PATTERN.test(email)).toBe(true));
  it.each(refused)('refuses %j', (email) => expect(EMAIL_PATTERN.test(email)).toBe(false));

  it("is the contract checker's own (ajv-formats, full mode)", () => {
    expect(EMAIL_PATTERN.source).toBe(ajvEmail.source);
    expect(EMAIL_PATTERN.flags).toBe(ajvEmail.flags);
  });
});
