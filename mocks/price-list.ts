/**
 * The price list of the mock (the contract's `GET /payment-plans` example) and what an order of one of its price
 * options is: the plan and option asked for, the amount to charge (the option's own price less its discount percent,
 * never an amount the client sends) and the months one subscription of it lasts (`months`). The orders area makes a
 * new order from it, the payments area credits a paid one with it.
 */
import { exampleData, type Body } from './area.ts';
import type { Contract } from './contract.ts';
import { integerValue } from './ids.ts';

export interface PriceOption {
  id: number;
  title: string;
  price: number;
  currency: string;
  discount: number;
  months?: number;
}

export interface Plan {
  id: number;
  title: string;
  details?: { description: string }[];
  prices: PriceOption[];
  no_ads: boolean;
}

/** The payment plans of the contract's price list example. */
export const examplePlans = (contract: Contract): Plan[] => {
  const data = exampleData(contract, '/payment-plans', 'default');
  return Array.isArray(data) ? (data as Plan[]) : [];
};

/** A plan and one of its price options, with what one subscription of it costs and lasts. */
export interface PricedChoice {
  plan: Plan;
  option: PriceOption;
  /** The amount to charge: the option's price less its discount, rounded to the cent. */
  amount: number;
  months: number;
}

/** The amount of one subscription of a price option: its price less its discount percent, to the cent. */
export const discounted = (option: Pick<PriceOption, 'price' | 'discount'>): number =>
  Math.round(option.price * (100 - (option.discount ?? 0))) / 100;

/** The plan and price option an order or coupon request names (`payment_plan_id`, `payment_plan_price_id`), if both exist together. */
export function pricedChoice(contract: Contract, body: Body): PricedChoice | undefined {
  const plan = examplePlans(contract).find((candidate) => candidate.id === integerValue(body.payment_plan_id));
  const option = plan?.prices.find((candidate) => candidate.id === integerValue(body.payment_plan_price_id));
  if (!plan || !option) return undefined;
  return { plan, option, amount: discounted(option), months: option.months ?? 1 };
}
