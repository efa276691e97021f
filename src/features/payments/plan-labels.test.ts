import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import en from '../../../locales/en.json';
import tr from '../../../locales/tr.json';
import { durationLabel, planOptionLabel } from './plan-labels.ts';
import { webAccessPlans } from './web-access-notice.tsx';

const translator = async (language: 'en' | 'tr') => {
  const instance = i18next.createInstance();
  await instance.init({ lng: language, resources: { en: { translation: en }, tr: { translation: tr } } });
  return instance.t;
};

describe('the price options named in the person’s language', () => {
  it('names the duration from its months, not from the server’s title', async () => {
    const t = await translator('en');
    expect(durationLabel(t, { months: 1, title: '1 Ay' })).toBe('1 month');
    expect(durationLabel(t, { months: 12, title: '12 Ay' })).toBe('12 months');
    expect(planOptionLabel(t, { title: 'Premium' }, { months: 12, title: '12 Ay' })).toBe('Premium - 12 months');
    const turkish = await translator('tr');
    expect(durationLabel(turkish, { months: 12, title: '12 months' })).toBe('12 Ay');
  });

  it('keeps the server’s title for an option without months', async () => {
    const t = await translator('en');
    expect(durationLabel(t, { title: 'Yearly' })).toBe('Yearly');
  });
});

describe('the plans that give web access', () => {
  it('are the price list’s plans with no_ads, in its order', () => {
    const plan = (title: string, no_ads: boolean) => ({ id: 1, title, details: [], prices: [], no_ads });
    expect(webAccessPlans([plan('Standart', false), plan('Premium', true), plan('Gold', true)])).toEqual([
      'Premium',
      'Gold',
    ]);
    expect(webAccessPlans([plan('Standart', false)])).toEqual([]);
  });
});
