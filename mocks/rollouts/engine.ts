/**
 * The roll-out engine: it runs a started roll-out's stages in order. `PARALLEL` panels of the running stage update at
 * a time, each sent once; a simulated panel that is not connected when its update is due fails ("not connected"),
 * the others meet the fate the config gives them (config.ts): updated, refused, or not back online once
 * `back_online_minutes` passed. Once every panel of a stage finished, the halt rule (state.ts) halts the roll-out or
 * the next stage starts after `pause_minutes`. Pause starts no new update, resume goes on (a halted stage then counts
 * as finished: a person decided), abort ends it; updates already sent finish either way.
 */
import type { RolloutPanelState } from '@generated/api/types.gen.ts';
import type { CommandSink } from '../command-sink.ts';
import { DEFAULT_CONFIG, type RolloutConfig } from './config.ts';
import { stamp, type StoredPanel, type StoredRollout } from './records.ts';
import { breaks } from './state.ts';
import { Timers } from './timers.ts';

/** Panels of a stage updating at the same time. */
export const PARALLEL = 5;

export class RolloutEngine {
  config: RolloutConfig = { ...DEFAULT_CONFIG };
  private readonly timers = new Timers();

  constructor(
    private readonly simulator: CommandSink,
    private readonly now: () => Date,
  ) {}

  /** Back to the default config; ends every timer. */
  reset(): void {
    this.stop();
    this.config = { ...DEFAULT_CONFIG };
  }

  stop(): void {
    this.timers.stop();
  }

  /** A roll-out just started: its first stage runs. */
  begin(stored: StoredRollout): void {
    this.startStage(stored, 0);
  }

  pause(stored: StoredRollout): void {
    stored.rollout.state = 'paused';
  }

  resume(stored: StoredRollout): void {
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
  }

  abort(stored: StoredRollout): void {
    const { rollout } = stored;
    rollout.state = 'aborted';
    rollout.next_stage_at = null;
    rollout.finished_at = stamp(this.now());
    const stage = rollout.stages[stored.current]!;
    if (stage.state === 'running') stage.state = 'aborted';
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
      this.timers.later(0, () => finish('failed', 'Panel bağlı değil'));
      return;
    }
    this.mark(panel, 'updating');
    if (panel.fate === 'fail') {
      this.timers.later(config.update_ms, () => finish('failed', 'Panel güncellemeyi reddetti'));
      return;
    }
    // The panel restarts with the new version: it leaves the feed while updating.
    if (panel.simulated) void this.simulator.setConnected?.(panel.dev_id, false).catch(() => false);
    if (panel.fate === 'offline') {
      const waitMs = Math.max(config.update_ms, stored.rollout.halt.back_online_minutes * config.minute_ms);
      this.timers.later(waitMs, () => finish('not_back_online', 'Panel güncellemeden sonra bağlanmadı'));
      return;
    }
    this.timers.later(config.update_ms, () => {
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
    this.timers.later(Math.max(0, startAt - this.now().getTime()), () => {
      if (rollout.state === 'running' && stored.current === next - 1) this.startStage(stored, next);
    });
  }
}
