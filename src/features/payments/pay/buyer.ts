/**
 * The pay page's buyer fields (the billing details the order form carries to the payment provider). Their rules
 * come from the contract's `CardPaymentForm`. The pay page asks for no card: the card is typed on the provider's own
 * page in the popup, so no script of the console can read it (PCI DSS SAQ A).
 */
import { CardPaymentFormSchema } from '@generated/api/schemas.gen.ts';
import { checkValue, formRules, type FieldMessages } from '../../../lib/forms/schema-rules.ts';
import type { TranslationKey } from '../../../lib/i18n/translation-key.ts';

/** The fields a person types on the pay page, as the provider's order form names them. */
export const payFormRules = formRules(CardPaymentFormSchema, {
  buyerName: 'buyer_name',
  buyerAddress: 'buyer_address',
  buyerPhone: 'buyer_phone',
});

export type PayField = keyof typeof payFormRules.rules;

/** What the person typed: the buyer's billing details. */
export type PayFormValues = Record<PayField, string>;

export const EMPTY_PAY_FORM: PayFormValues = { buyerName: '', buyerAddress: '', buyerPhone: '' };

/** The message keys of every refused field; an empty object means the form can be sent. */
export type PayFormErrors = Partial<Record<PayField, TranslationKey>>;

/** The message of each refused field. */
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
};

/** The form's properties the console fills in itself, from the order and the constants (order-form.ts). */
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

/** Checks the buyer's fields against the contract's rules. */
export function validatePayForm(values: PayFormValues): PayFormErrors {
  const errors: PayFormErrors = {};
  for (const field of Object.keys(payFormRules.rules) as PayField[]) {
    const violation = checkValue(payFormRules.rules[field], values[field].trim());
    if (violation) errors[field] = payFormMessages[field][violation] ?? Object.values(payFormMessages[field])[0];
  }
  return errors;
}
