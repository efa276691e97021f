/**
 * The pay page's card and buyer fields. Their rules come from the contract's `CardPaymentForm` (the form posted to
 * the payment provider: lengths and patterns), and two rules a schema cannot say are checked here: the card
 * number's Luhn check digit and an expiry that is not in the past. The card data lives only in the page's state
 * while it is typed; it is never stored, logged or sent to the console's API.
 */
import { CardPaymentFormSchema } from '@generated/api/schemas.gen.ts';
import { checkValue, formRules, type FieldMessages } from '../../../lib/forms/schema-rules.ts';
import type { TranslationKey } from '../../../lib/i18n/translation-key.ts';

/** The fields a person types on the pay page, as the provider's form names them. */
export const payFormRules = formRules(CardPaymentFormSchema, {
  buyerName: 'buyer_name',
  buyerAddress: 'buyer_address',
  buyerPhone: 'buyer_phone',
  holder: 'cc_owner',
  number: 'card_number',
  month: 'expiry_month',
  year: 'expiry_year',
  cvv: 'cvv',
});

export type PayField = keyof typeof payFormRules.rules;

/** What the person typed; the card number and expiry as typed (with spaces and a slash). */
export interface PayFormValues {
  buyerName: string;
  buyerAddress: string;
  buyerPhone: string;
  holder: string;
  /** The card number as typed, spaces allowed. */
  number: string;
  /** The expiry as typed: `MM/YY`. */
  expiry: string;
  cvv: string;
}

export const EMPTY_PAY_FORM: PayFormValues = {
  buyerName: '',
  buyerAddress: '',
  buyerPhone: '',
  holder: '',
  number: '',
  expiry: '',
  cvv: '',
};

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'troy' | 'unknown';

/** The digits of a card number as typed (spaces and dashes dropped). */
export const cardDigits = (typed: string): string => typed.replace(/[\s-]/g, '');

/** The brand of a card number from its first digits (IIN ranges of the networks accepted in Turkey). */
export function cardBrand(typed: string): CardBrand {
  const digits = cardDigits(typed);
  if (/^4/.test(digits)) return 'visa';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^9792/.test(digits)) return 'troy';
  if (/^5[1-5]/.test(digits)) return 'mastercard';
  const four = Number(digits.slice(0, 4));
  if (digits.length >= 4 && four >= 2221 && four <= 2720) return 'mastercard';
  return 'unknown';
}

/** Whether a string of digits passes the Luhn check (the card number's last digit). */
export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The card number grouped as printed on the card: 4-6-5 for American Express, else groups of four. */
export function groupCardNumber(typed: string): string {
  const digits = cardDigits(typed).replace(/\D/g, '').slice(0, 19);
  const groups = cardBrand(digits) === 'amex' ? [4, 6, 5] : [4, 4, 4, 4, 3];
  const parts: string[] = [];
  let at = 0;
  for (const size of groups) {
    if (at >= digits.length) break;
    parts.push(digits.slice(at, at + size));
    at += size;
  }
  return parts.join(' ');
}

/** The expiry as typed (`MM/YY`, `MMYY`, `M/YY`) → two-digit month and year, or null when it is not one. */
export function parseExpiry(typed: string): { month: string; year: string } | null {
  const match = /^\s*(\d{1,2})\s*\/?\s*(\d{2})\s*$/.exec(typed);
  if (!match) return null;
  return { month: match[1]!.padStart(2, '0'), year: match[2]! };
}

/** The expiry field as the person types: `MM/YY`, the slash written after the month. */
export function formatExpiryInput(typed: string): string {
  const digits = typed.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** Whether a card expiring at the end of `month`/`year` (two digits each) is still valid on `now`. */
export function expiryIsCurrent(month: string, year: string, now: Date): boolean {
  const expiry = (2000 + Number(year)) * 12 + Number(month) - 1;
  const current = now.getFullYear() * 12 + now.getMonth();
  return expiry >= current;
}

/** The message keys of every refused field; an empty object means the form can be sent. */
export type PayFormErrors = Partial<Record<keyof PayFormValues, TranslationKey>>;

/** The message of each refused field (the expiry's month and year share the expiry field's). */
export const payFormMessages: FieldMessages<PayField> = {
  buyerName: {
    required: 'pay.validation.nameRequired',
    minLength: 'pay.validation.nameLength',
    maxLength: 'pay.validation.nameLength',
  },
  buyerAddress: {
    required: 'pay.validation.addressRequired',
    minLength: 'pay.validation.addressLength',
    maxLength: 'pay.validation.addressLength',
  },
  buyerPhone: { required: 'pay.validation.phoneRequired', pattern: 'pay.validation.phoneInvalid' },
  holder: {
    required: 'pay.validation.holderRequired',
    minLength: 'pay.validation.holderLength',
    maxLength: 'pay.validation.holderLength',
  },
  number: { required: 'pay.validation.numberRequired', pattern: 'pay.validation.numberInvalid' },
  month: { required: 'pay.validation.expiryRequired', pattern: 'pay.validation.expiryInvalid' },
  year: { required: 'pay.validation.expiryRequired', pattern: 'pay.validation.expiryInvalid' },
  cvv: { required: 'pay.validation.cvvRequired', pattern: 'pay.validation.cvvInvalid' },
};

/** The form's properties the console fills in itself, from the order and the constants (card-form.ts). */
export const payFormGiven = [
  'merchant_id',
  'merchant_no',
  'email',
  'price',
  'currency',
  'title',
  'ok_url',
  'fail_url',
  'non_3d',
  'installment_count',
  'payment_type',
  'token',
] as const;

const check = (field: PayField, value: string): TranslationKey | undefined => {
  const violation = checkValue(payFormRules.rules[field], value);
  return violation ? (payFormMessages[field][violation] ?? Object.values(payFormMessages[field])[0]) : undefined;
};

/** Checks the pay form: the contract's rules, then the Luhn digit, the expiry date and the brand's CVC length. */
export function validatePayForm(values: PayFormValues, now: Date): PayFormErrors {
  const errors: PayFormErrors = {};
  const put = (field: keyof PayFormValues, key: TranslationKey | undefined) => {
    if (key) errors[field] = key;
  };
  put('buyerName', check('buyerName', values.buyerName.trim()));
  put('buyerAddress', check('buyerAddress', values.buyerAddress.trim()));
  put('buyerPhone', check('buyerPhone', values.buyerPhone.trim()));
  put('holder', check('holder', values.holder.trim()));
  const digits = cardDigits(values.number);
  put('number', check('number', digits) ?? (passesLuhn(digits) ? undefined : 'pay.validation.numberInvalid'));
  const expiry = parseExpiry(values.expiry);
  if (!values.expiry.trim()) errors.expiry = 'pay.validation.expiryRequired';
  else if (
    !expiry ||
    checkValue(payFormRules.rules.month, expiry.month) ||
    checkValue(payFormRules.rules.year, expiry.year)
  ) {
    errors.expiry = 'pay.validation.expiryInvalid';
  } else if (!expiryIsCurrent(expiry.month, expiry.year, now)) errors.expiry = 'pay.validation.expired';
  const cvv = values.cvv.trim();
  const cvvLength = cardBrand(digits) === 'amex' ? 4 : 3;
  put('cvv', check('cvv', cvv) ?? (cvv.length === cvvLength ? undefined : 'pay.validation.cvvInvalid'));
  return errors;
}
