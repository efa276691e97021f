import { useSuspenseQuery } from '@tanstack/react-query';
import { getPaymentPlansOptions } from '@generated/api/@tanstack/react-query.gen.ts';

/** The payment plans with their details and prices (the price list; the route's loader fetches them). */
export const paymentPlansOptions = () => getPaymentPlansOptions();

export const usePaymentPlans = () => useSuspenseQuery(paymentPlansOptions());
