/**
 * How a price option's duration and a plan with one of its options are named in the person's language: the option's
 * `months` through the locale files ("12 months", "12 Ay"); the option's own `title` (free text in the server's
 * language) only when a server sends no `months`.
 */
import type { TFunction } from 'i18next';
import type { PaymentPlan, PaymentPlanPrice } from '@generated/api/types.gen.ts';

export const durationLabel = (t: TFunction, price: Pick<PaymentPlanPrice, 'months' | 'title'>): string =>
  price.months ? t('payments.duration', { count: price.months }) : price.title;

/** "Premium - 12 months": the plan and the option, as the price list and the pay page name them. */
export const planOptionLabel = (
  t: TFunction,
  plan: Pick<PaymentPlan, 'title'>,
  price: Pick<PaymentPlanPrice, 'months' | 'title'>,
): string => `${plan.title} - ${durationLabel(t, price)}`;
