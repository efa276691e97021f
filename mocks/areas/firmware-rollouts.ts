/**
 * The firmware roll-outs of the mock (the proposed `/firmware-rollouts` calls): a version whose test passed (the
 * firmware tests' store) released to its model's panels in stages, as the contract's descriptions ask the backend to.
 * The roll-out engine is a module of its own (mocks/rollouts/): its plan and refusals (plan.ts), the panels of each
 * model (pool.ts), the engine that runs the stages (engine.ts, with config.ts and state.ts) and the store that holds
 * the roll-outs (store.ts), starting with the contract's finished example roll-out (examples.ts). This area says what
 * each operation does with them, and answers the mock control `POST /__mock/rollouts/config`
 * `{ failure_rate?, offline_rate?, minute_ms?, update_ms? }` (GET reads it). `areas/reset` puts the roll-outs (the
 * example's) and the config back; every timer ends on reset and when the mock stops.
 */
import type { ServerResponse } from 'node:http';
import type { MockAccess } from '../access.ts';
import { parseInteger, pathInteger, queryInteger } from '../ids.ts';
import { json, sendJson, type AreaRequest, type Choice, type MockArea } from '../area.ts';
import type { CommandSink } from '../command-sink.ts';
import type { Contract } from '../contract.ts';
import type { FirmwareStore } from '../firmware-tests/store.ts';
import { previewOf, rolloutInput } from '../rollouts/answers.ts';
import { parseRolloutConfig } from '../rollouts/config.ts';
import { rolloutExamples } from '../rollouts/examples.ts';
import { startRefusal } from '../rollouts/plan.ts';
import { rolloutPool } from '../rollouts/pool.ts';
import { RolloutStore } from '../rollouts/store.ts';

const LIST = 'get /firmware-rollouts';
const START = 'post /firmware-rollouts';
const PREVIEW = 'post /firmware-rollouts/preview';
const ONE = 'get /firmware-rollouts/{id}';
const PANELS = 'get /firmware-rollouts/{id}/panels';
const ACTIONS = {
  'post /firmware-rollouts/{id}/pause': 'pause',
  'post /firmware-rollouts/{id}/resume': 'resume',
  'post /firmware-rollouts/{id}/abort': 'abort',
} as const;
type ActionKey = keyof typeof ACTIONS;
const isAction = (key: string): key is ActionKey => key in ACTIONS;

const paging = (query: URLSearchParams) => ({
  limit: queryInteger({ query }, 'limit', 10),
  offset: queryInteger({ query }, 'offset', 0),
});

export const firmwareRolloutsArea = (
  contract: Contract,
  firmware: FirmwareStore,
  simulator: CommandSink,
  access: MockAccess,
  now?: () => Date,
): MockArea => {
  const store = new RolloutStore(
    firmware,
    () => rolloutPool(contract, access, firmware),
    simulator,
    now,
    rolloutExamples(contract),
  );
  const byRequest = (request: AreaRequest) => store.find(pathInteger(request, 'id'));
  const startedBy = (request: AreaRequest) => {
    const id = Number(request.claims.user_id);
    return { id, name: access.account(id)?.name ?? String(request.claims.Username ?? id) };
  };

  return {
    choose(key, request): Choice | undefined {
      if (key === START || key === PREVIEW) {
        const input = rolloutInput(request.body);
        const plan = input && store.plan(input);
        if (!input || !plan) return undefined;
        if ('code' in plan) return plan;
        // The preview lists the panels that would go back; only the start refuses them unless chosen.
        return key === START ? startRefusal(input, plan) : undefined;
      }
      if (key === ONE || key === PANELS) return byRequest(request) ? undefined : { code: '404' };
      if (isAction(key)) {
        const stored = byRequest(request);
        if (!stored) return { code: '404' };
        return store.allows(stored, ACTIONS[key]) ? undefined : { code: '409', example: 'wrong-state' };
      }
      return undefined;
    },

    answer(key, request, payload) {
      if (key === LIST) {
        const { limit, offset } = paging(request.query);
        const all = store.list();
        return json({ data: all.slice(offset, offset + limit), list_info: { total_count: all.length, limit, offset } });
      }
      if (key === PREVIEW || key === START) {
        const input = rolloutInput(request.body);
        const plan = input && store.plan(input);
        if (!input || !plan || 'code' in plan) return payload;
        if (key === START)
          return startRefusal(input, plan) ? payload : json({ data: store.start(input, startedBy(request)) });
        return json({ data: previewOf(plan) });
      }
      const stored = byRequest(request);
      if (!stored) return payload;
      if (key === ONE) return json({ data: store.copy(stored) });
      if (key === PANELS) {
        const { limit, offset } = paging(request.query);
        const stage = request.query.get('stage');
        const all = store.panels(
          stored,
          stage ? parseInteger(stage) : undefined,
          request.query.get('state') ?? undefined,
        );
        return json({ data: all.slice(offset, offset + limit), list_info: { total_count: all.length, limit, offset } });
      }
      if (isAction(key)) {
        const action = ACTIONS[key];
        if (!store.allows(stored, action)) return payload;
        return json({ data: store[action](stored) });
      }
      return payload;
    },

    control(method, route, raw, res: ServerResponse) {
      if (route !== 'rollouts/config') return false;
      if (method === 'GET') {
        sendJson(res, 200, store.config);
        return true;
      }
      if (method !== 'POST') return false;
      const parsed = parseRolloutConfig(raw, store.config);
      if (typeof parsed === 'string') sendJson(res, 400, { message: parsed });
      else {
        store.config = parsed;
        sendJson(res, 200, parsed);
      }
      return true;
    },

    reset() {
      store.reset();
    },

    stop() {
      store.stop();
    },
  };
};
