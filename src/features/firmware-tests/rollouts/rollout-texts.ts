/**
 * A roll-out's state in words: why the halt rule stopped it ("Stage 2 halted: 3 of 6 panels failed (50 %), more than
 * the 20 % allowed") and a stage's counts, the same sentences on the page, in the chart's text alternative and in
 * the list.
 */
import type { TFunction } from 'i18next';
import type { RolloutHaltReason, RolloutPanelState, RolloutStage, RolloutState } from '@generated/api/types.gen.ts';

export const ROLLOUT_STATES: readonly RolloutState[] = ['running', 'paused', 'halted', 'aborted', 'completed'];
export const PANEL_STATES: readonly RolloutPanelState[] = ['waiting', 'updating', 'done', 'failed', 'not_back_online'];

/** The share, in whole percent, of `part` in `whole`. */
export const percentOf = (part: number, whole: number): number => (whole > 0 ? Math.round((part * 100) / whole) : 0);

/** A number of minutes in words, singular or plural as the language says ("1 minute", "10 minutes"). */
export const minutesText = (t: TFunction, count: number): string => t('firmwareRollouts.minutes', { count });

/** Why the roll-out halted, in one sentence. */
export function haltReasonText(t: TFunction, reason: RolloutHaltReason): string {
  const bad = reason.failed + reason.not_back_online;
  const values = {
    stage: reason.stage,
    size: reason.size,
    failed: reason.failed,
    notBack: reason.not_back_online,
    bad,
    percent: percentOf(bad, reason.size),
    allowed: reason.rule.max_failed_percent,
    minutes: minutesText(t, reason.rule.back_online_minutes),
    // "1 of 1 panel", "3 of 6 panels": the stage's size decides the noun.
    count: reason.size,
  };
  if (reason.not_back_online === 0) return t('firmwareRollouts.halt.failed', values);
  if (reason.failed === 0) return t('firmwareRollouts.halt.notBack', values);
  return t('firmwareRollouts.halt.both', values);
}

/** A stage's counts ("Stage 1 (10 %): 7 panels; 5 done, 2 updating, …"). */
export function stageText(t: TFunction, stage: RolloutStage): string {
  const counts = PANEL_STATES.filter((state) => stage[state] > 0)
    .map((state) => t(`firmwareRollouts.panelStateCount.${state}`, { count: stage[state] }))
    .join(', ');
  const head =
    stage.percent === null
      ? t('firmwareRollouts.stage.list', { stage: stage.stage, count: stage.size })
      : t('firmwareRollouts.stage.percent', { stage: stage.stage, percent: stage.percent, count: stage.size });
  return `${head} — ${t(`firmwareRollouts.stageState.${stage.state}`)}${counts ? `: ${counts}` : ''}`;
}
