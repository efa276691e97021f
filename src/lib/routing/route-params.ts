/**
 * The route parameters of the console, parsed once by their routes (`params: { parse, stringify }` in the route
 * table); a page reads what its route parsed, and the search its route validated, with the hooks of
 * `use-route-params.ts`, never the raw text of the address.
 */
import { isPayType, type PayType } from './payment-search.ts';

/**
 * A whole-number id of an address: digits only, from 1; anything else is undefined. A panel's device id too (the
 * contract's DevId is a whole number from 1; the sign-in page does without the contract's schemas).
 */
export function routeId(raw: string): number | undefined {
  if (!/^\d+$/.test(raw)) return undefined;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id >= 1 ? id : undefined;
}

const segment = (value: string | number | undefined): string => (value === undefined ? '' : String(value));

/** How a route reads its parameters from the address and writes them back. */
export interface ParamsSpec<Parsed> {
  parse: (raw: Record<string, string>) => Parsed;
  stringify: (params: Parsed) => Record<string, string>;
}

/**
 * `$id` of `/User/$id/Edit` and of `/PanelTest/$id/...` (a user's, a model's or a test's id). An id that is not one
 * is undefined: the page says the address names nothing and leads back.
 */
export const idParams: ParamsSpec<{ id: number | undefined }> = {
  parse: (raw) => ({ id: routeId(raw.id ?? '') }),
  stringify: ({ id }) => ({ id: segment(id) }),
};

/** `$devId` of `/Panels/$devId/Users`: the contract's device id, or undefined (the page says it is not a panel). */
export const devIdParams: ParamsSpec<{ devId: number | undefined }> = {
  parse: (raw) => ({ devId: routeId(raw.devId ?? '') }),
  stringify: ({ devId }) => ({ devId: segment(devId) }),
};

/** `$id` of `/PanelDetail/$id`: a device id; anything else is not a panel, and the route shows its error state. */
export const panelIdParams: ParamsSpec<{ id: number }> = {
  parse: (raw) => {
    const id = routeId(raw.id ?? '');
    if (id === undefined) throw new Error(`Not a device id: ${raw.id}`);
    return { id };
  },
  stringify: ({ id }) => ({ id: String(id) }),
};

/** The pay page's plan, price and what it buys; any of them unknown says so on the page, with the way back. */
export const payParams: ParamsSpec<{ planId?: number; priceId?: number; type?: PayType }> = {
  parse: (raw) => ({
    planId: routeId(raw.planId ?? ''),
    priceId: routeId(raw.priceId ?? ''),
    type: raw.type !== undefined && isPayType(raw.type) ? raw.type : undefined,
  }),
  stringify: ({ planId, priceId, type }) => ({
    planId: segment(planId),
    priceId: segment(priceId),
    type: segment(type),
  }),
};
