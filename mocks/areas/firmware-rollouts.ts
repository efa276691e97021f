/**
 * The firmware roll-outs of the mock (the proposed `/firmware-rollouts` calls): a version whose test
 * passed (the firmware tests area's store) released to its model's panels in stages, as the contract's descriptions
 * ask the backend to. A version whose binary is not the file store's file of that digest is refused before anything
 * is sent (409 `firmware-digest-mismatch`, mocks/firmware-binaries.ts). A start whose panels run a newer version than
 * the roll-out's (compared number by number, mocks/firmware-versions.ts) is refused (409 `downgrade-not-chosen`) unless
 * its body says `allow_downgrade: true`; the preview lists those panels (`downgrades`) instead of refusing.
 *
 * The panels of a model are the simulator's panels of that model (the example installation: they really go offline
 * while updating, `setConnected(false)`, and come back, so the live feed shows it; their dealer is the dealer code of
 * the accounts linked to them) followed by a fleet this area holds of `FLEET_SIZE` generated panels per model (dealer
 * codes IST034, ANK006 and none in turn, running the model's example version), so that shares of a target mean
 * something. A simulated panel that is not connected when its update is due fails ("not connected"). The area starts
 * with the contract's finished example roll-out (600, halted in its stage 2), rebuilt over these panels.
 *
 * The clock: the mock's "minute" (`pause_minutes`, `back_online_minutes`) is `minute_ms` milliseconds and each panel
 * update takes `update_ms`; `PARALLEL` panels of a stage update at a time. The mock control
 * `POST /__mock/rollouts/config` `{ failure_rate?, offline_rate?, minute_ms?, update_ms? }` sets them (400 with a
 * message otherwise). Failure is deterministic: of each stage, the first round(failure_rate × size) panels refuse the
 * update, the next round(offline_rate × size) accept it but stay offline (not back online once `back_online_minutes`
 * passed). `areas/reset` puts the roll-outs (the example's) and the config back; every timer ends on reset and when the mock stops.
 */
import type { ServerResponse } from 'node:http';
import type {
  Rollout,
  RolloutHalt,
  RolloutInput,
  RolloutPanel,
  RolloutPanelState,
  RolloutStage,
} from '@generated/api/types.gen.ts';
import type { MockAccess } from '../access.ts';
import { parseInteger, pathInteger, queryInteger } from '../ids.ts';
import { exampleData, json, sendJson, type AreaRequest, type Body, type Choice, type MockArea } from '../area.ts';
import type { CommandSink } from '../command-sink.ts';
import type { Contract } from '../contract.ts';
import { firmwareDigestVerified } from '../firmware-binaries.ts';
import { isDowngrade } from '../firmware-versions.ts';
import type { FirmwareStore } from '../firmware-tests/store.ts';

/** Generated panels per model. */
export const FLEET_SIZE = 60;
/** Panels of a stage updating at the same time. */
export const PARALLEL = 5;
const FLEET_DEALERS = ['IST034', 'ANK006', ''];

export interface RolloutConfig {
  failure_rate: number;
  offline_rate: number;
  minute_ms: number;
  update_ms: number;
}

export const DEFAULT_CONFIG: RolloutConfig = { failure_rate: 0, offline_rate: 0, minute_ms: 1000, update_ms: 1500 };

/** A panel a roll-out can update. */
export interface PoolPanel {
  dev_id: number;
  description: string;
  model: string;
  firm_ver: string;
  dealer_code: string;
  /** A panel of the simulator (its connection is real). */
  simulated: boolean;
}

interface StoredPanel extends RolloutPanel {
  simulated: boolean;
  /** The panel's fate, decided when its stage starts. */
  fate: 'ok' | 'fail' | 'offline';
}

interface StoredRollout {
  rollout: Rollout;
  panels: StoredPanel[];
  /** The stage (0-based) now running or last run. */
  current: number;
  /** Panels sent and not finished yet. */
  inFlight: number;
}

export type RolloutRefusal =
  | {
      code: '409';
      example: 'test-not-passed' | 'rollout-running' | 'firmware-digest-mismatch' | 'downgrade-not-chosen';
    }
  | { code: '400'; example: 'stages-not-increasing' | 'empty-target' | 'panel-not-in-target' };

interface Plan {
  version: { id: number; firm_ver: string; model_id: number; model_name: string };
  stages: { percent: number | null; panels: PoolPanel[] }[];
  total: number;
  /** The panels of the plan that run a newer version than the roll-out's, in stage order. */
  downgrades: PoolPanel[];
}

/** The plan with the panels it would put back on an older version. */
const withDowngrades = (plan: Omit<Plan, 'downgrades'>): Plan => ({
  ...plan,
  downgrades: plan.stages
    .flatMap((stage) => stage.panels)
    .filter((panel) => isDowngrade(panel.firm_ver, plan.version.firm_ver)),
});

/** What a start is refused for beyond the plan's own refusals: panels put back on an older version nobody chose. */
export const startRefusal = (input: RolloutInput, plan: Plan): RolloutRefusal | undefined =>
  plan.downgrades.length > 0 && input.allow_downgrade !== true
    ? { code: '409', example: 'downgrade-not-chosen' }
    : undefined;

const stamp = (date: Date): string => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** The panels of each model: the simulator's panels of the example installation, then the generated fleet. */
export function rolloutPool(contract: Contract, access: MockAccess, store: FirmwareStore): PoolPanel[] {
  const listed = exampleData(contract, '/command/devices/useralldevices', 'default');
  const dealerOf = (devId: number): string =>
    access.owners
      .accountsOf(devId)
      .map((id) => access.account(id)?.Dealercode ?? '')
      .find((code) => code !== '') ?? '';
  const simulated = (Array.isArray(listed) ? (listed as Body[]) : []).map((row): PoolPanel => ({
    dev_id: Number(row.dev_id),
    description: String(row.description ?? ''),
    model: String(row.model ?? ''),
    firm_ver: String(row.firm_ver ?? ''),
    dealer_code: dealerOf(Number(row.dev_id)),
    simulated: true,
  }));
  const fleet = store.models.flatMap((model) => {
    const version = simulated.find((panel) => panel.model === model.model_name)?.firm_ver ?? '';
    return Array.from({ length: FLEET_SIZE }, (_, index): PoolPanel => ({
      dev_id: 869100000000000 + model.id * 1000 + index + 1,
      description: `${model.model_name} Saha ${index + 1}`,
      model: model.model_name,
      firm_ver: version,
      dealer_code: FLEET_DEALERS[index % FLEET_DEALERS.length]!,
      simulated: false,
    }));
  });
  return [...simulated, ...fleet];
}

export class RolloutStore {
  config: RolloutConfig = { ...DEFAULT_CONFIG };
  rollouts: StoredRollout[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(
    private readonly firmware: FirmwareStore,
    private readonly pool: () => PoolPanel[],
    private readonly simulator: CommandSink,
    private readonly now: () => Date = () => new Date(),
    /** The roll-outs the mock starts with (the contract's finished examples) and a failed panel's answer. */
    private readonly examples: { rollouts: Rollout[]; error: string } = { rollouts: [], error: '' },
  ) {
    this.reset();
  }

  /** Back to the examples' roll-outs and the default config; ends every timer. */
  reset(): void {
    this.stop();
    this.rollouts = [];
    this.config = { ...DEFAULT_CONFIG };
    for (const rollout of this.examples.rollouts) this.restore(rollout, this.examples.error);
  }

  stop(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  private later(ms: number, work: () => void): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      work();
    }, ms);
    this.timers.add(timer);
  }

  find = (id: number): StoredRollout | undefined => this.rollouts.find((stored) => stored.rollout.id === id);

  /** What a start would be refused for, or the plan of its stages. */
  plan(input: RolloutInput): RolloutRefusal | Plan {
    const version = this.firmware.versions.find((candidate) => candidate.id === input.firmware_id);
    if (!version || !this.firmware.passed(version.id)) return { code: '409', example: 'test-not-passed' };
    // The binary is verified against the version's SHA-256 before any panel is sent anything.
    if (!firmwareDigestVerified(version)) return { code: '409', example: 'firmware-digest-mismatch' };
    const model = this.firmware.models.find((candidate) => candidate.id === version.model_id);
    const modelName = model?.model_name ?? '';
    const busy = this.rollouts.some(
      ({ rollout }) => rollout.model_id === version.model_id && ['running', 'paused'].includes(rollout.state),
    );
    if (busy) return { code: '409', example: 'rollout-running' };
    const ofModel = this.pool().filter((panel) => panel.model === modelName);
    const byId = new Map(ofModel.map((panel) => [panel.dev_id, panel]));
    let target: PoolPanel[];
    if ('dev_ids' in input.target) {
      const named = input.target.dev_ids.map((devId) => byId.get(devId));
      if (named.some((panel) => panel === undefined)) return { code: '400', example: 'panel-not-in-target' };
      target = named as PoolPanel[];
    } else {
      const code = input.target.dealer_code;
      target = code === undefined ? ofModel : ofModel.filter((panel) => panel.dealer_code === code);
    }
    if (target.length === 0) return { code: '400', example: 'empty-target' };
    const head = { id: version.id, firm_ver: version.firm_ver, model_id: version.model_id, model_name: modelName };
    const stages = input.stages;
    if (stages.every((stage) => 'percent' in stage)) {
      const percents = stages.map((stage) => stage.percent);
      const increasing = percents.every((percent, index) => index === 0 || percent > percents[index - 1]!);
      if (!increasing || percents.at(-1) !== 100) return { code: '400', example: 'stages-not-increasing' };
      let from = 0;
      const planned = percents.map((percent) => {
        const to = Math.max(from, Math.min(target.length, Math.ceil((target.length * percent) / 100)), 1);
        const panels = target.slice(from, to);
        from = to;
        return { percent, panels };
      });
      return withDowngrades({ version: head, stages: planned, total: target.length });
    }
    const inTarget = new Map(target.map((panel) => [panel.dev_id, panel]));
    const seen = new Set<number>();
    const planned: Plan['stages'] = [];
    for (const stage of stages) {
      if (!('dev_ids' in stage)) return { code: '400', example: 'panel-not-in-target' };
      const panels: PoolPanel[] = [];
      for (const devId of stage.dev_ids) {
        const panel = inTarget.get(devId);
        if (!panel || seen.has(devId)) return { code: '400', example: 'panel-not-in-target' };
        seen.add(devId);
        panels.push(panel);
      }
      planned.push({ percent: null, panels });
    }
    // With a list target, the lists together are the target; with a model target, the lists choose from it.
    if ('dev_ids' in input.target && seen.size !== target.length) {
      return { code: '400', example: 'panel-not-in-target' };
    }
    return withDowngrades({ version: head, stages: planned, total: seen.size });
  }

  start(input: RolloutInput, startedBy: { id: number; name: string }): Rollout {
    const plan = this.plan(input);
    if ('code' in plan) throw new Error(`Refused roll-out: ${plan.example}`);
    const refusal = startRefusal(input, plan);
    if (refusal) throw new Error(`Refused roll-out: ${refusal.example}`);
    const time = stamp(this.now());
    const stages: RolloutStage[] = plan.stages.map((stage, index) => ({
      stage: index + 1,
      percent: stage.percent,
      size: stage.panels.length,
      waiting: stage.panels.length,
      updating: 0,
      done: 0,
      failed: 0,
      not_back_online: 0,
      state: 'waiting',
      started_at: null,
      finished_at: null,
    }));
    const rollout: Rollout = {
      id: Math.max(600, ...this.rollouts.map((stored) => stored.rollout.id)) + 1,
      firmware_id: plan.version.id,
      firm_ver: plan.version.firm_ver,
      model_id: plan.version.model_id,
      model_name: plan.version.model_name,
      target: input.target,
      pause_minutes: input.pause_minutes,
      halt: { ...input.halt },
      state: 'running',
      halt_reason: null,
      stages,
      next_stage_at: null,
      started_by: startedBy,
      started_at: time,
      finished_at: null,
    };
    const stored: StoredRollout = { rollout, panels: waitingPanels(plan), current: 0, inFlight: 0 };
    this.rollouts.push(stored);
    this.startStage(stored, 0);
    return this.copy(stored);
  }

  /**
   * A roll-out of the contract's examples as it ended (no timer runs for it): its panels planned from its target and
   * stages, in each started stage the first `failed` ones failed with `error`, the next `not_back_online` ones not back,
   * the next `done` ones updated. Skipped when the mock's panels cannot hold it.
   */
  restore(example: Rollout, error: string): void {
    if (example.stages.some((stage) => stage.percent === null) || isLive(example.state)) return;
    const plan = this.plan({
      firmware_id: example.firmware_id,
      target: example.target,
      stages: example.stages.map((stage) => ({ percent: stage.percent! })),
      pause_minutes: example.pause_minutes,
      halt: example.halt,
      allow_downgrade: true,
    });
    if ('code' in plan) return;
    const panels = waitingPanels(plan);
    let current = 0;
    example.stages.forEach((stage, index) => {
      if (stage.started_at === null) return;
      current = index;
      const ofStage = panels.filter((panel) => panel.stage === stage.stage);
      const fates: [RolloutPanelState, number][] = [
        ['failed', stage.failed],
        ['not_back_online', stage.not_back_online],
        ['done', stage.done],
      ];
      let position = 0;
      for (const [state, count] of fates) {
        for (const panel of ofStage.slice(position, position + count)) {
          panel.state = state;
          panel.updated_at = stage.finished_at ?? stage.started_at;
          panel.error = state === 'failed' ? error : null;
          if (state === 'done') panel.firm_ver_now = plan.version.firm_ver;
        }
        position += count;
      }
    });
    this.rollouts.push({ rollout: structuredClone(example), panels, current, inFlight: 0 });
  }

  /** A copy of the roll-out with its stages counted from its panels. */
  copy(stored: StoredRollout): Rollout {
    const { rollout } = stored;
    return structuredClone({
      ...rollout,
      stages: rollout.stages.map((stage) => {
        const panels = stored.panels.filter((panel) => panel.stage === stage.stage);
        const count = (state: RolloutPanelState) => panels.filter((panel) => panel.state === state).length;
        return {
          ...stage,
          waiting: count('waiting'),
          updating: count('updating'),
          done: count('done'),
          failed: count('failed'),
          not_back_online: count('not_back_online'),
        };
      }),
    });
  }

  list(): Rollout[] {
    return [...this.rollouts].reverse().map((stored) => this.copy(stored));
  }

  panels(stored: StoredRollout, stage?: number, state?: string): RolloutPanel[] {
    return stored.panels
      .filter(
        (panel) => (stage === undefined || panel.stage === stage) && (state === undefined || panel.state === state),
      )
      .map(({ simulated: _s, fate: _f, ...panel }) => ({ ...panel }));
  }

  /** Whether the roll-out's state allows the action (the contract's 409 otherwise). */
  allows(stored: StoredRollout, action: 'pause' | 'resume' | 'abort'): boolean {
    const { state } = stored.rollout;
    if (action === 'pause') return state === 'running';
    if (action === 'resume') return state === 'paused' || state === 'halted';
    return state === 'running' || state === 'paused' || state === 'halted';
  }

  pause(stored: StoredRollout): Rollout {
    stored.rollout.state = 'paused';
    return this.copy(stored);
  }

  resume(stored: StoredRollout): Rollout {
    const { rollout } = stored;
    const wasHalted = rollout.state === 'halted';
    rollout.state = 'running';
    const stage = rollout.stages[stored.current]!;
    if (wasHalted) {
      // A person decided: the halted stage counts as finished.
      rollout.halt_reason = null;
      rollout.finished_at = null;
      this.afterStage(stored);
    } else if (stage.state === 'running') {
      this.pump(stored);
    } else {
      this.afterStage(stored, rollout.next_stage_at ? Date.parse(rollout.next_stage_at) : undefined);
    }
    return this.copy(stored);
  }

  abort(stored: StoredRollout): Rollout {
    const { rollout } = stored;
    rollout.state = 'aborted';
    rollout.next_stage_at = null;
    rollout.finished_at = stamp(this.now());
    const stage = rollout.stages[stored.current]!;
    if (stage.state === 'running') stage.state = 'aborted';
    return this.copy(stored);
  }

  private startStage(stored: StoredRollout, index: number): void {
    const { rollout } = stored;
    const stage = rollout.stages[index]!;
    stored.current = index;
    rollout.next_stage_at = null;
    stage.state = 'running';
    stage.started_at = stamp(this.now());
    const panels = stored.panels.filter((panel) => panel.stage === stage.stage);
    const failing = Math.round(this.config.failure_rate * panels.length);
    const offline = Math.round(this.config.offline_rate * panels.length);
    panels.forEach((panel, position) => {
      panel.fate = position < failing ? 'fail' : position < failing + offline ? 'offline' : 'ok';
    });
    this.pump(stored);
    this.judge(stored);
  }

  /** Sends the update to waiting panels of the running stage while fewer than `PARALLEL` are on their way. */
  private pump(stored: StoredRollout): void {
    const stageNo = stored.current + 1;
    while (stored.rollout.state === 'running' && stored.inFlight < PARALLEL) {
      const panel = stored.panels.find((candidate) => candidate.stage === stageNo && candidate.state === 'waiting');
      if (!panel) return;
      this.send(stored, panel);
    }
  }

  private mark(panel: StoredPanel, state: RolloutPanelState, error: string | null = null): void {
    panel.state = state;
    panel.error = error;
    panel.updated_at = stamp(this.now());
  }

  /** One panel's update: sent once (idempotent per panel), then done, failed or not back online. */
  private send(stored: StoredRollout, panel: StoredPanel): void {
    const { config } = this;
    stored.inFlight += 1;
    const finish = (state: RolloutPanelState, error: string | null = null) => {
      this.mark(panel, state, error);
      if (state === 'done') panel.firm_ver_now = stored.rollout.firm_ver;
      stored.inFlight -= 1;
      this.pump(stored);
      this.judge(stored);
    };
    if (panel.simulated && !this.simulator.isConnected(panel.dev_id)) {
      this.mark(panel, 'updating');
      this.later(0, () => finish('failed', 'Panel bağlı değil'));
      return;
    }
    this.mark(panel, 'updating');
    if (panel.fate === 'fail') {
      this.later(config.update_ms, () => finish('failed', 'Panel güncellemeyi reddetti'));
      return;
    }
    // The panel restarts with the new version: it leaves the feed while updating.
    if (panel.simulated) void this.simulator.setConnected?.(panel.dev_id, false).catch(() => false);
    if (panel.fate === 'offline') {
      const waitMs = Math.max(config.update_ms, stored.rollout.halt.back_online_minutes * config.minute_ms);
      this.later(waitMs, () => finish('not_back_online', 'Panel güncellemeden sonra bağlanmadı'));
      return;
    }
    this.later(config.update_ms, () => {
      if (panel.simulated) void this.simulator.setConnected?.(panel.dev_id, true).catch(() => false);
      finish('done');
    });
  }

  /** Once every panel of the running stage finished: the halt rule, then the next stage after the pause. */
  private judge(stored: StoredRollout): void {
    const { rollout } = stored;
    const stage = rollout.stages[stored.current]!;
    if (stage.state !== 'running') return;
    const panels = stored.panels.filter((panel) => panel.stage === stage.stage);
    if (panels.some((panel) => panel.state === 'waiting' || panel.state === 'updating')) return;
    const time = stamp(this.now());
    stage.finished_at = time;
    const failed = panels.filter((panel) => panel.state === 'failed').length;
    const notBack = panels.filter((panel) => panel.state === 'not_back_online').length;
    if (breaks(rollout.halt, panels.length, failed + notBack) && rollout.state !== 'aborted') {
      stage.state = 'halted';
      rollout.state = 'halted';
      rollout.finished_at = time;
      rollout.halt_reason = {
        stage: stage.stage,
        size: panels.length,
        failed,
        not_back_online: notBack,
        rule: { ...rollout.halt },
      };
      return;
    }
    stage.state = 'done';
    if (rollout.state === 'running') this.afterStage(stored);
  }

  /** After a finished stage: the roll-out completes, or its next stage starts once the pause passed. */
  private afterStage(stored: StoredRollout, at?: number): void {
    const { rollout } = stored;
    const next = stored.current + 1;
    if (next >= rollout.stages.length) {
      rollout.state = 'completed';
      rollout.finished_at = stamp(this.now());
      return;
    }
    const startAt = at ?? this.now().getTime() + rollout.pause_minutes * this.config.minute_ms;
    rollout.next_stage_at = stamp(new Date(startAt));
    // The next stage starts at its time unless the roll-out was paused or ended meanwhile.
    this.later(Math.max(0, startAt - this.now().getTime()), () => {
      if (rollout.state === 'running' && stored.current === next - 1) this.startStage(stored, next);
    });
  }
}

/** Every panel of a plan, waiting, in stage order. */
const waitingPanels = (plan: Plan): StoredPanel[] =>
  plan.stages.flatMap((stage, index) =>
    stage.panels.map((panel): StoredPanel => ({
      dev_id: panel.dev_id,
      description: panel.description,
      stage: index + 1,
      state: 'waiting',
      firm_ver_before: panel.firm_ver,
      firm_ver_now: panel.firm_ver,
      updated_at: null,
      error: null,
      simulated: panel.simulated,
      fate: 'ok',
    })),
  );

const isLive = (state: Rollout['state']): boolean => state === 'running' || state === 'paused';

/** The halt rule: more than `max_failed_percent` of the stage's panels failed or are not back online. */
export const breaks = (halt: RolloutHalt, size: number, bad: number): boolean =>
  size > 0 && bad * 100 > halt.max_failed_percent * size;

const RATE = (value: unknown) => typeof value === 'number' && value >= 0 && value <= 1;
const MS = (value: unknown) => typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 600_000;

/** The body of `POST /__mock/rollouts/config`, or why it is refused. */
export function parseRolloutConfig(raw: Buffer, current: RolloutConfig): RolloutConfig | string {
  let body: unknown;
  try {
    body = JSON.parse(raw.toString('utf8'));
  } catch {
    return 'The body must be JSON: { failure_rate?, offline_rate?, minute_ms?, update_ms? }';
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return 'The body must be an object';
  const values = body as Body;
  const unknown = Object.keys(values).filter((key) => !(key in DEFAULT_CONFIG));
  if (unknown.length) return `Unknown setting: ${unknown.join(', ')}`;
  for (const key of ['failure_rate', 'offline_rate'] as const) {
    if (key in values && !RATE(values[key])) return `\`${key}\` must be a number from 0 to 1`;
  }
  for (const key of ['minute_ms', 'update_ms'] as const) {
    if (key in values && !MS(values[key])) return `\`${key}\` must be a whole number of milliseconds, 1 to 600000`;
  }
  const next = { ...current, ...(values as Partial<RolloutConfig>) };
  if (next.failure_rate + next.offline_rate > 1) return '`failure_rate` and `offline_rate` together must be at most 1';
  return next;
}

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

const isObject = (value: unknown): value is Body =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The body when it has the shape the roll-out is planned from; Prism refuses any other body with the contract's 400
 * (the area then leaves it alone).
 */
const rolloutInput = (body: Body): RolloutInput | undefined =>
  typeof body.firmware_id === 'number' &&
  isObject(body.target) &&
  (body.target.dev_ids === undefined || Array.isArray(body.target.dev_ids)) &&
  Array.isArray(body.stages) &&
  body.stages.length > 0 &&
  body.stages.every(
    (stage) => isObject(stage) && (typeof stage.percent === 'number' || Array.isArray(stage.dev_ids)),
  ) &&
  typeof body.pause_minutes === 'number' &&
  isObject(body.halt) &&
  typeof body.halt.max_failed_percent === 'number' &&
  typeof body.halt.back_online_minutes === 'number' &&
  (body.allow_downgrade === undefined || typeof body.allow_downgrade === 'boolean')
    ? (body as unknown as RolloutInput)
    : undefined;

const paging = (query: URLSearchParams) => ({
  limit: queryInteger({ query }, 'limit', 10),
  offset: queryInteger({ query }, 'offset', 0),
});

/** The finished roll-outs of the contract's examples (`getFirmwareRollout`) and the failed panel's answer. */
export function rolloutExamples(contract: Contract): { rollouts: Rollout[]; error: string } {
  const operation = contract.operations.find((op) => op.operationId === 'getFirmwareRollout');
  const rollouts = [...(operation ? contract.responseExamples(operation).values() : [])]
    .map(({ example }) => (example.value as { data?: Rollout } | undefined)?.data)
    .filter((rollout): rollout is Rollout => rollout !== undefined && !isLive(rollout.state));
  const panels = exampleData(contract, '/firmware-rollouts/{id}/panels', 'default');
  const failed = (Array.isArray(panels) ? (panels as RolloutPanel[]) : []).find((panel) => panel.error);
  return { rollouts, error: failed?.error ?? '' };
}

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
        const downgrades = plan.downgrades.map(({ dev_id, description, firm_ver }) => ({
          dev_id,
          description,
          firm_ver,
        }));
        return json({
          data: { total: plan.total, stages: plan.stages.map((stage) => stage.panels.length), downgrades },
        });
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
