/**
 * The orders as the mock remembers them: the contract's example orders and the orders created since (`POST /orders`,
 * newest first, not purchased until the payment provider's callback credits them), with what administrators did to
 * them since the stack started (billed, cancelled). The front answers the order lists and the billing report through
 * it, so a new, billed or cancelled order shows so after the list reloads, and the billing list's `is_billing` /
 * `is_canceled` filters and its paging work as a server's would. `clear()` (the mock's `orders/reset` control)
 * forgets it all.
 */
import { pageAsked, pageOf } from './paging.ts';

export interface MockOrder {
  id: number;
  created_at: string;
  order_state: number;
  is_billing: boolean;
  is_canceled?: boolean;
  [field: string]: unknown;
}

export type BillingOutcome = 'success' | 'already-billed' | 'not-purchased' | 'not-found';
export type CancelOutcome = 'success' | 'already-billed' | 'not-found';

const flag = (value: string | null): boolean | undefined =>
  value === 'true' ? true : value === 'false' ? false : undefined;

export class OrderStore {
  private readonly billed = new Set<number>();
  private readonly canceled = new Map<number, string>();
  /** Orders created since the examples, newest first. */
  private readonly created: MockOrder[] = [];
  /** Created orders the payment provider's callback credited. */
  private readonly purchased = new Set<number>();
  /** The buyer (user id) of each created order. */
  private readonly buyers = new Map<number, number>();

  /** `orders` are the contract's example orders. */
  constructor(private readonly orders: () => MockOrder[]) {}

  clear(): void {
    this.billed.clear();
    this.canceled.clear();
    this.created.length = 0;
    this.purchased.clear();
    this.buyers.clear();
  }

  /** An order as it is now (an example or a created one), undefined when there is none. */
  find(id: number): MockOrder | undefined {
    const order = [...this.created, ...this.orders()].find((candidate) => candidate.id === id);
    return order && this.apply(order);
  }

  /** The id the next created order gets: one above every order known. */
  nextId(): number {
    return Math.max(0, ...[...this.created, ...this.orders()].map((order) => order.id)) + 1;
  }

  /** Records a created order (not purchased yet) and its buyer's user id. */
  create(order: MockOrder, buyer?: number): void {
    this.created.unshift({ ...order, order_state: 0, is_billing: false, is_canceled: false });
    if (buyer !== undefined) this.buyers.set(order.id, buyer);
  }

  /** The buyer of a created order (the examples' buyers are named by their `user_info`). */
  buyerOf(id: number): number | undefined {
    return this.buyers.get(id);
  }

  /** Marks a created order purchased (the provider's callback credited its payment); → whether it is one. */
  markPurchased(id: number): boolean {
    if (!this.created.some((order) => order.id === id)) return false;
    this.purchased.add(id);
    return true;
  }

  /** An order with what was done to it. */
  apply(order: MockOrder): MockOrder {
    return {
      ...order,
      order_state: this.purchased.has(order.id) ? 1 : order.order_state,
      is_billing: order.is_billing || this.billed.has(order.id),
      is_canceled: Boolean(order.is_canceled) || this.canceled.has(order.id),
    };
  }

  /** What billing the order would answer (only a purchased, not billed, not cancelled order can be billed). */
  billing(id: number): BillingOutcome {
    const order = this.find(id);
    if (!order) return 'not-found';
    if (order.is_billing) return 'already-billed';
    if (order.order_state !== 1 || order.is_canceled) return 'not-purchased';
    return 'success';
  }

  /** What cancelling the order would answer (a billed order cannot be cancelled). */
  cancel(id: number): CancelOutcome {
    const order = this.find(id);
    if (!order) return 'not-found';
    return order.is_billing ? 'already-billed' : 'success';
  }

  bill(id: number): void {
    this.billed.add(id);
  }

  markCanceled(id: number, reason: string): void {
    this.canceled.set(id, reason);
  }

  /**
   * A page of an order list answer with the orders as they are now, filtered by the query's `is_billing` and
   * `is_canceled` (the billing list, which also has the orders created since, first) and cut to its `limit` and
   * `offset`; `keep` leaves out the orders outside the caller's reach.
   */
  page<A extends { data?: unknown }>(
    answer: A,
    query: URLSearchParams,
    filter: boolean,
    keep: (order: MockOrder) => boolean = () => true,
  ): A {
    if (!Array.isArray(answer.data)) return answer;
    const billing = filter ? flag(query.get('is_billing')) : undefined;
    const canceled = filter ? flag(query.get('is_canceled')) : undefined;
    const rows = [...(filter ? this.created : []), ...(answer.data as MockOrder[])]
      .map((order) => this.apply(order))
      .filter((order) => billing === undefined || order.is_billing === billing)
      .filter((order) => canceled === undefined || order.is_canceled === canceled)
      .filter(keep);
    return pageOf(rows, pageAsked(query, 'all')) as unknown as A;
  }

  /** The billing report's answer with its orders as they are now. */
  report<A extends { data?: unknown }>(answer: A): A {
    if (!Array.isArray(answer.data)) return answer;
    const data = (answer.data as { records?: MockOrder[] }[]).map((month) => ({
      ...month,
      records: Array.isArray(month.records) ? month.records.map((order) => this.apply(order)) : month.records,
    }));
    return { ...answer, data };
  }
}
