/**
 * The create-coupons form (spec 2 §5): the type (plan) is required; the plan's price option is required, offered only
 * once a type is chosen, and choosing a type resets it; the count is required and an integer. The count's rule (an
 * integer, its minimum) is read from the contract's `CouponCreateRequest.Amount` through the form rules
 * (lib/forms/schema-rules.ts), so a contract change reaches the form.
 */
import { CouponCreateRequestSchema } from '@generated/api/schemas.gen.ts';
import type { CouponCreateRequest, PaymentPlan, PaymentPlanPrice } from '@generated/api/types.gen.ts';
import type { TranslationKey } from '../../../lib/i18n/translation-key.ts';
import {
  checkValue,
  formRules,
  violationMessage,
  type FieldMessages,
  type FieldRule,
} from '../../../lib/forms/schema-rules.ts';

/** The count is sent as the request's `Amount`; the plan and its price are chosen from lists, not typed. */
export const couponCountRules = formRules(CouponCreateRequestSchema, { count: 'Amount' });
export const couponCountMessages: FieldMessages<'count'> = {
  count: {
    required: 'coupons.validation.countRequired',
    integer: 'coupons.validation.countInteger',
    minimum: 'coupons.validation.countMin',
  },
};

export const COUNT_RULE = couponCountRules.rules.count;

/** The form as typed: the selects' values are the ids as text ('' when none is chosen). */
export interface CouponForm {
  planId: string;
  priceId: string;
  count: string;
}

export type CouponField = keyof CouponForm;

export const emptyCouponForm: CouponForm = { planId: '', priceId: '', count: '' };

/** A type chosen: the price option chosen for the previous type no longer applies. */
export const choosePlan = (form: CouponForm, planId: string): CouponForm =>
  planId === form.planId ? form : { ...form, planId, priceId: '' };

export const findPlan = (plans: readonly PaymentPlan[], planId: string): PaymentPlan | undefined =>
  plans.find((plan) => String(plan.id) === planId);

export const findPrice = (plan: PaymentPlan | undefined, priceId: string): PaymentPlanPrice | undefined =>
  plan?.prices.find((price) => String(price.id) === priceId);

/** The count as a number when it is a plain whole number in the text ('5', not '5.0', '1e3' or ' 5'). */
export const parseCount = (text: string): number | undefined => {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return Number.isSafeInteger(value) ? value : undefined;
};

/** The message key of the count's violation, or undefined. */
export function countError(text: string, rule: FieldRule = COUNT_RULE): TranslationKey | undefined {
  const violation = checkValue(rule, text.trim());
  return violation ? violationMessage(couponCountMessages.count, violation) : undefined;
}

/** Every refused field's message key; an empty object means the form can be sent. */
export function validateCouponForm(
  form: CouponForm,
  plans: readonly PaymentPlan[],
): Partial<Record<CouponField, TranslationKey>> {
  const errors: Partial<Record<CouponField, TranslationKey>> = {};
  const plan = findPlan(plans, form.planId);
  if (!plan) errors.planId = 'coupons.validation.planRequired';
  if (!findPrice(plan, form.priceId)) errors.priceId = 'coupons.validation.priceRequired';
  const count = countError(form.count);
  if (count) errors.count = count;
  return errors;
}

/** What a valid form sends (`POST /coupons/create-for-administrator`, or the pay page's coupon branch). */
export function couponRequest(form: CouponForm, plans: readonly PaymentPlan[]): CouponCreateRequest | undefined {
  if (Object.keys(validateCouponForm(form, plans)).length > 0) return undefined;
  const plan = findPlan(plans, form.planId)!;
  const price = findPrice(plan, form.priceId)!;
  return { payment_plan_id: plan.id, payment_plan_price_id: price.id, Amount: parseCount(form.count)! };
}
