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
import type { MockAccess, MockClaims } from '../access.ts';
import { pageAsked } from '../db/paging.ts';
import { parseInteger, pathInteger } from '../ids.ts';
import { json, type AreaRequest, type Body, type MockArea } from '../area.ts';
import type { PanelQueue, QueueFilter, QueueUser } from '../queue/panel-queue.ts';
import { recordOf, type SettingsStore } from '../db/settings-store.ts';
import { userOfClaims } from './audit.ts';

const QUEUE = 'post /panel-queue';
const LIST = 'get /panel-queue';
const SUMMARY = 'get /panel-queue/summary';
const CANCEL = 'delete /panel-queue/{id}';
const RESOLVE = 'post /panel-queue/{id}/resolve';
const KNOWN = 'post /known-settings';

/** A parameter the front parsed (mocks/ids.ts), as a number; undefined when absent. */
const whole = (value: string | null | undefined): number | undefined =>
  value === null || value === undefined ? undefined : parseInteger(value);

/** The `Idempotency-Key` header ('' without one: Prism refuses the request). */
const keyOf = ({ headers }: AreaRequest): string => {
  const key = headers['idempotency-key'];
  return typeof key === 'string' ? key : '';
};

export const panelQueueArea = (access: MockAccess, settings: SettingsStore, queue: PanelQueue): MockArea => {
  const userOf = (request: AreaRequest): QueueUser => userOfClaims(access, request.claims as MockClaims);
  const reaches = (request: AreaRequest) => (devId: number) => access.reachesPanel(request.claims as MockClaims, devId);
  /** The write a path's `id` names, if it exists and its panel is within the caller's reach. */
  const itemOf = (request: AreaRequest) => {
    const id = whole(request.params.id);
    const item = id === undefined ? undefined : queue.get(id);
    return item && reaches(request)(item.dev_id) ? item : undefined;
  };
  /** The known copy a `getKnownSettings` body names (its panel password was judged before, by the gate). */
  const knownOf = ({ body }: AreaRequest) => {
    const number = (value: unknown) => (typeof value === 'number' && Number.isSafeInteger(value) ? value : undefined);
    const group = number(body.group) ?? 0;
    const member = number(body.member) ?? 0;
    const listId = number(body.list_id) ?? 0;
    return settings.known(number(body.dev_id) ?? -1, group, recordOf({ group, member, list_id: listId }));
  };

  return {
    choose(key, request) {
      if (typeof request.claims.user_id !== 'number') return undefined;
      switch (key) {
        // Both answers carry the item (the `queued` example, rewritten): 201 queued now, 200 queued before.
        case QUEUE:
          if (queue.byKey(request.claims.user_id, keyOf(request))) return { code: '200', example: 'queued' };
          return queue.checkWrite(request.body) === undefined ? { code: '201', example: 'queued' } : { code: '400' };
        case CANCEL: {
          const item = itemOf(request);
          if (!item) return { code: '404' };
          return item.state === 'queued' || item.state === 'conflicted' ? undefined : { code: '409' };
        }
        case RESOLVE: {
          const item = itemOf(request);
          if (!item) return { code: '404' };
          if (item.state !== 'conflicted') return { code: '409' };
          const values = request.body.values;
          const refused = queue.checkResolve(item.id, typeof values === 'object' && values ? (values as Body) : {});
          return refused === undefined ? undefined : { code: '400' };
        }
        case KNOWN:
          return knownOf(request) ? undefined : { code: '404' };
        default:
          return undefined;
      }
    },

    answer(key, request, payload) {
      const { body, query } = request;
      switch (key) {
        case QUEUE:
          return json({ data: queue.queue(body, userOf(request), keyOf(request)).item });
        case LIST: {
          const states = query.get('state');
          const since = query.get('since');
          const filter: QueueFilter = {
            devId: whole(query.get('dev_id')),
            states: states ? (states.split(',') as QueueFilter['states']) : undefined,
            since: since ? Date.parse(since) : undefined,
          };
          const { limit, offset } = pageAsked(query);
          return json(queue.list(filter, reaches(request), limit, offset));
        }
        case SUMMARY:
          return json({ data: queue.summary(reaches(request)) });
        case CANCEL:
          return json({ data: queue.cancel(pathInteger(request, 'id'), userOf(request)) });
        case RESOLVE:
          return json({ data: queue.resolve(pathInteger(request, 'id'), body.values as Body, userOf(request)) });
        case KNOWN:
          return json(knownOf(request));
        default:
          return payload;
      }
    },

    reset() {
      queue.reset();
    },
  };
};
