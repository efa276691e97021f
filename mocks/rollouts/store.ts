/**
 * The roll-outs the mock holds: the contract's finished examples first (examples.ts), then those started through
 * it, each planned (plan.ts) over the panels of its model (pool.ts) and run by the engine (engine.ts). `reset()` puts
 * the examples' roll-outs and the default config back and ends every timer; `stop()` ends the timers when the mock
 * stops.
 */
import type { Rollout, RolloutInput, RolloutPanel, RolloutStage } from '@generated/api/types.gen.ts';
import type { CommandSink } from '../command-sink.ts';
import type { FirmwareStore } from '../firmware-tests/store.ts';
import type { RolloutConfig } from './config.ts';
import { RolloutEngine } from './engine.ts';
import { restoredRollout } from './examples.ts';
import { planRollout, startRefusal, type Plan, type RolloutRefusal } from './plan.ts';
import type { PoolPanel } from './pool.ts';
import { countedCopy, panelRows, stamp, waitingPanels, type StoredRollout } from './records.ts';
import { allows, isLive, type RolloutAction } from './state.ts';

export class RolloutStore {
  rollouts: StoredRollout[] = [];
  private readonly engine: RolloutEngine;

  constructor(
    private readonly firmware: FirmwareStore,
    private readonly pool: () => PoolPanel[],
    simulator: CommandSink,
    private readonly now: () => Date = () => new Date(),
    /** The roll-outs the mock starts with (the contract's finished examples) and a failed panel's answer. */
    private readonly examples: { rollouts: Rollout[]; error: string } = { rollouts: [], error: '' },
  ) {
    this.engine = new RolloutEngine(simulator, now);
    this.reset();
  }

  /** The engine's settings (the mock control `rollouts/config`). */
  get config(): RolloutConfig {
    return this.engine.config;
  }

  set config(config: RolloutConfig) {
    this.engine.config = config;
  }

  /** Back to the examples' roll-outs and the default config; ends every timer. */
  reset(): void {
    this.engine.reset();
    this.rollouts = [];
    for (const example of this.examples.rollouts) {
      const restored = restoredRollout(example, this.examples.error, (input) => this.plan(input));
      if (restored) this.rollouts.push(restored);
    }
  }

  stop(): void {
    this.engine.stop();
  }

  find = (id: number): StoredRollout | undefined => this.rollouts.find((stored) => stored.rollout.id === id);

  /** What a start would be refused for, or the plan of its stages. */
  plan(input: RolloutInput): RolloutRefusal | Plan {
    return planRollout(input, {
      firmware: this.firmware,
      pool: this.pool,
      busy: (modelId) => this.rollouts.some(({ rollout }) => rollout.model_id === modelId && isLive(rollout.state)),
    });
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
    this.engine.begin(stored);
    return this.copy(stored);
  }

  /** A copy of the roll-out with its stages counted from its panels. */
  copy(stored: StoredRollout): Rollout {
    return countedCopy(stored);
  }

  list(): Rollout[] {
    return [...this.rollouts].reverse().map((stored) => this.copy(stored));
  }

  panels(stored: StoredRollout, stage?: number, state?: string): RolloutPanel[] {
    return panelRows(stored, stage, state);
  }

  /** Whether the roll-out's state allows the action (the contract's 409 otherwise). */
  allows(stored: StoredRollout, action: RolloutAction): boolean {
    return allows(stored.rollout.state, action);
  }

  pause(stored: StoredRollout): Rollout {
    this.engine.pause(stored);
    return this.copy(stored);
  }

  resume(stored: StoredRollout): Rollout {
    this.engine.resume(stored);
    return this.copy(stored);
  }

  abort(stored: StoredRollout): Rollout {
    this.engine.abort(stored);
    return this.copy(stored);
  }
}
