/**
 * The first query of the pages whose loader starts it without waiting (`PageLoad.start`), loaded with the loader
 * itself so that the first chunk carries only the loader's import. Each reads what its page reads first, with the
 * same options (the same query key), so the page finds the answer in the cache.
 */
import { getFirmwareTestListOptions } from '@generated/api/@tanstack/react-query/firmware/get-firmware-test-list.gen.ts';
import { getModelListOptions } from '@generated/api/@tanstack/react-query/firmware/get-model-list.gen.ts';
import { getPaymentPlanOptions } from '@generated/api/@tanstack/react-query/payments/get-payment-plan.gen.ts';
import type { PageLoad } from '../page-loader.ts';

type WithId = PageLoad<{ id?: number }, object>;

/** The pay page: the plan it pays for. */
export const startPay = ({ params, start }: PageLoad<{ planId?: number }, object>) => {
  if (params.planId !== undefined) start(getPaymentPlanOptions({ path: { id: params.planId } }));
};

/** The add test page: the models to choose from. */
export const startAddTest = ({ start }: PageLoad<object, object>) => start(getModelListOptions());

/** A test's run page: the test list that holds the test. */
export const startRunTest = ({ params, start }: WithId) => {
  if (params.id !== undefined) start(getFirmwareTestListOptions());
};

/** The start roll-out page: the test list that holds the test, and the models. */
export const startNewRollout = ({ params, start }: WithId) => {
  if (params.id === undefined) return;
  start(getFirmwareTestListOptions());
  start(getModelListOptions());
};
