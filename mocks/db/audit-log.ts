/**
 * The mock's audit log (the proposed `GET /audit-log`, openapi/README.md "Proposed calls"): what was done through the
 * mock since it started, one entry per action, newest last in memory and newest first in answers. The audit area
 * (mocks/areas/audit.ts) records the actions; this file holds them and answers the filtered, paged list. The entry
 * shape is the contract's (`AuditEntry`).
 */
import type { AuditAction, AuditChange, AuditEntry, AuditLogResponse } from '@generated/api/types.gen.ts';
import { DEFAULT_LIMIT, pageOf } from './paging.ts';
import { parseInteger } from '../ids.ts';

type Fields = Record<string, unknown>;

/** An entry before it is numbered and timed. */
export type AuditRecord = Omit<AuditEntry, 'id' | 'time'>;

/** The filters of `getAuditLog` (query parameters, already checked by Prism against the contract). */
export interface AuditFilter {
  from?: string;
  to?: string;
  user_id?: number;
  dev_id?: number;
  action?: AuditAction;
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * The fields of `after` whose value differs from `before` (top-level properties; an object's value whole), old →
 * new, in the order of `after`. A field `before` does not hold has no `old`.
 */
export function changedFields(before: Fields | undefined, after: Fields): AuditChange[] {
  return Object.entries(after).flatMap(([field, value]): AuditChange[] => {
    if (before && field in before) return same(before[field], value) ? [] : [{ field, old: before[field], new: value }];
    return [{ field, new: value }];
  });
}

/** The filter of a request's query (absent and empty values filter nothing). */
export function auditFilterOf(query: URLSearchParams): AuditFilter {
  const text = (name: string) => query.get(name) || undefined;
  const whole = (name: string) => parseInteger(text(name) ?? '');
  return {
    from: text('from'),
    to: text('to'),
    user_id: whole('user_id'),
    dev_id: whole('dev_id'),
    action: text('action') as AuditAction | undefined,
  };
}

export class AuditLog {
  private entries: AuditEntry[] = [];
  private lastId = 0;

  /** `now` gives the time of each entry (the clock by default; a test's own). */
  constructor(private readonly now: () => Date = () => new Date()) {}

  /** Records an action now; answers the entry as stored. */
  record(entry: AuditRecord): AuditEntry {
    const stored: AuditEntry = { id: ++this.lastId, time: this.now().toISOString(), ...entry };
    this.entries.push(stored);
    return structuredClone(stored);
  }

  get size(): number {
    return this.entries.length;
  }

  clear(): void {
    this.entries = [];
    this.lastId = 0;
  }

  /**
   * The entries that match the filter and that `visible` lets the caller see, newest first, paged by `limit`
   * (default 10) and `offset` (default 0) with `list_info` over all that match.
   */
  page(
    filter: AuditFilter,
    visible: (entry: AuditEntry) => boolean,
    limit = DEFAULT_LIMIT,
    offset = 0,
  ): AuditLogResponse {
    const from = filter.from ? Date.parse(filter.from) : -Infinity;
    const to = filter.to ? Date.parse(filter.to) : Infinity;
    const matching = this.entries
      .filter((entry) => {
        const time = Date.parse(entry.time);
        if (time < from || time > to) return false;
        if (filter.user_id !== undefined && entry.user?.id !== filter.user_id) return false;
        if (filter.dev_id !== undefined && entry.panel?.dev_id !== filter.dev_id) return false;
        if (filter.action !== undefined && entry.action !== filter.action) return false;
        return visible(entry);
      })
      .reverse();
    return structuredClone(pageOf(matching, { limit, offset }));
  }
}
