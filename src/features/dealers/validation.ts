/**
 * Field rules of the dealership forms (spec 2 §5), read from the contract's request schemas: the public application
 * (`DealerApplication`, sent as multipart) and the approve modal's dealer code (`DealerRequestApproval`). The two
 * file fields of the application are not text: their rule (jpg or png under 1 MB) is in dealer-files.ts.
 */
import { DealerApplicationSchema, DealerRequestApprovalSchema } from '@generated/api/schemas.gen.ts';
import { fieldErrors, formRules, type FieldMessages } from '../../lib/forms/schema-rules.ts';
import type { TranslationKey } from '../../lib/i18n/translation-key.ts';

/** The application's text fields, as they are sent. */
export const applicationRules = formRules(DealerApplicationSchema, {
  dealerName: 'dealer_name',
  name: 'name',
  info: 'info',
  seller: 'seller',
});

export type ApplicationField = keyof typeof applicationRules.rules;

export const applicationMessages: FieldMessages<ApplicationField> = {
  dealerName: { required: 'dealer.validation.dealerNameRequired', minLength: 'dealer.validation.dealerNameTooShort' },
  name: { required: 'dealer.validation.nameRequired', minLength: 'dealer.validation.nameTooShort' },
  info: { required: 'dealer.validation.infoRequired' },
  seller: { required: 'dealer.validation.sellerRequired' },
};

/** The tax plate is a file: dealer-files.ts checks it (required, jpg or png, under 1 MB). */
export const applicationGiven = ['tax_plate'] as const;

/** The application's text fields, trimmed as they are sent: each refused field's message key. */
export const validateApplication = (
  values: Record<ApplicationField, string>,
): Partial<Record<ApplicationField, TranslationKey>> => fieldErrors(applicationRules, applicationMessages, values);

/** The approve modal's new dealer code. */
export const approveRules = formRules(DealerRequestApprovalSchema, { code: 'code' });

export const approveMessages: FieldMessages<'code'> = {
  code: { required: 'dealerRequests.approve.codeRequired', minLength: 'dealerRequests.approve.codeTooShort' },
};

/** The request's id and the new state are the console's (the row the modal was opened for, 1). */
export const approveGiven = ['id', 'state'] as const;

/** The dealer code, trimmed as it is sent. */
export const validateDealerCode = (code: string): TranslationKey | undefined =>
  fieldErrors(approveRules, approveMessages, { code: code.trim() }).code;
