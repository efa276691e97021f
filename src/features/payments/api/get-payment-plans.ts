import { useQuery } from '@tanstack/react-query';
import { getPaymentPlansOptions } from '@generated/api/@tanstack/react-query.gen.ts';

/** The payment plans with their details and prices (the price list). */
export const usePaymentPlans = () => useQuery(getPaymentPlansOptions());
