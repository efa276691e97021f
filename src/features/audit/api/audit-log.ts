/**
 * The audit log's call (the proposed `GET /audit-log`: limit, offset and the filters time range, user, panel, action)
 * as the table asks for it. The filters are the table's (kept in the URL as text); each becomes the contract's query
 * parameter here: a day of the range its start or its end in the browser's time zone, the ids numbers, the action
 * one of the contract's values (`AuditActionSchema`).
 */
import dayjs from 'dayjs';
import { getAuditLogOptions } from '@generated/api/@tanstack/react-query.gen.ts';
import { AuditActionSchema } from '@generated/api/schemas.gen.ts';
import type { AuditAction, GetAuditLogData } from '@generated/api/types.gen.ts';
import type { FilterField, SelectOption } from '../../../shared/table/filters.ts';
import type { TableQueryParams } from '../../../shared/table/table-query.ts';

/** The contract's actions, in its order. */
export const AUDIT_ACTIONS: readonly AuditAction[] = AuditActionSchema.enum;

/** The longest id a filter takes as text (a panel's dev_id has 15 digits). */
const ID_MAX_LENGTH = 20;

const wholeOrText = (value: string): number | string => (/^\d+$/.test(value) ? Number(value) : value);

export interface AuditFilterLabels {
  from: string;
  to: string;
  user: string;
  panel: string;
  action: string;
  actionOptions: readonly SelectOption[];
}

/** The table's filters; a panel's own log (`forPanel`) has no panel filter: the panel is fixed. */
export const auditFilters = (labels: AuditFilterLabels, forPanel = false): FilterField[] => [
  { id: 'from', kind: 'date', label: labels.from, toParam: (day) => dayjs(day).startOf('day').toISOString() },
  { id: 'to', kind: 'date', label: labels.to, toParam: (day) => dayjs(day).endOf('day').toISOString() },
  { id: 'user_id', kind: 'text', label: labels.user, maxLength: ID_MAX_LENGTH, toParam: wholeOrText },
  ...(forPanel
    ? []
    : [
        {
          id: 'dev_id',
          kind: 'text',
          label: labels.panel,
          maxLength: ID_MAX_LENGTH,
          toParam: wholeOrText,
        } satisfies FilterField,
      ]),
  { id: 'action', kind: 'select', label: labels.action, options: labels.actionOptions },
];

type AuditQuery = NonNullable<GetAuditLogData['query']>;

/** The page's call: only the contract's query parameters (a panel's own log names its panel). */
export const auditLogQuery =
  (devId?: number) =>
  ({ limit, offset, filters }: TableQueryParams) => {
    const query: AuditQuery = { limit, offset };
    if (typeof filters.from === 'string') query.from = filters.from;
    if (typeof filters.to === 'string') query.to = filters.to;
    // A text that is not a number is sent as it is: the contract refuses it (400), and the table says so.
    if (filters.user_id !== undefined) query.user_id = filters.user_id as number;
    if (devId !== undefined) query.dev_id = devId;
    else if (filters.dev_id !== undefined) query.dev_id = filters.dev_id as number;
    if (typeof filters.action === 'string') query.action = filters.action as AuditAction;
    return getAuditLogOptions({ query });
  };
