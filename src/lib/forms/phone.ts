/**
 * Phone numbers as people type them, and as the contract sends them (`AccountPhone`: digits only, the country code
 * first, e.g. `905321112233`). libphonenumber-js reads what was typed: a national number of the chosen country
 * (`0532 111 22 33`, `532 111 22 33`), an international one (`+90 532 111 22 33`, `0090 532 111 22 33`) or the wire
 * form itself (`905321112233`), with any spaces, dashes, dots or brackets. Every phone field of the console's forms
 * sends `wirePhone` of what was typed, so the contract's pattern judges the digits, never the spacing.
 */
import { isValidPhoneNumber, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';

/** Turkey is the default phone country (spec 1 §5). */
export const DEFAULT_PHONE_COUNTRY: CountryCode = 'TR';

/** What a number looks like when typed (the refusal's example): national and international. */
export const PHONE_EXAMPLES = { national: '0532 111 22 33', international: '+90 532 111 22 33' } as const;

/** The separators people type inside a number. */
const SEPARATORS = /[\s\-.()/]/g;

/** The number as libphonenumber-js reads it: as typed for `country`, else digits read as the wire form (`90…`). */
function parsed(typed: string, country: CountryCode) {
  const text = typed.trim();
  if (text === '') return undefined;
  if (isValidPhoneNumber(text, country)) return parsePhoneNumberFromString(text, country);
  const digits = text.replace(SEPARATORS, '');
  if (/^\d+$/.test(digits) && isValidPhoneNumber(`+${digits}`)) return parsePhoneNumberFromString(`+${digits}`);
  return undefined;
}

/** The number is a real one for the chosen country (or internationally, with `+`, `00` or its country code first). */
export const isValidPhone = (typed: string, country: CountryCode = DEFAULT_PHONE_COUNTRY): boolean =>
  parsed(typed, country) !== undefined;

/** The wire form of a valid number: E.164 digits without the `+` (`905321112233`), or undefined if it is not one. */
export function toWirePhone(typed: string, country: CountryCode = DEFAULT_PHONE_COUNTRY): string | undefined {
  return parsed(typed, country)?.number.replace(/^\+/, '');
}

/**
 * What a phone field sends: the wire form of a number the library reads; otherwise what was typed without its
 * separators (and a leading `+`), which the contract's pattern then refuses or accepts as it says, so a stored
 * number the library does not know still saves unchanged.
 */
export const wirePhone = (typed: string, country: CountryCode = DEFAULT_PHONE_COUNTRY): string =>
  toWirePhone(typed, country) ?? typed.trim().replace(SEPARATORS, '').replace(/^\+/, '');

/**
 * Whether what was typed reads as a phone number: one the library knows, or digits already in the wire form (no
 * leading 0: a country code never starts with one), so an account's stored number the library does not know still
 * saves unchanged. Empty is left to the field's `required`.
 */
export const readsAsPhone = (typed: string, country: CountryCode = DEFAULT_PHONE_COUNTRY): boolean =>
  typed.trim() === '' || isValidPhone(typed, country) || /^[1-9]\d*$/.test(typed.trim());
