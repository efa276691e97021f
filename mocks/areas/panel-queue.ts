/**
 * The programming queue of the mock (the proposed calls of openapi/paths/queue.yaml; mocks/queue/panel-queue.ts keeps the
 * writes and applies them when their panel connects). The access rules (level, the reach of a `dev_id`, the plan)
 * are checked before, as for every call; this area adds what the rules cannot see:
 *  - `queueSettingsWrite`: the `write` checked against its group's write operation (400 as that write would be
 *    refused, or for a `dev_id` other than the write's, a `before` naming a field the write does not carry or changing
 *    nothing); the same `Idempotency-Key` of the same user answers the first item (200) and queues nothing; else the
 *    item as queued (201), applied at once when the panel is connected;
 *  - `getPanelQueue`: the writes of the panels within the caller's reach (of `dev_id`), oldest first, filtered by
 *    `state` and `since`, paged by `limit` and `offset`; `getPanelQueueSummary`: the counts of the panels in reach;
 *  - `cancelQueuedWrite`, `resolveQueuedWrite`: 404 for a write that does not exist or whose panel is out of the
 *    caller's reach, 409 (`QueueStateConflict`) for one not `queued`/`conflicted` (cancel) or not `conflicted`
 *    (resolve), 400 for chosen values that are not exactly the write's fields or that the group's schema refuses;
 *  - `getKnownSettings`: the server's known copy of the record its body names (settings-store.ts), 404 when there is
 *    none; its panel password and the rights the group needs were judged before (mocks/panel-password-gate.ts).
 * Refusals answer the contract's example of their status; Prism validates every request against the contract first.
 */
import type { MockAccess } from '../access.ts';
import { parseInteger, pathInteger } from '../ids.ts';
import type { AreaRequest, Body, Choice, MockArea } from '../area.ts';
import type { Caller } from '../caller.ts';
import { defineArea, type UntrustedRequest } from '../define-area.ts';
import { pageAsked } from '../db/paging.ts';
import type { PanelQueue, QueueFilter, QueueUser } from '../queue/panel-queue.ts';
import { recordOf, type SettingsStore } from '../db/settings-store.ts';
import { userOfClaims } from './audit.ts';

/** A parameter the front parsed (mocks/ids.ts), as a number; undefined when absent. */
const whole = (value: string | null | undefined): number | undefined =>
  value === null || value === undefined ? undefined : parseInteger(value);

/** The `Idempotency-Key` header ('' without one: Prism refuses the request). */
const keyOf = ({ headers }: Pick<AreaRequest, 'headers'>): string => {
  const key = headers['idempotency-key'];
  return typeof key === 'string' ? key : '';
};

type WithCaller = Pick<AreaRequest, 'caller'>;

export const panelQueueArea = (access: MockAccess, settings: SettingsStore, queue: PanelQueue): MockArea => {
  const userOf = ({ caller }: WithCaller): QueueUser => userOfClaims(access, (caller as Caller).claims);
  const reaches =
    ({ caller }: WithCaller) =>
    (devId: number) =>
      caller?.reachesPanel(devId) ?? false;
  /** The write a path's `id` names, if it exists and its panel is within the caller's reach. */
  const itemOf = (request: WithCaller & { params: { id: string } }) => {
    const id = whole(request.params.id);
    const item = id === undefined ? undefined : queue.get(id);
    return item && reaches(request)(item.dev_id) ? item : undefined;
  };
  /** The known copy a `getKnownSettings` body names (its panel password was judged before, by the gate). */
  const knownOf = (body: { group?: unknown; member?: unknown; list_id?: unknown; dev_id?: unknown }) => {
    const number = (value: unknown) => (typeof value === 'number' && Number.isSafeInteger(value) ? value : undefined);
    const group = number(body.group) ?? 0;
    const member = number(body.member) ?? 0;
    const listId = number(body.list_id) ?? 0;
    return settings.known(number(body.dev_id) ?? -1, group, recordOf({ group, member, list_id: listId }));
  };
  /** The answer of a write a path names that is not (or no longer) in a state to change: 404 or 409. */
  const changeable = (
    request: UntrustedRequest<'cancelQueuedWrite' | 'resolveQueuedWrite'>,
    states: string[],
  ): Choice | undefined => {
    const item = itemOf(request);
    if (!item) return { code: '404' };
    return states.includes(item.state) ? undefined : { code: '409' };
  };

  return defineArea({
    operations: {
      // Both answers carry the item (the `queued` example, rewritten): 201 queued now, 200 queued before.
      queueSettingsWrite: {
        choose(request) {
          if (!request.caller) return undefined;
          if (queue.byKey(request.caller.id, keyOf(request))) return { code: '200', example: 'queued' };
          return queue.checkWrite(request.body as Body) === undefined
            ? { code: '201', example: 'queued' }
            : { code: '400' };
        },
        answer: (request) => ({ data: queue.queue(request.body as Body, userOf(request), keyOf(request)).item }),
      },
      getPanelQueue: {
        answer(request) {
          const { query } = request;
          const states = query.get('state');
          const since = query.get('since');
          const filter: QueueFilter = {
            devId: whole(query.get('dev_id')),
            states: states ? (states.split(',') as QueueFilter['states']) : undefined,
            since: since ? Date.parse(since) : undefined,
          };
          const { limit, offset } = pageAsked(query);
          return queue.list(filter, reaches(request), limit, offset);
        },
      },
      getPanelQueueSummary: { answer: (request) => ({ data: queue.summary(reaches(request)) }) },
      cancelQueuedWrite: {
        choose: (request) => (request.caller ? changeable(request, ['queued', 'conflicted']) : undefined),
        answer: (request) => ({ data: queue.cancel(pathInteger(request, 'id'), userOf(request))! }),
      },
      resolveQueuedWrite: {
        choose(request) {
          if (!request.caller) return undefined;
          const refused = changeable(request, ['conflicted']);
          if (refused) return refused;
          const values = request.body.values;
          const id = whole(request.params.id)!;
          const given = typeof values === 'object' && values ? (values as Body) : {};
          return queue.checkResolve(id, given) === undefined ? undefined : { code: '400' };
        },
        answer: ({ body, params, caller }) => ({
          data: queue.resolve(pathInteger({ params }, 'id'), body.values as Body, userOf({ caller }))!,
        }),
      },
      getKnownSettings: {
        choose: ({ caller, body }) => (caller && !knownOf(body) ? { code: '404' } : undefined),
        answer: ({ body }) => knownOf(body)!,
      },
    },

    reset() {
      queue.reset();
    },
  });
};
