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
import type { RolloutInput } from '@generated/api/types.gen.ts';
import type { MockAccess } from '../access.ts';
import { pageAsked, pageOf } from '../db/paging.ts';
import { idValue, parseInteger, pathInteger } from '../ids.ts';
import { sendJson, type MockArea } from '../area.ts';
import type { CommandSink } from '../command-sink.ts';
import type { Contract } from '../contract.ts';
import { defineArea, type UntrustedRequest } from '../define-area.ts';
import type { FirmwareStore } from '../firmware-tests/store.ts';
import { previewOf, rolloutInput } from '../rollouts/answers.ts';
import { parseRolloutConfig } from '../rollouts/config.ts';
import { rolloutExamples } from '../rollouts/examples.ts';
import { startRefusal } from '../rollouts/plan.ts';
import { rolloutPool } from '../rollouts/pool.ts';
import { RolloutStore } from '../rollouts/store.ts';
import type { RolloutAction } from '../rollouts/state.ts';

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
  const byRequest = (request: { params: { id: string } }) => store.find(pathInteger(request, 'id'));
  const startedBy = (request: { claims: Record<string, unknown> }) => {
    const id = idValue(request.claims.user_id);
    return { id, name: access.account(id)?.name ?? String(request.claims.Username ?? id) };
  };
  /** The plan of a body with the shape a roll-out is planned from (Prism refuses any other with its 400). */
  const planOf = (request: UntrustedRequest<'startFirmwareRollout' | 'previewFirmwareRollout'>) => {
    const input = rolloutInput(request.body);
    const plan = input && store.plan(input);
    return input && plan ? { input, plan } : undefined;
  };
  /** A roll-out to read: the contract's 404 for an unknown one. */
  const known = { choose: (request: { params: { id: string } }) => (byRequest(request) ? undefined : { code: '404' }) };
  /** A person's action on a roll-out: 404 for an unknown one, 409 `wrong-state` when its state does not allow it. */
  const action = (name: RolloutAction) => ({
    choose(request: { params: { id: string } }) {
      const stored = byRequest(request);
      if (!stored) return { code: '404' };
      return store.allows(stored, name) ? undefined : { code: '409', example: 'wrong-state' };
    },
    answer<A>(request: { params: { id: string } }, answer: A) {
      const stored = byRequest(request);
      return stored && store.allows(stored, name) ? { data: store[name](stored) } : answer;
    },
  });

  return defineArea({
    contract,
    operations: {
      getFirmwareRollouts: {
        answer(request) {
          return pageOf(store.list(), pageAsked(request.query));
        },
      },
      previewFirmwareRollout: {
        // The preview lists the panels that would go back rather than refusing them.
        choose: (request) => {
          const planned = planOf(request);
          return planned && 'code' in planned.plan ? planned.plan : undefined;
        },
        answer(request, answer) {
          const plan = store.plan(request.body);
          return 'code' in plan ? answer : { data: previewOf(plan) };
        },
      },
      startFirmwareRollout: {
        choose: (request) => {
          const planned = planOf(request);
          if (!planned) return undefined;
          return 'code' in planned.plan ? planned.plan : startRefusal(planned.input, planned.plan);
        },
        answer(request, answer) {
          const input: RolloutInput = request.body;
          const plan = store.plan(input);
          if ('code' in plan || startRefusal(input, plan)) return answer;
          return { data: store.start(input, startedBy(request)) };
        },
      },
      getFirmwareRollout: {
        ...known,
        answer(request, answer) {
          const stored = byRequest(request);
          return stored ? { data: store.copy(stored) } : answer;
        },
      },
      getFirmwareRolloutPanels: {
        ...known,
        answer(request, answer) {
          const stored = byRequest(request);
          if (!stored) return answer;
          const stage = request.query.get('stage');
          const all = store.panels(
            stored,
            stage ? parseInteger(stage) : undefined,
            request.query.get('state') ?? undefined,
          );
          return pageOf(all, pageAsked(request.query));
        },
      },
      pauseFirmwareRollout: action('pause'),
      resumeFirmwareRollout: action('resume'),
      abortFirmwareRollout: action('abort'),
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
  });
};
