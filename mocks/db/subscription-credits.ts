/**
 * What paying bought on the mock (the contract's `receivePaymentCallback`): a new subscription order is remembered
 * with its buyer, plan and months when it is made (`POST /orders`), and crediting it (the provider's approved
 * callback, once) extends the buyer's subscription by those months, from the later of now and the end of the
 * subscription the buyer has. From then on the buyer's sign-in and token refresh carry the new end
 * (`SubExpireDate`), the authority plan is the bought plan's (`NO_ADS` its `no_ads`), and the profile and the
 * subscription history list it. The mock's `orders/reset` control forgets it all.
 */
import type { UserAuthority } from '@generated/api/types.gen.ts';
import type { Contract } from '../contract.ts';
import type { PricedChoice } from '../price-list.ts';

/** A subscription order made and not credited yet. */
interface OrderedSubscription {
  buyer: number;
  choice: PricedChoice;
}

/** One credited period of a buyer's subscription. */
export interface CreditedPeriod {
  order_id: number;
  plan_id: number;
  plan_title: string;
  no_ads: boolean;
  start_date: string;
  end_date: string;
}

/** The year-1 date of an account without a subscription. */
const NO_SUBSCRIPTION = '0001-01-01T00:00:00Z';

const isoSeconds = (date: Date): string => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** `months` calendar months after `from` (UTC), to the second; a day the month lacks is its last (31 March → 30 April). */
export function addMonths(from: Date, months: number): Date {
  const end = new Date(from.getTime());
  end.setUTCDate(1);
  end.setUTCMonth(end.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(from.getUTCDate(), lastDay));
  return end;
}

export class SubscriptionCredits {
  private readonly ordered = new Map<number, OrderedSubscription>();
  private readonly periods = new Map<number, CreditedPeriod[]>();

  constructor(
    private readonly contract: Contract,
    private readonly now: () => number = Date.now,
  ) {}

  clear(): void {
    this.ordered.clear();
    this.periods.clear();
  }

  /** A new subscription order (`POST /orders`): credited once its payment is. */
  recordOrder(orderId: number, buyer: number, choice: PricedChoice): void {
    this.ordered.set(orderId, { buyer, choice });
  }

  /**
   * Credits a paid order: the buyer's subscription is extended by the order's months from the later of now and
   * `currentEnd` (the end the buyer's token has). → the new period, or undefined for an order that is not a
   * subscription order made here (a coupon request, an example order) or was credited already.
   */
  credit(orderId: number, currentEnd: (buyer: number) => string | undefined): CreditedPeriod | undefined {
    const order = this.ordered.get(orderId);
    if (!order) return undefined;
    this.ordered.delete(orderId);
    const now = new Date(this.now());
    const ends = [currentEnd(order.buyer), this.latest(order.buyer)?.end_date]
      .map((end) => new Date(end ?? NO_SUBSCRIPTION))
      .filter((end) => end.getTime() > now.getTime());
    const start = ends.reduce((later, end) => (end > later ? end : later), now);
    const period: CreditedPeriod = {
      order_id: orderId,
      plan_id: order.choice.plan.id,
      plan_title: order.choice.plan.title,
      no_ads: order.choice.plan.no_ads,
      start_date: isoSeconds(start),
      end_date: isoSeconds(addMonths(start, order.choice.months)),
    };
    this.periods.set(order.buyer, [period, ...(this.periods.get(order.buyer) ?? [])]);
    return period;
  }

  /** The buyer's latest credited period that has not ended, if any. */
  latest(buyer: number): CreditedPeriod | undefined {
    const period = this.periods.get(buyer)?.[0];
    return period && new Date(period.end_date).getTime() > this.now() ? period : undefined;
  }

  /** Every credited period of the buyer, newest first. */
  history(buyer: number): readonly CreditedPeriod[] {
    return this.periods.get(buyer) ?? [];
  }

  /**
   * The authority plan of a buyer with a current credited period: the contract's authority example of that plan
   * (the one whose `plan_title` is the plan's), its `NO_ADS` the plan's `no_ads`; undefined without one.
   */
  authorityOf(buyer: number): Partial<UserAuthority> | undefined {
    const period = this.latest(buyer);
    if (!period) return undefined;
    const examples = this.contract.responseExamples(this.contract.byId('getUserAuthority'));
    const ofPlan = [...examples.values()]
      .map(({ example }) => (example.value as { data?: Partial<UserAuthority> } | undefined)?.data)
      .find((data) => data?.plan_title === period.plan_title);
    return { ...(ofPlan ?? {}), NO_ADS: period.no_ads, plan_title: period.plan_title };
  }
}
