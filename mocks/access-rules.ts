/**
 * An operation's access rules as the contract's annotations state them (`x-required-level`, `x-ownership`, `x-plan`),
 * and the request and refusal the access check (mocks/access.ts) reads and answers.
 */
import type { UserAuthority } from '@generated/api/types.gen.ts';
import type { JsonObject, Operation } from './contract.ts';
import type { PurchaseKind } from './purchase-owners.ts';

/** One `x-ownership` entry of an operation. */
export interface OwnershipRule {
  in: 'path' | 'query' | 'body';
  name: string;
  /** A panel, a user, an order or a coupon request (the purchases' owner is their buyer). */
  object: 'panel' | 'user' | 'queued_write' | PurchaseKind;
  /** For a panel: the value is its `dev_id` (default) or its record `id`. */
  key?: 'dev_id' | 'id';
  relaxedFrom: 1 | 2;
}

/** An operation's `x-plan`. */
export interface PlanRule {
  subscription?: boolean;
  permission?: keyof UserAuthority;
  permissionBy?: { in: 'path' | 'query' | 'body'; name: string; values: Record<string, keyof UserAuthority> };
}

export interface AccessRules {
  /** Undefined for a public operation. */
  level?: number;
  ownership: OwnershipRule[];
  plan?: PlanRule;
}

/** An operation's access rules, as its annotations state them. */
export function accessRulesOf(operation: Operation): AccessRules {
  const spec = operation.spec as JsonObject & Record<string, unknown>;
  const level = spec['x-required-level'];
  return {
    level: typeof level === 'number' ? level : undefined,
    ownership: Array.isArray(spec['x-ownership']) ? (spec['x-ownership'] as unknown as OwnershipRule[]) : [],
    plan: spec['x-plan'] ? (spec['x-plan'] as unknown as PlanRule) : undefined,
  };
}

export interface AccessRequest {
  authorization?: string;
  params: Record<string, string>;
  query: URLSearchParams;
  body: Record<string, unknown>;
}

export interface Refusal {
  status: 400 | 401 | 403 | 404;
  body: unknown;
  /** Why, for the mock's log and the tests. */
  reason: string;
}
