/**
 * The order flow's first step asks for a plan and price option other than the contract's first example
 * (`createOrder`'s description: the order is the request's), and holds the answer to what was asked: the title of
 * that plan and option, the price of the server's own price list (`getPaymentPlans`) less the option's discount, its
 * currency, and the buyer's own e-mail address (`getUserDetail` with the same token). A server that answers the
 * example's order whatever was asked (Premium 12 months for user@example.com) fails here.
 */
import { bodyExample, bodyExamples, dataOf, expectSuccess, show, StepFailure, type StepCalls } from './flow-kit.ts';
import type { CheckContext } from './checks.ts';

interface PriceOption {
  id: number;
  title: string;
  price: number;
  currency: string;
  discount: number;
}

interface Plan {
  id: number;
  title: string;
  prices: PriceOption[];
}

/** The request the flow sends: the contract's last `createOrder` request example (not the first, which answers match). */
export function askedOrder(ctx: CheckContext): Record<string, unknown> {
  const examples = bodyExamples(ctx, ctx.contract.byId('createOrder'));
  return examples.at(-1)?.[1] ?? bodyExample(ctx, 'createOrder');
}

const cents = (amount: number): number => Math.round(amount * 100);

/** Throws a StepFailure unless the order answered is the one asked for, by the caller (`token`). */
export async function expectOrderAsked(
  calls: StepCalls,
  token: string,
  asked: Record<string, unknown>,
  order: Record<string, unknown>,
): Promise<void> {
  const plansAnswer = await calls.call('getPaymentPlans', { token });
  expectSuccess('getPaymentPlans', plansAnswer);
  const plans = (dataOf(plansAnswer) ?? []) as Plan[];
  const plan = plans.find((candidate) => candidate.id === asked.payment_plan_id);
  const option = plan?.prices.find((candidate) => candidate.id === asked.payment_plan_price_id);
  if (!plan || !option)
    throw new StepFailure(
      `the price list (getPaymentPlans) has no plan ${show(asked.payment_plan_id)} with price option ${show(asked.payment_plan_price_id)}, which the contract's createOrder example asks for`,
    );
  const detailAnswer = await calls.call('getUserDetail', { token });
  expectSuccess('getUserDetail', detailAnswer);
  const email = (dataOf(detailAnswer) as { email?: unknown } | undefined)?.email;
  const expected = {
    title: `${plan.title} - ${option.title}`,
    price: cents(option.price * (1 - option.discount / 100)) / 100,
    currency: option.currency,
    email,
  };
  const answered = { title: order.title, price: order.price, currency: order.currency, email: order.email };
  const same =
    answered.title === expected.title &&
    typeof answered.price === 'number' &&
    cents(answered.price) === cents(expected.price) &&
    answered.currency === expected.currency &&
    typeof email === 'string' &&
    String(answered.email).toLowerCase() === email.toLowerCase();
  if (!same)
    throw new StepFailure(
      `createOrder answered ${show(answered.title)} at ${show(answered.price)} ${show(answered.currency)} for ${show(answered.email)}; asked for plan ${show(asked.payment_plan_id)} option ${show(asked.payment_plan_price_id)}, expected ${show(expected.title)} at ${show(expected.price)} ${show(expected.currency)} for the caller ${show(email)} (the price list's price less its discount)`,
    );
}
