/**
 * Who bought each order and coupon request of the mock, for the access rules (`x-ownership` objects `order` and
 * `coupon_request`, openapi/README.md "What the backend must enforce"): an order created since the stack started is
 * its buyer's (the caller of `POST /orders`, which the order store records); an order or coupon request of the
 * contract's examples is the account whose e-mail address it names (`user_info`, `request_user_info`), found in the
 * mock's one store of accounts. An id the mock does not know has no owner, so it is out of every reach but an
 * administrator's, and an administrator gets 404 for it as for any unknown id.
 */
import { exampleData } from './contract.ts';
import type { Contract } from './contract.ts';
import type { OrderStore } from './db/order-store.ts';
import type { UserStore } from './db/user-list.ts';

/** The objects of purchases that `x-ownership` names. */
export type PurchaseKind = 'order' | 'coupon_request';

interface CouponRequestRow {
  id: number;
  request_user_info?: { email?: string };
}

/** Every coupon request of the contract's examples (the administrator's list). */
export const exampleCouponRequests = (contract: Contract): CouponRequestRow[] => {
  const data = exampleData(contract, '/coupons', 'administrator');
  return Array.isArray(data) ? (data as CouponRequestRow[]) : [];
};

/** A purchase: whether it exists, and its buyer's user id when the mock knows the account. */
export interface Purchase {
  owner?: number;
}

export class PurchaseOwners {
  constructor(
    private readonly contract: Contract,
    private readonly orders: OrderStore,
    private readonly users: UserStore,
  ) {}

  private accountOf(email: unknown): number | undefined {
    if (typeof email !== 'string' || !email) return undefined;
    const folded = email.toLowerCase();
    return this.users.all().find((user) => user.email?.toLowerCase() === folded)?.id;
  }

  /** The purchase an id names, undefined when there is none. */
  find(kind: PurchaseKind, id: number): Purchase | undefined {
    if (kind === 'order') {
      const order = this.orders.find(id);
      if (!order) return undefined;
      const info = order.user_info as { email?: unknown } | undefined;
      return { owner: this.orders.buyerOf(id) ?? this.accountOf(info?.email) };
    }
    const request = exampleCouponRequests(this.contract).find((row) => row.id === id);
    return request && { owner: this.accountOf(request.request_user_info?.email) };
  }
}
