import { beforeAll, describe, expect, it } from 'vitest';
import i18next, { type TFunction } from 'i18next';
import type { RolloutStage } from '@generated/api/types.gen.ts';
import en from '../../../../locales/en.json';
import tr from '../../../../locales/tr.json';
import { haltReasonText, minutesText, percentOf, stageText } from './rollout-texts.ts';

const rule = { max_failed_percent: 20, back_online_minutes: 10 };
let en_: TFunction;
let tr_: TFunction;

beforeAll(async () => {
  const instance = i18next.createInstance();
  await instance.init({
    lng: 'en',
    resources: { en: { translation: en }, tr: { translation: tr } },
    interpolation: { escapeValue: false },
  });
  en_ = instance.getFixedT('en');
  tr_ = instance.getFixedT('tr');
});

describe("a roll-out's state in words", () => {
  it('says why the halt rule stopped it: failed, not back online, or both', () => {
    expect(haltReasonText(en_, { stage: 2, size: 6, failed: 3, not_back_online: 0, rule })).toBe(
      'Stage 2 halted: 3 of 6 panels failed (50 %), more than the 20 % allowed.',
    );
    expect(haltReasonText(en_, { stage: 1, size: 8, failed: 0, not_back_online: 2, rule })).toBe(
      'Stage 1 halted: 2 of 8 panels did not come back online within 10 minutes (25 %), more than the 20 % allowed.',
    );
    expect(haltReasonText(en_, { stage: 3, size: 9, failed: 1, not_back_online: 2, rule })).toBe(
      'Stage 3 halted: of 9 panels, 1 failed and 2 did not come back online within 10 minutes (33 %), more than the ' +
        '20 % allowed.',
    );
    expect(haltReasonText(tr_, { stage: 2, size: 6, failed: 3, not_back_online: 0, rule })).toBe(
      'Aşama 2 durduruldu: 6 panelin 3 tanesi başarısız oldu (%50), izin verilen %20 oranından fazla.',
    );
    // A stage of one panel says panel.
    expect(haltReasonText(en_, { stage: 1, size: 1, failed: 1, not_back_online: 0, rule })).toBe(
      'Stage 1 halted: 1 of 1 panel failed (100 %), more than the 20 % allowed.',
    );
    // One minute is singular.
    const oneMinute = { ...rule, back_online_minutes: 1 };
    expect(haltReasonText(en_, { stage: 1, size: 8, failed: 0, not_back_online: 2, rule: oneMinute })).toBe(
      'Stage 1 halted: 2 of 8 panels did not come back online within 1 minute (25 %), more than the 20 % allowed.',
    );
    expect(haltReasonText(tr_, { stage: 1, size: 8, failed: 0, not_back_online: 2, rule: oneMinute })).toBe(
      'Aşama 1 durduruldu: 8 panelin 2 tanesi 1 dakika içinde geri bağlanmadı (%25), izin verilen %20 oranından fazla.',
    );
  });

  it("says a roll-out's progress in panels, singular and plural", () => {
    const progress = (count: number) =>
      en_('firmwareRollouts.list.progressValue', { done: count, total: count, count });
    expect(progress(1)).toBe('1 / 1 panel');
    expect(progress(62)).toBe('62 / 62 panels');
  });

  it('says minutes singular and plural', () => {
    expect(minutesText(en_, 1)).toBe('1 minute');
    expect(minutesText(en_, 60)).toBe('60 minutes');
    expect(minutesText(tr_, 1)).toBe('1 dakika');
  });

  it("lists a stage's non-zero counts after its share or list", () => {
    const stage: RolloutStage = {
      stage: 1,
      percent: 10,
      size: 7,
      waiting: 2,
      updating: 1,
      done: 4,
      failed: 0,
      not_back_online: 0,
      state: 'running',
      started_at: '2026-11-22T09:00:00Z',
      finished_at: null,
    };
    expect(stageText(en_, stage)).toBe('Stage 1 (10 %): 7 panels — running: 2 waiting, 1 updating, 4 done');
    expect(stageText(en_, { ...stage, percent: null, size: 1, waiting: 0, updating: 0, done: 1, state: 'done' })).toBe(
      'Stage 1 (list): 1 panel — done: 1 done',
    );
    expect(stageText(tr_, { ...stage, waiting: 0, updating: 0, done: 7, state: 'done' })).toBe(
      'Aşama 1 (%10): 7 panel — bitti: 7 tamam',
    );
  });

  it('rounds shares to whole percent and counts an empty stage as 0', () => {
    expect(percentOf(1, 3)).toBe(33);
    expect(percentOf(2, 3)).toBe(67);
    expect(percentOf(0, 0)).toBe(0);
  });
});
